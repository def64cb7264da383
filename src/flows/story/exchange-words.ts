// What one exchange of a flow was, in plain words: the request's name ("Initiate payment"), what the answer said
// ("201, received"), the status it showed and whether it failed. Reads the bank's answer tolerantly: an odd or
// missing member gives plainer words, never an error.
import type { Exchange } from '../../api';
import { inSentence } from '../../xs2a/audience-words';
import { withoutNulls } from '../../xs2a/readers';
import {
  basketStatusLabel,
  consentStatusLabel,
  readBasketStatus,
  readConsentStatus,
  readScaStatus,
  readTransactionStatus,
  scaStatusLabel,
  transactionStatusLabel,
} from '../../xs2a/status-names';

/** The three statuses a flow follows; each read of one is compared with the last one seen. */
export type StatusFamily = 'transaction' | 'consent' | 'basket' | 'sca';

export interface StatusSeen {
  family: StatusFamily;
  /** The value as the bank sent it. */
  code: string;
}

/** An update of the PSU's data, told apart by what its body carries (the secrets themselves are redacted). */
export type PsuDataStep =
  'identification' | 'authentication' | 'selectMethod' | 'authoriseTransaction' | 'confirmation';

interface OperationWords {
  /** The request in plain words. */
  name: string;
  /** Set for reads that polling repeats: how a run of them is named ("Status read 3 times"). */
  read?: string;
  /** The status shown as "Status → ACSC, settled" rather than "200, ACSC". */
  statusRead?: boolean;
}

const operationWords: Record<string, OperationWords> = {
  initiatePayment: { name: 'Initiate payment' },
  getPaymentInformation: { name: 'Read the payment', read: 'Payment read' },
  getPaymentInitiationStatus: { name: 'Status', read: 'Status read', statusRead: true },
  cancelPayment: { name: 'Cancel payment' },
  startPaymentAuthorisation: { name: 'Start authorisation' },
  startPaymentInitiationCancellationAuthorisation: { name: 'Start cancellation authorisation' },
  getPaymentInitiationAuthorisation: { name: 'List authorisations', read: 'Authorisations read' },
  getPaymentInitiationCancellationAuthorisationInformation: {
    name: 'List cancellation authorisations',
    read: 'Cancellation authorisations read',
  },
  getPaymentInitiationScaStatus: { name: 'SCA status', read: 'SCA status read', statusRead: true },
  getPaymentCancellationScaStatus: { name: 'Cancellation SCA status', read: 'SCA status read', statusRead: true },
  updatePaymentPsuData: { name: 'Update PSU data' },
  updatePaymentCancellationPsuData: { name: 'Update PSU data' },
  createConsent: { name: 'Create consent' },
  getConsentInformation: { name: 'Read the consent', read: 'Consent read' },
  deleteConsent: { name: 'Delete consent' },
  getConsentStatus: { name: 'Status', read: 'Status read', statusRead: true },
  startConsentAuthorisation: { name: 'Start authorisation' },
  getConsentAuthorisation: { name: 'List authorisations', read: 'Authorisations read' },
  getConsentScaStatus: { name: 'SCA status', read: 'SCA status read', statusRead: true },
  updateConsentsPsuData: { name: 'Update PSU data' },
  getAccountList: { name: 'Read the accounts', read: 'Accounts read' },
  readAccountDetails: { name: 'Read an account', read: 'Account read' },
  getBalances: { name: 'Read balances', read: 'Balances read' },
  getTransactionList: { name: 'Read transactions', read: 'Transactions read' },
  getTransactionDetails: { name: 'Read a transaction', read: 'Transaction read' },
  getCardAccountList: { name: 'Read the card accounts', read: 'Card accounts read' },
  readCardAccountDetails: { name: 'Read a card account', read: 'Card account read' },
  getCardAccountBalances: { name: 'Read card balances', read: 'Card balances read' },
  getCardAccountTransactionList: { name: 'Read card transactions', read: 'Card transactions read' },
  createSigningBasket: { name: 'Create signing basket' },
  getSigningBasket: { name: 'Read the basket', read: 'Basket read' },
  deleteSigningBasket: { name: 'Delete basket' },
  getSigningBasketStatus: { name: 'Status', read: 'Status read', statusRead: true },
  startSigningBasketAuthorisation: { name: 'Start authorisation' },
  getSigningBasketAuthorisation: { name: 'List authorisations', read: 'Authorisations read' },
  getSigningBasketScaStatus: { name: 'SCA status', read: 'SCA status read', statusRead: true },
  updateSigningBasketPsuData: { name: 'Update PSU data' },
  oauthMetadata: { name: 'Read the bank’s OAuth settings', read: 'OAuth settings read' },
  oauthToken: { name: 'Exchange the code for a token' },
};

