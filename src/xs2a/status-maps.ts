// The status machines of 1.3.12 as data: which states a payment, a consent, a signing basket and an authorisation pass
// through,
// which of them are final, the usual moves between them, and for the moves a TPP's user causes, the action that causes
// them ("Cancel payment", "Delete consent", "Authorise"). Plain TypeScript without zod, like ./status-names, whose
// codes, names and final lists it builds on, so a page that only draws a state map loads no schema code.
import {
  basketStatusInfo,
  consentStatusCodes,
  consentStatusLabels,
  finalConsentStatuses,
  finalScaStatuses,
  finalTransactionStatuses,
  scaStatusCodes,
  scaStatusLabels,
  transactionStatusCodes,
  transactionStatusInfo,
  type BasketStatusCode,
  type ConsentStatusCode,
  type ScaStatusCode,
  type TransactionStatusCode,
} from './status-names';

/** How a state reads: still moving, reached its goal, ended without it, or ended after serving its purpose. */
export type StatusStateTone = 'progress' | 'success' | 'failure' | 'ended';

export interface StatusState<C extends string> {
  code: C;
  /** The short plain name of the status. */
  label: string;
  /** Nothing moves the resource out of it any more. */
  final: boolean;
  tone: StatusStateTone;
}

/** What the TPP's user does in the console to cause a move. */
export interface StatusAction {
  /** The button's or step's name, e.g. "Cancel payment". */
  label: string;
  /** What else may happen first, e.g. "the bank may ask for a cancellation authorisation first". */
  note?: string;
}

export interface StatusTransition<C extends string> {
  from: C;
  to: C;
  /** Set when the TPP's user causes the move; without it the bank, the PSU or time does. */
  action?: StatusAction;
}

export type StatusMachineKind =
  'transactionStatus' | 'bulkTransactionStatus' | 'consentStatus' | 'basketStatus' | 'scaStatus';

export interface StatusMachine<C extends string = string> {
  kind: StatusMachineKind;
  /** What the machine describes, in plain words ("A payment's status"). */
  title: string;
  /** The status a new resource starts in. */
  initial: C;
  states: readonly StatusState<C>[];
  transitions: readonly StatusTransition<C>[];
}

/** One move in the table form the machines are written in: the target, and the user's action if one causes it. */
type Move<C extends string> = C | readonly [C, StatusAction];

function machine<C extends string>(
  definition: Omit<StatusMachine<C>, 'states' | 'transitions'> & {
    codes: readonly C[];
    label: (code: C) => string;
    finals: readonly C[];
    tones: Partial<Record<C, StatusStateTone>>;
    moves: Record<C, readonly Move<C>[]>;
  },
): StatusMachine<C> {
  const { codes, label, finals, tones, moves, ...rest } = definition;
  return {
    ...rest,
    states: codes.map((code) => ({
      code,
      label: label(code),
      final: finals.includes(code),
      tone: tones[code] ?? 'progress',
    })),
    transitions: codes.flatMap((from) =>
      moves[from].map((move): StatusTransition<C> => {
        if (typeof move === 'string') return { from, to: move };
        const [to, action] = move;
        return { from, to, action };
      }),
    ),
  };
}

const authorisePayment: StatusAction = { label: 'Authorise the payment' };
const authoriseRemaining: StatusAction = { label: 'Authorise the payment', note: 'by the PSUs still missing' };
const cancelAtOnce: StatusAction = { label: 'Cancel payment' };
const cancelWithSca: StatusAction = {
  label: 'Cancel payment',
  note: 'the bank may ask for a cancellation authorisation first',
};

/**
 * transactionStatus. The PSU's authorisation takes a received payment to ACTC (PATC while more PSUs must authorise; a
 * bulk with some of its payments rejected to PART, which 1.3.12 gives to bulk payments only);
 * the bank's checks and the settlement take it on to ACSC; it is rejected (failed SCA, no funds) or cancelled on the
 * way. A cancellation before the authorisation takes effect at once; after it, banks often ask for an authorisation of
 * the cancellation.
 */
