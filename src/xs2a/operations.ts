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
  },
  getPaymentInformation: {
    method: 'GET',
    path: PAY,
    area: 'pis',
    successStatus: [200],
    response: (service: PaymentService) => paymentInformationResponseSchemaFor(service),
  },
  getPaymentInitiationStatus: {
    method: 'GET',
    path: `${PAY}/status`,
    area: 'pis',
    successStatus: [200],
    response: PaymentInitiationStatusResponse,
  },
  cancelPayment: {
    method: 'DELETE',
    path: PAY,
    area: 'pis',
    successStatus: [202, 204],
    response: PaymentInitiationCancelResponse202,
  },
  startPaymentAuthorisation: {
    method: 'POST',
    path: `${PAY}/authorisations`,
    area: 'pis',
    successStatus: [201],
    response: StartScaprocessResponse,
    requestBody: 'startAuthorisation',
  },
  startPaymentInitiationCancellationAuthorisation: {
    method: 'POST',
    path: `${PAY}/cancellation-authorisations`,
    area: 'pis',
    successStatus: [201],
    response: StartScaprocessResponse,
    requestBody: 'startAuthorisation',
  },
  getPaymentInitiationAuthorisation: {
    method: 'GET',
    path: `${PAY}/authorisations`,
    area: 'pis',
    successStatus: [200],
    response: Authorisations,
  },
  getPaymentInitiationCancellationAuthorisationInformation: {
    method: 'GET',
    path: `${PAY}/cancellation-authorisations`,
    area: 'pis',
    successStatus: [200],
    response: Authorisations,
  },
  getPaymentInitiationScaStatus: {
    method: 'GET',
    path: `${PAY}/authorisations/{authorisationId}`,
    area: 'pis',
    successStatus: [200],
    response: ScaStatusResponse,
  },
  getPaymentCancellationScaStatus: {
    method: 'GET',
    path: `${PAY}/cancellation-authorisations/{authorisationId}`,
    area: 'pis',
    successStatus: [200],
    response: ScaStatusResponse,
  },
  updatePaymentPsuData: {
    method: 'PUT',
    path: `${PAY}/authorisations/{authorisationId}`,
    area: 'pis',
    successStatus: [200],
    response: UpdatePsuDataResponse,
    requestBody: 'updatePsuData',
  },
  updatePaymentCancellationPsuData: {
    method: 'PUT',
    path: `${PAY}/cancellation-authorisations/{authorisationId}`,
    area: 'pis',
    successStatus: [200],
    response: UpdatePsuDataResponse,
    requestBody: 'updatePsuData',
  },
  createConsent: {
    method: 'POST',
    path: '/v1/consents',
    area: 'ais',
    successStatus: [201],
    response: ConsentsResponse201,
    requestBody: 'consents',
  },
  getConsentInformation: {
    method: 'GET',
    path: '/v1/consents/{consentId}',
    area: 'ais',
    successStatus: [200],
    response: ConsentInformationResponse,
  },
  deleteConsent: { method: 'DELETE', path: '/v1/consents/{consentId}', area: 'ais', successStatus: [204] },
  getConsentStatus: {
    method: 'GET',
    path: '/v1/consents/{consentId}/status',
    area: 'ais',
    successStatus: [200],
    response: ConsentStatusResponse,
  },
  startConsentAuthorisation: {
    method: 'POST',
    path: '/v1/consents/{consentId}/authorisations',
    area: 'ais',
    successStatus: [201],
    response: StartScaprocessResponse,
    requestBody: 'startAuthorisation',
  },
  getConsentAuthorisation: {
    method: 'GET',
    path: '/v1/consents/{consentId}/authorisations',
    area: 'ais',
    successStatus: [200],
    response: Authorisations,
  },
  getConsentScaStatus: {
    method: 'GET',
    path: '/v1/consents/{consentId}/authorisations/{authorisationId}',
    area: 'ais',
    successStatus: [200],
    response: ScaStatusResponse,
  },
  updateConsentsPsuData: {
    method: 'PUT',
    path: '/v1/consents/{consentId}/authorisations/{authorisationId}',
    area: 'ais',
    successStatus: [200],
    response: UpdatePsuDataResponse,
    requestBody: 'updatePsuData',
  },
  getAccountList: { method: 'GET', path: '/v1/accounts', area: 'ais', successStatus: [200], response: AccountList },
  readAccountDetails: {
    method: 'GET',
    path: '/v1/accounts/{account-id}',
    area: 'ais',
    successStatus: [200],
    response: AccountDetailsResponse,
  },
  getBalances: {
    method: 'GET',
    path: '/v1/accounts/{account-id}/balances',
    area: 'ais',
    successStatus: [200],
    response: ReadAccountBalanceResponse,
  },
  getTransactionList: {
    method: 'GET',
    path: '/v1/accounts/{account-id}/transactions',
    area: 'ais',
    successStatus: [200],
    response: TransactionsResponse,
  },
  /** Not one of the console's core operations, but the target of every `transactionDetails` link. */
  getTransactionDetails: {
    method: 'GET',
    path: '/v1/accounts/{account-id}/transactions/{transactionId}',
    area: 'ais',
    successStatus: [200],
    response: TransactionDetailsResponse,
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
