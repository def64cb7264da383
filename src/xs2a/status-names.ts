// The status codes of 1.3.12 with their names and plain meanings, in plain TypeScript without zod, so a page that only
// shows statuses (the payments and consents lists, the header's consent indicator) loads no schema code. The zod enums
// in ./enums are built from the code lists here: this is the single source of the codes and their names.

// Ordered roughly along the payment lifecycle rather than the spec's order, so UIs can list them as-is.
export const transactionStatusCodes = [
  'RCVD',
  'PDNG',
  'ACTC',
  'ACCP',
  'ACFC',
  'ACSP',
  'ACSC',
  'ACCC',
  'ACWC',
  'ACWP',
  'PATC',
  'PART',
  'RJCT',
  'CANC',
] as const;
export type TransactionStatusCode = (typeof transactionStatusCodes)[number];

/**
 * Statuses after which a payment no longer moves on its own. ACSC and ACCC end the settlement (1.3.12 offers nothing
 * after them for a single payment), RJCT and CANC end it without execution, and PART is the end state of a bulk.
 * Everything else (RCVD, PDNG, the accepted-but-unsettled ACTC/ACCP/ACFC/ACSP/ACWC/ACWP, PATC) can still change.
 */
export const finalTransactionStatuses: readonly TransactionStatusCode[] = ['ACSC', 'ACCC', 'RJCT', 'CANC', 'PART'];

export const consentStatusCodes = [
  'received',
  'rejected',
  'valid',
  'revokedByPsu',
  'expired',
  'terminatedByTpp',
  'partiallyAuthorised',
] as const;
export type ConsentStatusCode = (typeof consentStatusCodes)[number];

/** Consent statuses from which a consent never becomes usable again. */
export const finalConsentStatuses: readonly ConsentStatusCode[] = [
  'rejected',
  'revokedByPsu',
  'expired',
  'terminatedByTpp',
];

export const scaStatusCodes = [
  'received',
  'psuIdentified',
  'psuAuthenticated',
  'scaMethodSelected',
  'started',
  'unconfirmed',
  'finalised',
  'failed',
  'exempted',
] as const;
export type ScaStatusCode = (typeof scaStatusCodes)[number];

/** SCA statuses after which the authorisation sub-resource no longer changes. */
export const finalScaStatuses: readonly ScaStatusCode[] = ['finalised', 'failed', 'exempted'];

/** name: the ISO 20022 name; label: a short plain name for lists; meaning: what it means for the TPP. */
export const transactionStatusInfo: Record<TransactionStatusCode, { name: string; label: string; meaning: string }> = {
  RCVD: {
    name: 'Received',
    label: 'Received',
    meaning: 'The bank has received the payment initiation; nothing has been checked yet.',
  },
  PDNG: {
    name: 'Pending',
    label: 'Pending',
    meaning: 'The bank is still running checks; the status will change again.',
  },
  ACTC: {
    name: 'AcceptedTechnicalValidation',
    label: 'Technically valid',
    meaning: 'Authentication and the syntax and content checks have passed.',
  },
  ACCP: {
    name: 'AcceptedCustomerProfile',
    label: 'Customer profile accepted',
    meaning: 'Technical checks passed and the PSU is allowed to make this payment from this account.',
  },
  ACFC: {
    name: 'AcceptedFundsChecked',
    label: 'Funds checked',
    meaning: 'Technical and customer-profile checks passed, and an automatic check found enough funds.',
  },
  ACSP: {
    name: 'AcceptedSettlementInProcess',
    label: 'Settlement in process',
    meaning: 'Every check passed and the bank has accepted the payment for execution.',
  },
  ACSC: {
    name: 'AcceptedSettlementCompleted',
    label: 'Settled',
    meaning:
      "The debtor's account has been debited. Banks only report this by bilateral agreement; it is not a booking confirmation.",
  },
  ACCC: {
    name: 'AcceptedCreditSettlementCompleted',
    label: 'Credited to the creditor',
    meaning: "The money has arrived on the creditor's account. (1.3.12 mislabels this code with the ACSC name.)",
  },
  ACWC: {
    name: 'AcceptedWithChange',
    label: 'Accepted with change',
    meaning: 'Accepted, but the bank will change something, for example the execution date.',
  },
  ACWP: {
    name: 'AcceptedWithoutPosting',
    label: 'Accepted without posting',
    meaning: "Accepted, but it will not be posted to the creditor customer's account.",
  },
  PATC: {
    name: 'PartiallyAcceptedTechnicalCorrect',
    label: 'Partially authorised',
    meaning: 'Several authorisations are needed and only some are done; the data itself is valid.',
  },
  PART: {
    name: 'PartiallyAccepted',
    label: 'Partially accepted',
    meaning: 'Bulk payments only: all authorisations are done, but some of the payments were rejected.',
  },
  RJCT: {
    name: 'Rejected',
    label: 'Rejected',
    meaning: 'The bank rejected the payment: it will not be made.',
  },
  CANC: { name: 'Cancelled', label: 'Cancelled', meaning: 'The payment was cancelled before it was executed.' },
};

