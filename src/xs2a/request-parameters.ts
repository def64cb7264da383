// What a request of each 1.3.12 operation may carry besides its path: the request headers and query parameters of the
// official file's `parameters` (components/parameters), whether each is required, the spec's tags (how it groups the
// operations) and the error statuses it lists. request-parameters.test.ts checks every list against the official file.
import type { OperationName } from './operations';

export interface RequestParameterSpec {
  name: string;
  required: boolean;
}

export interface QueryParameterSpec extends RequestParameterSpec {
  /** The values the spec allows, where it lists them. */
  values?: readonly string[];
  format?: 'date' | 'boolean';
}

/** What each request header carries, in the console's words. */
export const requestHeaderMeanings: Record<string, string> = {
  'X-Request-ID': 'A UUID the TPP picks per request; the bank echoes it in its answer.',
  Digest: 'A hash of the body; sent if and only if Signature is.',
  Signature: 'The TPP’s signature of the request, where the bank requires signing.',
  'TPP-Signature-Certificate': 'The certificate the signature can be checked with.',
  'PSU-ID': 'The PSU’s login name at the bank.',
  'PSU-ID-Type': 'What kind of id PSU-ID is, where the bank has several.',
  'PSU-Corporate-ID': 'The corporate customer’s id, for business accounts.',
  'PSU-Corporate-ID-Type': 'What kind of id PSU-Corporate-ID is.',
  'Consent-ID': 'The consent the request is made under.',
  'PSU-IP-Address': 'The PSU’s IP address; present means the PSU takes part in the request.',
  'PSU-IP-Port': 'The port of the PSU’s connection to the TPP.',
  'PSU-Accept': 'The Accept header of the PSU’s request to the TPP.',
  'PSU-Accept-Charset': 'The Accept-Charset header of the PSU’s request to the TPP.',
  'PSU-Accept-Encoding': 'The Accept-Encoding header of the PSU’s request to the TPP.',
  'PSU-Accept-Language': 'The Accept-Language header of the PSU’s request to the TPP.',
  'PSU-User-Agent': 'The PSU’s browser or app, as it told the TPP.',
  'PSU-Http-Method': 'The HTTP method of the PSU’s request to the TPP.',
  'PSU-Device-ID': 'A UUID of the PSU’s device, stable across sessions.',
  'PSU-Geo-Location': 'Where the PSU is, as GEO:latitude;longitude.',
  'TPP-Redirect-Preferred': 'true: the TPP prefers redirect SCA; false: not redirect.',
  'TPP-Decoupled-Preferred': 'true: the TPP prefers decoupled SCA.',
  'TPP-Redirect-URI': 'Where the bank sends the PSU back after redirect SCA.',
  'TPP-Nok-Redirect-URI': 'Where the bank sends the PSU back after a failed redirect SCA.',
  'TPP-Explicit-Authorisation-Preferred': 'true: the TPP starts the authorisation itself (explicitly).',
  'TPP-Rejection-NoFunds-Preferred': 'true: reject the payment when funds are short, rather than waiting.',
  'TPP-Brand-Logging-Information': 'The brand the TPP shows to the PSU, for the bank’s logs.',
  'TPP-Notification-URI': 'Where the bank may notify the TPP of status changes.',
  'TPP-Notification-Content-Preferred': 'Which status changes the TPP wants to be notified of.',
};

const required = (name: string): RequestParameterSpec => ({ name, required: true });
const optional = (...names: string[]): RequestParameterSpec[] => names.map((name) => ({ name, required: false }));

const SIGNING = optional('Digest', 'Signature', 'TPP-Signature-Certificate');
const PSU_IDENTIFICATION = optional('PSU-ID', 'PSU-ID-Type', 'PSU-Corporate-ID', 'PSU-Corporate-ID-Type');
const PSU_CONTEXT = optional(
  'PSU-IP-Port',
  'PSU-Accept',
  'PSU-Accept-Charset',
  'PSU-Accept-Encoding',
  'PSU-Accept-Language',
  'PSU-User-Agent',
  'PSU-Http-Method',
  'PSU-Device-ID',
  'PSU-Geo-Location',
);
const NOTIFICATION = optional('TPP-Notification-URI', 'TPP-Notification-Content-Preferred');
const REDIRECT_URIS = optional('TPP-Redirect-URI', 'TPP-Nok-Redirect-URI');

