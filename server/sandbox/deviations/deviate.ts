// Deviation modes at one place: the sandbox's own answers, transformed on their way out. A deviating bank is the same
// bank (same data, same flows) under `{prefix}/deviating/<mode>[+<mode>…]`, whose links, SCA pages and OAuth pages stay
// under that base; modes given at start apply to the normal base instead. Nothing here runs when no mode is asked for.
import type { RequestContext } from '../http/respond';
import { DEVIATION_DESCRIPTIONS, DEVIATION_MODES, parseDeviationModes, type DeviationMode } from './modes';

export interface DeviationOptions {
  /** The sandbox's normal prefix (normalised). */
  prefix: string;
  /** How long `slow` delays every answer. */
  slowMs: number;
  /** The largest page of transactions: a downloaded report asks for this many entries. */
  maxTransactionsPageSize: number;
  /** Waits `ms`; tests pass one that returns at once (or moves a manual clock). */
  sleep: (ms: number) => Promise<void>;
  /** The conforming sandbox. */
  core: (request: Request, context: RequestContext) => Promise<Response>;
}

export interface Deviations {
  /** `{prefix}/deviating`: the root of the deviating bases. */
  root: string;
  /** Whether a request's URL is under the deviating root. */
  matches(url: string): boolean;
  /** Answers a request under the deviating root: the list of modes, or the deviating bank the path names. */
  handle(request: Request, context: RequestContext): Promise<Response>;
  /** Answers a request of the normal base with modes turned on at start. */
  apply(modes: readonly DeviationMode[], request: Request, context: RequestContext): Promise<Response>;
}

const FINAL_TRANSACTION_STATUSES = new Set(['ACSC', 'ACCC', 'ACTV', 'RJCT', 'CANC', 'PART']);
const FINAL_CONSENT_STATUSES = new Set(['valid', 'rejected', 'revokedByPsu', 'expired', 'terminatedByTpp']);
const FINAL_SCA_STATUSES = new Set(['finalised', 'failed', 'exempted']);
/** What `unknown-statuses` says where the bank is in an intermediate state: statuses 1.3.12 does not define. */
export const UNKNOWN_STATUSES = {
  transactionStatus: 'PENDING_BANK',
  consentStatus: 'PENDING_PSU',
  scaStatus: 'IN_PROGRESS',
} as const;
type StatusKey = keyof typeof UNKNOWN_STATUSES;
const isFinal: Record<StatusKey, (value: string) => boolean> = {
  transactionStatus: (v) => FINAL_TRANSACTION_STATUSES.has(v),
  consentStatus: (v) => FINAL_CONSENT_STATUSES.has(v),
  scaStatus: (v) => FINAL_SCA_STATUSES.has(v),
};

const PAGING_LINKS_DROPPED = ['first', 'previous', 'last'];
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const isDateKey = (key: string) =>
  key.endsWith('Date') || key === 'validUntil' || key === 'dateFrom' || key === 'dateTo';
/** The fields `extra-fields` adds to every object. */
export const EXTRA_FIELDS = { bankInternalId: 'X-1', bankExtension: { channel: 'api', version: '2.4' } } as const;
/**
 * What `explicit-nulls` sends as null where the bank has no value: optional members, by a member that marks the kind
 * of object (an account, a balance, a transaction, a status answer).
 */
const NULL_MEMBERS: readonly (readonly [mark: string, members: readonly string[]])[] = [
  ['resourceId', ['ownerName', 'ownerNames', 'psuName', 'displayName', 'details']],
  ['balanceType', ['creditLimitIncluded', 'lastChangeDateTime', 'referenceDate', 'lastCommittedTransaction']],
  [
    'transactionAmount',
    [
      'creditorName',
      'creditorAccount',
      'debtorName',
      'debtorAccount',
      'remittanceInformationUnstructured',
      'endToEndId',
    ],
  ],
  ['transactionStatus', ['psuMessage']],
  ['consentStatus', ['psuMessage']],
  ['scaStatus', ['psuMessage', 'chosenScaMethod', 'challengeData']],
];

