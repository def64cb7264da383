// Helpers of the OAuth SCA tests (--sca-redirect oauth): a TPP that creates consents and payments with its redirect URIs,
// the PSU's browser on the authorize page, and the TPP's calls to the token endpoint.
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { ConsentsResponse201, PaymentInitiationResponse201 } from '../../../src/xs2a';
import { addDays, isoDate } from '../clock';
import { s256 } from '../rules/oauth';
import { SANDBOX_PASSWORD } from '../seed';
import { ORIGIN, createTestBank, type TestBank } from './test-support';
import { accountOf, browse, href, ok, send } from './test-kit';

export const CLIENT = 'xs2a-console';
/** The TPP's origin: its TPP-Redirect-URIs and its OAuth redirect_uri live there. */
export const TPP_ORIGIN = 'https://console.example';
export const CALLBACK = `${TPP_ORIGIN}/callback/oauth`;
/** What the TPP sends as TPP-Redirect-URI and TPP-Nok-Redirect-URI, as the console does. */
export const TPP_URIS = {
  'TPP-Redirect-URI': `${TPP_ORIGIN}/callback/ok?state=tpp-1`,
  'TPP-Nok-Redirect-URI': `${TPP_ORIGIN}/callback/nok?state=tpp-1`,
};
export const METADATA = `${ORIGIN}/psd2/oauth/.well-known/oauth-authorization-server`;
export const AUTHORIZE = `${ORIGIN}/psd2/oauth/authorize`;
export const HOUR = 3_600_000;

export interface Metadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
}

export const consentBody = (validFrom: string) => ({
  access: { allPsd2: 'allAccounts' },
  recurringIndicator: true,
  validUntil: addDays(validFrom, 90),
  frequencyPerDay: 4,
  combinedServiceIndicator: false,
});

export const paymentBody = (psuId = 'alice') => ({
  instructedAmount: { currency: 'EUR', amount: '12.50' },
  debtorAccount: { iban: accountOf(psuId).iban },
  creditorName: 'Kaffee Handel GmbH',
  creditorAccount: { iban: 'DE02100100109307118603' },
});

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: s256(verifier) };
}

export const oauthBank = (options: Parameters<typeof createTestBank>[0] = {}) =>
  createTestBank({ ...options, config: { scaRedirect: 'oauth', ...options.config } });

export async function metadata(bank: TestBank): Promise<Metadata> {
  const res = await bank.sandbox.fetch(new Request(METADATA));
  expect(res.status).toBe(200);
  return (await res.json()) as Metadata;
}

/** A consent created by the TPP with its redirect URIs (or the headers given). */
export async function newConsent(bank: TestBank, headers: Record<string, string> = TPP_URIS) {
  const today = isoDate(bank.clock.now());
  const created = ok(
    await send(bank, 'POST', '/v1/consents', { body: consentBody(today), headers }),
    201,
    ConsentsResponse201,
  );
  return { consentId: created.consentId, links: created._links };
}

export async function newPayment(bank: TestBank, psuId = 'alice', headers: Record<string, string> = TPP_URIS) {
  const res = await send(bank, 'POST', '/v1/payments/sepa-credit-transfers', { body: paymentBody(psuId), headers });
  const created = ok(res, 201, PaymentInitiationResponse201);
  return { paymentId: created.paymentId, self: href(created._links.self), links: created._links, res };
}

export interface AuthorizeOptions {
  scope: string;
  challenge?: string | undefined;
  method?: string | undefined;
  clientId?: string | undefined;
  redirectUri?: string | undefined;
  responseType?: string;
  state?: string;
}

export function authorizeParams(o: AuthorizeOptions): Record<string, string> {
  const params: Record<string, string | undefined> = {
    response_type: o.responseType ?? 'code',
    client_id: 'clientId' in o ? o.clientId : CLIENT,
    redirect_uri: 'redirectUri' in o ? o.redirectUri : CALLBACK,
    scope: o.scope,
    state: o.state ?? 'state-1',
    code_challenge: o.challenge,
    code_challenge_method: 'method' in o ? o.method : 'S256',
  };
  return Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined));
}

export async function authorizePage(bank: TestBank, o: AuthorizeOptions) {
  const { authorization_endpoint } = await metadata(bank);
  return browse(bank, `${authorization_endpoint}?${new URLSearchParams(authorizeParams(o)).toString()}`);
}

/** The PSU's decision on the authorize page, with the login typed into its form; returns where the bank sends the browser. */
export async function decide(
  bank: TestBank,
  o: AuthorizeOptions,
  action: 'approve' | 'deny',
  login: { psuId: string; password: string } = { psuId: 'alice', password: SANDBOX_PASSWORD },
) {
  const { authorization_endpoint } = await metadata(bank);
  return browse(bank, authorization_endpoint, { ...authorizeParams(o), ...login, action });
}

/** The query of a redirect back to the TPP's CALLBACK. */
export function query(location: string | null) {
  expect(location).toBeTruthy();
  const url = new URL(location ?? '');
  expect(`${url.origin}${url.pathname}`).toBe(CALLBACK);
  return url.searchParams;
}

export async function approveForCode(bank: TestBank, scope: string, psuId = 'alice') {
  const { verifier, challenge } = pkce();
  const page = await authorizePage(bank, { scope, challenge });
  expect(page.status, page.html).toBe(200);
  const done = await decide(bank, { scope, challenge }, 'approve', { psuId, password: SANDBOX_PASSWORD });
  expect(done.status, done.html).toBe(302);
  const params = query(done.location);
  expect(params.get('state')).toBe('state-1');
  const code = params.get('code');
  if (!code) throw new Error(`no code in ${done.location}`);
  return { code, verifier };
}

export async function token(
  bank: TestBank,
  form: Record<string, string>,
  contentType = 'application/x-www-form-urlencoded',
) {
  const { token_endpoint } = await metadata(bank);
  const res = await bank.sandbox.fetch(
    new Request(token_endpoint, {
      method: 'POST',
      headers: { 'Content-Type': contentType },
      body: new URLSearchParams(form).toString(),
    }),
  );
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

export const exchange = (bank: TestBank, code: string, verifier: string, more: Record<string, string> = {}) =>
  token(bank, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: CALLBACK,
    client_id: CLIENT,
    code_verifier: verifier,
    ...more,
  });

export async function accessTokenFor(bank: TestBank, scope: string, psuId = 'alice') {
  const { code, verifier } = await approveForCode(bank, scope, psuId);
  const res = await exchange(bank, code, verifier);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return String(res.body.access_token);
}

export const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });

export const readAccounts = (bank: TestBank, consentId: string, accessToken?: string) =>
  send(bank, 'GET', '/v1/accounts', {
    headers: { 'Consent-ID': consentId, ...(accessToken ? bearer(accessToken) : {}) },
  });

export function oauthError(res: { status: number; body: Record<string, unknown> }, error: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error).toBe(error);
  expect(typeof res.body.error_description).toBe('string');
}

/** Drops a PostgreSQL schema a test worked in. */
export async function dropSchema(url: string, schema: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}