const psuDataNames: Record<PsuDataStep, string> = {
  identification: 'Identify the PSU',
  authentication: 'Send the PSU’s password',
  selectMethod: 'Send the chosen SCA method',
  authoriseTransaction: 'Send the one-time code',
  confirmation: 'Send the confirmation code',
};

const errorWords: Record<string, string> = {
  timeout: 'no answer in time',
  network: 'no answer: network error',
  aborted: 'stopped before the answer',
  interrupted: 'no answer: the page was left',
  relay: 'the relay failed',
  redirect: 'the bank redirected the request',
  'invalid-response': 'an answer the console cannot read',
  http: 'an error answer',
};

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** The members of a JSON object the bank sent; anything else reads as no members. */
export function membersOf(value: unknown): Record<string, unknown> {
  return record(value) ?? {};
}

/** A non-blank string the bank sent, trimmed; anything else reads as undefined. */
export function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The answer's parsed body as an object, when it is one; members sent as null are absent, as everywhere. */
export function answerBody(exchange: Exchange): Record<string, unknown> | undefined {
  return record(withoutNulls(exchange.response?.body).value);
}

/** The request's body as an object, when it is one. */
export function requestBody(exchange: Exchange): Record<string, unknown> | undefined {
  return record(exchange.request.body);
}

/** Which update of the PSU's data a PUT on an authorisation was, by the members of its body. */
export function psuDataStepOf(exchange: Exchange): PsuDataStep | undefined {
  if (!/PsuData$/.test(exchange.operationId)) return undefined;
  const body = requestBody(exchange) ?? {};
  if ('scaAuthenticationData' in body) return 'authoriseTransaction';
  if ('authenticationMethodId' in body) return 'selectMethod';
  if ('psuData' in body) return 'authentication';
  if ('confirmationCode' in body) return 'confirmation';
  return 'identification';
}

/** What the PSU gave with a start of the authorisation (a start may carry the password or the chosen method). */
export function psuInputOf(exchange: Exchange): PsuDataStep | undefined {
  if (!/^start/.test(exchange.operationId)) return undefined;
  const body = requestBody(exchange) ?? {};
  if ('psuData' in body) return 'authentication';
  return 'authenticationMethodId' in body ? 'selectMethod' : undefined;
}

/**
 * An exchange that ended without an answer because the console stopped it (a read replaced by a newer one) or the page
 * was left while it was in flight (for the bank's page): neither says anything about the bank.
 */
export function wasStopped(exchange: Exchange): boolean {
  return !exchange.response && (exchange.error?.kind === 'aborted' || exchange.error?.kind === 'interrupted');
}

/** A signing basket's operation (createSigningBasket, getSigningBasketStatus …). */
function isBasketOperation(operationId: string): boolean {
  return operationId.includes('SigningBasket');
}

/** The request in plain words; an operation the console does not name is shown as its method and path. */
export function requestName(exchange: Exchange): string {
  const psuStep = psuDataStepOf(exchange);
  if (psuStep) return psuDataNames[psuStep];
  const words = operationWords[exchange.operationId];
  if (words) return words.name;
  let path = exchange.request.url;
  try {
    path = new URL(exchange.request.url).pathname;
  } catch {
    // not an absolute URL: shown as it is
  }
  return `${exchange.request.method} ${path}`;
}

/** How a run of this read is named ("Status read"), or undefined when the exchange is not a read polling repeats. */
export function readName(exchange: Exchange): string | undefined {
  return exchange.request.method === 'GET' ? operationWords[exchange.operationId]?.read : undefined;
}

