// A flow's exchanges as the steps of a replay: each request with the URL it takes from the bank's earlier answers
// (their `_links`, else the ids they gave), its headers and body with secrets turned into environment variables, the
// status and body schema to expect, the SCA steps (embedded PUTs, redirect and decoupled approvals) and the states the
// resources ended in. Pure: the exchanges in, a plan of code expressions out (render-test.ts writes the file).
import { REDACTED, readLinks, underBaseUrl, type Exchange } from '../../api';
import { jsString, jsTemplateText, valueLiteral, type ValueReplacer } from '../code-export/literals';
import { answerBody, isStatusRead, psuDataStepOf, requestName, statusSeen } from '../story/exchange-words';
import { schemaKeyOf } from './flow-schemas';

/** A piece of TypeScript code. */
export type Code = string;

export interface CallStep {
  kind: 'call';
  /** The answer's variable is `a<n>`. */
  n: number;
  title: string;
  method: string;
  url: Code;
  headers: [string, Code][];
  body?: Code;
  status: number;
  /** Message codes of an error answer (tppMessages), to expect again. */
  errorCodes: string[];
  schemaKey?: string;
  /** A PUT of the PSU's data or a read of the SCA status: grouped into the embedded SCA step. */
  sca: boolean;
  /**
   * A read of a status, which the console repeats while it waits: left out of the test (its final status is polled
   * once at the end) unless a later step takes something from its answer.
   */
  poll: boolean;
}

export type ScaApproach = 'redirect' | 'decoupled' | 'oauth';

export interface ScaStep {
  kind: 'sca';
  approach: ScaApproach;
  /** The answer that sent the PSU to the bank. */
  n: number;
  /** The headers its SCA status is read with. */
  headers: [string, Code][];
  decision: 'approve' | 'deny';
  /** Where the answer let the SCA status be read; undefined when it gave no link for it. */
  scaStatus?: Code;
  /** Decoupled: the authorisation the banking app decides on. */
  authorisationId?: Code;
  /** The scaStatus the flow ended with, when it read one. */
  expected?: string;
}

export interface EmbeddedStep {
  kind: 'embedded';
  calls: CallStep[];
}

export type PlanStep = CallStep | ScaStep | EmbeddedStep;

export interface FinalState {
  member: 'transactionStatus' | 'consentStatus' | 'scaStatus';
  /** The status machine the member's codes belong to, when it is not the member's own (a basket's transactionStatus). */
  machine?: 'basketStatus';
  /** Whose status it is, in words ("the basket's"), when the flow reads several resources' (a basket and its members). */
  of?: string;
  /** Read with a GET on this URL. */
  url: Code;
  headers: [string, Code][];
  seen: string;
  /** What was read: the member, and for scaStatus the authorisation's URL as recorded. */
  key: string;
}

export interface ReplayPlan {
  baseUrl: string;
  /** What the person chose and the bank's today at the recording, which the test takes from its environment instead. */
  values: RecordedValues;
  /** Whether a step sends one of the PSU's IBANs or a creditor's (the test then finds the accounts first). */
  usesAccounts: boolean;
  /** Whether a step names one of the PSU's cards by masked PAN (the test then finds the PSU's cards first). */
  usesCards: boolean;
  steps: PlanStep[];
  finals: FinalState[];
  /** Environment variables the steps read, besides the fixed ones, with what each stands for. */
  env: Map<string, string>;
  psuId?: string;
  /** Exchanges left out, in words. */
  skipped: string[];
}

export interface PlanOptions {
  /**
   * The flow whose answers hand the PSU over to the bank (a signing basket's): the SCA links in the answers of the
   * other flows replayed with it (its members' creations) are not followed, as one authorisation signs them all.
   */
  handOversOf?: string;
}

const q = (text: string): Code => jsString(text);

/** One payment of a bulk as the person chose it. */
export interface RecordedBulkPayment {
  amount: string;
  currency: string;
  creditorName?: string;
  creditorIban?: string;
}