function paymentMachine(bulk: boolean): StatusMachine<TransactionStatusCode> {
  // A bulk whose authorisation the bank applies at once (or completes), some of its payments rejected.
  const part: readonly Move<TransactionStatusCode>[] = bulk ? ['PART'] : [];
  return machine({
    kind: bulk ? 'bulkTransactionStatus' : 'transactionStatus',
    title: bulk ? "The bulk payment's status" : "The payment's status",
    initial: 'RCVD',
    codes: transactionStatusCodes,
    label: (code) => transactionStatusInfo[code].label,
    finals: finalTransactionStatuses,
    tones: { ACSC: 'success', ACCC: 'success', PART: 'ended', RJCT: 'failure', CANC: 'ended' },
    moves: {
      RCVD: [
        ['ACTC', authorisePayment],
        ['PATC', authorisePayment],
        'PDNG',
        'ACCP',
        'ACWC',
        ...part,
        'RJCT',
        ['CANC', cancelAtOnce],
      ],
      PDNG: ['ACTC', 'ACCP', 'RJCT', ['CANC', cancelAtOnce]],
      PATC: [['ACTC', authoriseRemaining], ...part, 'RJCT', ['CANC', cancelAtOnce]],
      ACTC: ['ACCP', 'ACFC', 'ACWC', 'ACSP', 'ACSC', 'RJCT', ['CANC', cancelWithSca]],
      ACCP: ['ACFC', 'ACWC', 'ACSP', 'ACSC', 'RJCT', ['CANC', cancelWithSca]],
      ACFC: ['ACSP', 'ACSC', 'RJCT', ['CANC', cancelWithSca]],
      ACWC: ['ACSP', 'ACSC', 'RJCT', ['CANC', cancelWithSca]],
      ACSP: ['ACSC', 'ACWP', 'ACCC', 'RJCT'],
      ACWP: ['ACSC', 'RJCT'],
      ACSC: [],
      ACCC: [],
      PART: [],
      RJCT: [],
      CANC: [],
    },
  });
}

/** A single payment's or a standing order's transactionStatus: PART is for bulks only. */
export const transactionStatusMachine = paymentMachine(false);
/** A bulk payment's transactionStatus: its payments may end partly rejected (PART). */
export const bulkTransactionStatusMachine = paymentMachine(true);

const authoriseConsent: StatusAction = { label: 'Authorise the consent' };
const deleteConsent: StatusAction = { label: 'Delete consent' };

/**
 * consentStatus. The PSU's authorisation makes a received consent valid (partially authorised while more PSUs must
 * authorise) or rejected; time expires it, the PSU may revoke it at the bank, and the TPP ends it by deleting it.
 */
export const consentStatusMachine: StatusMachine<ConsentStatusCode> = machine({
  kind: 'consentStatus',
  title: "The consent's status",
  initial: 'received',
  codes: consentStatusCodes,
  label: (code) => consentStatusLabels[code],
  finals: finalConsentStatuses,
  tones: { valid: 'success', rejected: 'failure', revokedByPsu: 'ended', expired: 'ended', terminatedByTpp: 'ended' },
  moves: {
    received: [
      ['valid', authoriseConsent],
      ['partiallyAuthorised', authoriseConsent],
      'rejected',
      'expired',
      ['terminatedByTpp', deleteConsent],
    ],
    partiallyAuthorised: [
      ['valid', { label: 'Authorise the consent', note: 'by the PSUs still missing' }],
      'rejected',
      'expired',
      ['terminatedByTpp', deleteConsent],
    ],
    valid: ['expired', 'revokedByPsu', ['terminatedByTpp', deleteConsent]],
    rejected: [],
    revokedByPsu: [],
    expired: [],
    terminatedByTpp: [],
  },
});

const authoriseBasket: StatusAction = { label: 'Authorise the basket', note: 'one SCA for all its members' };

/**
 * A signing basket's status (transactionStatus_SBS: RCVD, PATC, ACTC, ACSC, RJCT, CANC). The PSU's one authorisation
 * takes a received basket to ACTC when the bank accepts every member, PATC when it accepts some, RJCT when the SCA
 * fails or it accepts none; the executed payments take it on to ACSC. Deleting a received basket ends it (a bank may
 * keep it as CANC; others forget it). The members keep statuses of their own, which the basket's outcome sets.
 */
