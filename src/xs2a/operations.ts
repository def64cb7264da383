// The PIS/AIS operations of 1.3.12 (method, path template, success statuses, body schemas) and path matching.
import type * as z from 'zod';
import {
  AccountDetailsResponse,
  AccountList,
  ReadAccountBalanceResponse,
  TransactionDetailsResponse,
  TransactionsResponse,
} from './accounts';
import { ConsentInformationResponse, ConsentStatusResponse, Consents, ConsentsResponse201 } from './consents';
import { PaymentService } from './enums';
import type { MessageCodeArea } from './message-codes';
import {
  PaymentInitiationCancelResponse202,
  PaymentInitiationResponse201,
  PaymentInitiationStatusResponse,
  paymentBodySchemaFor,
  paymentInformationResponseSchemaFor,
} from './payments';
import type { AuthorisationBodyKind } from './sca';
import {
  Authorisations,
  ScaStatusResponse,
  StartScaprocessResponse,
  UpdatePsuDataResponse,
  updatePsuDataResponseSchemaFor,
} from './sca';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** How the request body is validated: by payment service, a fixed schema, or the member-selecting parsers in sca.ts. */
export type RequestBodyKind = 'payment' | 'consents' | 'startAuthorisation' | 'updatePsuData';

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

export interface OperationSpec {
  method: HttpMethod;
  /** Spec path template, relative to the server base (e.g. https://api.testbank.com/psd2). */
  path: string;
  area: MessageCodeArea;
  successStatus: readonly number[];
  /**
   * Body schema of the success status that has a body (202 for cancelPayment; 204s have none). A function for
   * getPaymentInformation, where it depends on the payment service. For the PUT operations this is the union of the
   * five step responses; use updatePsuDataResponseSchemaFor(kind) when the step is known.
   */
  response?: z.ZodType | ((service: PaymentService) => z.ZodType);
  requestBody?: RequestBodyKind;
  /** The headers of its success answers in 1.3.12 (the same for each of its success statuses). */
  responseHeaders: readonly ResponseHeaderSpec[];
}

const P = '/v1/{payment-service}/{payment-product}';
const PAY = `${P}/{paymentId}`;