export const consentStatusInfo: Record<ConsentStatusCode, string> = {
  received: 'The bank accepted the consent request as well-formed, but the PSU has not authorised it yet.',
  rejected: 'The consent will never become usable, typically because its authorisation failed.',
  valid: 'Authorised: the TPP may read the account data it covers.',
  revokedByPsu: 'The PSU withdrew the consent directly at the bank.',
  expired: 'The consent passed its validUntil date (or the bank ended it, e.g. a newer recurring consent replaced it).',
  terminatedByTpp: 'The TPP deleted the consent with DELETE /v1/consents/{consentId}.',
  partiallyAuthorised: 'Several PSUs must authorise this consent and only some have done so.',
};

/** Short plain names of the consent statuses, for badges and sentences. */
export const consentStatusLabels: Record<ConsentStatusCode, string> = {
  received: 'Waiting for authorisation',
  valid: 'Valid',
  rejected: 'Rejected',
  expired: 'Expired',
  terminatedByTpp: 'Deleted by the TPP',
  revokedByPsu: 'Revoked by the PSU',
  partiallyAuthorised: 'Partially authorised',
};

export const scaStatusInfo: Record<ScaStatusCode, string> = {
  received: 'The authorisation sub-resource exists; the SCA has not started.',
  psuIdentified: 'The bank knows which PSU is authorising.',
  psuAuthenticated: 'The PSU is identified and has passed the first factor, e.g. a password or token.',
  scaMethodSelected:
    'An SCA method has been chosen. With only one method available this can be the first status reported.',
  started: 'The SCA procedure is running, e.g. waiting for the PSU in the banking app.',
  unconfirmed: 'The PSU finished the SCA, but the TPP still has to confirm it (confirmation link).',
  finalised: 'SCA completed successfully. Final.',
  failed: 'SCA failed. Final: this authorisation cannot go on.',
  exempted: 'No SCA was needed (an exemption applied); counts as success. Final.',
};

/** Short plain names of the SCA statuses. */
export const scaStatusLabels: Record<ScaStatusCode, string> = {
  received: 'Received',
  psuIdentified: 'PSU identified',
  psuAuthenticated: 'PSU authenticated',
  scaMethodSelected: 'SCA method selected',
  started: 'Started',
  unconfirmed: 'Unconfirmed',
  finalised: 'Finalised',
  failed: 'Failed',
  exempted: 'Exempted',
};

// Banks send codes 1.3.12 does not define; these lookups take any string, and `Object.hasOwn` keeps "toString" out.

export function isTransactionStatusCode(status: string): status is TransactionStatusCode {
  return Object.hasOwn(transactionStatusInfo, status);
}

export function isConsentStatusCode(status: string): status is ConsentStatusCode {
  return Object.hasOwn(consentStatusInfo, status);
}

export function isScaStatusCode(status: string): status is ScaStatusCode {
  return Object.hasOwn(scaStatusInfo, status);
}

/** transactionStatus_SBS: the codes a signing basket's status takes. */
export const basketStatusCodes = ['ACSC', 'ACTC', 'PATC', 'RCVD', 'RJCT', 'CANC'] as const;
export type BasketStatusCode = (typeof basketStatusCodes)[number];