export const basketStatusMachine: StatusMachine<BasketStatusCode> = machine({
  kind: 'basketStatus',
  title: "The signing basket's status",
  initial: 'RCVD',
  codes: ['RCVD', 'PATC', 'ACTC', 'ACSC', 'RJCT', 'CANC'] satisfies BasketStatusCode[],
  label: (code) => basketStatusInfo[code].label,
  finals: ['PATC', 'ACSC', 'RJCT', 'CANC'],
  tones: { ACTC: 'success', ACSC: 'success', PATC: 'ended', RJCT: 'failure', CANC: 'ended' },
  moves: {
    RCVD: [['ACTC', authoriseBasket], ['PATC', authoriseBasket], 'RJCT', ['CANC', { label: 'Delete basket' }]],
    ACTC: ['ACSC'],
    PATC: [],
    ACSC: [],
    RJCT: [],
    CANC: [],
  },
});

const sendPsuId: StatusAction = { label: 'Send the PSU ID' };
const logIn: StatusAction = { label: 'Log the PSU in', note: 'PSU ID and password' };
const sendPassword: StatusAction = { label: 'Send the password' };
const chooseMethod: StatusAction = { label: 'Choose an SCA method' };
const sendOtp: StatusAction = { label: 'Send the one-time code' };

/**
 * scaStatus of an authorisation sub-resource. Embedded SCA walks identified → authenticated → method selected →
 * finalised with the data the TPP's user enters; decoupled SCA starts and waits for the PSU's banking app; a bank that
 * needs a confirmation code reports unconfirmed until the TPP sends it. Any open step may fail.
 */
export const scaStatusMachine: StatusMachine<ScaStatusCode> = machine({
  kind: 'scaStatus',
  title: "The authorisation's status",
  initial: 'received',
  codes: scaStatusCodes,
  label: (code) => scaStatusLabels[code],
  finals: finalScaStatuses,
  tones: { finalised: 'success', exempted: 'success', failed: 'failure' },
  moves: {
    received: [
      ['psuIdentified', sendPsuId],
      ['psuAuthenticated', logIn],
      'scaMethodSelected',
      'started',
      'exempted',
      'failed',
    ],
    psuIdentified: [['psuAuthenticated', sendPassword], 'failed'],
    psuAuthenticated: [['scaMethodSelected', chooseMethod], 'started', 'exempted', 'failed'],
    scaMethodSelected: [['finalised', sendOtp], 'started', 'unconfirmed', 'failed'],
    started: ['finalised', 'unconfirmed', 'failed'],
    unconfirmed: [['finalised', { label: 'Confirm the authorisation', note: 'with the confirmation code' }], 'failed'],
    finalised: [],
    failed: [],
    exempted: [],
  },
});

export const statusMachines = {
  transactionStatus: transactionStatusMachine,
  bulkTransactionStatus: bulkTransactionStatusMachine,
  consentStatus: consentStatusMachine,
  basketStatus: basketStatusMachine,
  scaStatus: scaStatusMachine,
} as const satisfies Record<StatusMachineKind, StatusMachine>;

/** The state `code` names in `machine`, or undefined for a status 1.3.12 does not define there. */
export function stateOf<C extends string>(machine: StatusMachine<C>, code: string): StatusState<C> | undefined {
  return machine.states.find((state) => state.code === code);
}

/**
 * What a resource's status means for what the TPP's user wanted, as every outcome the console tells reads it (the
 * pages' outcome banner, the narration, the flow story): one table per resource, so they cannot disagree.
 */
export type ResourceVerdict =
  /** ACTC, ACSC… / valid: the PSU authorised it. */
  | 'authorised'
  /** RJCT / rejected. */
  | 'rejected'
  /** CANC / terminatedByTpp: the TPP's user ended it. */
  | 'cancelled'
  /** Over without being cancelled by the TPP: expired, revoked by the PSU. */
  | 'ended'
  /** RCVD, PATC / received, partiallyAuthorised: the PSU's authorisation is still to come. */
  | 'waiting'
  /** PDNG: the bank is still checking. */
  | 'processing'
  /** A status 1.3.12 does not define. */
  | 'unknown';