/** An ISO 11649 creditor reference (RF, two check digits, up to 21 characters) made from a transaction's id. */
export function creditorReference(id: string): string {
  const base =
    id
      .replace(/[^A-Za-z0-9]/g, '')
      .toUpperCase()
      .slice(-21) || '0';
  const digits = `${base}RF00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return `RF${String(98 - rest).padStart(2, '0')}${base}`;
}
const TRANSACTIONS_PATH = /^\/v1\/accounts\/([^/]+)\/transactions$/;
const DOWNLOAD_PATH = /^\/v1\/accounts\/([^/]+)\/transactions\/download$/;

/** rate-limited: a path the bank has no route for, whose error answer becomes the 429. */
const RATE_LIMITED_PATH = '/v1/rate-limited';
/** rate-limited: how long the bank asks a client to wait, in seconds. */
export const RATE_LIMIT_RETRY_AFTER = 1;
/** rate-limited: how many reads it remembers before it forgets them all (and limits each once more). */
const RATE_LIMIT_MEMORY = 10_000;

/** rate-limited: which reads were refused once already (method, path without query, Consent-ID, base). */
function rateLimiter() {
  const refused = new Set<string>();
  return {
    refuses(request: Request, path: string, base: string): boolean {
      if (request.method !== 'GET' || !path.startsWith('/v1/')) return false;
      const key = `${base} ${path} ${request.headers.get('Consent-ID') ?? ''}`;
      if (refused.has(key)) return false;
      if (refused.size >= RATE_LIMIT_MEMORY) refused.clear();
      refused.add(key);
      return true;
    },
  };
}

/** rate-limited: the bank's answer (its headers kept) as 429 Too Many Requests with Retry-After. */
function tooManyRequests(answer: Response): Response {
  const headers = new Headers(answer.headers);
  headers.delete('Content-Length');
  headers.set('Content-Type', 'application/json');
  headers.set('Retry-After', String(RATE_LIMIT_RETRY_AFTER));
  const text = `Too many requests: try again in ${RATE_LIMIT_RETRY_AFTER} s.`;
  const body = { tppMessages: [{ category: 'ERROR', code: 'ACCESS_EXCEEDED', text }] };
  return new Response(JSON.stringify(body), { status: 429, headers });
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};

/** The page an API gateway answers with when the service behind it fails. */
const GATEWAY_PAGE =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n' +
  '<hr><center>api-gateway</center>\r\n</body>\r\n</html>\r\n';

type Json = unknown;
type JsonObject = Record<string, Json>;
const isObject = (value: Json): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Another host name of the same server: the loopback names swap; other names stay (the links still become absolute). */
export function foreignOrigin(origin: string): string {
  const url = new URL(origin);
  const other =
    url.hostname === 'localhost'
      ? '127.0.0.1'
      : url.hostname === '127.0.0.1' || url.hostname === '[::1]'
        ? 'localhost'
        : url.hostname;
  return `${url.protocol}//${other}${url.port ? `:${url.port}` : ''}`;
}

interface Transform {
  modes: ReadonlySet<DeviationMode>;
  /** The request's origin and the origin links are written on (foreign-host-links). */
  origin: string;
  linkOrigin: string | undefined;
  /** unprefixed-links: the base whose prefix the API's links leave out. */
  unprefixed: string | undefined;
}

/** unprefixed-links: a link into the base's API (`{base}/v1/…`, relative or on the request's origin) as `/v1/…`. */
function withoutPrefix(href: string, t: Transform): string {
  if (t.unprefixed === undefined) return href;
  const path = href.startsWith(`${t.origin}/`) ? href.slice(t.origin.length) : href;
  return path.startsWith(`${t.unprefixed}/v1/`) ? path.slice(t.unprefixed.length) : href;
}

