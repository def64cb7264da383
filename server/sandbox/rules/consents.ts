// The bank's consent rules: what it checks in a consent request beyond the schema, what an authorised consent grants
// and how a granted consent reads back, the daily budget of reads without the PSU, and the consent status machine as a
// table. Pure: no I/O; today's date and the accounts involved are passed in.
import type { AccountAccessResponse, AccountReference, Consents, ConsentStatus } from '../../../src/xs2a';
import { addDays } from '../clock';
import { bankError, formatError, type BankError } from './bank-error';

/** A consent's access object as the TPP requested it (stored as it was sent). */
export type Access = AccountAccessResponse;

/** What an authorised consent unlocks, as account (and card account) resource ids per service. */
export interface Granted {
  accounts: string[];
  balances: string[];
  transactions: string[];
  /** availableAccounts(WithBalance): the account list only, no reads of single accounts. */
  listOnly: boolean;
  listWithBalances: boolean;
  ownerName: string[];
}

export const dedicatedKeys = ['accounts', 'balances', 'transactions'] as const;

/** A service a bank-offered consent can ask for: account details, balances or transactions. */
export type OfferedService = (typeof dedicatedKeys)[number];

/** What the PSU chose on the bank's page for a bank-offered consent: account resource ids per requested service. */
export type AccountChoice = Record<OfferedService, string[]>;

/** The account facts the grant rules read: an account's IBAN, or a card account's PAN and masked PAN. */
export interface CoverableAccount {
  resource_id: string;
  iban?: string;
  pan?: string;
  masked_pan?: string;
  /** Card accounts have none: restrictedTo never covers them. */
  cash_account_type?: string;
}

/** Whether an account reference names this account: by IBAN, or a card account by its PAN or masked PAN. */
export const refersTo = (ref: AccountReference, account: CoverableAccount): boolean =>
  (ref.iban !== undefined && ref.iban === account.iban) ||
  (ref.pan !== undefined && ref.pan === account.pan) ||
  (ref.maskedPan !== undefined && ref.maskedPan === account.masked_pan);

export const consentPath = (consentId: string) => `/v1/consents/${consentId}`;

/** Whether the PSU chooses the accounts at the bank: accounts, balances or transactions given, all as empty lists. */
export function isBankOffered(access: Access): boolean {
  const given = dedicatedKeys.filter((k) => access[k] !== undefined);
  return given.length > 0 && given.every((k) => access[k]?.length === 0);
}

/** The global access a consent asks for (allPsd2, availableAccounts or availableAccountsWithBalance), if any. */
export const globalAccess = (access: Access) =>
  access.allPsd2 ?? access.availableAccounts ?? access.availableAccountsWithBalance;

/** The account references named under accounts, balances and transactions. */
export const namedReferences = (access: Access): AccountReference[] => dedicatedKeys.flatMap((k) => access[k] ?? []);

/**
 * What a consent request must satisfy beyond its schema: validity not in the past, a one-off consent read once a day,
 * and either named accounts or one global access. Throws FORMAT_ERROR.
 */
export function checkConsentRequest(body: Consents, today: string): void {
  const access: Access = body.access;
  if (body.validUntil < today)
    throw formatError(`validUntil ${body.validUntil} lies in the past.`, 'validUntil', 'ais');
  if (!body.recurringIndicator && body.frequencyPerDay !== 1) {
    throw formatError(
      'A one-off consent (recurringIndicator false) has a frequencyPerDay of 1.',
      'frequencyPerDay',
      'ais',
    );
  }
  const global = globalAccess(access);
  const dedicated = dedicatedKeys.some((k) => access[k] !== undefined);
  if (!global && !dedicated) {
    throw formatError(
      'The access object grants nothing: name accounts, balances or transactions, or a global access.',
      'access',
      'ais',
    );
  }
  if (global && dedicated) {
    throw formatError(
      'Combine either named accounts or one of allPsd2 / availableAccounts, not both.',
      'access',
      'ais',
    );
  }
}

/** The validity the bank grants: what was asked, at most maxConsentDays from today. */
export function grantedValidUntil(requested: string, today: string, maxConsentDays: number): string {
  const maxUntil = addDays(today, maxConsentDays);
  return requested > maxUntil ? maxUntil : requested;
}

