// One plain-language sentence about where a payment or a consent stands, for people who do not read JSON: the top of
// a page in presenter mode, and the flow diagram's and replay files' captions. Pure: it reads the resource's kind,
// status, the SCA state and what the bank said, and decides nothing else.
import {
  basketStatusVerdict,
  causeWords,
  consentStatusVerdict,
  outcomeCause,
  saysFundsShort,
  transactionStatusVerdict,
  type OutcomeCause,
} from '../../xs2a/status-maps';
import {
  basketStatusInfo,
  consentStatusInfo,
  isBasketStatusCode,
  isConsentStatusCode,
  isTransactionStatusCode,
  transactionStatusInfo,
} from '../../xs2a/status-names';

export type NarratedResource = 'payment' | 'consent' | 'basket';

export interface BankMessage {
  code?: string;
  text?: string;
}

export interface NarrationInput {
  kind: NarratedResource;
  /** The transactionStatus or consentStatus as the bank sent it; undefined while it is being read. */
  status: string | undefined;
  /** The scaStatus of the latest authorisation, when one is known. */
  scaStatus?: string;
  /** ASPSP-SCA-Approach of that authorisation (a decoupled one ends in the banking app). */
  scaApproach?: string;
  /** How the PSU came back from the bank's page, when they went there. */
  returned?: 'ok' | 'nok';
  /** Who authorises, as it may be shown (masked in presenter mode); "the account holder" when unknown. */
  psuName?: string;
  /** The bank's messages with the status (tppMessages) and its psuMessage. */
  messages?: readonly BankMessage[];
  psuMessage?: string;
  fundsAvailable?: boolean;
  /** The feature's plain meaning of the status, used for a status this function has no sentence for. */
  statusMeaning?: string;
}

const SCA_RUNNING = new Set(['psuIdentified', 'psuAuthenticated', 'scaMethodSelected', 'started', 'unconfirmed']);

const nouns: Record<NarratedResource, string> = {
  payment: 'payment',
  consent: 'consent request',
  basket: 'signing basket',
};

function noun(kind: NarratedResource): string {
  return nouns[kind];
}

const verdicts = { payment: transactionStatusVerdict, consent: consentStatusVerdict, basket: basketStatusVerdict };

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The wait for the PSU, told by how far the authorisation has come. */
function waiting(input: NarrationInput, who: string, received: string): string {
  const { scaStatus } = input;
  const Who = capital(who);
  const what = input.kind === 'consent' ? 'the consent' : `the ${noun(input.kind)}`;
  const cause = causeOf(input);
  if (cause) return `${capital(causeWords(cause, who))}: ${what} is not approved.`;
  if (scaStatus === 'unconfirmed') return `${Who} has approved ${what}; the console still has to confirm it.`;
  if (scaStatus === 'scaMethodSelected' || scaStatus === 'started') {
    return `${Who} is confirming ${what} at the bank with a second factor.`;
  }
  if (scaStatus !== undefined && SCA_RUNNING.has(scaStatus))
    return `${Who} is logging in at the bank to approve ${what}.`;
  return `${received} is waiting for ${who} to approve it.`;
}

/** The cause of the outcome, from the model's one rule set (the banner and the flow story read it too). */
function causeOf(input: NarrationInput): OutcomeCause | undefined {
  const status = input.status ?? '';
  return outcomeCause({
    verdict: verdicts[input.kind](status),
    scaStatus: input.scaStatus,
    scaApproach: input.scaApproach,
    fundsShort: saysFundsShort({
      fundsAvailable: input.fundsAvailable,
      psuMessage: input.psuMessage,
      tppMessages: input.messages,
    }),
    returned: input.returned,
  });
}