/** Reads of a payment or consent resource: the PSU may be present. */
const READ = [required('X-Request-ID'), ...SIGNING, ...optional('PSU-IP-Address'), ...PSU_CONTEXT];
/** Account reads: under a consent. */
const ACCOUNT_READ = [
  required('X-Request-ID'),
  ...SIGNING,
  required('Consent-ID'),
  ...optional('PSU-IP-Address'),
  ...PSU_CONTEXT,
];
const START_AUTHORISATION = [
  ...READ,
  ...PSU_IDENTIFICATION,
  ...optional('TPP-Redirect-Preferred'),
  ...REDIRECT_URIS,
  ...NOTIFICATION,
];
const UPDATE_PSU_DATA = [...READ, ...PSU_IDENTIFICATION];
/** Creating a payment or a consent: the PSU is present, and the TPP states its SCA preferences. */
const CREATE = [
  required('X-Request-ID'),
  ...SIGNING,
  ...PSU_IDENTIFICATION,
  required('PSU-IP-Address'),
  ...optional('TPP-Redirect-Preferred', 'TPP-Decoupled-Preferred'),
  ...REDIRECT_URIS,
  ...optional('TPP-Explicit-Authorisation-Preferred', 'TPP-Brand-Logging-Information'),
  ...NOTIFICATION,
  ...PSU_CONTEXT,
];

/** The request headers of each operation in 1.3.12. */
export const requestHeaders: Record<OperationName, readonly RequestParameterSpec[]> = {
  initiatePayment: [...CREATE, ...optional('Consent-ID', 'TPP-Rejection-NoFunds-Preferred')],
  getPaymentInformation: READ,
  getPaymentInitiationStatus: READ,
  cancelPayment: [
    ...READ,
    ...optional('TPP-Redirect-Preferred', 'TPP-Decoupled-Preferred', 'TPP-Explicit-Authorisation-Preferred'),
    ...REDIRECT_URIS,
  ],
  startPaymentAuthorisation: START_AUTHORISATION,
  startPaymentInitiationCancellationAuthorisation: START_AUTHORISATION,
  getPaymentInitiationAuthorisation: READ,
  getPaymentInitiationCancellationAuthorisationInformation: READ,
  getPaymentInitiationScaStatus: READ,
  getPaymentCancellationScaStatus: READ,
  updatePaymentPsuData: UPDATE_PSU_DATA,
  updatePaymentCancellationPsuData: UPDATE_PSU_DATA,
  createConsent: CREATE,
  getConsentInformation: READ,
  deleteConsent: READ,
  getConsentStatus: READ,
  startConsentAuthorisation: START_AUTHORISATION,
  getConsentAuthorisation: READ,
  getConsentScaStatus: READ,
  updateConsentsPsuData: UPDATE_PSU_DATA,
  getAccountList: ACCOUNT_READ,
  readAccountDetails: ACCOUNT_READ,
  getBalances: ACCOUNT_READ,
  getTransactionList: ACCOUNT_READ,
  getTransactionDetails: ACCOUNT_READ,
  getCardAccountList: ACCOUNT_READ,
  readCardAccountDetails: ACCOUNT_READ,
  getCardAccountBalances: ACCOUNT_READ,
  getCardAccountTransactionList: ACCOUNT_READ,
  // The file describes a conditional Consent-ID for extended services but leaves it out of the parameters
  // ("contained but commented out"), so it is not offered here.
  checkAvailabilityOfFunds: [required('X-Request-ID'), ...SIGNING],
  // A basket is created like a payment or consent, without the decoupled and brand preferences, with an optional
  // Consent-ID.
  createSigningBasket: [
    required('X-Request-ID'),
    ...SIGNING,
    ...PSU_IDENTIFICATION,
    ...optional('Consent-ID'),
    required('PSU-IP-Address'),
    ...optional('TPP-Redirect-Preferred'),
    ...REDIRECT_URIS,
    ...optional('TPP-Explicit-Authorisation-Preferred'),
    ...NOTIFICATION,
    ...PSU_CONTEXT,
  ],
  getSigningBasket: READ,
  deleteSigningBasket: READ,
  getSigningBasketStatus: [...READ, ...PSU_IDENTIFICATION],
  startSigningBasketAuthorisation: START_AUTHORISATION,
  getSigningBasketAuthorisation: READ,
  getSigningBasketScaStatus: READ,
  updateSigningBasketPsuData: UPDATE_PSU_DATA,
};

