// Message codes a bank names as its own, outside 1.3.12's list, with what they mean and what a client does about
// them. The embedded sandbox names its own (SERVICE_UNAVAILABLE, INTERNAL_SERVER_ERROR: 1.3.12 gives 500 and 503 no
// code) in its admin API: the scenario catalogue's `sandboxCodes`, and the discovery document when it carries them.
// Kept per base_url for the tab (sessionStorage), so a reload keeps them; an error from that bank is explained with them
// (errors.ts) instead of "not a 1.3.12 message code".
import { isRecord } from './browser-records';
import { webStorage } from './web-storage';

export interface OwnCode {
  meaning: string;
  advice?: string;
  /** The HTTP status the bank answers the code with. */
  status?: number;
}

const STORAGE_KEY = 'xs2a-console:bank-own-codes';

const keyOf = (baseUrl: string) => baseUrl.trim().replace(/\/+$/, '');

let known: Map<string, Record<string, OwnCode>> | undefined;

function readOwnCode(value: unknown): OwnCode | undefined {
  if (!isRecord(value) || typeof value.meaning !== 'string' || !value.meaning) return undefined;
  return {
    meaning: value.meaning,
    ...(typeof value.advice === 'string' && value.advice && { advice: value.advice }),
    ...(typeof value.status === 'number' && Number.isInteger(value.status) && { status: value.status }),
  };
}

/** `{CODE: {meaning, advice?, status?}}` as far as it reads; entries that do not are left out. */
function readOwnCodes(value: unknown): Record<string, OwnCode> {
  if (!isRecord(value)) return {};
  const codes: Record<string, OwnCode> = {};
  for (const [code, entry] of Object.entries(value)) {
    const read = readOwnCode(entry);
    if (read && /^[A-Z][A-Z0-9_]*$/.test(code)) codes[code] = read;
  }
  return codes;
}

function stored(): Map<string, Record<string, OwnCode>> {
  if (known) return known;
  known = new Map();
  try {
    const parsed: unknown = JSON.parse(webStorage('session')?.getItem(STORAGE_KEY) || '{}');
    if (isRecord(parsed)) for (const [key, codes] of Object.entries(parsed)) known.set(key, readOwnCodes(codes));
  } catch {
    // Corrupt or blocked storage: the next read of the bank's admin API notes them again.
  }
  return known;
}

/** Notes the codes a bank at this base_url names as its own (a document's `sandboxCodes`); nothing when none read. */
export function noteOwnCodes(baseUrl: string, codes: unknown): void {
  const read = readOwnCodes(codes);
  if (Object.keys(read).length === 0) return;
  const all = stored();
  all.set(keyOf(baseUrl), read);
  try {
    webStorage('session')?.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(all)));
  } catch {
    // Full or blocked storage: they hold for this page.
  }
}

/** Whether a URL lies under a base_url (the same origin, and its path at or below the base_url's). */
function isUnder(url: string, baseUrl: string): boolean {
  try {
    const target = new URL(url);
    const base = new URL(baseUrl);
    const prefix = base.pathname.replace(/\/+$/, '');
    return target.origin === base.origin && (target.pathname === prefix || target.pathname.startsWith(`${prefix}/`));
  } catch {
    return false;
  }
}

/** What the bank a request went to says of a code of its own; undefined when it named none such. */
export function ownCodeOf(url: string, code: string): OwnCode | undefined {
  let found: { length: number; code: OwnCode } | undefined;
  for (const [baseUrl, codes] of stored()) {
    const own = codes[code];
    // The longest base_url wins: a bench under the shared sandbox's origin names its own codes.
    if (own && isUnder(url, baseUrl) && (!found || baseUrl.length > found.length)) {
      found = { length: baseUrl.length, code: own };
    }
  }
  return found?.code;
}

/** Forgets every bank's codes (tests start afresh). */
export function forgetOwnCodes(): void {
  known = new Map();
  webStorage('session')?.removeItem(STORAGE_KEY);
}
