// The PIS, AIS, PIIS and signing basket (SBS) operations of 1.3.12: where each lives (./operation-routes, with path matching) and what it answers
// (success statuses, body schemas, headers).
import type * as z from 'zod/mini';
import {
  AccountDetailsResponse,
  AccountList,
  ReadAccountBalanceResponse,
  TransactionDetailsResponse,
  TransactionsResponse,
} from './accounts';
import {
  CardAccountDetailsResponse,
  CardAccountList,
  CardAccountsTransactionsResponse,
  ReadCardAccountBalanceResponse,
} from './card-accounts';
import { ConsentInformationResponse, ConsentStatusResponse, ConsentsResponse201 } from './consents';
import type { PaymentService } from './enums';
import { ConfirmationOfFundsResponse } from './funds-confirmations';
import { operationRoutes, type OperationName, type OperationRoute } from './operation-routes';
import {
  PaymentInitiationCancelResponse202,
  PaymentInitiationResponse201,
  PaymentInitiationStatusResponse,
  paymentInformationResponseSchemaFor,
} from './payments';
import type { AuthorisationBodyKind } from './sca';
import { SigningBasketResponse200, SigningBasketResponse201, SigningBasketStatusResponse200 } from './signing-baskets';
import {
  Authorisations,
  ScaStatusResponse,
  StartScaprocessResponse,
  UpdatePsuDataResponse,
  updatePsuDataResponseSchemaFor,
} from './sca';

export {
  fillPath,
  matchOperation,
  operationNames,
  operationRoutes,
  type HttpMethod,
  type OperationMatch,
  type OperationName,
  type OperationRoute,
} from './operation-routes';

/** How the request body is validated: by payment service, a fixed schema, or the member-selecting parsers in sca.ts. */
export type RequestBodyKind =
  'payment' | 'consents' | 'confirmationOfFunds' | 'signingBasket' | 'startAuthorisation' | 'updatePsuData';

/**
 * How a response header of 1.3.12 is sent: 'required' on every answer, 'when-sca-approach-fixed' once the answer shows
 * the SCA approach (the spec: "must be contained, if the SCA Approach is already fixed"), 'optional' otherwise.
 */
export type HeaderPresence = 'required' | 'when-sca-approach-fixed' | 'optional';

/** A response header an operation's success answers carry in 1.3.12 (components/headers of the official file). */
export interface ResponseHeaderSpec {
  name: string;
  presence: HeaderPresence;
  /** The values the spec allows, where it lists them. */
  values?: readonly string[];
  /**
   * Set where the console requires more than the OpenAPI file: why. The test of the schemas against the official file
   * lists these decisions.
   */
  stricterBecause?: string;
}

/** Echoed on every answer (required in every response of the official file, errors included). */
export const X_REQUEST_ID_HEADER = { name: 'X-Request-ID', presence: 'required' } as const satisfies ResponseHeaderSpec;
const SCA_APPROACH_HEADER = {
  name: 'ASPSP-SCA-Approach',
  presence: 'when-sca-approach-fixed',
  values: ['EMBEDDED', 'DECOUPLED', 'REDIRECT'],
} as const satisfies ResponseHeaderSpec;
const CREATED_HEADERS = [
  X_REQUEST_ID_HEADER,
  {
    name: 'Location',
    presence: 'required',
    stricterBecause:
      'The OpenAPI file declares Location optional, but the Implementation Guidelines make it mandatory in the answer that creates a payment or consent: it is where the created resource lives.',
  },
  SCA_APPROACH_HEADER,
  { name: 'ASPSP-Notification-Support', presence: 'optional' },
  { name: 'ASPSP-Notification-Content', presence: 'optional' },
] as const satisfies readonly ResponseHeaderSpec[];
const SCA_STEP_HEADERS = [X_REQUEST_ID_HEADER, SCA_APPROACH_HEADER] as const satisfies readonly ResponseHeaderSpec[];
const READ_HEADERS = [X_REQUEST_ID_HEADER] as const satisfies readonly ResponseHeaderSpec[];

export interface OperationSpec extends OperationRoute {
  successStatus: readonly number[];
  /**
   * Body schema of the success status that has a body (202 for cancelPayment; 204s have none). A function for
   * getPaymentInformation, where it depends on the payment service. For the PUT operations this is the union of the
   * five step responses; use updatePsuDataResponseSchemaFor(kind) when the step is known.
   */
  response?: z.ZodMiniType | ((service: PaymentService) => z.ZodMiniType);
  requestBody?: RequestBodyKind;
  /** The headers of its success answers in 1.3.12 (the same for each of its success statuses). */
  responseHeaders: readonly ResponseHeaderSpec[];
}

