// Shared helpers of the sandbox's in-process tests: calls that check the X-Request-ID echo and never a 500, and
// assertions that every answer matches its 1.3.12 schema or carries the expected error code.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type * as z from 'zod';
import { ErrorBodyNg } from '../../src/xs2a';
import { testPsus } from './seed';
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

export function expectSchema<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body);
  if (!result.success) expect.fail(`schema mismatch ${JSON.stringify(result.error.issues)} in ${JSON.stringify(body)}`);
  return result.data;
}

export function ok<S extends z.ZodType>(res: Res, status: number, schema: S): z.infer<S> {
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

/**
 * A PSU's browser request to the bank's pages: plain GET, or a POSTed form (a list posts its field once per value, as
 * checkboxes of one name do). Browsers send no client certificate.
 */
export async function browse(
  bank: TestBank,
  url: string,
  form?: Record<string, string | string[]>,
  cookie?: string,
): Promise<PageResponse> {
  const headers = new Headers();
  if (cookie) headers.set('Cookie', cookie);
  const init: RequestInit = { method: form ? 'POST' : 'GET', headers };
  if (form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(form)) {
      for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
    }
    init.body = body.toString();
  }
  const res = await bank.sandbox.fetch(new Request(url.startsWith('http') ? url : `${ORIGIN}${url}`, init));
  return {
    status: res.status,
    location: res.headers.get('Location'),
    html: await res.text(),
    setCookie: res.headers.get('Set-Cookie'),
  };
}
