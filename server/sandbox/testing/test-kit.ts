// Shared helpers of the sandbox's in-process tests: calls that check the X-Request-ID echo and never a 500, and
// assertions that every answer matches its 1.3.12 schema or carries the expected error code.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import * as z from 'zod/mini';
import {
  ErrorBodyNg,
  ScaStatusResponse,
  SelectPsuAuthenticationMethodResponse,
  StartScaprocessResponse,
} from '../../../src/xs2a';
import { SANDBOX_OTP, SANDBOX_PASSWORD, testPsus } from '../seed';
import { ORIGIN, type CallOptions, type TestBank } from './test-support';

export type Res = { status: number; headers: Headers; body: unknown; requestId: string | undefined };

/** An XS2A call with a fresh X-Request-ID: checks the echo and that the bank never answers 500. */
export async function send(bank: TestBank, method: string, path: string, options: CallOptions = {}): Promise<Res> {
  const headers = { 'X-Request-ID': randomUUID(), ...options.headers };
  const res = await bank.call(method, path, { ...options, headers });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
  expect(res.requestId, 'X-Request-ID echo').toBe(headers['X-Request-ID']);
  return res;
}

export function expectSchema<S extends z.core.$ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = z.safeParse(schema, body);
  if (!result.success) expect.fail(`schema mismatch ${JSON.stringify(result.error.issues)} in ${JSON.stringify(body)}`);
  return result.data;
}

export function ok<S extends z.core.$ZodType>(res: Res, status: number, schema: S): z.infer<S> {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return expectSchema(schema, res.body);
}

export function fails(res: Res, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const message = expectSchema(ErrorBodyNg, res.body).tppMessages?.[0];
  expect(message?.code).toBe(code);
  return message;
}

export function accountOf(psuId: string, index = 0) {
  const account = testPsus.find((p) => p.psuId === psuId)?.accounts[index];
  if (!account) throw new Error(`no account ${index} for ${psuId}`);
  return account;
}

/** A SEPA credit transfer from alice's current account: the body most tests start from. */
export const paymentBody = () => ({
  instructedAmount: { currency: 'EUR', amount: '12.50' },
  debtorAccount: { iban: accountOf('alice').iban },
  creditorName: 'Kaffee Handel GmbH',
  creditorAccount: { iban: 'DE02100100109307118603' },
});

/** An allPsd2 consent body (valid for the test bank's clock). */
export const consentBody = () => ({
  access: { allPsd2: 'allAccounts' },
  recurringIndicator: true,
  validUntil: '2026-06-30',
  frequencyPerDay: 4,
  combinedServiceIndicator: false,
});

export const href = (link: { href: string } | undefined) => {
  if (!link) throw new Error('missing link');
  return link.href;
};

export interface PageResponse {
  status: number;
  location: string | null;
  html: string;
  setCookie: string | null;
}

interface Cookie {
  name: string;
  value: string;
  path: string;
}

/**
 * What the PSU's browser keeps between requests to one bank: the cookies of the redirect SCA and OAuth pages, and the
 * form token of each form it was shown, by the form's action. The banking app's session cookie is not kept: tests log
 * PSUs in and out there and pass that cookie themselves.
 */
interface BrowserState {
  cookies: Map<string, Cookie>;
  tokens: Map<string, string>;
}

const browsers = new WeakMap<TestBank, BrowserState>();
const isBankingApp = (path: string) => /\/app(\/|$)/.test(path);

function browserOf(bank: TestBank): BrowserState {
  let state = browsers.get(bank);
  if (!state) {
    state = { cookies: new Map(), tokens: new Map() };
    browsers.set(bank, state);
  }
  return state;
}

const pathMatches = (cookiePath: string, path: string) =>
  path === cookiePath || path.startsWith(cookiePath.endsWith('/') ? cookiePath : `${cookiePath}/`);

function parseSetCookie(header: string): { cookie: Cookie; expired: boolean } {
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  const at = pair.indexOf('=');
  const attribute = (name: string) =>
    attributes.find((a) => a.toLowerCase().startsWith(`${name}=`))?.slice(name.length + 1);
  const maxAge = attribute('max-age');
  return {
    cookie: { name: pair.slice(0, at), value: pair.slice(at + 1), path: attribute('path') ?? '/' },
    expired: maxAge !== undefined && Number(maxAge) <= 0,
  };
}

/** The form tokens of the forms on a page, by the path each form posts to. */
function formTokens(html: string): [string, string][] {
  const found: [string, string][] = [];
  for (const form of html.matchAll(/<form\b[^>]*\baction="([^"]*)"[^>]*>([\s\S]*?)<\/form>/g)) {
    const token = /<input[^>]*\bname="csrf"[^>]*\bvalue="([^"]*)"/.exec(form[2] ?? '')?.[1];
    if (form[1] && token) found.push([form[1], token]);
  }
  return found;
}

/** The page a form is shown on: where the PSU's browser got it from before posting it. */
function formPageOf(target: URL, form: Record<string, string | string[]>): string | undefined {
  const page = /^(.*\/(?:sca\/[^/]+|app))\/(?:login|decision|decide|logout)$/.exec(target.pathname)?.[1];
  if (page) return `${target.origin}${page}`;
  if (!target.pathname.endsWith('/oauth/authorize')) return undefined;
  const request = new URLSearchParams();
  for (const name of ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'code_challenge']) {
    const value = form[name];
    if (typeof value === 'string') request.set(name, value);
  }
  const method = form.code_challenge_method;
  if (typeof method === 'string') request.set('code_challenge_method', method);
  return `${target.origin}${target.pathname}?${request.toString()}`;
}