/** The PSU's accounts a consent may cover: all of them, or those of the types in restrictedTo. */
export function coverable<A extends CoverableAccount>(access: Access, accounts: A[]): A[] {
  return access.restrictedTo?.length
    ? accounts.filter((a) => a.cash_account_type !== undefined && access.restrictedTo?.includes(a.cash_account_type))
    : accounts;
}

const ids = (list: CoverableAccount[]) => list.map((a) => a.resource_id);

function globalGrant(access: Access, accounts: CoverableAccount[]): Granted {
  const all = ids(accounts);
  const ownerName = globalAccess(access) === 'allAccountsWithOwnerName' ? all : [];
  if (access.allPsd2) {
    return { accounts: all, balances: all, transactions: all, listOnly: false, listWithBalances: true, ownerName };
  }
  const listWithBalances = access.availableAccountsWithBalance !== undefined;
  return { accounts: all, balances: [], transactions: [], listOnly: true, listWithBalances, ownerName };
}

/** Balances or transactions of an account include its details, as for a dedicated consent. */
function detailed(
  accounts: CoverableAccount[],
  listed: string[],
  balances: string[],
  transactions: string[],
  ownerName: string[],
): Granted {
  const covered = new Set([...listed, ...balances, ...transactions]);
  const ofAccounts = ids(accounts).filter((id) => covered.has(id));
  return { accounts: ofAccounts, balances, transactions, listOnly: false, listWithBalances: false, ownerName };
}

function bankOfferedGrant(access: Access, accounts: CoverableAccount[], choice: AccountChoice | undefined): Granted {
  if (!choice) {
    // No page to choose on (decoupled SCA in the banking app): all accounts, as the consent asked.
    const all = ids(accounts);
    return { accounts: all, balances: all, transactions: all, listOnly: false, listWithBalances: false, ownerName: [] };
  }
  // Only the PSU's own coverable accounts, only for services the consent asked for.
  const chosen = (key: OfferedService) =>
    access[key] === undefined ? [] : ids(accounts.filter((a) => choice[key].includes(a.resource_id)));
  return detailed(accounts, chosen('accounts'), chosen('balances'), chosen('transactions'), []);
}

/**
 * What a consent grants the PSU who authorises it, from that PSU's coverable accounts (in the PSU's order); for a
 * bank-offered consent, the accounts the PSU chose if given.
 */
export function grantFor(access: Access, accounts: CoverableAccount[], choice: AccountChoice | undefined): Granted {
  if (access.allPsd2 || access.availableAccounts || access.availableAccountsWithBalance) {
    return globalGrant(access, accounts);
  }
  if (isBankOffered(access)) return bankOfferedGrant(access, accounts, choice);
  const named = (refs: AccountReference[] | undefined) =>
    ids(accounts.filter((a) => refs?.some((r) => refersTo(r, a))));
  return detailed(
    accounts,
    named(access.accounts),
    named(access.balances),
    named(access.transactions),
    named(access.additionalInformation?.ownerName),
  );
}

/**
 * A bank-offered consent as the PSU granted it: the services the consent asked for, each with the granted accounts'
 * IBANs in the grant's order; one granted for none is left out, since an empty list would read as a bank-offered
 * request again.
 */
export function chosenAccess(requested: Access, granted: Granted, ibanOf: ReadonlyMap<string, string>): Access {
  const access: Access = {};
  for (const key of dedicatedKeys) {
    if (requested[key] === undefined) continue;
    const refs = granted[key].flatMap((id) => {
      const iban = ibanOf.get(id);
      return iban ? [{ iban }] : [];
    });
    if (refs.length > 0) access[key] = refs;
  }
  return access;
}

/**
 * A dedicated consent as the PSU granted it (1.3.12, GET consent): the requested account references without those the
 * grant left out (another PSU's accounts, types outside restrictedTo), each reference otherwise as the TPP sent it.
 * `named` holds the accounts and card accounts the references name.
 */