/** What a basket's status means for the payments and consents it holds. */
export const basketStatusInfo: Record<BasketStatusCode, { label: string; meaning: string }> = {
  RCVD: { label: 'Received', meaning: 'The bank holds the basket; the PSU has not authorised it yet.' },
  ACTC: {
    label: 'Accepted',
    meaning: 'The PSU authorised the basket and the bank accepted every payment and consent in it.',
  },
  PATC: {
    label: 'Partially accepted',
    meaning:
      'The PSU authorised the basket; the bank accepted some of its payments and consents and rejected the others (each one’s own status says which).',
  },
  ACSC: { label: 'Executed', meaning: 'Every payment of the basket has been executed.' },
  RJCT: {
    label: 'Rejected',
    meaning:
      'The basket’s authorisation failed or the bank accepted none of its members; the payments and consents keep their own status.',
  },
  CANC: { label: 'Cancelled', meaning: 'The basket was cancelled before its authorisation.' },
};

export function isBasketStatusCode(status: string): status is BasketStatusCode {
  return Object.hasOwn(basketStatusInfo, status);
}

/** The short plain name of a basket's status; a code 1.3.12 does not define is returned as it is. */
export function basketStatusLabel(status: string): string {
  return isBasketStatusCode(status) ? basketStatusInfo[status].label : status;
}

/** A basket's transactionStatus as sent: exact 1.3.12 codes decide. */
export function readBasketStatus(value: unknown): StatusReading<BasketStatusCode> {
  return readStatus(value, basketStatusCodes);
}

/** The short plain name of a transactionStatus; a code 1.3.12 does not define is returned as it is. */
export function transactionStatusLabel(status: string): string {
  return isTransactionStatusCode(status) ? transactionStatusInfo[status].label : status;
}

/** The short plain name of a consentStatus; a code 1.3.12 does not define is returned as it is. */
export function consentStatusLabel(status: string): string {
  return isConsentStatusCode(status) ? consentStatusLabels[status] : status;
}

/** The short plain name of an scaStatus; a code 1.3.12 does not define is returned as it is. */
export function scaStatusLabel(status: string): string {
  return isScaStatusCode(status) ? scaStatusLabels[status] : status;
}

/** What the console reads from a status the bank sent, and whether it may base a decision on it. */
export interface StatusReading<C extends string> {
  /** The 1.3.12 code when the bank sent exactly one; only then does the console decide anything from the status. */
  code?: C;
  /** The 1.3.12 code the value matches when case is ignored ("rcvd" → "RCVD"): named, never decided on. */
  probably?: C;
  /** The value as the bank sent it, as text. */
  sent: string;
  /** Set when the value is not a 1.3.12 code: what the bank reports, in plain words. */
  deviation?: string;
}

function readStatus<C extends string>(value: unknown, codes: readonly C[]): StatusReading<C> {
  const sent = typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
  const exact = codes.find((code) => code === sent);
  if (exact !== undefined) return { code: exact, sent };
  const probably = codes.find((code) => code.toLowerCase() === sent.trim().toLowerCase());
  const deviation =
    `the bank reports a status 1.3.12 does not define: ${sent || '(empty)'}` +
    (probably !== undefined ? ` (probably ${probably}, with different case)` : '');
  return { ...(probably !== undefined && { probably }), sent, deviation };
}

/** A transactionStatus as sent: exact 1.3.12 codes decide; "rcvd" is named as probably RCVD and flagged. */
export function readTransactionStatus(value: unknown): StatusReading<TransactionStatusCode> {
  return readStatus(value, transactionStatusCodes);
}

/** A consentStatus as sent: exact 1.3.12 codes decide; "VALID" is named as probably valid and flagged. */
export function readConsentStatus(value: unknown): StatusReading<ConsentStatusCode> {
  return readStatus(value, consentStatusCodes);
}

/** An scaStatus as sent: exact 1.3.12 codes decide; "FINALISED" is named as probably finalised and flagged. */
export function readScaStatus(value: unknown): StatusReading<ScaStatusCode> {
  return readStatus(value, scaStatusCodes);
}