/** One request of the PSU's browser; `extra` are cookies it holds for this request only. */
async function browserFetch(
  bank: TestBank,
  target: URL,
  form: Record<string, string | string[]> | undefined,
  cookie: string | undefined,
  extra: Cookie[] = [],
): Promise<{ res: Response; html: string; set: Cookie[] }> {
  const state = browserOf(bank);
  const held = [...state.cookies.values(), ...extra]
    .filter((c) => pathMatches(c.path, target.pathname))
    .sort((a, b) => b.path.length - a.path.length)
    .map((c) => `${c.name}=${c.value}`);
  const headers = new Headers();
  const cookies = [cookie, ...held].filter(Boolean).join('; ');
  if (cookies) headers.set('Cookie', cookies);
  const init: RequestInit = { method: form ? 'POST' : 'GET', headers };
  if (form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(form)) {
      for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
    }
    init.body = body.toString();
  }
  // Real time would have fired the bank's timers by now; a bank made with held timers leaves that to the test.
  if (bank.timersOnTime) await bank.runDue();
  const res = await bank.sandbox.fetch(new Request(target, init));
  const html = await res.clone().text();
  const set: Cookie[] = [];
  const setCookies = res.headers.getSetCookie();
  // A new session makes the forms shown before it stale.
  if (setCookies.length > 0) state.tokens.clear();
  for (const header of setCookies) {
    const { cookie: one, expired } = parseSetCookie(header);
    const key = `${one.path} ${one.name}`;
    if (isBankingApp(one.path)) {
      if (!expired) set.push(one);
    } else if (expired) state.cookies.delete(key);
    else state.cookies.set(key, one);
  }
  for (const [action, token] of formTokens(html)) state.tokens.set(action, token);
  return { res, html, set };
}

/**
 * A PSU's browser request to the bank's pages: plain GET, or a POSTed form (a list posts its field once per value, as
 * checkboxes of one name do). Like a browser, it first loads the page the form is on and posts the form token found
 * there with the fields given (unless they carry `csrf` themselves), and it keeps the cookies of the redirect SCA and
 * OAuth pages per bank; `cookie` is sent first, ahead of those. Browsers send no client certificate.
 */
export async function submit(
  bank: TestBank,
  url: string,
  form?: Record<string, string | string[]> | [string, string][],
  cookie?: string,
): Promise<Response> {
  const target = new URL(url.startsWith('http') ? url : `${ORIGIN}${url}`);
  if (!form) return (await browserFetch(bank, target, undefined, cookie)).res;
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of Array.isArray(form) ? form : Object.entries(form)) {
    const before = fields[name];
    fields[name] = before === undefined ? value : [before, value].flat();
  }
  let extra: Cookie[] = [];
  const page = formPageOf(target, fields);
  if (page && !('csrf' in fields)) {
    extra = (await browserFetch(bank, new URL(page), undefined, cookie)).set;
    const token = browserOf(bank).tokens.get(target.pathname);
    if (token) fields.csrf = token;
  }
  return (await browserFetch(bank, target, fields, cookie, extra)).res;
}

/** `submit`, with the answer read: status, Location, the page and Set-Cookie. */
export async function browse(
  bank: TestBank,
  url: string,
  form?: Record<string, string | string[]>,
  cookie?: string,
): Promise<PageResponse> {
  const res = await submit(bank, url, form, cookie);
  return {
    status: res.status,
    location: res.headers.get('Location'),
    html: await res.text(),
    setCookie: res.headers.get('Set-Cookie'),
  };
}

/**
 * Embedded SCA on a new sub-resource of `collection` (authorisations or cancellation-authorisations) as `psuId`:
 * password, the SMS method when the bank asks for a choice, then `otp`. Returns the bank's final SCA status.
 */
export async function authoriseEmbedded(bank: TestBank, collection: string, psuId: string, otp = SANDBOX_OTP) {
  const started = ok(
    await send(bank, 'POST', collection, {
      headers: { 'PSU-ID': psuId },
      body: { psuData: { password: SANDBOX_PASSWORD } },
    }),
    201,
    StartScaprocessResponse,
  );
  const authPath = `${collection}/${started.authorisationId}`;
  if (started.scaStatus === 'psuAuthenticated') {
    ok(
      await send(bank, 'PUT', authPath, { body: { authenticationMethodId: 'sms' } }),
      200,
      SelectPsuAuthenticationMethodResponse,
    );
  }
  const done = ok(await send(bank, 'PUT', authPath, { body: { scaAuthenticationData: otp } }), 200, ScaStatusResponse);
  return { authPath, authorisationId: started.authorisationId, scaStatus: done.scaStatus };
}

/** Authorises a consent with embedded SCA as `psuId` and checks it is finalised. */
export async function authoriseConsentEmbedded(bank: TestBank, consentId: string, psuId: string): Promise<void> {
  expect((await authoriseEmbedded(bank, `/v1/consents/${consentId}/authorisations`, psuId)).scaStatus).toBe(
    'finalised',
  );
}