/** What a person chose in the recorded flow, and the bank's calendar day then. */
export interface RecordedValues {
  /** The bank's today at the recording (YYYY-MM-DD), from its Date header, else the browser's clock. */
  today: string;
  /** The PSU's own IBANs in the order the flow first sent them (the test's `data.iban(0)`, `data.iban(1)`…). */
  ownIbans: string[];
  /** The PSU's cards by masked PAN in the order the flow first named them (the test's `data.maskedPan(0)`…). */
  maskedPans: string[];
  creditorIban?: string;
  /** The payment's amount, currency and creditor's name, when the flow initiated one. */
  payment?: { amount: string; currency: string; creditorName?: string };
  /**
   * A bulk's payments in their order, when the flow initiated a bulk: each one's amount, currency, creditor's name and
   * account (the test's `CHOSEN.payments[i]` and `data.creditorIbanAt(i)`).
   */
  bulk?: RecordedBulkPayment[];
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** Request members that hold a calendar day: written relative to the bank's today. */
const DATE_MEMBERS = new Set(['validUntil', 'requestedExecutionDate', 'startDate', 'endDate', 'dateFrom', 'dateTo']);

function bankDayOf(exchange: Exchange): string {
  const header = Object.entries(exchange.response?.headers ?? {}).find(([name]) => name.toLowerCase() === 'date')?.[1];
  const at = header !== undefined && !Number.isNaN(Date.parse(header)) ? Date.parse(header) : exchange.startedAt;
  return new Date(Number.isFinite(at) ? at : 0).toISOString().slice(0, 10);
}

/** Days from `today` to `date` (both YYYY-MM-DD). */
export function daysBetween(today: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** Every string member named `member` of a request body, in order. */
function membersNamed(value: unknown, member: string): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => membersNamed(item, member));
  const members = asRecord(value);
  if (!members) return [];
  return Object.entries(members).flatMap(([name, inner]) =>
    name === member && typeof inner === 'string' ? [inner] : membersNamed(inner, member),
  );
}

/** An amount the person chose: `{ currency, amount }` as text, else undefined. */
function chosenAmount(value: unknown): { amount: string; currency: string } | undefined {
  const amount = asRecord(value);
  return typeof amount?.amount === 'string' && typeof amount.currency === 'string'
    ? { amount: amount.amount, currency: amount.currency }
    : undefined;
}

/** A bulk's payments as chosen: those with an amount, in order (an entry without one is written as recorded). */
function bulkOf(entries: readonly unknown[]): RecordedBulkPayment[] {
  return entries.map((entry) => {
    const members = asRecord(entry) ?? {};
    const creditorIban = asRecord(members.creditorAccount)?.iban;
    return {
      ...(chosenAmount(members.instructedAmount) ?? { amount: '', currency: '' }),
      ...(typeof members.creditorName === 'string' && { creditorName: members.creditorName }),
      ...(typeof creditorIban === 'string' && { creditorIban }),
    };
  });
}

/** The values of the flow that the test reads from its environment (or the bank's test data) instead. */
export function recordedValues(exchanges: readonly Exchange[]): RecordedValues {
  const first = exchanges.find((exchange) => exchange.response) ?? exchanges[0];
  const values: RecordedValues = { today: first ? bankDayOf(first) : '1970-01-01', ownIbans: [], maskedPans: [] };
  for (const exchange of exchanges) {
    const body = asRecord(exchange.request.body);
    if (!body || exchange.request.method !== 'POST') continue;
    if (Array.isArray(body.payments) && !values.bulk && !values.payment) {
      values.bulk = bulkOf(body.payments);
      continue;
    }
    const creditor = asRecord(body.creditorAccount)?.iban;
    if (typeof creditor === 'string' && values.creditorIban === undefined) values.creditorIban = creditor;
    const amount = chosenAmount(body.instructedAmount);
    if (!values.payment && !values.bulk && amount) {
      values.payment = {
        ...amount,
        ...(typeof body.creditorName === 'string' && { creditorName: body.creditorName }),
      };
    }
  }
  const creditors = new Set([values.creditorIban, ...(values.bulk ?? []).map((entry) => entry.creditorIban)]);
  for (const exchange of exchanges) {
    for (const iban of membersNamed(exchange.request.body, 'iban')) {
      if (!creditors.has(iban) && !values.ownIbans.includes(iban)) values.ownIbans.push(iban);
    }
    for (const pan of membersNamed(exchange.request.body, 'maskedPan')) {
      if (!values.maskedPans.includes(pan)) values.maskedPans.push(pan);
    }
  }
  return values;
}

