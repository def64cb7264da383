// The helpers every exported Playwright test carries, copied into the file as text (see render-test.ts): an exported
// test runs on its own with only @playwright/test installed, so nothing here may import anything at run time. The
// functions report problems as values or throw plain errors; the test itself asserts with Playwright's expect.
import type { APIRequestContext, APIResponse } from '@playwright/test';

/** One answer of the bank, as the test keeps it to follow its links. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  text: string;
}

/** A compact JSON schema (the subset 1.3.12's bodies need), with `$ref` into the file's shared `$defs`. */
export type Schema = boolean | { [keyword: string]: unknown };

/** Environment variables left empty count as unset. */
export function env(name: string, fallback?: string): string | undefined {
  // Through globalThis, so that type checking needs no @types/node.
  const value = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env[name];
  return value === undefined || value === '' ? fallback : value;
}

function membersOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * The link named `name` in `_links` as the bank sent it: an object of named links, or a list of link objects, each
 * `{ rel, href }` or an object of named links (as some banks send them).
 */
function namedLink(links: unknown, name: string): unknown {
  if (!Array.isArray(links)) return membersOf(links)[name];
  for (const entry of links) {
    const members = membersOf(entry);
    if (members.rel === name) return members;
    if (!('rel' in members) && name in members) return members[name];
  }
  return undefined;
}

/** The href of one of the answer's `_links` (`{ href }`, or a plain string as some banks send), made absolute. */
export function linkOf(answer: Answer, name: string, baseUrl: string): string {
  return linkAt(answer, [], name, baseUrl);
}

/** The same for links inside the body, e.g. `linkAt(answer, ["accounts", 0], "balances", …)`. */
export function linkAt(answer: Answer, path: (string | number)[], name: string, baseUrl: string): string {
  let holder: unknown = answer.body;
  for (const step of path) holder = Array.isArray(holder) ? holder[Number(step)] : membersOf(holder)[step];
  const link = namedLink(membersOf(holder)._links, name);
  const href = typeof link === 'string' ? link : membersOf(link).href;
  if (typeof href !== 'string' || href === '') {
    const where = path.map((step) => (typeof step === 'number' ? `[${step}]` : `.${step}`)).join('');
    throw new Error(
      `The bank's answer has no ${where.slice(1)}${where ? '.' : ''}_links.${name} to follow (answered ${answer.status}: ${answer.text})`,
    );
  }
  return new URL(href, `${baseUrl}/`).href;
}

/** A string member of the answer's body, e.g. the created resource's id. */
export function idOf(answer: Answer, member: string): string {
  const value = membersOf(answer.body)[member];
  if (typeof value !== 'string' || value === '') {
    throw new Error(`The bank's answer has no ${member} (answered ${answer.status}: ${answer.text})`);
  }
  return value;
}

/** The SCA method to choose: the one the flow chose when the bank offers it again, else the first one it offers. */
export function methodOf(answer: Answer, chosen: string): string {
  const methods = membersOf(answer.body).scaMethods;
  const offered = (Array.isArray(methods) ? methods : [])
    .map((method) => membersOf(method).authenticationMethodId)
    .filter((id): id is string => typeof id === 'string');
  return offered.includes(chosen) ? chosen : (offered[0] ?? chosen);
}

/** A status member of the answer (transactionStatus, consentStatus, scaStatus), or undefined. */
export function statusOf(answer: Answer, member: string): string | undefined {
  const value = membersOf(answer.body)[member];
  return typeof value === 'string' ? value : undefined;
}

/** The message codes of an error answer (`tppMessages`, or `tppMessage` as a few banks send it). */
export function errorCodes(answer: Answer): string[] {
  const body = membersOf(answer.body);
  const messages = body.tppMessages ?? body.tppMessage;
  return Array.isArray(messages)
    ? messages.flatMap((message) => [membersOf(message).code].filter((c) => typeof c === 'string'))
    : [];
}

export interface CallInput {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /**
   * The base_url, when `url` is a link of the bank's: when nothing answers at the link (404, or no answer) and its path
   * lacks the base_url's prefix, the same path under the base_url is tried next, as the console does.
   */
  baseUrl?: string;
  /** Undefined values (an unset environment variable) are not sent. */
  headers: Record<string, string | undefined>;
  body?: unknown;
}

async function answerOf(response: APIResponse): Promise<Answer> {
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined; // not JSON: the schema check reports it where a body is expected
  }
  return { status: response.status(), headers: response.headers(), body, text };
}

