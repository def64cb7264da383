/**
 * The console's own count of account reads per consent and day. 1.3.12 has no field that says how much of
 * frequencyPerDay a consent has used, so the console counts the reads it made itself: every account read (list,
 * details, balances, transactions) sent with a Consent-ID and without PSU-IP-Address (the PSU is not present, so the
 * bank counts it) that the bank answered with success, on the bank's day of the read (frequencyPerDay resets on the
 * bank's calendar, not the browser's). It watches the exchange log, so it counts whichever page made the read. A
 * refusal because of the consent (CONSENT_* or ACCESS_EXCEEDED) is kept as the consent's last refusal.
 */
import { bankNow, parseHttpDate, type BankProfile, type Exchange } from '../../../api';
import { isAccountRead } from './account-read-operations';
import type { ConsentHistory } from './consent-history';

function header(headers: Record<string, string>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

/** The message codes of a refusal that the consent explains. */
export function isConsentRefusalCode(code: string): boolean {
  return code.startsWith('CONSENT_') || code === 'ACCESS_EXCEEDED';
}

function refusalOf(exchange: Exchange): { code: string; text?: string } | undefined {
  const body = exchange.response?.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const candidates: unknown[] = Array.isArray(record.tppMessages) ? record.tppMessages : [record];
  for (const candidate of candidates) {
    if (typeof candidate !== 'object' || candidate === null) continue;
    const { code, text, detail } = candidate as Record<string, unknown>;
    if (typeof code === 'string' && isConsentRefusalCode(code)) {
      const said = typeof text === 'string' ? text : typeof detail === 'string' ? detail : undefined;
      return { code, ...(said && { text: said }) };
    }
  }
  return undefined;
}

export type ReadOutcome =
  | { kind: 'counted'; consentId: string; at: number }
  | { kind: 'refused'; consentId: string; at: number; code: string; text?: string; status: number }
  | { kind: 'ignored' };

/** What one finished exchange means for its consent's count. */
export function classifyExchange(exchange: Exchange): ReadOutcome {
  if (!isAccountRead(exchange) || !exchange.response) return { kind: 'ignored' };
  const consentId = header(exchange.request.headers, 'Consent-ID')?.trim();
  if (!consentId) return { kind: 'ignored' };
  const { status } = exchange.response;
  const at = exchange.startedAt;
  if (status >= 200 && status < 300) {
    const psuPresent = !!header(exchange.request.headers, 'PSU-IP-Address')?.trim();
    return psuPresent ? { kind: 'ignored' } : { kind: 'counted', consentId, at };
  }
  const refusal = refusalOf(exchange);
  return refusal ? { kind: 'refused', consentId, at, status, ...refusal } : { kind: 'ignored' };
}

/** The profiles whose history holds the consent, the one whose base_url the request went to first. */
function profilesFor(profiles: readonly BankProfile[], history: ConsentHistory, consentId: string, url: string) {
  const holding = profiles.filter((profile) => history.get(profile.id, consentId));
  const base = (profile: BankProfile) => profile.baseUrl.replace(/\/+$/, '');
  const matching = holding.filter((profile) => url === base(profile) || url.startsWith(`${base(profile)}/`));
  return matching.length > 0 ? matching : holding;
}

/** The bank's time of a read: its answer's Date, else when it was sent on the bank's clock as the console knows it. */
function bankTimeOf(exchange: Exchange, profile: BankProfile): number {
  return parseHttpDate(header(exchange.response?.headers ?? {}, 'Date')) ?? bankNow(profile, exchange.startedAt);
}

export interface ReadCounterSources {
  history: ConsentHistory;
  profiles: () => readonly BankProfile[];
  log: { list(): Exchange[]; subscribe(listener: () => void): () => void };
}

/** Watches the exchange log and records each finished account read once. Returns a function that stops it. */
export function watchAccountReads({ history, profiles, log }: ReadCounterSources): () => void {
  const seen = new Set<string>();
  // The history keeps the request ids it counted, so exchanges restored after a reload are not counted twice; this
  // set only saves looking at the same exchange again within one page load.
  const process = () => {
    const exchanges = log.list();
    for (const exchange of exchanges) {
      if (seen.has(exchange.id) || exchange.durationMs === undefined) continue;
      seen.add(exchange.id);
      const outcome = classifyExchange(exchange);
      if (outcome.kind === 'ignored') continue;
      const [profile] = profilesFor(profiles(), history, outcome.consentId, exchange.request.url);
      if (!profile) continue; // not a consent this browser created with any profile
      if (outcome.kind === 'counted') {
        history.recordRead(profile.id, outcome.consentId, exchange.requestId, bankTimeOf(exchange, profile));
      } else {
        history.recordRefusal(profile.id, outcome.consentId, {
          code: outcome.code,
          status: outcome.status,
          operationId: exchange.operationId,
          at: outcome.at,
          ...(outcome.text && { text: outcome.text }),
        });
      }
    }
    // Exchanges the log has dropped can never come back; forget them so the set stays small.
    if (seen.size > exchanges.length * 2 + 100) {
      const present = new Set(exchanges.map((exchange) => exchange.id));
      for (const id of seen) if (!present.has(id)) seen.delete(id);
    }
  };
  process();
  return log.subscribe(process);
}