/** A calendar day of the recording as code relative to the bank's today when the test runs. */
const dayCode = (values: RecordedValues, date: string): Code => `day(data.today, ${daysBetween(values.today, date)})`;

/** A URL's query with the calendar days in it (dateFrom, dateTo) relative to the bank's today, as template text. */
function queryCode(query: string, values: RecordedValues | undefined): Code {
  const text = jsTemplateText(query);
  if (!values) return text;
  return text.replace(/(=)(\d{4}-\d{2}-\d{2})(?=&|$)/g, (_, equals: string, date: string) =>
    Number.isNaN(Date.parse(date)) ? `${equals}${date}` : `${equals}\${${dayCode(values, date)}}`,
  );
}

/** The base_url: what comes before `/v1/` in the first request (the bank's prefix included). */
export function baseUrlOf(exchanges: readonly Exchange[]): string {
  for (const exchange of exchanges) {
    const at = exchange.request.url.indexOf('/v1/');
    if (at > 0) return exchange.request.url.slice(0, at);
  }
  return exchanges[0] ? new URL(exchanges[0].request.url).origin : '';
}

/** `X-Sandbox-Scenario` → `XS2A_X_SANDBOX_SCENARIO`. */
export function envNameOf(name: string): string {
  return `XS2A_${name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase()}`;
}

interface Answered {
  n: number;
  exchange: Exchange;
}

const ID_MEMBERS = ['paymentId', 'consentId', 'basketId', 'authorisationId', 'cancellationId'];