/** The link's URL with the base_url's path prefix put before its path; undefined when the link has the prefix. */
export function underBase(url: string, baseUrl: string): string | undefined {
  const base = new URL(baseUrl);
  const link = new URL(url);
  const prefix = base.pathname.replace(/\/+$/, '');
  const lacksPrefix = link.pathname !== prefix && !link.pathname.startsWith(`${prefix}/`);
  if (prefix === '' || link.origin !== base.origin || !lacksPrefix) return undefined;
  link.pathname = `${prefix}${link.pathname}`;
  return link.href;
}

/**
 * Sends one XS2A request with a fresh X-Request-ID (each try its own); redirects are not followed, as a TPP must not
 * follow them. A bank's link that leads nowhere without the base_url's prefix is tried under the base_url (see CallInput).
 */
export async function call(request: APIRequestContext, input: CallInput): Promise<Answer> {
  const send = async (url: string) => {
    const headers: Record<string, string> = { 'X-Request-ID': crypto.randomUUID() };
    for (const [name, value] of Object.entries(input.headers)) if (value !== undefined) headers[name] = value;
    const response = await request.fetch(url, {
      method: input.method,
      headers,
      ...(input.body !== undefined && { data: input.body }),
      maxRedirects: 0,
    });
    return answerOf(response);
  };
  const prefixed = input.baseUrl === undefined ? undefined : underBase(input.url, input.baseUrl);
  if (prefixed === undefined) return send(input.url);
  try {
    const answer = await send(input.url);
    if (answer.status !== 404) return answer;
  } catch {
    // no answer at the link as given: tried under the base_url
  }
  return send(prefixed);
}

const typeChecks: Record<string, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  integer: (value) => Number.isInteger(value),
  boolean: (value) => typeof value === 'boolean',
  null: (value) => value === null,
  array: (value) => Array.isArray(value),
  object: (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
};

const formats: Record<string, RegExp> = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/,
};

type Keywords = Record<string, unknown>;

function stringProblems(value: string, schema: Keywords, path: string): string[] {
  const problems: string[] = [];
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) {
    problems.push(`${path}: ${JSON.stringify(value)} does not match ${schema.pattern}`);
  }
  if (typeof schema.maxLength === 'number' && [...value].length > schema.maxLength) {
    problems.push(`${path}: longer than ${schema.maxLength} characters`);
  }
  if (typeof schema.minLength === 'number' && [...value].length < schema.minLength) {
    problems.push(`${path}: shorter than ${schema.minLength} characters`);
  }
  const format = typeof schema.format === 'string' ? formats[schema.format] : undefined;
  if (format && !format.test(value))
    problems.push(`${path}: ${JSON.stringify(value)} is not a ${String(schema.format)}`);
  return problems;
}

function objectProblems(value: Record<string, unknown>, schema: Keywords, path: string, defs: Keywords): string[] {
  const problems: string[] = [];
  const properties = membersOf(schema.properties);
  for (const name of Array.isArray(schema.required) ? (schema.required as string[]) : []) {
    if (value[name] === undefined) problems.push(`${path}.${name}: required but missing`);
  }
  for (const [name, member] of Object.entries(value)) {
    const memberSchema = properties[name];
    if (memberSchema !== undefined)
      problems.push(...schemaProblems(member, memberSchema as Schema, defs, `${path}.${name}`));
    else if (schema.additionalProperties === false) problems.push(`${path}.${name}: not defined by 1.3.12`);
    else if (typeof schema.additionalProperties === 'object') {
      problems.push(...schemaProblems(member, schema.additionalProperties as Schema, defs, `${path}.${name}`));
    }
  }
  return problems;
}

function alternativesProblems(value: unknown, alternatives: Schema[], defs: Keywords, path: string): string[] {
  const results = alternatives.map((alternative) => schemaProblems(value, alternative, defs, path));
  if (results.some((problems) => problems.length === 0)) return [];
  // The closest alternative says best what is wrong.
  return results.reduce((best, problems) => (problems.length < best.length ? problems : best));
}

function typeProblems(value: unknown, schema: Keywords, path: string): string[] {
  if (schema.type === undefined) return [];
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  if (types.some((type) => typeChecks[type]?.(value) ?? true)) return [];
  return [
    `${path}: expected ${types.join(' or ')}, got ${value === null ? 'null' : typeof value} ${JSON.stringify(value)}`,
  ];
}

