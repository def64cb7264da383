// Where each operation of 1.3.12 lives (method, path template, service area: pis, ais, piis or sbs), how a path is filled, and which
// operation a request is: plain data without zod, so a page that lists or matches operations loads none of the
// schemas that ./operations adds to each of them.
import { paymentServices } from './code-lists';
import type { MessageCodeArea } from './message-codes';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface OperationRoute {
  method: HttpMethod;
  /** Spec path template, relative to the server base (e.g. https://api.testbank.com/psd2). */
  path: string;
  area: MessageCodeArea;
}

const P = '/v1/{payment-service}/{payment-product}';
const PAY = `${P}/{paymentId}`;
const BASKET = '/v1/signing-baskets/{basketId}';

export const operationRoutes = {
  initiatePayment: { method: 'POST', path: P, area: 'pis' },
  getPaymentInformation: { method: 'GET', path: PAY, area: 'pis' },
  getPaymentInitiationStatus: { method: 'GET', path: `${PAY}/status`, area: 'pis' },
  cancelPayment: { method: 'DELETE', path: PAY, area: 'pis' },
  startPaymentAuthorisation: { method: 'POST', path: `${PAY}/authorisations`, area: 'pis' },
  startPaymentInitiationCancellationAuthorisation: {
    method: 'POST',
    path: `${PAY}/cancellation-authorisations`,
    area: 'pis',
  },
  getPaymentInitiationAuthorisation: { method: 'GET', path: `${PAY}/authorisations`, area: 'pis' },
  getPaymentInitiationCancellationAuthorisationInformation: {
    method: 'GET',
    path: `${PAY}/cancellation-authorisations`,
    area: 'pis',
  },
  getPaymentInitiationScaStatus: { method: 'GET', path: `${PAY}/authorisations/{authorisationId}`, area: 'pis' },
  getPaymentCancellationScaStatus: {
    method: 'GET',
    path: `${PAY}/cancellation-authorisations/{authorisationId}`,
    area: 'pis',
  },
  updatePaymentPsuData: { method: 'PUT', path: `${PAY}/authorisations/{authorisationId}`, area: 'pis' },
  updatePaymentCancellationPsuData: {
    method: 'PUT',
    path: `${PAY}/cancellation-authorisations/{authorisationId}`,
    area: 'pis',
  },
  createConsent: { method: 'POST', path: '/v1/consents', area: 'ais' },
  getConsentInformation: { method: 'GET', path: '/v1/consents/{consentId}', area: 'ais' },
  deleteConsent: { method: 'DELETE', path: '/v1/consents/{consentId}', area: 'ais' },
  getConsentStatus: { method: 'GET', path: '/v1/consents/{consentId}/status', area: 'ais' },
  startConsentAuthorisation: { method: 'POST', path: '/v1/consents/{consentId}/authorisations', area: 'ais' },
  getConsentAuthorisation: { method: 'GET', path: '/v1/consents/{consentId}/authorisations', area: 'ais' },
  getConsentScaStatus: {
    method: 'GET',
    path: '/v1/consents/{consentId}/authorisations/{authorisationId}',
    area: 'ais',
  },
  updateConsentsPsuData: {
    method: 'PUT',
    path: '/v1/consents/{consentId}/authorisations/{authorisationId}',
    area: 'ais',
  },
  getAccountList: { method: 'GET', path: '/v1/accounts', area: 'ais' },
  readAccountDetails: { method: 'GET', path: '/v1/accounts/{account-id}', area: 'ais' },
  getBalances: { method: 'GET', path: '/v1/accounts/{account-id}/balances', area: 'ais' },
  getTransactionList: { method: 'GET', path: '/v1/accounts/{account-id}/transactions', area: 'ais' },
  getTransactionDetails: { method: 'GET', path: '/v1/accounts/{account-id}/transactions/{transactionId}', area: 'ais' },
  getCardAccountList: { method: 'GET', path: '/v1/card-accounts', area: 'ais' },
  readCardAccountDetails: { method: 'GET', path: '/v1/card-accounts/{account-id}', area: 'ais' },
  getCardAccountBalances: { method: 'GET', path: '/v1/card-accounts/{account-id}/balances', area: 'ais' },
  getCardAccountTransactionList: { method: 'GET', path: '/v1/card-accounts/{account-id}/transactions', area: 'ais' },
  checkAvailabilityOfFunds: { method: 'POST', path: '/v1/funds-confirmations', area: 'piis' },
  createSigningBasket: { method: 'POST', path: '/v1/signing-baskets', area: 'sbs' },
  getSigningBasket: { method: 'GET', path: BASKET, area: 'sbs' },
  deleteSigningBasket: { method: 'DELETE', path: BASKET, area: 'sbs' },
  getSigningBasketStatus: { method: 'GET', path: `${BASKET}/status`, area: 'sbs' },
  startSigningBasketAuthorisation: { method: 'POST', path: `${BASKET}/authorisations`, area: 'sbs' },
  getSigningBasketAuthorisation: { method: 'GET', path: `${BASKET}/authorisations`, area: 'sbs' },
  getSigningBasketScaStatus: { method: 'GET', path: `${BASKET}/authorisations/{authorisationId}`, area: 'sbs' },
  updateSigningBasketPsuData: { method: 'PUT', path: `${BASKET}/authorisations/{authorisationId}`, area: 'sbs' },
} as const satisfies Record<string, OperationRoute>;

export type OperationName = keyof typeof operationRoutes;
export const operationNames = Object.keys(operationRoutes) as OperationName[];

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
  const segments = operationRoutes[name].path.split('/').filter(Boolean);
  const literals = segments.filter((s) => !s.startsWith('{')).length;
  return { name, method: operationRoutes[name].method, segments, literals };
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
      if (segment === '{payment-service}' && !(paymentServices as readonly string[]).includes(value)) return false;
      params[segment.slice(1, -1)] = value;
      return value.length > 0;
    });
    if (ok) return { name: candidate.name, params };
  }
  return undefined;
}