export const operations = {
  initiatePayment: {
    method: 'POST',
    path: P,
    area: 'pis',
    successStatus: [201],
    response: PaymentInitiationResponse201,
    requestBody: 'payment',
    responseHeaders: CREATED_HEADERS,
  },
  getPaymentInformation: {
    method: 'GET',
    path: PAY,
    area: 'pis',
    successStatus: [200],
    response: (service: PaymentService) => paymentInformationResponseSchemaFor(service),
    responseHeaders: READ_HEADERS,
  },
  getPaymentInitiationStatus: {
    method: 'GET',
    path: `${PAY}/status`,
    area: 'pis',
    successStatus: [200],
    response: PaymentInitiationStatusResponse,
    responseHeaders: READ_HEADERS,
  },
  cancelPayment: {
    method: 'DELETE',
    path: PAY,
    area: 'pis',
    successStatus: [202, 204],
    response: PaymentInitiationCancelResponse202,
    responseHeaders: READ_HEADERS,
  },
  startPaymentAuthorisation: {
    method: 'POST',
    path: `${PAY}/authorisations`,
    area: 'pis',
    successStatus: [201],
    response: StartScaprocessResponse,
    requestBody: 'startAuthorisation',
    responseHeaders: SCA_STEP_HEADERS,
  },
  startPaymentInitiationCancellationAuthorisation: {
    method: 'POST',
    path: `${PAY}/cancellation-authorisations`,
    area: 'pis',
    successStatus: [201],
    response: StartScaprocessResponse,
    requestBody: 'startAuthorisation',
    responseHeaders: SCA_STEP_HEADERS,
  },
  getPaymentInitiationAuthorisation: {
    method: 'GET',
    path: `${PAY}/authorisations`,
    area: 'pis',
    successStatus: [200],
    response: Authorisations,
    responseHeaders: READ_HEADERS,
  },
  getPaymentInitiationCancellationAuthorisationInformation: {
    method: 'GET',
    path: `${PAY}/cancellation-authorisations`,
    area: 'pis',
    successStatus: [200],
    response: Authorisations,
    responseHeaders: READ_HEADERS,
  },
  getPaymentInitiationScaStatus: {
    method: 'GET',
    path: `${PAY}/authorisations/{authorisationId}`,
    area: 'pis',
    successStatus: [200],
    response: ScaStatusResponse,
    responseHeaders: READ_HEADERS,
  },
  getPaymentCancellationScaStatus: {
    method: 'GET',
    path: `${PAY}/cancellation-authorisations/{authorisationId}`,
    area: 'pis',
    successStatus: [200],
    response: ScaStatusResponse,
    responseHeaders: READ_HEADERS,
  },
  updatePaymentPsuData: {
    method: 'PUT',
    path: `${PAY}/authorisations/{authorisationId}`,
    area: 'pis',
    successStatus: [200],
    response: UpdatePsuDataResponse,
    requestBody: 'updatePsuData',
    responseHeaders: SCA_STEP_HEADERS,
  },
  updatePaymentCancellationPsuData: {
    method: 'PUT',
    path: `${PAY}/cancellation-authorisations/{authorisationId}`,
    area: 'pis',
    successStatus: [200],
    response: UpdatePsuDataResponse,
    requestBody: 'updatePsuData',
    responseHeaders: SCA_STEP_HEADERS,
  },
  createConsent: {
    method: 'POST',
    path: '/v1/consents',
    area: 'ais',
    successStatus: [201],
    response: ConsentsResponse201,
    requestBody: 'consents',
    responseHeaders: CREATED_HEADERS,
  },
  getConsentInformation: {
    method: 'GET',
    path: '/v1/consents/{consentId}',
    area: 'ais',
    successStatus: [200],
    response: ConsentInformationResponse,
    responseHeaders: READ_HEADERS,
  },
  deleteConsent: {
    method: 'DELETE',
    path: '/v1/consents/{consentId}',
    area: 'ais',
    successStatus: [204],
    responseHeaders: READ_HEADERS,
  },
  getConsentStatus: {
    method: 'GET',
    path: '/v1/consents/{consentId}/status',
    area: 'ais',
    successStatus: [200],
    response: ConsentStatusResponse,
    responseHeaders: READ_HEADERS,
  },
  startConsentAuthorisation: {
    method: 'POST',
    path: '/v1/consents/{consentId}/authorisations',
    area: 'ais',
    successStatus: [201],
    response: StartScaprocessResponse,
    requestBody: 'startAuthorisation',
    responseHeaders: SCA_STEP_HEADERS,
  },
  getConsentAuthorisation: {
    method: 'GET',
    path: '/v1/consents/{consentId}/authorisations',
    area: 'ais',
    successStatus: [200],
    response: Authorisations,
    responseHeaders: READ_HEADERS,
  },
  getConsentScaStatus: {
    method: 'GET',
    path: '/v1/consents/{consentId}/authorisations/{authorisationId}',
    area: 'ais',
    successStatus: [200],
    response: ScaStatusResponse,
    responseHeaders: READ_HEADERS,
  },
  updateConsentsPsuData: {
    method: 'PUT',
    path: '/v1/consents/{consentId}/authorisations/{authorisationId}',
    area: 'ais',
    successStatus: [200],
    response: UpdatePsuDataResponse,
    requestBody: 'updatePsuData',
    responseHeaders: SCA_STEP_HEADERS,
  },
  getAccountList: {
    method: 'GET',
    path: '/v1/accounts',
    area: 'ais',
    successStatus: [200],
    response: AccountList,
    responseHeaders: READ_HEADERS,
  },
  readAccountDetails: {
    method: 'GET',
    path: '/v1/accounts/{account-id}',
    area: 'ais',
    successStatus: [200],
    response: AccountDetailsResponse,
    responseHeaders: READ_HEADERS,
  },
  getBalances: {
    method: 'GET',
    path: '/v1/accounts/{account-id}/balances',
    area: 'ais',
    successStatus: [200],
    response: ReadAccountBalanceResponse,
    responseHeaders: READ_HEADERS,
  },
  getTransactionList: {
    method: 'GET',
    path: '/v1/accounts/{account-id}/transactions',
    area: 'ais',
    successStatus: [200],
    response: TransactionsResponse,
    responseHeaders: READ_HEADERS,
  },
  /** Not one of the console's core operations, but the target of every `transactionDetails` link. */
  getTransactionDetails: {
    method: 'GET',
    path: '/v1/accounts/{account-id}/transactions/{transactionId}',
    area: 'ais',
    successStatus: [200],
    response: TransactionDetailsResponse,
    responseHeaders: READ_HEADERS,
  },
} as const satisfies Record<string, OperationSpec>;