/** What in `value` does not match `schema`: one line per problem, each with its JSON path; empty when it matches. */
export function schemaProblems(value: unknown, schema: Schema, defs: Keywords, path = '$'): string[] {
  if (schema === true) return [];
  if (schema === false) return [`${path}: not allowed`];
  if (typeof schema.$ref === 'string') {
    return schemaProblems(value, defs[schema.$ref.replace('#/$defs/', '')] as Schema, defs, path);
  }
  if (Array.isArray(schema.anyOf)) return alternativesProblems(value, schema.anyOf as Schema[], defs, path);
  if (Array.isArray(schema.oneOf)) return alternativesProblems(value, schema.oneOf as Schema[], defs, path);
  if (Array.isArray(schema.allOf))
    return (schema.allOf as Schema[]).flatMap((part) => schemaProblems(value, part, defs, path));
  const wrongType = typeProblems(value, schema, path);
  if (wrongType.length > 0) return wrongType;
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) {
    return [`${path}: ${JSON.stringify(value)} is not one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`];
  }
  if ('const' in schema && schema.const !== value) return [`${path}: expected ${JSON.stringify(schema.const)}`];
  if (typeof value === 'string') return stringProblems(value, schema, path);
  if (Array.isArray(value)) {
    const items = schema.items as Schema | undefined;
    return items === undefined
      ? []
      : value.flatMap((item, index) => schemaProblems(item, items, defs, `${path}[${index}]`));
  }
  if (typeChecks.object?.(value)) return objectProblems(value as Record<string, unknown>, schema, path, defs);
  return [];
}

/** The PSU the sandbox's own pages log in as. */
export interface Psu {
  id: string;
  password: string;
  otp: string;
}

/** Whether `{base_url}/admin` is the embedded sandbox bank's admin API (its discovery document), which real banks lack. */
export async function offersSandboxAdmin(request: APIRequestContext, baseUrl: string): Promise<boolean> {
  try {
    const response = await request.get(`${baseUrl}/admin`, { maxRedirects: 0 });
    if (!response.ok()) return false;
    const discovery = membersOf(await response.json());
    return typeof discovery.name === 'string' && typeof discovery.controls === 'object';
  } catch {
    return false;
  }
}

interface PageForm {
  action: string;
  fields: Record<string, string>;
}

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`)
    .exec(tag)?.[1]
    ?.replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"');

/** The forms of one of the sandbox's PSU pages: each form's action and the values it would post as it stands. */
export function pageForms(html: string, pageUrl: string): PageForm[] {
  return [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)].map(([form]) => {
    const fields: Record<string, string> = {};
    for (const [input] of form.matchAll(/<input\b[^>]*>/g)) {
      const name = attribute(input, 'name');
      const type = attribute(input, 'type') ?? 'text';
      if (!name || ((type === 'checkbox' || type === 'radio') && !/\schecked\b/.test(input))) continue;
      fields[name] = attribute(input, 'value') ?? (type === 'checkbox' ? 'on' : '');
    }
    for (const [, name, options] of form.matchAll(/<select\b[^>]*\sname="([^"]*)"[^>]*>([\s\S]*?)<\/select>/g)) {
      const first = /<option\b[^>]*\svalue="([^"]*)"/.exec(options ?? '')?.[1];
      if (name && first !== undefined) fields[name] = first;
    }
    return { action: new URL(attribute(form, 'action') ?? pageUrl, pageUrl).href, fields };
  });
}

async function postForm(request: APIRequestContext, form: PageForm, fields: Record<string, string>, follow: boolean) {
  return request.post(form.action, { form: { ...form.fields, ...fields }, maxRedirects: follow ? 20 : 0 });
}

function formWith(forms: PageForm[], field: string, what: string): PageForm {
  const form = forms.find((candidate) => field in candidate.fields);
  if (!form) throw new Error(`The bank's page has no ${what} form`);
  return form;
}

/** Redirect SCA at the sandbox: logs in on the bank's page and approves (or denies) with the one-time password. */
export async function decideAtBankPage(
  request: APIRequestContext,
  scaRedirect: string,
  psu: Psu,
  decision: 'approve' | 'deny',
): Promise<void> {
  const loginPage = await request.get(scaRedirect);
  const login = formWith(pageForms(await loginPage.text(), scaRedirect), 'password', 'login');
  const decisionPage = await postForm(request, login, { psuId: psu.id, password: psu.password }, true);
  const decide = formWith(pageForms(await decisionPage.text(), decisionPage.url()), 'otp', 'approval');
  const decided = await postForm(request, decide, { otp: psu.otp, action: decision }, false);
  if (decided.status() >= 400) throw new Error(`The bank's page refused the ${decision} (${decided.status()})`);
}