function linkHref(given: string, t: Transform): string {
  const href = withoutPrefix(given, t);
  if (!t.linkOrigin) return href;
  if (href.startsWith('/')) return `${t.linkOrigin}${href}`;
  if (href.startsWith(`${t.origin}/`)) return `${t.linkOrigin}${href.slice(t.origin.length)}`;
  return href;
}

function transformLinks(links: JsonObject, t: Transform): JsonObject {
  const out: JsonObject = {};
  const nextOnly = t.modes.has('next-links-only');
  for (const [name, link] of Object.entries(links)) {
    if (nextOnly && PAGING_LINKS_DROPPED.includes(name)) continue;
    if (!isObject(link) || typeof link.href !== 'string') {
      out[name] = link;
      continue;
    }
    const href = linkHref(link.href, t);
    out[name] = t.modes.has('string-links') ? href : { ...link, href };
  }
  return out;
}

/** `array-links`: the named links as a list of link objects. */
function listedLinks(links: JsonObject): Json[] {
  return Object.entries(links).map(([rel, link]) => ({ rel, href: isObject(link) ? link.href : link }));
}

/** `string-challenge`: the challenge's data as one string (its text when it had no data). */
function challengeAsText({ data, additionalInformation, ...rest }: JsonObject): JsonObject {
  if (Array.isArray(data))
    return { ...rest, ...(additionalInformation !== undefined && { additionalInformation }), data: data.join(' ') };
  return { ...rest, data: typeof additionalInformation === 'string' ? additionalInformation : '' };
}

/** The members the object-shaping modes add once an object's own members are transformed. */
function addMembers(out: JsonObject, t: Transform): void {
  if (t.modes.has('structured-remittance') && 'transactionAmount' in out && typeof out.transactionId === 'string') {
    const reference = creditorReference(out.transactionId);
    out.remittanceInformationStructured = { reference, referenceType: 'SCOR', referenceIssuer: 'ISO 11649' };
  }
  if (t.modes.has('explicit-nulls')) {
    for (const [mark, members] of NULL_MEMBERS) {
      if (mark in out) for (const member of members) if (!(member in out)) out[member] = null;
    }
  }
}

function transformStatus(key: StatusKey, value: string, t: Transform): string {
  if (t.modes.has('unknown-statuses') && !isFinal[key](value)) return UNKNOWN_STATUSES[key];
  if (t.modes.has('lowercase-statuses')) return value.toLowerCase();
  return value;
}

/** The body-shaping modes on one JSON value, recursively. */
function transformBody(value: Json, t: Transform): Json {
  if (Array.isArray(value)) return value.map((item) => transformBody(item, t));
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, field] of Object.entries(value)) {
    if (key === '_links' && isObject(field)) {
      const links = transformLinks(field, t);
      out[key] = t.modes.has('array-links') ? listedLinks(links) : links;
    } else if (key === 'challengeData' && isObject(field) && t.modes.has('string-challenge')) {
      out[key] = challengeAsText(transformBody(field, t) as JsonObject);
    } else if (typeof field === 'string') {
      if (key === 'amount' && t.modes.has('amounts-as-numbers') && Number.isFinite(Number(field))) {
        out[key] = Number(field);
      } else if (key in UNKNOWN_STATUSES) out[key] = transformStatus(key as StatusKey, field, t);
      else if (t.modes.has('datetime-dates') && isDateKey(key) && DATE_ONLY.test(field)) {
        out[key] = `${field}T00:00:00Z`;
      } else out[key] = field;
    } else out[key] = transformBody(field, t);
  }
  addMembers(out, t);
  if (t.modes.has('extra-fields')) Object.assign(out, structuredClone(EXTRA_FIELDS));
  return out;
}