export const operations = {
  initiatePayment: {
    ...operationRoutes.initiatePayment,
    successStatus: [201],
    response: PaymentInitiationResponse201,
    requestBody: 'payment',
    responseHeaders: CREATED_HEADERS,
  },
  getPaymentInformation: {
    ...operationRoutes.getPaymentInformation,
    successStatus: [200],
    response: (service: PaymentService) => paymentInformationResponseSchemaFor(service),
    responseHeaders: READ_HEADERS,
  },
  getPaymentInitiationStatus: {
    ...operationRoutes.getPaymentInitiationStatus,
    successStatus: [200],
    response: PaymentInitiationStatusResponse,
    responseHeaders: READ_HEADERS,
  },
  cancelPayment: {
    ...operationRoutes.cancelPayment,
    successStatus: [202, 204],
    response: PaymentInitiationCancelResponse202,
    responseHeaders: READ_HEADERS,
  },
  startPaymentAuthorisation: {
    ...operationRoutes.startPaymentAuthorisation,
    successStatus: [201],
    response: StartScaprocessResponse,
    requestBody: 'startAuthorisation',
    responseHeaders: SCA_STEP_HEADERS,
  },
  startPaymentInitiationCancellationAuthorisation: {
    ...operationRoutes.startPaymentInitiationCancellationAuthorisation,
    successStatus: [201],
    response: StartScaprocessResponse,
    requestBody: 'startAuthorisation',
    responseHeaders: SCA_STEP_HEADERS,
  },
  getPaymentInitiationAuthorisation: {
    ...operationRoutes.getPaymentInitiationAuthorisation,
    successStatus: [200],
    response: Authorisations,
    responseHeaders: READ_HEADERS,
  },
  getPaymentInitiationCancellationAuthorisationInformation: {
    ...operationRoutes.getPaymentInitiationCancellationAuthorisationInformation,
    successStatus: [200],
    response: Authorisations,
    responseHeaders: READ_HEADERS,
  },
  getPaymentInitiationScaStatus: {
    ...operationRoutes.getPaymentInitiationScaStatus,
    successStatus: [200],
    response: ScaStatusResponse,
    responseHeaders: READ_HEADERS,
  },
  getPaymentCancellationScaStatus: {
    ...operationRoutes.getPaymentCancellationScaStatus,
    successStatus: [200],
    response: ScaStatusResponse,
    responseHeaders: READ_HEADERS,
  },
  updatePaymentPsuData: {
    ...operationRoutes.updatePaymentPsuData,
    successStatus: [200],
    response: UpdatePsuDataResponse,
    requestBody: 'updatePsuData',
    responseHeaders: SCA_STEP_HEADERS,
  },
  updatePaymentCancellationPsuData: {
    ...operationRoutes.updatePaymentCancellationPsuData,
    successStatus: [200],
    response: UpdatePsuDataResponse,
    requestBody: 'updatePsuData',
    responseHeaders: SCA_STEP_HEADERS,
  },
  createConsent: {
    ...operationRoutes.createConsent,
    successStatus: [201],
    response: ConsentsResponse201,
    requestBody: 'consents',
    responseHeaders: CREATED_HEADERS,
  },
  getConsentInformation: {
    ...operationRoutes.getConsentInformation,
    successStatus: [200],
    response: ConsentInformationResponse,
    responseHeaders: READ_HEADERS,
  },
  deleteConsent: {
    ...operationRoutes.deleteConsent,
    successStatus: [204],
    responseHeaders: READ_HEADERS,
  },
  getConsentStatus: {
    ...operationRoutes.getConsentStatus,
    successStatus: [200],
    response: ConsentStatusResponse,
    responseHeaders: READ_HEADERS,
  },
  startConsentAuthorisation: {
    ...operationRoutes.startConsentAuthorisation,
    successStatus: [201],
    response: StartScaprocessResponse,
    requestBody: 'startAuthorisation',
    responseHeaders: SCA_STEP_HEADERS,
  },
  getConsentAuthorisation: {
    ...operationRoutes.getConsentAuthorisation,
    successStatus: [200],
    response: Authorisations,
    responseHeaders: READ_HEADERS,
  },
  getConsentScaStatus: {
    ...operationRoutes.getConsentScaStatus,
    successStatus: [200],
    response: ScaStatusResponse,
    responseHeaders: READ_HEADERS,
  },
  updateConsentsPsuData: {
    ...operationRoutes.updateConsentsPsuData,
    successStatus: [200],
    response: UpdatePsuDataResponse,
    requestBody: 'updatePsuData',
    responseHeaders: SCA_STEP_HEADERS,
  },
  getAccountList: {
    ...operationRoutes.getAccountList,
    successStatus: [200],
    response: AccountList,
    responseHeaders: READ_HEADERS,
  },
  readAccountDetails: {
    ...operationRoutes.readAccountDetails,
    successStatus: [200],
    response: AccountDetailsResponse,
    responseHeaders: READ_HEADERS,
  },
  getBalances: {
    ...operationRoutes.getBalances,
    successStatus: [200],
    response: ReadAccountBalanceResponse,
    responseHeaders: READ_HEADERS,
  },
  getTransactionList: {
    ...operationRoutes.getTransactionList,
    successStatus: [200],
    response: TransactionsResponse,
    responseHeaders: READ_HEADERS,
  },
  /** Not one of the console's core operations, but the target of every `transactionDetails` link. */
  getTransactionDetails: {
    ...operationRoutes.getTransactionDetails,
    successStatus: [200],
    response: TransactionDetailsResponse,
    responseHeaders: READ_HEADERS,
  },
  getCardAccountList: {
    ...operationRoutes.getCardAccountList,
    successStatus: [200],
    response: CardAccountList,
    responseHeaders: READ_HEADERS,
  },
  readCardAccountDetails: {
    ...operationRoutes.readCardAccountDetails,
    successStatus: [200],
    response: CardAccountDetailsResponse,
    responseHeaders: READ_HEADERS,
  },
  getCardAccountBalances: {
    ...operationRoutes.getCardAccountBalances,
    successStatus: [200],
    response: ReadCardAccountBalanceResponse,
    responseHeaders: READ_HEADERS,
  },
  getCardAccountTransactionList: {
    ...operationRoutes.getCardAccountTransactionList,
    successStatus: [200],
    response: CardAccountsTransactionsResponse,
    responseHeaders: READ_HEADERS,
  },
  checkAvailabilityOfFunds: {
    ...operationRoutes.checkAvailabilityOfFunds,
    successStatus: [200],
    response: ConfirmationOfFundsResponse,
    requestBody: 'confirmationOfFunds',
    responseHeaders: READ_HEADERS,
  },
  createSigningBasket: {
    ...operationRoutes.createSigningBasket,
    successStatus: [201],
    response: SigningBasketResponse201,
    requestBody: 'signingBasket',
    responseHeaders: CREATED_HEADERS,
  },
  getSigningBasket: {
    ...operationRoutes.getSigningBasket,
    successStatus: [200],
    response: SigningBasketResponse200,
    responseHeaders: READ_HEADERS,
  },
  deleteSigningBasket: {
    ...operationRoutes.deleteSigningBasket,
    successStatus: [204],
    responseHeaders: READ_HEADERS,
  },
  getSigningBasketStatus: {
    ...operationRoutes.getSigningBasketStatus,
    successStatus: [200],
    response: SigningBasketStatusResponse200,
    responseHeaders: READ_HEADERS,
  },
  startSigningBasketAuthorisation: {
    ...operationRoutes.startSigningBasketAuthorisation,
    successStatus: [201],
    response: StartScaprocessResponse,
    requestBody: 'startAuthorisation',
    responseHeaders: SCA_STEP_HEADERS,
  },
  getSigningBasketAuthorisation: {
    ...operationRoutes.getSigningBasketAuthorisation,
    successStatus: [200],
    response: Authorisations,
    responseHeaders: READ_HEADERS,
  },
  getSigningBasketScaStatus: {
    ...operationRoutes.getSigningBasketScaStatus,
    successStatus: [200],
    response: ScaStatusResponse,
    responseHeaders: READ_HEADERS,
  },
  updateSigningBasketPsuData: {
    ...operationRoutes.updateSigningBasketPsuData,
    successStatus: [200],
    response: UpdatePsuDataResponse,
    requestBody: 'updatePsuData',
    responseHeaders: SCA_STEP_HEADERS,
  },
} as const satisfies Record<OperationName, OperationSpec>;

export interface ResponseSchemaOptions {
  /** Needed for getPaymentInformation. */
  paymentService?: PaymentService;
  /** Kind of body sent to a PUT update-PSU-data operation; without it the union of all steps is used. */
  updateKind?: AuthorisationBodyKind;
  /** The HTTP status received; statuses without a body (204) give undefined. */
  status?: number;
}

/** The success body schema for an operation, or undefined when that response has no body. */
export function responseSchemaFor(name: OperationName, options: ResponseSchemaOptions = {}): z.ZodMiniType | undefined {
  const op: OperationSpec = operations[name];
  if (options.status === 204) return undefined;
  if (options.updateKind !== undefined && op.requestBody === 'updatePsuData') {
    return updatePsuDataResponseSchemaFor(options.updateKind);
  }
  const response = op.response;
  if (typeof response === 'function') {
    if (options.paymentService === undefined) throw new Error(`${name}: paymentService is needed to pick the schema`);
    return response(options.paymentService);
  }
  return response;
}