/** Decoupled SCA at the sandbox: the PSU logs in to the sandbox's banking app and decides on the authorisation. */
export async function decideInBankingApp(
  request: APIRequestContext,
  baseUrl: string,
  authorisationId: string,
  psu: Psu,
  decision: 'approve' | 'deny',
): Promise<void> {
  const app = `${baseUrl}/app`;
  const login = formWith(pageForms(await (await request.get(app)).text(), app), 'password', 'login');
  const home = await postForm(request, login, { psuId: psu.id, password: psu.password }, true);
  const card = pageForms(await home.text(), home.url()).find((form) => form.fields.authorisationId === authorisationId);
  if (!card) throw new Error(`The banking app shows no request ${authorisationId} for ${psu.id}`);
  const decided = await postForm(request, card, { action: decision }, false);
  if (decided.status() >= 400) throw new Error(`The banking app refused the ${decision} (${decided.status()})`);
}

/** Reads a status until it is one of `wanted` or the time is up; returns the last value read. */
export async function waitForStatus(
  read: () => Promise<string | undefined>,
  wanted: readonly string[],
  timeoutMs: number,
  intervalMs = 1000,
): Promise<string | undefined> {
  const until = Date.now() + timeoutMs;
  let status = await read();
  while (!wanted.includes(status ?? '') && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    status = await read();
  }
  return status;
}

/** A string member inside the answer's body, e.g. `idAt(answer, ["accounts", 0], "resourceId")`. */
export function idAt(answer: Answer, path: (string | number)[], member: string): string {
  let holder: unknown = answer.body;
  for (const step of path) holder = Array.isArray(holder) ? holder[Number(step)] : membersOf(holder)[step];
  const value = membersOf(holder)[member];
  if (typeof value !== 'string' || value === '') {
    throw new Error(
      `The bank's answer has no ${[...path, member].join('.')} (answered ${answer.status}: ${answer.text})`,
    );
  }
  return value;
}

/** The calendar day `days` after `today` (YYYY-MM-DD, a UTC date as banks date bookings and validity). */
export function day(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The bank's today: the sandbox's admin clock when `{base_url}/admin` offers one, else the `Date` header of the bank's
 * answer to a plain request, else this machine's date.
 */
export async function bankToday(request: APIRequestContext, baseUrl: string): Promise<string> {
  try {
    const clock = await request.get(`${baseUrl}/admin/clock`, { maxRedirects: 0 });
    const now = clock.ok() ? membersOf(await clock.json()).now : undefined;
    if (typeof now === 'string' && !Number.isNaN(Date.parse(now))) return new Date(now).toISOString().slice(0, 10);
  } catch {
    // no admin clock: the bank's Date header tells
  }
  try {
    const date = (await request.get(baseUrl, { maxRedirects: 0 })).headers().date;
    if (date !== undefined && !Number.isNaN(Date.parse(date))) return new Date(date).toISOString().slice(0, 10);
  } catch {
    // no answer: this machine's date
  }
  return new Date().toISOString().slice(0, 10);
}

/** The sandbox's test PSUs with their accounts and cards, when `{base_url}/admin` offers them; undefined at any other bank. */
export async function sandboxPsus(
  request: APIRequestContext,
  baseUrl: string,
): Promise<{ psuId: string; ibans: string[]; maskedPans: string[] }[] | undefined> {
  try {
    const response = await request.get(`${baseUrl}/admin/psus`, { maxRedirects: 0 });
    if (!response.ok()) return undefined;
    const psus = membersOf(await response.json()).psus;
    if (!Array.isArray(psus)) return undefined;
    return psus.map((psu) => ({
      psuId: String(membersOf(psu).psuId),
      ibans: stringsOf(membersOf(psu).accounts, 'iban'),
      maskedPans: stringsOf(membersOf(psu).cards, 'maskedPan'),
    }));
  } catch {
    return undefined;
  }
}

/** The string `member` of each object in `list` (when it is a list). */
function stringsOf(list: unknown, member: string): string[] {
  return (Array.isArray(list) ? list : [])
    .map((item) => membersOf(item)[member])
    .filter((value): value is string => typeof value === 'string');
}

/** The IBANs of the accounts an answer lists (`accounts[].iban`). */
export function ibansOf(answer: Answer): string[] {
  return stringsOf(membersOf(answer.body).accounts, 'iban');
}

/** The masked PANs of the card accounts an answer lists (`cardAccounts[].maskedPan`). */
export function maskedPansOf(answer: Answer): string[] {
  return stringsOf(membersOf(answer.body).cardAccounts, 'maskedPan');
}