function stripQuery(url: string): string {
  const at = url.search(/[?#]/);
  return at < 0 ? url : url.slice(0, at);
}

interface FoundLink {
  /** Where the `_links` object sits in the body: [] at the top, e.g. ["accounts", 0] inside. */
  path: (string | number)[];
  name: string;
  href: string;
}

/** Every link of a body: the top-level `_links` first, then those of nested objects (accounts, pages), not too deep. */
export function linksIn(body: unknown, path: (string | number)[] = [], depth = 0): FoundLink[] {
  if (typeof body !== 'object' || body === null || depth > 4) return [];
  const own = Array.isArray(body)
    ? []
    : Object.entries(readLinks((body as Record<string, unknown>)._links).links).map(([name, { href }]) => ({
        path,
        name,
        href,
      }));
  const nested = Object.entries(body).flatMap(([key, value]) =>
    key === '_links' ? [] : linksIn(value, [...path, Array.isArray(body) ? Number(key) : key], depth + 1),
  );
  return [...own, ...nested];
}

/** A code expression for `url`: a link of an earlier answer, else the base_url with the ids earlier answers gave. */
export function urlCode(url: string, earlier: readonly Answered[], baseUrl: string, values?: RecordedValues): Code {
  const query = url.slice(stripQuery(url).length);
  for (const { n, exchange } of [...earlier].reverse()) {
    for (const { path, name, href } of linksIn(answerBody(exchange))) {
      let resolved: string;
      try {
        resolved = new URL(href, `${baseUrl}/`).href;
      } catch {
        continue;
      }
      const link =
        path.length === 0
          ? `linkOf(a${n}, ${q(name)}, BASE_URL)`
          : `linkAt(a${n}, [${path.map((step) => (typeof step === 'number' ? String(step) : q(step))).join(', ')}], ${q(name)}, BASE_URL)`;
      // A link the console followed under the base_url because it led nowhere without the bank's prefix is the same
      // link: the test's `call` tries it under BASE_URL too.
      const used = underBaseUrl(baseUrl, resolved)?.used;
      if (resolved === url || used === url) return link;
      if (query !== '' && (resolved === stripQuery(url) || used === stripQuery(url))) {
        return `\`\${${link}}${queryCode(query, values)}\``;
      }
    }
  }
  if (!url.startsWith(`${baseUrl}/`)) return q(url);
  let path = jsTemplateText(stripQuery(url).slice(baseUrl.length));
  for (const { n, exchange } of [...earlier].reverse()) {
    const body = answerBody(exchange) ?? {};
    for (const member of ID_MEMBERS) {
      const id = body[member];
      if (typeof id !== 'string' || id.length < 3) continue;
      const segment = `/${encodeURIComponent(id)}`;
      path = path.replace(
        new RegExp(`${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=/|$|\\?)`, 'g'),
        `/\${idOf(a${n}, ${q(member)})}`,
      );
    }
    path = accountIdsIn(path, n, body);
  }
  return `\`\${BASE_URL}${path}${queryCode(query, values)}\``;
}

/**
 * An account's or card account's resourceId (as an earlier list gave it) in a path, as
 * `idAt(a<n>, ["accounts", i], …)` or `idAt(a<n>, ["cardAccounts", i], …)`.
 */
function accountIdsIn(path: string, n: number, body: Record<string, unknown>): string {
  let result = path;
  for (const list of ['accounts', 'cardAccounts']) {
    const accounts = Array.isArray(body[list]) ? (body[list] as unknown[]) : [];
    accounts.forEach((account, index) => {
      const id = asRecord(account)?.resourceId;
      if (typeof id !== 'string' || id.length < 3) return;
      const segment = `/${jsTemplateText(encodeURIComponent(id))}`;
      result = result.replace(
        new RegExp(`${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=/|$)`, 'g'),
        `/\${idAt(a${n}, ["${list}", ${index}], "resourceId")}`,
      );
    });
  }
  return result;
}

/** Headers the test sets itself, or that a client must not copy. */
const DROPPED_HEADERS = new Set(['x-request-id', 'content-length', 'host', 'accept-encoding', 'connection']);

function headerCodes(exchange: Exchange, earlier: readonly Answered[], env: Map<string, string>): [string, Code][] {
  const codes: [string, Code][] = [];
  for (const [name, value] of Object.entries(exchange.request.headers)) {
    const lower = name.toLowerCase();
    if (DROPPED_HEADERS.has(lower)) continue;
    if (value.includes(REDACTED)) {
      const variable = envNameOf(name);
      env.set(variable, `the ${name} header (not written into this file)`);
      codes.push([name, `env(${q(variable)})`]);
    } else if (lower === 'psu-id') codes.push([name, 'PSU.id']);
    // The console's own callback with the state of that run: the test's own addresses (the sandbox never opens them).
    else if (lower === 'tpp-redirect-uri') codes.push([name, 'REDIRECT_URI']);
    else if (lower === 'tpp-nok-redirect-uri') codes.push([name, 'NOK_REDIRECT_URI']);
    else if (lower === 'consent-id') codes.push([name, idCode(value, earlier) ?? q(value)]);
    else codes.push([name, q(value)]);
  }
  return codes;
}

/** `idOf(a1, "consentId")` when an earlier answer gave this id. */
function idCode(value: string, earlier: readonly Answered[]): Code | undefined {
  for (const { n, exchange } of [...earlier].reverse()) {
    const body = answerBody(exchange) ?? {};
    const member = ID_MEMBERS.find((name) => body[name] === value);
    if (member) return `idOf(a${n}, ${q(member)})`;
  }
  return undefined;
}

/** A signing basket's members (`paymentIds`, `consentIds`): each id an earlier answer gave, as that answer's. */
const MEMBER_LISTS = new Set(['paymentIds', 'consentIds']);

/** The ids of a list, each as the earlier answer that gave it names it (else as recorded). */
function idListCode(ids: unknown[], earlier: readonly Answered[], indent: string): Code {
  return valueLiteral(ids, 'js', (_, id) => (typeof id === 'string' ? idCode(id, earlier) : undefined), indent);
}

/**
 * The request body as code, each redacted member read from the environment instead, a chosen SCA method taken
 * from the bank's offer in `offer` (the answer that listed the methods), and a basket's members as the run created them.
 */
function bodyCode(
  body: unknown,
  env: Map<string, string>,
  offer: number | undefined,
  values: RecordedValues,
  earlier: readonly Answered[] = [],
): Code | undefined {
  if (body === undefined || body === null) return undefined;
  // A bulk's payments: each written with the run's values of its own position.
  const entries: unknown[] =
    values.bulk && Array.isArray(asRecord(body)?.payments) ? (asRecord(body)?.payments as unknown[]) : [];
  const replacer =
    (bulkIndex?: number): ValueReplacer =>
    (name, value, indent) => {
      const entry = bulkIndex === undefined && typeof value === 'object' ? entries.indexOf(value) : -1;
      if (entry >= 0) return valueLiteral(value, 'js', replacer(entry), indent);
      const chosen = chosenValueCode(name, value, values, bulkIndex);
      if (chosen !== undefined) return chosen;
      if (MEMBER_LISTS.has(name) && Array.isArray(value)) return idListCode(value, earlier, indent);
      if (name === 'authenticationMethodId' && offer !== undefined && typeof value === 'string') {
        return `methodOf(a${offer}, ${q(value)})`;
      }
      if (value !== REDACTED) return undefined;
      if (/password/i.test(name)) return 'PSU.password';
      if (name === 'scaAuthenticationData') return 'PSU.otp';
      const variable = envNameOf(name);
      env.set(variable, `the request member ${name} (not written into this file)`);
      return `env(${q(variable)})`;
    };
  return valueLiteral(body, 'js', replacer());
}

/** `{ currency, amount }` as the person chose it (exactly these two members), as code of the run's variables. */
function amountCode(value: unknown, chosen: { amount: string; currency: string } | undefined, from: Code) {
  const amount = asRecord(value);
  return chosen &&
    amount?.amount === chosen.amount &&
    amount.currency === chosen.currency &&
    Object.keys(amount).length === 2
    ? `{ currency: ${from}.currency, amount: ${from}.amount }`
    : undefined;
}

/**
 * What the person chose (accounts, cards, amount, creditor; for the payment `bulkIndex` of a bulk its own) and calendar
 * days, as the test's variables; else undefined.
 */
function chosenValueCode(name: string, value: unknown, values: RecordedValues, bulkIndex?: number): Code | undefined {
  const bulk = bulkIndex === undefined ? undefined : values.bulk?.[bulkIndex];
  const inBulk = `CHOSEN.payments[${bulkIndex ?? 0}]`;
  if (typeof value === 'string') {
    if (name === 'iban') {
      if (bulk && value === bulk.creditorIban) return `data.creditorIbanAt(${bulkIndex ?? 0})`;
      if (value === values.creditorIban) return 'data.creditorIban';
      const index = values.ownIbans.indexOf(value);
      return index < 0 ? undefined : `data.iban(${index})`;
    }
    if (name === 'maskedPan') {
      const index = values.maskedPans.indexOf(value);
      return index < 0 ? undefined : `data.maskedPan(${index})`;
    }
    if (name === 'creditorName' && bulk) return bulk.creditorName === value ? `${inBulk}.creditorName` : undefined;
    if (name === 'creditorName' && values.payment?.creditorName === value) return 'CHOSEN.creditorName';
    if (DATE_MEMBERS.has(name) && ISO_DAY.test(value) && !Number.isNaN(Date.parse(value))) {
      return dayCode(values, value);
    }
  }
  if (name !== 'instructedAmount') return undefined;
  return bulk ? amountCode(value, bulk, inBulk) : amountCode(value, values.payment, 'CHOSEN');
}

function errorCodesOf(exchange: Exchange): string[] {
  const body = answerBody(exchange);
  const messages = body?.tppMessages ?? body?.tppMessage;
  if (!Array.isArray(messages)) return [];
  return messages.flatMap((message: unknown) => {
    const code = (message as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? [code] : [];
  });
}

/** Reads the console makes by itself while a page is open (the authorisations it lists to resume an SCA). */
const BACKGROUND_READS = new Set([
  'getPaymentInitiationAuthorisation',
  'getConsentAuthorisation',
  'getPaymentInitiationCancellationAuthorisationInformation',
]);
const isBackgroundRead = (exchange: Exchange) => BACKGROUND_READS.has(exchange.operationId);

const isScaRead = (exchange: Exchange) => /Sca(Status)?$|ScaStatus$/.test(exchange.operationId);

/**
 * The exchanges worth replaying: answered ones, a read repeated before anything else happened only once (its last
 * time: polling), and a PSU-data update that failed and was then sent again left out (a mistyped one-time password).
 */
export function replayedExchanges(exchanges: readonly Exchange[], skipped: string[]): Exchange[] {
  return exchanges.filter((exchange, index) => {
    // A try the console made again by itself (a 429 it waited on, a link that led nowhere): the next try is replayed.
    if (exchange.triedAgain) {
      skipped.push(`${requestName(exchange)}: tried again by the console (${exchange.triedAgain})`);
      return false;
    }
    if (!exchange.response) {
      // A read the console itself gave up (the page moved on) is nothing the person did.
      if (exchange.error?.kind !== 'aborted') {
        skipped.push(`${requestName(exchange)}: no answer (${exchange.error?.kind ?? 'in flight'})`);
      }
      return false;
    }
    if (/^oauth/.test(exchange.operationId)) {
      skipped.push(`${requestName(exchange)}: the OAuth exchange is the PSU's part, not replayed`);
      return false;
    }
    const later = exchanges.slice(index + 1);
    const sameUrl = (other: Exchange) =>
      other.request.method === exchange.request.method && other.request.url === exchange.request.url;
    if (exchange.request.method === 'GET') {
      const nextChange = later.findIndex((other) => other.request.method !== 'GET');
      const untilChange = nextChange < 0 ? later : later.slice(0, nextChange);
      return !untilChange.some((other) => sameUrl(other) && other.response);
    }
    const step = psuDataStepOf(exchange);
    if (step && exchange.response.status >= 400) {
      return !later.some((other) => sameUrl(other) && psuDataStepOf(other) === step);
    }
    return true;
  });
}

/** The answer whose SCA methods a chosen method comes from: the latest that offered any. */
function methodOffer(earlier: readonly Answered[]): number | undefined {
  return [...earlier].reverse().find(({ exchange }) => Array.isArray(answerBody(exchange)?.scaMethods))?.n;
}

interface PlanContext {
  baseUrl: string;
  env: Map<string, string>;
  values: RecordedValues;
}

function callStep(n: number, exchange: Exchange, earlier: readonly Answered[], context: PlanContext): CallStep {
  const { env } = context;
  const { method, url } = exchange.request;
  const status = exchange.response?.status ?? 0;
  const schemaKey = schemaKeyOf(method, url, status);
  const body = bodyCode(exchange.request.body, env, methodOffer(earlier), context.values, earlier);
  return {
    kind: 'call',
    n,
    title: requestName(exchange),
    method,
    url: urlCode(url, earlier, context.baseUrl, context.values),
    headers: headerCodes(exchange, earlier, env),
    ...(body !== undefined && { body }),
    status,
    errorCodes: status >= 400 ? errorCodesOf(exchange) : [],
    ...(schemaKey && { schemaKey }),
    // Naming the PSU alone is no embedded SCA: a decoupled flow starts that way too.
    sca: (psuDataStepOf(exchange) ?? 'identification') !== 'identification' || isScaRead(exchange),
    poll:
      exchange.request.method === 'GET' &&
      (isStatusRead(exchange) || isScaRead(exchange) || isBackgroundRead(exchange)),
  };
}

function headerOf(exchange: Exchange, name: string): string | undefined {
  const entry = Object.entries(exchange.response?.headers ?? {}).find(([key]) => key.toLowerCase() === name);
  return entry?.[1];
}

/** The SCA hand-over an answer starts, if any: redirect (scaRedirect), OAuth (scaOAuth) or decoupled. */
function scaHandOver(exchange: Exchange): ScaApproach | undefined {
  const links = readLinks(answerBody(exchange)?._links).links;
  if (links.scaRedirect) return 'redirect';
  if (links.scaOAuth) return 'oauth';
  if (headerOf(exchange, 'aspsp-sca-approach')?.toUpperCase() === 'DECOUPLED' && links.scaStatus) return 'decoupled';
  return undefined;
}

function scaStep(approach: ScaApproach, call: CallStep, exchange: Exchange, later: readonly Exchange[]): ScaStep {
  const n = call.n;
  const body = answerBody(exchange) ?? {};
  const links = readLinks(body._links).links;
  const lastSca = later
    .map((other) => statusSeen(other))
    .filter((status) => status?.family === 'sca')
    .pop()?.code;
  return {
    kind: 'sca',
    approach,
    n,
    headers: readHeaders(call),
    decision: lastSca === 'failed' ? 'deny' : 'approve',
    ...(links.scaStatus && { scaStatus: `linkOf(a${n}, "scaStatus", BASE_URL)` }),
    ...(approach === 'decoupled' && {
      authorisationId:
        typeof body.authorisationId === 'string'
          ? `idOf(a${n}, "authorisationId")`
          : `new URL(linkOf(a${n}, "scaStatus", BASE_URL)).pathname.split("/").pop() ?? ""`,
    }),
    ...(lastSca && { expected: lastSca }),
  };
}

/** A call's headers as a GET on the same resource sends them: without the body's type and the TPP's SCA wishes. */
const readHeaders = (call: CallStep) => call.headers.filter(([name]) => !/^(content-type|tpp-)/i.test(name));

const MEMBERS = {
  transaction: 'transactionStatus',
  consent: 'consentStatus',
  basket: 'transactionStatus',
  sca: 'scaStatus',
} as const;

/** The resource a status was read of: its path, the same for its status read (`…/status`) and its own read. */
const resourceOf = (url: string) => stripQuery(url).replace(/\/status\/?$/, '');

const OWNERS = {
  transaction: "the payment's",
  consent: "the consent's",
  basket: "the basket's",
  sca: undefined,
} as const;

/**
 * Where the final state of what this answer reported can be read again: the GET itself, or the resource it acted on;
 * `named`: the flow reads several resources' states, so each says whose it is.
 */
function finalState(step: CallStep, exchange: Exchange, baseUrl: string, named = false): FinalState | undefined {
  const seen = statusSeen(exchange);
  if (!seen) return undefined;
  const member = MEMBERS[seen.family];
  const headers = readHeaders(step);
  const owner = named ? OWNERS[seen.family] : undefined;
  const machine = {
    ...(seen.family === 'basket' && { machine: 'basketStatus' as const }),
    ...(owner && { of: owner }),
  };
  // One final state per resource (a basket's flow reads its own and each member's); a link without the bank's prefix
  // names the resource the console then read under the base_url.
  const keyOf = (given: string) => {
    const url = underBaseUrl(baseUrl, given)?.used ?? given;
    return `${member} ${member === 'scaStatus' ? stripQuery(url) : resourceOf(url)}`;
  };
  if (step.method === 'GET' || (member === 'scaStatus' && step.method === 'PUT')) {
    return { member, ...machine, url: step.url, headers, seen: seen.code, key: keyOf(exchange.request.url) };
  }
  const links = readLinks(answerBody(exchange)?._links).links;
  const link = member === 'scaStatus' ? 'scaStatus' : 'status';
  const href = links[link]?.href;
  if (href === undefined) return undefined;
  const url = `linkOf(a${step.n}, ${q(link)}, BASE_URL)`;
  return { member, ...machine, url, headers, seen: seen.code, key: keyOf(new URL(href, exchange.request.url).href) };
}

/** Consecutive SCA calls with at least one PSU-data update become one embedded SCA step. */
function groupEmbedded(steps: PlanStep[]): PlanStep[] {
  const grouped: PlanStep[] = [];
  for (const step of steps) {
    const previous = grouped[grouped.length - 1];
    if (step.kind === 'call' && step.sca && step.method === 'PUT') {
      if (previous?.kind === 'embedded') previous.calls.push(step);
      else {
        // The SCA reads just before the first update belong to the step too.
        const reads: CallStep[] = [];
        while (grouped.length > 0) {
          const last = grouped[grouped.length - 1];
          if (last?.kind !== 'call' || !last.sca || last.method !== 'GET') break;
          reads.unshift(last);
          grouped.pop();
        }
        grouped.push({ kind: 'embedded', calls: [...reads, step] });
      }
    } else if (step.kind === 'call' && step.sca && previous?.kind === 'embedded') previous.calls.push(step);
    else grouped.push(step);
  }
  return grouped;
}

/** Code that uses the answer `a<n>`. */
const usesAnswer = (code: string, n: number) => new RegExp(`\\ba${n}\\b`).test(code);

/** The steps without the status reads the console polled with, unless a later step uses one's answer. */
function withoutPolling(steps: PlanStep[], finals: readonly FinalState[]): PlanStep[] {
  const text = JSON.stringify([steps, finals]);
  const calls = steps.flatMap((step) => (step.kind === 'call' ? [step] : step.kind === 'embedded' ? step.calls : []));
  // A read the console made again later (a page refreshing what it shows) is polling too.
  const readAgain = (call: CallStep) =>
    call.method === 'GET' &&
    calls.some((other) => other.n > call.n && other.method === 'GET' && other.url === call.url);
  // Steps and finals hold their code as text, so a use of `a<n>` anywhere shows in the whole plan's text.
  const needed = (call: CallStep) => !(call.poll || readAgain(call)) || usesAnswer(text, call.n);
  const kept = steps.flatMap((step): PlanStep[] => {
    if (step.kind === 'call') return needed(step) ? [step] : [];
    if (step.kind === 'embedded') {
      const inside = step.calls.filter(needed);
      return inside.length > 0 ? [{ ...step, calls: inside }] : [];
    }
    return [step];
  });
  // Embedded SCA steps that only polling parted are one step again.
  return kept.reduce<PlanStep[]>((merged, step) => {
    const previous = merged[merged.length - 1];
    if (step.kind === 'embedded' && previous?.kind === 'embedded') {
      merged[merged.length - 1] = { ...previous, calls: [...previous.calls, ...step.calls] };
    } else merged.push(step);
    return merged;
  }, []);
}

/** The resource an answer created, in words: "the payment", "the consent". */
const createdWords = (exchange: Exchange) =>
  exchange.flow?.startsWith('consent:') ? 'the consent' : exchange.flow?.startsWith('payment:') ? 'the payment' : 'it';

/** The replay of one flow's exchanges (oldest first), as steps. */
export function buildReplayPlan(exchanges: readonly Exchange[], options: PlanOptions = {}): ReplayPlan {
  const baseUrl = baseUrlOf(exchanges);
  const skipped: string[] = [];
  const env = new Map<string, string>();
  const replayed = replayedExchanges(exchanges, skipped);
  const values = recordedValues(replayed);
  const answered: Answered[] = [];
  const steps: PlanStep[] = [];
  const finals = new Map<string, FinalState>();
  const handedOver = new Set<string>();
  replayed.forEach((exchange, index) => {
    const n = answered.length + 1;
    const step = callStep(n, exchange, answered, { baseUrl, env, values });
    steps.push(step);
    answered.push({ n, exchange });
    const final = finalState(step, exchange, baseUrl, options.handOversOf !== undefined);
    if (final) {
      finals.delete(final.key); // the latest read comes last
      finals.set(final.key, final);
    }
    const approach = scaHandOver(exchange);
    const link = readLinks(answerBody(exchange)?._links).links;
    const key = link.scaRedirect?.href ?? link.scaOAuth?.href ?? link.scaStatus?.href ?? '';
    if (approach && options.handOversOf !== undefined && exchange.flow !== options.handOversOf) {
      skipped.push(`${requestName(exchange)}: the SCA offered for ${createdWords(exchange)}, which the basket's signs`);
    } else if (approach && !handedOver.has(key)) {
      handedOver.add(key);
      steps.push(scaStep(approach, step, exchange, replayed.slice(index + 1)));
    }
  });
  const psuId = replayed.flatMap((exchange) =>
    Object.entries(exchange.request.headers).flatMap(([name, value]) =>
      name.toLowerCase() === 'psu-id' ? [value] : [],
    ),
  )[0];
  const kept = withoutPolling(groupEmbedded(steps), [...finals.values()]);
  return {
    baseUrl,
    values,
    usesAccounts: /\bdata\.(iban|creditorIban|creditorIbanAt)\b/.test(JSON.stringify(kept)),
    usesCards: /\bdata\.maskedPan\b/.test(JSON.stringify(kept)),
    steps: kept,
    finals: [...finals.values()],
    env,
    ...(psuId && { psuId }),
    skipped,
  };
}