export function isStatusRead(exchange: Exchange): boolean {
  return operationWords[exchange.operationId]?.statusRead === true;
}

/** The status the answer carries (transactionStatus, consentStatus or scaStatus), as the bank sent it. */
export function statusSeen(exchange: Exchange): StatusSeen | undefined {
  const body = answerBody(exchange);
  if (!body || !exchange.response || exchange.response.status >= 400) return undefined;
  // A signing basket's answers carry its status as transactionStatus too, with codes of its own.
  if (body.transactionStatus !== undefined && isBasketOperation(exchange.operationId)) {
    return { family: 'basket', code: readBasketStatus(body.transactionStatus).sent };
  }
  if (body.transactionStatus !== undefined) {
    return { family: 'transaction', code: readTransactionStatus(body.transactionStatus).sent };
  }
  if (body.consentStatus !== undefined) return { family: 'consent', code: readConsentStatus(body.consentStatus).sent };
  if (body.scaStatus !== undefined) return { family: 'sca', code: readScaStatus(body.scaStatus).sent };
  return undefined;
}

function statusLabel({ family, code }: StatusSeen): string {
  if (family === 'transaction') return transactionStatusLabel(code);
  if (family === 'basket') return basketStatusLabel(code);
  return family === 'consent' ? consentStatusLabel(code) : scaStatusLabel(code);
}

/** "ACSC, settled"; a code whose plain name is itself ("valid") is said once. */
export function statusWords(status: StatusSeen): string {
  const label = inSentence(statusLabel(status));
  return label.toLowerCase() === status.code.toLowerCase() ? status.code : `${status.code}, ${label}`;
}

/** The status in a word or two: a payment's plain name ("received"), a consent's code ("valid"). */
export function shortStatusWords(status: StatusSeen): string {
  return status.family === 'consent' ? status.code : inSentence(statusLabel(status));
}

/** A status that means the flow failed: a rejected payment or consent, a failed SCA. */
export function isFailedStatus({ family, code }: StatusSeen): boolean {
  if (family === 'transaction') return readTransactionStatus(code).code === 'RJCT';
  if (family === 'basket') return readBasketStatus(code).code === 'RJCT';
  if (family === 'consent') return readConsentStatus(code).code === 'rejected';
  return readScaStatus(code).code === 'failed';
}

/** The first message code of an error answer (FORMAT_ERROR, PSU_CREDENTIALS_INVALID …), read tolerantly. */
function firstMessage(exchange: Exchange): { code?: string; text?: string } {
  const messages = answerBody(exchange)?.tppMessages;
  const first = Array.isArray(messages) ? record(messages[0]) : undefined;
  return {
    ...(typeof first?.code === 'string' && { code: first.code }),
    ...(typeof first?.text === 'string' && { text: first.text }),
  };
}

export interface AnswerWords {
  /** "201, received", "Status → ACSC, settled" is `request → answer` with answer "ACSC, settled". */
  answer: string;
  failed: boolean;
  /** The bank's message on an error answer, for the step's details. */
  message?: string;
  /** Still in flight. */
  pending?: boolean;
}

/** What came back, in plain words, and whether it is a failure (an error answer, no answer, RJCT, failed SCA). */
export function answerWords(exchange: Exchange): AnswerWords {
  const { response, error } = exchange;
  if (!response) {
    if (!error) return { answer: 'waiting for the answer', failed: false, pending: true };
    return { answer: errorWords[error.kind] ?? error.kind, failed: !wasStopped(exchange) };
  }
  if (response.status >= 400 || error) {
    const { code, text } = firstMessage(exchange);
    const said = code ?? (error && response.status < 400 ? errorWords[error.kind] : response.statusText);
    return {
      answer: said ? `${response.status}, ${said}` : String(response.status),
      failed: true,
      ...(text && { message: text }),
    };
  }
  const status = statusSeen(exchange);
  if (!status) return { answer: String(response.status), failed: false };
  const answer = isStatusRead(exchange) ? statusWords(status) : `${response.status}, ${shortStatusWords(status)}`;
  return { answer, failed: isFailedStatus(status) };
}