const WITH_BALANCE: QueryParameterSpec = { name: 'withBalance', required: false, format: 'boolean' };
/** The report's period and delta parameters, the same for accounts and card accounts. */
const REPORT_SPAN: readonly QueryParameterSpec[] = [
  { name: 'dateFrom', required: false, format: 'date' },
  { name: 'dateTo', required: false, format: 'date' },
  { name: 'entryReferenceFrom', required: false },
  { name: 'deltaList', required: false, format: 'boolean' },
];

/** The query parameters of each operation in 1.3.12 (most have none). */
export const queryParameters: Partial<Record<OperationName, readonly QueryParameterSpec[]>> = {
  getAccountList: [WITH_BALANCE],
  readAccountDetails: [WITH_BALANCE],
  getTransactionList: [
    ...REPORT_SPAN,
    {
      name: 'bookingStatus',
      required: true,
      values: ['information', 'booked', 'pending', 'both', 'all'],
    },
    WITH_BALANCE,
  ],
  // No withBalance for card accounts in 1.3.12, and bookingStatus without information and all (bookingStatusCard).
  getCardAccountTransactionList: [
    ...REPORT_SPAN,
    { name: 'bookingStatus', required: true, values: ['booked', 'pending', 'both'] },
  ],
};

/** The spec's groups of operations (its tags). */
export type OperationTag = 'pis' | 'ais' | 'piis' | 'sbs' | 'common';

export const operationTags: Record<OperationName, readonly OperationTag[]> = {
  initiatePayment: ['pis'],
  getPaymentInformation: ['pis'],
  getPaymentInitiationStatus: ['pis'],
  cancelPayment: ['pis'],
  startPaymentAuthorisation: ['pis', 'common'],
  startPaymentInitiationCancellationAuthorisation: ['pis', 'common'],
  getPaymentInitiationAuthorisation: ['pis', 'common'],
  // The official file tags this one PIS only, unlike its twin getPaymentInitiationAuthorisation.
  getPaymentInitiationCancellationAuthorisationInformation: ['pis'],
  getPaymentInitiationScaStatus: ['pis', 'common'],
  getPaymentCancellationScaStatus: ['pis', 'common'],
  updatePaymentPsuData: ['pis', 'common'],
  updatePaymentCancellationPsuData: ['pis', 'common'],
  createConsent: ['ais'],
  getConsentInformation: ['ais'],
  deleteConsent: ['ais'],
  getConsentStatus: ['ais'],
  startConsentAuthorisation: ['ais', 'common'],
  getConsentAuthorisation: ['ais'],
  getConsentScaStatus: ['ais', 'common'],
  updateConsentsPsuData: ['ais', 'common'],
  getAccountList: ['ais'],
  readAccountDetails: ['ais'],
  getBalances: ['ais'],
  getTransactionList: ['ais'],
  getTransactionDetails: ['ais'],
  getCardAccountList: ['ais'],
  readCardAccountDetails: ['ais'],
  getCardAccountBalances: ['ais'],
  getCardAccountTransactionList: ['ais'],
  checkAvailabilityOfFunds: ['piis'],
  createSigningBasket: ['sbs'],
  getSigningBasket: ['sbs'],
  deleteSigningBasket: ['sbs', 'common'],
  getSigningBasketStatus: ['sbs', 'common'],
  startSigningBasketAuthorisation: ['sbs', 'common'],
  getSigningBasketAuthorisation: ['sbs', 'common'],
  getSigningBasketScaStatus: ['sbs', 'common'],
  updateSigningBasketPsuData: ['sbs', 'common'],
};

/** The error statuses the official file lists for every PIS, AIS, PIIS and SBS operation. */
export const errorStatuses: readonly number[] = [400, 401, 403, 404, 405, 406, 408, 409, 415, 429, 500, 503];

/** The path variables of a path template, in order: '/v1/consents/{consentId}' → ['consentId']. */
export function pathVariables(template: string): string[] {
  return [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
}