export function narrowedAccess(requested: Access, granted: Granted, named: readonly CoverableAccount[]): Access {
  const keep = (refs: AccountReference[] | undefined, kept: string[]) =>
    refs?.filter((ref) => named.some((account) => refersTo(ref, account) && kept.includes(account.resource_id)));
  const access: Access = { ...requested };
  for (const key of dedicatedKeys) {
    const kept = keep(requested[key], granted[key]);
    if (kept) access[key] = kept;
  }
  if (requested.additionalInformation?.ownerName) {
    access.additionalInformation = {
      ...requested.additionalInformation,
      ownerName: keep(requested.additionalInformation.ownerName, granted.ownerName),
    };
  }
  return access;
}

/** Every account reference a dedicated consent names, owner names included. */
export const referencedAccounts = (access: Access): AccountReference[] => [
  ...namedReferences(access),
  ...(access.additionalInformation?.ownerName ?? []),
];

/** Every IBAN a dedicated consent names, owner names included. */
export const referencedIbans = (access: Access): string[] =>
  referencedAccounts(access).flatMap((ref) => (ref.iban ? [ref.iban] : []));

/**
 * The consent status machine of this bank. An authorisation makes a received consent valid or rejected; time expires
 * it; the TPP's DELETE ends it from any status but its own end; authorising a new recurring consent expires the PSU's
 * earlier valid one.
 */
export const CONSENT_TRANSITIONS: Record<ConsentStatus, readonly ConsentStatus[]> = {
  received: ['valid', 'rejected', 'expired', 'terminatedByTpp'],
  partiallyAuthorised: ['valid', 'rejected', 'expired', 'terminatedByTpp'],
  valid: ['expired', 'terminatedByTpp'],
  rejected: ['terminatedByTpp'],
  revokedByPsu: ['terminatedByTpp'],
  expired: ['terminatedByTpp'],
  terminatedByTpp: [],
};

export function mayMoveConsent(from: string, to: ConsentStatus): boolean {
  return (CONSENT_TRANSITIONS as Record<string, readonly ConsentStatus[] | undefined>)[from]?.includes(to) === true;
}

/** Only a consent still waiting for its SCA may be authorised. */
export const mayStartAuthorisation = (status: string) => status === 'received';

/** The statuses a consent expires from once its validUntil has passed. */
export const EXPIRING_STATUSES = (Object.keys(CONSENT_TRANSITIONS) as ConsentStatus[]).filter((status) =>
  mayMoveConsent(status, 'expired'),
);

/** A consent expires on the day after its validUntil, when its status still allows it. */
export const isDueToExpire = (consent: { valid_until: string; consent_status: string }, today: string) =>
  consent.valid_until < today && mayMoveConsent(consent.consent_status, 'expired');

/**
 * Why account data may not be read under this consent today (CONSENT_EXPIRED or CONSENT_INVALID), if so. A consent
 * whose validUntil has passed is expired from the bank's midnight on, even in the moment before the scheduler marks it.
 */
export function readRefusal(
  consent: { valid_until: string; consent_status: string },
  today: string,
): BankError | undefined {
  const status = consent.consent_status;
  if (status === 'expired' || isDueToExpire(consent, today)) {
    return bankError('CONSENT_EXPIRED', 'The consent has expired.', { area: 'ais' });
  }
  if (status !== 'valid') {
    return bankError('CONSENT_INVALID', `The consent is ${status}, not valid.`, { area: 'ais' });
  }
  return undefined;
}

/** A consent's count of reads without the PSU present, as its row keeps it. */
export interface ReadBudget {
  frequency_per_day: number;
  usage_day: string | null;
  usage_count: number;
}

/** Whether today's reads without the PSU are used up: the count is of today (a new day starts at 0) and at the limit. */
export const budgetUsedUp = (budget: ReadBudget, today: string) =>
  budget.usage_day === today && budget.usage_count >= budget.frequency_per_day;

/** ACCESS_EXCEEDED, naming the consent's daily limit when known. */
export function accessExceeded(frequencyPerDay: number | undefined): BankError {
  const text =
    frequencyPerDay === undefined
      ? "The consent's accesses without the PSU present are used up for today."
      : `The consent allows ${frequencyPerDay} access${frequencyPerDay === 1 ? '' : 'es'} a day without the PSU present; today's are used up.`;
  return bankError('ACCESS_EXCEEDED', text, { area: 'ais' });
}