/** transactionStatus → verdict. Every accepted status (ACTC to ACCC, ACWC, ACWP, PART) counts as authorised. */
export const transactionStatusVerdicts: Readonly<Record<TransactionStatusCode, ResourceVerdict>> = {
  RCVD: 'waiting',
  PATC: 'waiting',
  PDNG: 'processing',
  ACTC: 'authorised',
  ACCP: 'authorised',
  ACFC: 'authorised',
  ACSP: 'authorised',
  ACSC: 'authorised',
  ACCC: 'authorised',
  ACWC: 'authorised',
  ACWP: 'authorised',
  PART: 'authorised',
  RJCT: 'rejected',
  CANC: 'cancelled',
};

/** consentStatus → verdict. */
export const consentStatusVerdicts: Readonly<Record<ConsentStatusCode, ResourceVerdict>> = {
  received: 'waiting',
  partiallyAuthorised: 'waiting',
  valid: 'authorised',
  rejected: 'rejected',
  terminatedByTpp: 'cancelled',
  revokedByPsu: 'ended',
  expired: 'ended',
};

/** A basket's status → verdict: PATC is authorised (the PSU's SCA applied) with some members rejected. */
export const basketStatusVerdicts: Readonly<Record<BasketStatusCode, ResourceVerdict>> = {
  RCVD: 'waiting',
  ACTC: 'authorised',
  PATC: 'authorised',
  ACSC: 'authorised',
  RJCT: 'rejected',
  CANC: 'cancelled',
};

/** The verdict on a basket's status as sent; anything but an exact 1.3.12 code is 'unknown'. */
export function basketStatusVerdict(status: string): ResourceVerdict {
  return Object.hasOwn(basketStatusVerdicts, status) ? basketStatusVerdicts[status as BasketStatusCode] : 'unknown';
}

/** The verdict on a transactionStatus as sent; anything but an exact 1.3.12 code is 'unknown'. */
export function transactionStatusVerdict(status: string): ResourceVerdict {
  return Object.hasOwn(transactionStatusVerdicts, status)
    ? transactionStatusVerdicts[status as TransactionStatusCode]
    : 'unknown';
}

/** The verdict on a consentStatus as sent; anything but an exact 1.3.12 code is 'unknown'. */
export function consentStatusVerdict(status: string): ResourceVerdict {
  return Object.hasOwn(consentStatusVerdicts, status) ? consentStatusVerdicts[status as ConsentStatusCode] : 'unknown';
}

/** Whether `code` is a final state of `machine` (nothing moves the resource on); false for a code it does not define. */
export function isFinalState(machine: StatusMachine, code: string): boolean {
  return stateOf(machine, code)?.final ?? false;
}

/** A user's action from one state and where it leads: "Cancel payment → CANC". */
export interface ActionChoice<C extends string> {
  action: StatusAction;
  /** The states the action may lead to, in the table's order. */
  to: C[];
}

/**
 * What the TPP's user can still cause from `code`, one entry per action label (the notes of its moves joined), in the
 * table's order. Nothing for a final status, nor for one 1.3.12 does not define: the console cannot know.
 */
export function actionsFrom<C extends string>(machine: StatusMachine<C>, code: string): ActionChoice<C>[] {
  const choices = new Map<string, { notes: Set<string>; to: C[] }>();
  for (const { from, to, action } of machine.transitions) {
    if (from !== code || action === undefined) continue;
    const choice = choices.get(action.label) ?? { notes: new Set<string>(), to: [] };
    if (action.note !== undefined) choice.notes.add(action.note);
    choice.to.push(to);
    choices.set(action.label, choice);
  }
  return [...choices].map(([label, { notes, to }]) => ({
    action: { label, ...(notes.size > 0 && { note: [...notes].join('; ') }) },
    to,
  }));
}

/**
 * Why a payment or a consent came to where it stands, when the bank's last word tells more than its status: the
 * authorisation's end (scaStatus failed, in the banking app for a decoupled one), the money missing after an approval,
 * or a return from the bank's page without one. The pages' outcome banner, the narration and the flow story all take
 * the cause from `outcomeCause` and say it with `causeWords`, so none of them tells a different reason.
 */