/** An XS2A error body in the shape the modes give it; undefined: the body stays a tppMessages body. */
function reshapeError(status: number, body: Json, headers: Headers, t: Transform): string | undefined {
  const messages = isObject(body) && Array.isArray(body.tppMessages) ? body.tppMessages : [];
  const first = messages.find(isObject) ?? {};
  const text = typeof first.text === 'string' ? first.text : (STATUS_TEXT[status] ?? 'Error');
  if (t.modes.has('problem-json-errors')) {
    headers.set('Content-Type', 'application/problem+json');
    return JSON.stringify({ type: 'about:blank', title: STATUS_TEXT[status] ?? 'Error', status, detail: text });
  }
  if (t.modes.has('code-message-errors')) {
    return JSON.stringify({ code: typeof first.code === 'string' ? first.code : 'ERROR', message: text });
  }
  return undefined;
}

const BODY_MODES: readonly DeviationMode[] = [
  'amounts-as-numbers',
  'lowercase-statuses',
  'unknown-statuses',
  'string-links',
  'foreign-host-links',
  'datetime-dates',
  'extra-fields',
  'download-only-reports',
  'next-links-only',
  'string-challenge',
  'array-links',
  'explicit-nulls',
  'structured-remittance',
  'unprefixed-links',
];
const ERROR_MODES: readonly DeviationMode[] = ['code-message-errors', 'problem-json-errors', 'gateway-html-errors'];

/** What `GET {prefix}/deviating` answers: each mode with its description and base_url. */
export function describeDeviationModes(origin: string, root: string) {
  const modes = DEVIATION_MODES.map((name) => ({
    name,
    description: DEVIATION_DESCRIPTIONS[name],
    baseUrl: `${origin}${root}/${name}`,
  }));
  return { modes, combine: `${origin}${root}/<mode>+<mode>` };
}

/** The modes a deviating base's path segment names, or why it names none (unknown or no modes). */
export function modesOfSegment(segment: string): DeviationMode[] | string {
  let list: string;
  try {
    list = decodeURIComponent(segment);
  } catch {
    list = segment;
  }
  const { modes, unknown } = parseDeviationModes(list, /[+,]/);
  if (unknown.length === 0 && modes.length > 0) return modes;
  const names = unknown.length > 0 ? unknown.map((u) => `"${u.slice(0, 60)}"`).join(', ') : 'named';
  return `This bank has no deviation mode ${names}. Modes: ${DEVIATION_MODES.join(', ')}; combine them with +.`;
}

