// An exchange of the log as a draft to edit and resend: the operation found by its method and path template (or a raw
// request for a path the console does not know), with the exchange's path variables, query, headers and body, a fresh
// X-Request-ID, and what the log redacted filled again from the active profile as "Try it" fills it, never from the log.
import { isRecord, psuHeaderNames, REDACTED, type BankProfile, type Exchange } from '../../../api';
import { matchOperation } from '../../../xs2a';
import { SANDBOX_TEST_DATA } from './examples';
import { prefillDraft, type NameValueRow, type PrefillContext, type RequestDraft } from './request-draft';

/** A request to a path that is no 1.3.12 operation: the method and the URL (without its query) are edited as text. */
export interface RawDraft {
  method: string;
  url: string;
  pathValues: Record<string, string>;
  query: NameValueRow[];
  headers: NameValueRow[];
  bodyText: string;
  sendProfileToken: boolean;
}

/** What the sandbox's test PSUs type where the log shows [redacted] (lower-case member names). */
const SANDBOX_SECRETS: Record<string, string> = {
  password: SANDBOX_TEST_DATA.password,
  scaauthenticationdata: SANDBOX_TEST_DATA.otp,
};

/**
 * The body with each redacted value filled again: on the embedded sandbox with its test password and one-time
 * password, as the examples are; elsewhere left empty for the user to type.
 */
export function refillSecrets(body: unknown, sandbox: boolean): unknown {
  if (Array.isArray(body)) return body.map((item) => refillSecrets(item, sandbox));
  if (!isRecord(body)) return body;
  return Object.fromEntries(
    Object.entries(body).map(([name, value]) => [
      name,
      value === REDACTED ? (sandbox && SANDBOX_SECRETS[name.toLowerCase()]) || '' : refillSecrets(value, sandbox),
    ]),
  );
}

function bodyTextOf(body: unknown, sandbox: boolean): string {
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return body;
  return JSON.stringify(refillSecrets(body, sandbox), null, 2);
}

/** The profile's PSU headers by name, as "Try it" sends them. */
function profilePsuHeaders(profile: BankProfile): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, name] of Object.entries(psuHeaderNames) as [keyof BankProfile['psuHeaders'], string][]) {
    const value = profile.psuHeaders[key]?.trim();
    if (value) headers[name] = value;
  }
  return headers;
}

type Row = (name: string, value: string) => NameValueRow;

/**
 * The exchange's headers in their order, with a fresh X-Request-ID; Authorization is left to the "send the profile's
 * token" choice, and any other value the log redacted comes from `fromProfile` or is left out.
 */
function headerRows(
  headers: Record<string, string>,
  context: PrefillContext,
  fromProfile: Record<string, string>,
  row: Row,
) {
  const own = (name: string) =>
    Object.entries(fromProfile).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
  const rows: NameValueRow[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower === 'x-request-id') rows.push(row(name, context.requestId));
    else if (lower === 'authorization') continue;
    else if (!value.includes(REDACTED)) rows.push(row(name, value));
    else {
      const value = own(name);
      if (value) rows.push(row(name, value));
    }
  }
  if (!rows.some((entry) => entry.name.toLowerCase() === 'x-request-id')) {
    rows.unshift(row('X-Request-ID', context.requestId));
  }
  return rows;
}

/** The 1.3.12 operation of the exchange, by its method and path template; undefined for a path the console does not know. */
export function operationOfExchange(exchange: Exchange) {
  return matchOperation(exchange.request.method, new URL(exchange.request.url).pathname);
}

/** The parts an operation's draft and a raw draft take alike from the exchange. */
function commonParts(exchange: Exchange, context: PrefillContext, row: Row) {
  return {
    query: [...new URL(exchange.request.url).searchParams]
      .filter(([, value]) => !value.includes(REDACTED))
      .map(([name, value]) => row(name, value)),
    bodyText: bodyTextOf(exchange.request.body, context.profile.builtIn === true),
    sendProfileToken: context.hasToken,
  };
}

function rowMaker(context: PrefillContext): Row {
  return (name, value) => ({ id: context.newRowId(), name, value });
}

/** The exchange as a draft of its operation, for the active profile (`context`); undefined when it has none. */
export function operationDraftFromExchange(exchange: Exchange, context: PrefillContext): RequestDraft | undefined {
  const match = operationOfExchange(exchange);
  if (!match) return undefined;
  const row = rowMaker(context);
  // The profile's headers as "Try it" fills them for this operation: used where the log has [redacted].
  const prefilled = prefillDraft(match.name, context);
  const fromProfile = Object.fromEntries(prefilled.headers.map((entry) => [entry.name, entry.value]));
  return {
    operation: match.name,
    pathValues: { ...prefilled.pathValues, ...match.params },
    headers: headerRows(exchange.request.headers, context, fromProfile, row),
    ...commonParts(exchange, context, row),
  };
}

/** The exchange as a raw request: its own URL (the query as rows), the profile's PSU headers where it has [redacted]. */
export function rawDraftFromExchange(exchange: Exchange, context: PrefillContext): RawDraft {
  const row = rowMaker(context);
  const url = new URL(exchange.request.url);
  url.search = '';
  return {
    method: exchange.request.method.toUpperCase(),
    url: url.toString(),
    pathValues: {},
    headers: headerRows(exchange.request.headers, context, profilePsuHeaders(context.profile), row),
    ...commonParts(exchange, context, row),
  };
}