export type OutcomeCause =
  /** The authorisation ended failed at the bank (scaStatus failed): a wrong code, a denial, the bank's own check. */
  | 'sca-failed'
  /** A decoupled authorisation ended failed: the PSU cancelled it in the banking app. */
  | 'psu-cancelled'
  /** The PSU approved, then the bank found too little money and rejected the payment. */
  | 'approved-no-funds'
  /** The bank rejected the payment for too little money; no approval is known. */
  | 'no-funds'
  /** The PSU came back from the bank's page without approving, and the bank does not report the SCA as failed. */
  | 'not-completed';

/** What the bank said last, as the outcome's cause is read from it. */
export interface OutcomeEvidence {
  verdict: ResourceVerdict;
  /** The scaStatus of the resource's latest authorisation, as the bank last reported it. */
  scaStatus?: string | undefined;
  /** ASPSP-SCA-Approach of that authorisation (REDIRECT, DECOUPLED, EMBEDDED, OAUTH), as the bank sent it. */
  scaApproach?: string | undefined;
  /** The bank said the money is not there (see `saysFundsShort`). */
  fundsShort?: boolean | undefined;
  /** How the PSU came back from the bank's page, when they went there. */
  returned?: 'ok' | 'nok' | undefined;
}

/** Verdicts an authorisation's end can explain: an authorised, cancelled or ended resource says it all itself. */
const explainable: readonly ResourceVerdict[] = ['rejected', 'waiting', 'processing', 'unknown'];

export function outcomeCause(evidence: OutcomeEvidence): OutcomeCause | undefined {
  const { verdict, scaStatus, scaApproach, fundsShort, returned } = evidence;
  if (!explainable.includes(verdict)) return undefined;
  if (scaStatus === 'failed') return scaApproach?.toUpperCase() === 'DECOUPLED' ? 'psu-cancelled' : 'sca-failed';
  const approved = scaStatus === 'finalised' || scaStatus === 'exempted' || returned === 'ok';
  if (verdict === 'rejected' && fundsShort) return approved ? 'approved-no-funds' : 'no-funds';
  if (returned === 'nok' && !approved) return 'not-completed';
  return undefined;
}

/**
 * The cause in a few plain words, the same on every surface; `who` names the PSU ("the PSU" on the page, the PSU's
 * name in the narration).
 */
export function causeWords(cause: OutcomeCause, who = 'the PSU'): string {
  switch (cause) {
    case 'sca-failed':
      return 'the approval at the bank failed';
    case 'psu-cancelled':
      return `${who} cancelled in the banking app`;
    case 'approved-no-funds':
      return `${who} approved, then the bank found too little money in the account`;
    case 'no-funds':
      return 'the bank found too little money in the account';
    case 'not-completed':
      return `${who} did not complete the authorisation at the bank`;
  }
}

/** The short title a page gives the cause ("SCA failed"). */
export const causeTitles: Readonly<Record<OutcomeCause, string>> = {
  'sca-failed': 'SCA failed',
  'psu-cancelled': 'SCA cancelled by the PSU',
  'approved-no-funds': 'Rejected: not enough money',
  'no-funds': 'Rejected: not enough money',
  'not-completed': 'Not authorised',
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Whether a status answer (or the resource's body) says the money is not there: fundsAvailable false, a
 * FUNDS_NOT_AVAILABLE message, or the bank's own words on funds in its psuMessage or a message's text.
 */
export function saysFundsShort(answer: unknown): boolean {
  if (!isObject(answer)) return false;
  const { fundsAvailable, psuMessage, tppMessages, tppMessage } = answer;
  if (fundsAvailable === false) return true;
  const messages = [tppMessages, tppMessage].flat().filter(isObject);
  if (messages.some((message) => message.code === 'FUNDS_NOT_AVAILABLE')) return true;
  return [psuMessage, ...messages.map((message) => message.text)].some(
    (text) => typeof text === 'string' && /\b(?:funds|insufficient)\b/i.test(text),
  );
}
