// Display helpers for consents that need nothing of the xs2a model (the list page and the indicator use them).
import { readDate } from '../../../xs2a/readers';

export function displayTime(epochMs: number): string {
  return new Date(epochMs).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The console route of a consent. */
export function consentRoute(consentId: string): string {
  return `/consents/${encodeURIComponent(consentId)}`;
}

/** A long id shortened for tight places: "con-8f2c…91ab". */
export function shortId(id: string): string {
  return id.length <= 14 ? id : `${id.slice(0, 8)}…${id.slice(-4)}`;
}

function groupIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

type Ref = { iban?: unknown; bban?: unknown; pan?: unknown; maskedPan?: unknown; msisdn?: unknown; currency?: unknown };

/** How the summaries show bank data: account numbers (masked in presenter mode) and whether spec names are added. */
export interface SummaryDisplay {
  account: (id: string) => string;
  specNames: boolean;
}

const AS_SENT: SummaryDisplay = { account: (id) => id, specNames: true };

/** The identifier of an account reference as a person reads it, with its currency when given. */
export function displayReference(ref: unknown, account: (id: string) => string = AS_SENT.account): string {
  if (typeof ref !== 'object' || ref === null) return String(ref);
  const r = ref as Ref & { other?: { identification?: unknown } };
  const id =
    typeof r.iban === 'string'
      ? groupIban(r.iban)
      : [r.bban, r.pan, r.maskedPan, r.msisdn, r.other?.identification].find((v) => typeof v === 'string');
  const currency = typeof r.currency === 'string' ? ` (${r.currency})` : '';
  return `${typeof id === 'string' ? account(id) : '(no identifier)'}${currency}`;
}

const globalNames: Record<string, string> = {
  allPsd2: 'All account information',
  availableAccounts: 'Account list',
  availableAccountsWithBalance: 'Account list with balances',
};

/** One line on what an `access` object asks for, e.g. "All account information (allPsd2: allAccounts)". */
export function accessSummary(access: Record<string, unknown>, display: SummaryDisplay = AS_SENT): string {
  for (const name of ['allPsd2', 'availableAccounts', 'availableAccountsWithBalance']) {
    const value = access[name];
    if (typeof value === 'string')
      return display.specNames ? `${globalNames[name]} (${name}: ${value})` : `${globalNames[name]}`;
  }
  const lists: [string, unknown[]][] = [];
  for (const name of ['accounts', 'balances', 'transactions']) {
    const refs = access[name];
    if (Array.isArray(refs)) lists.push([name, refs]);
  }
  if (lists.length === 0) return 'No access requested';
  if (lists.every(([, refs]) => refs.length === 0)) return 'Accounts chosen by the PSU at the bank (bank-offered)';
  const services = lists
    .filter(([, refs]) => refs.length > 0)
    .map(([name]) => (name === 'accounts' ? 'details' : name));
  const ids = new Set(lists.flatMap(([, refs]) => refs.map((ref) => displayReference(ref, display.account))));
  const what = services.length === 3 ? 'Details, balances and transactions' : capitalise(joinAnd(services));
  const [only] = [...ids];
  return `${what} of ${ids.size === 1 && only ? only : `${ids.size} accounts`}`;
}

/** The accounts a dedicated `access` names in its lists, each once; undefined for a global or bank-offered access. */
function dedicatedAccounts(access: Record<string, unknown>): Set<string> | undefined {
  const refs = ['accounts', 'balances', 'transactions'].flatMap((name) => {
    const list = access[name];
    return Array.isArray(list) ? (list as unknown[]) : [];
  });
  return refs.length === 0 ? undefined : new Set(refs.map((ref) => displayReference(ref)));
}

/**
 * "asked for 2 accounts, granted 1" when a dedicated consent's bank granted fewer accounts than the request named;
 * undefined when it granted them all, or when either side is not a list of accounts.
 */
export function fewerAccountsGranted(
  asked: Record<string, unknown>,
  granted: Record<string, unknown>,
): { asked: number; granted: number; text: string } | undefined {
  const wanted = dedicatedAccounts(asked);
  if (!wanted) return undefined;
  const got = dedicatedAccounts(granted)?.size ?? 0;
  if (got >= wanted.size) return undefined;
  const noun = (count: number) => (count === 1 ? 'account' : 'accounts');
  return {
    asked: wanted.size,
    granted: got,
    text: `asked for ${wanted.size} ${noun(wanted.size)}, granted ${got}`,
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function joinAnd(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * How long a consent has left at `bankNow` (the bank's time, bankNow/useBankNow, not the browser's): validUntil is
 * inclusive and the bank's calendar day (UTC in the sandbox), so a consent valid until today ends at midnight UTC. A
 * bank that adds a time to the date ("2026-11-20T10:00:00Z") is read by its date, as the spec's validUntil is a date.
 */
export function timeLeft(validUntil: unknown, bankNow: number): { expired: boolean; text: string } {
  const { date } = readDate(validUntil);
  const end = date === undefined ? Number.NaN : Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(end)) return { expired: false, text: 'unknown (not a date)' };
  const endOfDay = end + 86_400_000;
  const ms = endOfDay - bankNow;
  if (ms <= 0) return { expired: true, text: 'ended' };
  const days = Math.floor(ms / 86_400_000);
  if (days >= 1) return { expired: false, text: `${days} ${days === 1 ? 'day' : 'days'} left` };
  const hours = Math.max(1, Math.round(ms / 3_600_000));
  return { expired: false, text: `ends today (about ${hours} ${hours === 1 ? 'hour' : 'hours'} left)` };
}