export type OperationName = keyof typeof operations;
export const operationNames = Object.keys(operations) as OperationName[];

export interface ResponseSchemaOptions {
  /** Needed for getPaymentInformation. */
  paymentService?: PaymentService;
  /** Kind of body sent to a PUT update-PSU-data operation; without it the union of all steps is used. */
  updateKind?: AuthorisationBodyKind;
  /** The HTTP status received; statuses without a body (204) give undefined. */
  status?: number;
}

/** The success body schema for an operation, or undefined when that response has no body. */
export function responseSchemaFor(name: OperationName, options: ResponseSchemaOptions = {}): z.ZodType | undefined {
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

/** The request body schema for JSON-schema-validated operations (payments by service, consents). */
export function requestSchemaFor(name: OperationName, paymentService?: PaymentService): z.ZodType | undefined {
  const op: OperationSpec = operations[name];
  if (op.requestBody === 'consents') return Consents;
  if (op.requestBody === 'payment') {
    if (paymentService === undefined) throw new Error(`${name}: paymentService is needed to pick the schema`);
    return paymentBodySchemaFor(paymentService);
  }
  return undefined; // authorisation bodies: use parseStartAuthorisationBody / parseUpdatePsuDataBody
}

/** Fills a path template: fillPath('/v1/consents/{consentId}', { consentId: 'a b' }) → '/v1/consents/a%20b'. */
export function fillPath(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(/\{([^}]+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`missing path parameter ${key} for ${template}`);
    return encodeURIComponent(value);
  });
}

export interface OperationMatch {
  name: OperationName;
  params: Record<string, string>;
}

const compiled = operationNames.map((name) => {
  const segments = operations[name].path.split('/').filter(Boolean);
  const literals = segments.filter((s) => !s.startsWith('{')).length;
  return { name, method: operations[name].method, segments, literals };
});
// More literal segments first, so /v1/consents/{id}/status wins over /v1/{payment-service}/{payment-product}/{paymentId}.
compiled.sort((a, b) => b.literals - a.literals);

/**
 * Finds the operation for a method and a request path. Anything before the first "/v1/" (a base path such as /psd2)
 * and any query string are ignored. `payment-service` must be one of its three values, so /v1/accounts/x/balances
 * can never be read as a payment.
 */
export function matchOperation(method: string, pathname: string): OperationMatch | undefined {
  const withoutQuery = pathname.split(/[?#]/)[0] ?? '';
  const start = withoutQuery.indexOf('/v1/');
  const relative = start >= 0 ? withoutQuery.slice(start) : withoutQuery;
  const parts = relative.split('/').filter(Boolean);
  const upper = method.toUpperCase();
  for (const candidate of compiled) {
    if (candidate.method !== upper || candidate.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = candidate.segments.every((segment, i) => {
      const part = parts[i] ?? '';
      if (!segment.startsWith('{')) return segment === part;
      let value: string;
      try {
        value = decodeURIComponent(part);
      } catch {
        return false;
      }
      if (segment === '{payment-service}' && !PaymentService.safeParse(value).success) return false;
      params[segment.slice(1, -1)] = value;
      return value.length > 0;
    });
    if (ok) return { name: candidate.name, params };
  }
  return undefined;
}