/** Why the bank refused, in plain words: the cause the bank's last word gives, or the bank's own text. */
function refusal(input: NarrationInput, who: string): string {
  const what = `the ${noun(input.kind)}`;
  const cause = causeOf(input);
  if (cause) return `${capital(causeWords(cause, who))}, so ${what} was rejected.`;
  const texts = [input.psuMessage, ...(input.messages ?? []).map((message) => message.text)].filter(
    (text): text is string => typeof text === 'string' && text.trim() !== '',
  );
  const said = texts[0];
  const opening =
    input.kind === 'consent' ? 'The bank refused the consent' : `The bank rejected the ${noun(input.kind)}`;
  return said === undefined ? `${opening}.` : `${opening}. It says: “${said.trim().replace(/[.\s]+$/, '')}”.`;
}

function narratePayment(input: NarrationInput, status: string, who: string): string {
  switch (status) {
    case 'RCVD':
      return waiting(input, who, 'The bank has received the payment and');
    case 'PDNG':
      return 'The bank is still checking the payment.';
    case 'PATC':
      return 'Some of the account holders have approved the payment; the bank is waiting for the others.';
    case 'ACTC':
    case 'ACCP':
    case 'ACFC':
      return 'The payment is approved and the bank has accepted it for execution.';
    case 'ACWC':
      return 'The payment is approved; the bank will execute it with a change, for example on another date.';
    case 'ACSP':
      return 'The payment is approved and being settled.';
    case 'ACSC':
      return 'The payment is settled: the money has left the account.';
    case 'ACCC':
      return 'The payment is settled: the money has arrived at the payee.';
    case 'RJCT':
      return refusal(input, who);
    case 'CANC':
      return 'The payment was cancelled before it was made.';
    default:
      return isTransactionStatusCode(status) ? transactionStatusInfo[status].meaning : unknownStatus(input, status);
  }
}

function narrateConsent(input: NarrationInput, status: string, who: string): string {
  switch (status) {
    case 'received':
      return waiting(input, who, 'The bank has received the consent request and');
    case 'partiallyAuthorised':
      return 'Some of the account holders have approved the consent; the bank is waiting for the others.';
    case 'valid':
      return 'The consent is approved: the console may now read the accounts it covers.';
    case 'rejected':
      return refusal(input, who);
    case 'revokedByPsu':
      return 'The account holder withdrew the consent at the bank.';
    case 'expired':
      return 'The consent has expired: account data can no longer be read with it.';
    case 'terminatedByTpp':
      return 'The console ended the consent: account data can no longer be read with it.';
    default:
      return isConsentStatusCode(status) ? consentStatusInfo[status] : unknownStatus(input, status);
  }
}

function narrateBasket(input: NarrationInput, status: string, who: string): string {
  switch (status) {
    case 'RCVD':
      return waiting(input, who, 'The bank holds the basket of payments and consents and');
    case 'ACTC':
      return 'The basket is approved with one authorisation: the bank accepted every payment and consent in it.';
    case 'PATC':
      return 'The basket is approved, but the bank accepted only some of its payments and consents.';
    case 'ACSC':
      return 'The basket is approved and its payments are executed.';
    case 'RJCT':
      return refusal(input, who);
    case 'CANC':
      return 'The basket was cancelled before it was approved.';
    default:
      return isBasketStatusCode(status) ? basketStatusInfo[status].meaning : unknownStatus(input, status);
  }
}

function unknownStatus(input: NarrationInput, status: string): string {
  const told = `The bank reports the ${input.kind === 'basket' ? noun(input.kind) : input.kind} as “${status}”, a status the standard does not define.`;
  return input.statusMeaning === undefined ? told : `${told} ${input.statusMeaning}`;
}

/** One sentence on where the payment or consent stands now. */
export function narrate(input: NarrationInput): string {
  const who = input.psuName?.trim() || 'the account holder';
  if (input.status === undefined || input.status === '') {
    return `The console is asking the bank about the ${noun(input.kind)}.`;
  }
  if (input.kind === 'basket') return narrateBasket(input, input.status, who);
  return input.kind === 'payment' ? narratePayment(input, input.status, who) : narrateConsent(input, input.status, who);
}