export function createDeviations(options: DeviationOptions): Deviations {
  const { prefix, core } = options;
  const root = `${prefix}/deviating`;
  const limited = rateLimiter();

  /** Runs a request through the sandbox with the modes on; `inner` is its URL on the normal base. */
  async function run(
    modes: ReadonlySet<DeviationMode>,
    request: Request,
    context: RequestContext,
    inner: URL,
    linkPrefix: string | undefined,
  ): Promise<Response> {
    if (modes.has('slow')) await options.sleep(options.slowMs);
    const path = inner.pathname.slice(prefix.length);
    const refused = modes.has('rate-limited') && limited.refuses(request, path, linkPrefix ?? prefix);
    // A refused read never reaches its route (nothing is read or counted): the bank's answer for a path it does not
    // know carries the headers every answer does (CORS, the X-Request-ID echo), and becomes the 429.
    if (refused) inner.pathname = `${prefix}${RATE_LIMITED_PATH}`;
    const accountOfDownload =
      modes.has('download-only-reports') && request.method === 'GET' ? DOWNLOAD_PATH.exec(path)?.[1] : undefined;
    if (accountOfDownload) {
      // The file holds the whole report: the transactions endpoint asked for the largest page.
      inner.pathname = `${prefix}/v1/accounts/${accountOfDownload}/transactions`;
      inner.searchParams.delete('page');
      inner.searchParams.set('pageSize', String(options.maxTransactionsPageSize));
    }
    let forward = request;
    if (inner.href !== request.url) {
      const init: RequestInit & { duplex?: 'half' } = {
        method: request.method,
        headers: request.headers,
        signal: request.signal,
      };
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.body) {
        init.body = request.body;
        init.duplex = 'half';
      }
      forward = new Request(inner, init);
    }
    const answered = await core(forward, linkPrefix === undefined ? context : { ...context, linkPrefix });
    const response = refused ? tooManyRequests(answered) : answered;
    if (!path.startsWith('/v1/') || request.method === 'OPTIONS') return response;

    const headers = new Headers(response.headers);
    let status = response.status;
    if (modes.has('no-request-id')) headers.delete('X-Request-ID');
    if (modes.has('ok-instead-of-created') && status === 201) status = 200;
    const origin = inner.origin;
    const t: Transform = {
      modes,
      origin,
      linkOrigin: modes.has('foreign-host-links') ? foreignOrigin(origin) : undefined,
      unprefixed: modes.has('unprefixed-links') ? (linkPrefix ?? prefix) : undefined,
    };
    const location = headers.get('Location');
    const newLocation = location ? linkHref(location, t) : undefined;
    if (newLocation !== undefined) headers.set('Location', newLocation);

    const isJson = /json/i.test(headers.get('Content-Type') ?? '');
    const error = status >= 400;
    const touchesBody = error ? ERROR_MODES.some((m) => modes.has(m)) : BODY_MODES.some((m) => modes.has(m));
    if (!isJson || (!touchesBody && !accountOfDownload)) {
      const changed = status !== response.status || modes.has('no-request-id') || newLocation !== location;
      return changed ? new Response(response.body, { status, headers }) : response;
    }
    headers.delete('Content-Length');
    const text = await response.text();
    let body: Json;
    try {
      body = JSON.parse(text) as Json;
    } catch {
      return new Response(text, { status, headers });
    }
    if (error) {
      if (modes.has('gateway-html-errors')) {
        headers.set('Content-Type', 'text/html; charset=utf-8');
        return new Response(GATEWAY_PAGE, { status: 502, headers });
      }
      return new Response(reshapeError(status, body, headers, t) ?? text, { status, headers });
    }
    const reportOf = TRANSACTIONS_PATH.exec(path)?.[1];
    if (accountOfDownload) {
      headers.set('Content-Disposition', `attachment; filename="transactions-${accountOfDownload}.json"`);
    } else if (reportOf && modes.has('download-only-reports') && isObject(body) && isObject(body.transactions)) {
      const query = new URLSearchParams(inner.search);
      query.delete('page');
      query.delete('pageSize');
      const search = query.size > 0 ? `?${query.toString()}` : '';
      const download = `${linkPrefix ?? prefix}/v1/accounts/${reportOf}/transactions/download${search}`;
      body = { ...body, transactions: { _links: { download: { href: download } } } };
    }
    return new Response(JSON.stringify(transformBody(body, t)), { status, headers });
  }

  return {
    root,
    matches(url) {
      const start = url.indexOf('/', url.indexOf('//') + 2);
      if (start < 0 || !url.startsWith(root, start)) return false;
      const after = url.charAt(start + root.length);
      return after === '' || after === '/' || after === '?' || after === '#';
    },
    async handle(request, context) {
      const url = new URL(request.url);
      const rest = url.pathname.slice(root.length);
      const segment = rest.slice(1).split('/')[0] ?? '';
      const modes = modesOfSegment(segment);
      // The list of modes and an unknown mode are the normal bank's answers (its routes for {prefix}/deviating).
      if (typeof modes === 'string') return core(request, context);
      const linkPrefix = `${root}/${segment}`;
      const inner = new URL(url);
      inner.pathname = `${prefix}${rest.slice(1 + segment.length)}` || '/';
      return run(new Set(modes), request, context, inner, linkPrefix);
    },
    apply(modes, request, context) {
      return run(new Set(modes), request, context, new URL(request.url), undefined);
    },
  };
}
