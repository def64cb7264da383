// Redirect SCA through OAuth 2.0 (--sca-redirect oauth): scaOAuth links, the RFC 8414 metadata, the authorize page
// (approve and deny end authorisations exactly as the redirect page does), the token endpoint with PKCE S256, and the
// access tokens account reads need. On PostgreSQL too, two instances share codes and tokens.
import { randomBytes, randomUUID } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountList,
  ConsentStatusResponse,
  ConsentsResponse201,
  PaymentInitiationCancelResponse202,
  PaymentInitiationResponse201,
  PaymentInitiationStatusResponse,
  ScaStatusResponse,
  SigningBasketResponse201,
  StartScaprocessResponse,
} from '../../src/xs2a';
import { isoDate } from './clock';
import {
  CALLBACK,
  CLIENT,
  METADATA,
  HOUR,
  accessTokenFor,
  approveForCode,
  authorizePage,
  bearer,
  consentBody,
  decide,
  dropSchema,
  exchange,
  metadata,
  newConsent,
  newPayment,
  oauthBank,
  oauthError,
  paymentBody,
  pkce,
  query,
  readAccounts,
  token,
  TPP_URIS,
  type AuthorizeOptions,
  type Metadata,
} from './testing/oauth-test-kit';
import { SANDBOX_PASSWORD } from './seed';
import { ORIGIN, createTestBank, openTestStore, type TestBank } from './testing/test-support';
import { accountOf, browse, fails, href, ok, send } from './testing/test-kit';

describe('scaOAuth links and the metadata', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await oauthBank();
  });
  afterAll(() => bank.close());

  it('gives scaOAuth instead of scaRedirect at payment initiation (ASPSP-SCA-Approach REDIRECT)', async () => {
    const { res, links } = await newPayment(bank);
    expect(res.headers.get('ASPSP-SCA-Approach')).toBe('REDIRECT');
    expect(Object.keys(links).sort()).toEqual(['scaOAuth', 'scaStatus', 'self', 'status']);
    expect(href(links.scaOAuth)).toBe(METADATA);
  });

  it('gives scaOAuth for a consent and for an explicitly started authorisation', async () => {
    const { links } = await newConsent(bank);
    expect(href(links.scaOAuth)).toBe(METADATA);
    expect(links.scaRedirect).toBeUndefined();
    const explicit = await send(bank, 'POST', '/v1/payments/sepa-credit-transfers', {
      body: paymentBody(),
      headers: { 'TPP-Explicit-Authorisation-Preferred': 'true' },
    });
    const created = ok(explicit, 201, PaymentInitiationResponse201);
    const started = ok(await send(bank, 'POST', href(created._links.startAuthorisation)), 201, StartScaprocessResponse);
    expect(href(started._links.scaOAuth)).toBe(METADATA);
  });

  it('describes the authorisation server (RFC 8414) at the request’s own origin', async () => {
    expect(await metadata(bank)).toEqual({
      issuer: `${ORIGIN}/psd2/oauth`,
      authorization_endpoint: `${ORIGIN}/psd2/oauth/authorize`,
      token_endpoint: `${ORIGIN}/psd2/oauth/token`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      scopes_supported: ['AIS:<consentId>', 'PIS:<paymentId>', 'SBS:<basketId>'],
    });
    const other = await bank.sandbox.fetch(
      new Request('https://bank.other:8443/psd2/oauth/.well-known/oauth-authorization-server'),
    );
    expect(((await other.json()) as Metadata).issuer).toBe('https://bank.other:8443/psd2/oauth');
  });
});

describe('the OAuth code flow for a consent', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await oauthBank();
  });
  afterAll(() => bank.close());

  it('authorize → approve → code → token → account read with the token', async () => {
    const { consentId } = await newConsent(bank);
    const scope = `AIS:${consentId}`;
    const { challenge, verifier } = pkce();
    const page = await authorizePage(bank, { scope, challenge });
    expect(page.status).toBe(200);
    expect(page.html).toContain('<label for="psuId">Online banking ID</label>');
    expect(page.html).toContain('<label for="password">Password</label>');
    expect(page.html).toMatch(/<button class="primary" type="submit" name="action" value="approve">\s*Approve/);
    expect(page.html).toContain('value="deny"');
    expect(page.html).toContain(CLIENT);
    expect(page.html).toContain(scope);

    const done = await decide(bank, { scope, challenge }, 'approve');
    expect(done.status).toBe(302);
    const params = query(done.location);
    expect(params.get('state')).toBe('state-1');
    expect(params.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(
      ok(await send(bank, 'GET', `/v1/consents/${consentId}/status`), 200, ConsentStatusResponse).consentStatus,
    ).toBe('valid');

    const issued = await exchange(bank, params.get('code') ?? '', verifier);
    expect(issued.status).toBe(200);
    expect(issued.headers.get('Cache-Control')).toBe('no-store');
    expect(issued.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope });
    const accessToken = String(issued.body.access_token);
    expect(accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    ok(await readAccounts(bank, consentId, accessToken), 200, AccountList);
  });

  it('refuses account reads of an OAuth consent without its token, with an unknown or another consent’s token', async () => {
    const first = await newConsent(bank);
    const firstToken = await accessTokenFor(bank, `AIS:${first.consentId}`);
    // Bob's: a PSU's new recurring consent ends the earlier one.
    const second = await newConsent(bank);
    const secondToken = await accessTokenFor(bank, `AIS:${second.consentId}`, 'bob');

    const without = fails(await readAccounts(bank, first.consentId), 401, 'TOKEN_INVALID');
    expect(without?.text).toMatch(/authorised through OAuth: send its access token/);
    const another = fails(await readAccounts(bank, first.consentId, secondToken), 401, 'TOKEN_INVALID');
    expect(another?.text).toContain(`issued for AIS:${second.consentId}`);
    fails(await readAccounts(bank, first.consentId, 'not-a-token-of-this-bank'), 401, 'TOKEN_UNKNOWN');
    ok(await readAccounts(bank, first.consentId, firstToken), 200, AccountList);
    // Balances and transactions need it as well.
    const accountId = accountOf('alice').resourceId;
    fails(
      await send(bank, 'GET', `/v1/accounts/${accountId}/balances`, { headers: { 'Consent-ID': first.consentId } }),
      401,
      'TOKEN_INVALID',
    );
  });

  it('lets tokens expire after an hour by the sandbox clock: TOKEN_EXPIRED', async () => {
    const { consentId } = await newConsent(bank);
    const accessToken = await accessTokenFor(bank, `AIS:${consentId}`);
    bank.clock.advance(HOUR - 1_000);
    ok(await readAccounts(bank, consentId, accessToken), 200, AccountList);
    bank.clock.advance(1_000);
    const expired = fails(await readAccounts(bank, consentId, accessToken), 401, 'TOKEN_EXPIRED');
    expect(expired?.text).toMatch(/expired at/);
    // Any XS2A request carrying it is refused, not only account reads.
    fails(
      await send(bank, 'GET', `/v1/consents/${consentId}/status`, { headers: bearer(accessToken) }),
      401,
      'TOKEN_EXPIRED',
    );
  });

  it('leaves consents authorised otherwise readable without a token', async () => {
    const today = isoDate(bank.clock.now());
    const created = ok(
      await send(bank, 'POST', '/v1/consents', {
        body: consentBody(today),
        headers: { 'TPP-Redirect-Preferred': 'false', 'PSU-ID': 'alice' },
      }),
      201,
      ConsentsResponse201,
    );
    const authPath = href(created._links.startAuthorisationWithPsuAuthentication);
    const started = ok(
      await send(bank, 'POST', authPath, {
        headers: { 'PSU-ID': 'alice' },
        body: { psuData: { password: 'sandbox' } },
      }),
      201,
      StartScaprocessResponse,
    );
    const put = (body: unknown) => send(bank, 'PUT', href(started._links.scaStatus), { body });
    await put({ authenticationMethodId: 'sms' });
    ok(await put({ scaAuthenticationData: '123456' }), 200, ScaStatusResponse);
    ok(await readAccounts(bank, created.consentId), 200, AccountList);
  });

  it('deny: 302 with error=access_denied and the state; the consent is rejected', async () => {
    const { consentId } = await newConsent(bank);
    const { challenge } = pkce();
    // The PSU logs in to deny, as to approve.
    const done = await decide(bank, { scope: `AIS:${consentId}`, challenge, state: 'xyz' }, 'deny');
    expect(done.status).toBe(302);
    const params = query(done.location);
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('state')).toBe('xyz');
    expect(params.get('code')).toBeNull();
    expect(
      ok(await send(bank, 'GET', `/v1/consents/${consentId}/status`), 200, ConsentStatusResponse).consentStatus,
    ).toBe('rejected');
  });

  it('answers a double-clicked Approve with a fresh code for the same request; the first code is replaced', async () => {
    const { consentId } = await newConsent(bank);
    const scope = `AIS:${consentId}`;
    const { challenge, verifier } = pkce();
    const first = query((await decide(bank, { scope, challenge }, 'approve')).location);
    const again = await decide(bank, { scope, challenge }, 'approve');
    expect(again.status, again.html).toBe(302);
    const second = query(again.location);
    expect(second.get('error')).toBeNull();
    expect(second.get('state')).toBe('state-1');
    const code = second.get('code') ?? '';
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(code).not.toBe(first.get('code'));
    // The browser follows the last answer; the code of the first, abandoned one no longer works.
    oauthError(await exchange(bank, first.get('code') ?? '', verifier), 'invalid_grant');
    const issued = await exchange(bank, code, verifier);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    ok(await readAccounts(bank, consentId, String(issued.body.access_token)), 200, AccountList);
    // Codes stay single use: once exchanged, a further Approve gets no new code, and the code is spent.
    expect(query((await decide(bank, { scope, challenge }, 'approve')).location).get('error')).toBe('invalid_scope');
    oauthError(await exchange(bank, code, verifier), 'invalid_grant');
  });

  it('gives no code to a repeated Approve with another challenge, client or wrong password', async () => {
    const { consentId } = await newConsent(bank);
    const scope = `AIS:${consentId}`;
    const { challenge } = pkce();
    expect(query((await decide(bank, { scope, challenge }, 'approve')).location).get('code')).toBeTruthy();
    // Another challenge is another request, whose page the browser never got: its form is refused outright.
    const other = await decide(bank, { scope, challenge: pkce().challenge }, 'approve');
    expect(other.status).toBe(403);
    expect(other.location).toBeNull();
    const wrong = await decide(bank, { scope, challenge }, 'approve', { psuId: 'alice', password: 'nope' });
    expect(query(wrong.location).get('error')).toBe('invalid_scope');
    const bob = await decide(bank, { scope, challenge }, 'approve', { psuId: 'bob', password: SANDBOX_PASSWORD });
    expect(query(bob.location).get('error')).toBe('invalid_scope');
  });

  it('answers a double-clicked Deny with access_denied again', async () => {
    const { consentId } = await newConsent(bank);
    const { challenge } = pkce();
    const deny = () => decide(bank, { scope: `AIS:${consentId}`, challenge, state: 'twice' }, 'deny');
    expect(query((await deny()).location).get('error')).toBe('access_denied');
    const again = query((await deny()).location);
    expect(again.get('error')).toBe('access_denied');
    expect(again.get('state')).toBe('twice');
  });

  it('keeps the page, the PSU-ID and the open authorisation after a wrong password', async () => {
    const { consentId, links } = await newConsent(bank);
    const { challenge } = pkce();
    const wrong = await decide(bank, { scope: `AIS:${consentId}`, challenge }, 'approve', {
      psuId: 'alice',
      password: 'wrong',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.html).toContain('role="alert"');
    expect(wrong.html).toContain('password is wrong');
    expect(wrong.html).toContain('value="alice"');
    expect(ok(await send(bank, 'GET', href(links.scaStatus)), 200, ScaStatusResponse).scaStatus).toBe('received');
  });

  it('declines for a PSU whose SCA always fails, as the redirect page does', async () => {
    const { consentId } = await newConsent(bank);
    const { challenge } = pkce();
    const done = await decide(bank, { scope: `AIS:${consentId}`, challenge }, 'approve', {
      psuId: 'dave',
      password: SANDBOX_PASSWORD,
    });
    expect(query(done.location).get('error')).toBe('access_denied');
    expect(
      ok(await send(bank, 'GET', `/v1/consents/${consentId}/status`), 200, ConsentStatusResponse).consentStatus,
    ).toBe('rejected');
  });
});

describe('the OAuth code flow for payments', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await oauthBank();
  });
  afterAll(() => bank.close());

  const status = async (self: string) =>
    ok(await send(bank, 'GET', `${self}/status`), 200, PaymentInitiationStatusResponse).transactionStatus;

  it('approve → ACTC; the payment token works on payment reads, which need none', async () => {
    const { paymentId, self } = await newPayment(bank);
    const accessToken = await accessTokenFor(bank, `PIS:${paymentId}`);
    expect(await status(self)).toBe('ACTC');
    ok(
      await send(bank, 'GET', `${self}/status`, { headers: bearer(accessToken) }),
      200,
      PaymentInitiationStatusResponse,
    );
    fails(await send(bank, 'GET', `${self}/status`, { headers: bearer('unknown') }), 401, 'TOKEN_UNKNOWN');
  });

  it('deny → RJCT', async () => {
    const { paymentId, self } = await newPayment(bank);
    const done = await decide(bank, { scope: `PIS:${paymentId}`, challenge: pkce().challenge }, 'deny');
    expect(query(done.location).get('error')).toBe('access_denied');
    expect(await status(self)).toBe('RJCT');
  });

  it('authorises a cancellation: the open cancellation authorisation, then CANC', async () => {
    const { paymentId, self } = await newPayment(bank);
    await accessTokenFor(bank, `PIS:${paymentId}`);
    expect(await status(self)).toBe('ACTC');
    const cancel = ok(await send(bank, 'DELETE', self), 202, PaymentInitiationCancelResponse202);
    const started = ok(await send(bank, 'POST', href(cancel._links?.startAuthorisation)), 201, StartScaprocessResponse);
    expect(href(started._links.scaOAuth)).toBe(METADATA);
    const page = await authorizePage(bank, { scope: `PIS:${paymentId}`, challenge: pkce().challenge });
    expect(page.html).toContain('Cancel this payment?');
    await approveForCode(bank, `PIS:${paymentId}`);
    expect(await status(self)).toBe('CANC');
    expect(ok(await send(bank, 'GET', href(started._links.scaStatus)), 200, ScaStatusResponse).scaStatus).toBe(
      'finalised',
    );
  });

  it('sends the browser back with an error when the payment moved on before the approval', async () => {
    const { paymentId, self } = await newPayment(bank);
    const { challenge } = pkce();
    expect((await authorizePage(bank, { scope: `PIS:${paymentId}`, challenge })).status).toBe(200);
    expect((await send(bank, 'DELETE', self)).status).toBe(204);
    const done = await decide(bank, { scope: `PIS:${paymentId}`, challenge }, 'approve');
    const params = query(done.location);
    expect(params.get('error')).toBeTruthy();
    expect(await status(self)).toBe('CANC');
  });
});

describe('the token endpoint refuses', () => {
  let bank: TestBank;
  let consentId: string;
  beforeAll(async () => {
    bank = await oauthBank();
  });
  afterAll(() => bank.close());

  async function freshCode() {
    ({ consentId } = await newConsent(bank));
    return approveForCode(bank, `AIS:${consentId}`);
  }

  it('a code_verifier that does not match the challenge (PKCE): invalid_grant', async () => {
    const { code } = await freshCode();
    oauthError(await exchange(bank, code, pkce().verifier), 'invalid_grant');
  });

  it('a code used twice: invalid_grant, and the token issued for it is revoked', async () => {
    const { code, verifier } = await freshCode();
    const first = await exchange(bank, code, verifier);
    expect(first.status).toBe(200);
    const accessToken = String(first.body.access_token);
    ok(await readAccounts(bank, consentId, accessToken), 200, AccountList);
    const again = await exchange(bank, code, verifier);
    oauthError(again, 'invalid_grant');
    expect(again.body.error_description).toMatch(/already used/);
    fails(await readAccounts(bank, consentId, accessToken), 401, 'TOKEN_INVALID');
  });

  it('another redirect_uri or client_id than the authorisation request’s: invalid_grant', async () => {
    const { code, verifier } = await freshCode();
    oauthError(await exchange(bank, code, verifier, { redirect_uri: 'https://evil.example/cb' }), 'invalid_grant');
    oauthError(await exchange(bank, code, verifier, { client_id: 'another-client' }), 'invalid_grant');
    // Neither spent the code.
    expect((await exchange(bank, code, verifier)).status).toBe(200);
  });

  it('a code older than 10 minutes: invalid_grant', async () => {
    const { code, verifier } = await freshCode();
    bank.clock.advance(10 * 60_000);
    oauthError(await exchange(bank, code, verifier), 'invalid_grant');
  });

  it('an unknown code: invalid_grant', async () => {
    oauthError(await exchange(bank, randomBytes(32).toString('base64url'), pkce().verifier), 'invalid_grant');
  });

  it('other grant types, missing parameters and other content types', async () => {
    oauthError(await token(bank, { grant_type: 'client_credentials' }), 'unsupported_grant_type');
    oauthError(await token(bank, {}), 'invalid_request');
    const { code } = await freshCode();
    oauthError(
      await token(bank, { grant_type: 'authorization_code', code, redirect_uri: CALLBACK, client_id: CLIENT }),
      'invalid_request',
    );
    oauthError(await exchange(bank, code, 'short'), 'invalid_request');
    oauthError(await token(bank, { grant_type: 'authorization_code' }, 'application/json'), 'invalid_request');
  });
});

describe('the authorize endpoint refuses', () => {
  let bank: TestBank;
  let scope: string;
  beforeAll(async () => {
    bank = await oauthBank();
    scope = `AIS:${(await newConsent(bank)).consentId}`;
  });
  afterAll(() => bank.close());

  const redirected = async (o: Omit<AuthorizeOptions, 'scope'> & { scope?: string }, error: string) => {
    const page = await authorizePage(bank, { scope, challenge: pkce().challenge, ...o });
    expect(page.status, page.html).toBe(302);
    const params = query(page.location);
    expect(params.get('error')).toBe(error);
    expect(params.get('state')).toBe('state-1');
    return params.get('error_description');
  };

  it('a request without code_challenge (PKCE is mandatory): invalid_request', async () => {
    expect(await redirected({ challenge: undefined }, 'invalid_request')).toMatch(/PKCE is required/);
  });

  it('the plain method, or none: invalid_request', async () => {
    await redirected({ method: 'plain' }, 'invalid_request');
    await redirected({ method: undefined }, 'invalid_request');
    await redirected({ challenge: 'too-short' }, 'invalid_request');
  });

  it('another response_type: unsupported_response_type', async () => {
    await redirected({ responseType: 'token' }, 'unsupported_response_type');
  });

  it('a scope that names nothing: an error page, no redirect; a finished authorisation: invalid_scope', async () => {
    for (const [unknown, text] of [
      ['accounts', 'AIS:&lt;consentId&gt; or PIS:&lt;paymentId&gt;'],
      ['AIS:consent-unknown', 'no consent consent-unknown'],
    ] as const) {
      const page = await authorizePage(bank, { scope: unknown, challenge: pkce().challenge });
      expect(page.status).toBe(400);
      expect(page.location).toBeNull();
      expect(page.html).toContain(text);
    }
    const { consentId } = await newConsent(bank);
    await approveForCode(bank, `AIS:${consentId}`);
    expect(await redirected({ scope: `AIS:${consentId}` }, 'invalid_scope')).toMatch(/no redirect authorisation/);
  });

  it('a missing client_id or a bad redirect_uri: an error page, no redirect', async () => {
    for (const o of [
      { clientId: undefined },
      { redirectUri: undefined },
      { redirectUri: 'not a url' },
      { redirectUri: 'javascript:alert(1)' },
      { redirectUri: 'https://console.example/cb#fragment' },
    ]) {
      const page = await authorizePage(bank, { scope, challenge: pkce().challenge, ...o });
      expect(page.status).toBe(400);
      expect(page.location).toBeNull();
      expect(page.html).toContain('role="alert"');
    }
  });
});

describe('an RFC-conforming OAuth client (oauth4webapi)', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await oauthBank();
  });
  afterAll(() => bank.close());

  it('discovers the server, runs the code flow with PKCE S256 and gets a bearer token', async () => {
    const { consentId } = await newConsent(bank);
    const origin = 'https://bank.test';
    const options = {
      [oauth.customFetch]: (url: string, init: RequestInit) => bank.sandbox.fetch(new Request(url, init)),
    };
    const as = await oauth.processDiscoveryResponse(
      new URL(`${origin}/psd2/oauth`),
      await bank.sandbox.fetch(new Request(`${origin}/psd2/oauth/.well-known/oauth-authorization-server`)),
    );
    const client: oauth.Client = { client_id: CLIENT };
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const authorize = new URL(as.authorization_endpoint ?? '');
    const params = {
      response_type: 'code',
      client_id: CLIENT,
      redirect_uri: CALLBACK,
      scope: `AIS:${consentId}`,
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    };
    authorize.search = new URLSearchParams(params).toString();
    expect((await browse(bank, authorize.href)).status).toBe(200);
    const approved = await browse(bank, authorize.origin + authorize.pathname, {
      ...params,
      psuId: 'alice',
      password: SANDBOX_PASSWORD,
      action: 'approve',
    });
    const callback = oauth.validateAuthResponse(as, client, new URL(approved.location ?? ''), state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      callback,
      CALLBACK,
      verifier,
      options,
    );
    const result = await oauth.processAuthorizationCodeResponse(as, client, response);
    expect(result.token_type).toBe('bearer');
    expect(result.expires_in).toBe(3600);
    ok(await readAccounts(bank, consentId, result.access_token), 200, AccountList);
  });
});

describe('without --sca-redirect oauth', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());

  it('has no OAuth endpoints and leaves Authorization headers alone', async () => {
    const res = await bank.sandbox.fetch(new Request(METADATA));
    expect(res.status).toBe(404);
    const created = await send(bank, 'POST', '/v1/payments/sepa-credit-transfers', {
      body: paymentBody(),
      headers: bearer('whatever-the-profile-holds'),
    });
    expect(href(ok(created, 201, PaymentInitiationResponse201)._links.scaRedirect)).toContain('/psd2/sca/');
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!pgUrl)('OAuth on PostgreSQL: instances share codes and tokens', () => {
  const schema = `test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const banks: TestBank[] = [];
  afterAll(async () => {
    for (const bank of banks) await bank.close();
    if (pgUrl) await dropSchema(pgUrl, schema);
  });

  it('a code issued by one instance is exchanged at another, whose token a third honours', async () => {
    const open = async () => {
      const bank = await oauthBank({ store: await openTestStore(pgUrl, schema) });
      banks.push(bank);
      return bank;
    };
    const a = await open();
    const b = await open();
    const { consentId } = await newConsent(a);
    const { code, verifier } = await approveForCode(a, `AIS:${consentId}`);
    const issued = await exchange(b, code, verifier);
    expect(issued.status).toBe(200);
    const accessToken = String(issued.body.access_token);
    ok(await readAccounts(a, consentId, accessToken), 200, AccountList);
    fails(await readAccounts(b, consentId), 401, 'TOKEN_INVALID');
    oauthError(await exchange(a, code, verifier), 'invalid_grant');
    const stored = await a.store.db.selectFrom('oauth_tokens').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(accessToken);
  });
});

describe('the OAuth code flow for a signing basket', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await oauthBank();
  });
  afterAll(() => bank.close());

  const statusOf = async (path: string) =>
    ok(await send(bank, 'GET', `${path}/status`), 200, PaymentInitiationStatusResponse).transactionStatus;

  async function newBasket() {
    const payments = [await newPayment(bank), await newPayment(bank)];
    const res = await send(bank, 'POST', '/v1/signing-baskets', {
      body: { paymentIds: payments.map((p) => p.paymentId) },
      headers: { 'PSU-ID': 'alice', ...TPP_URIS },
    });
    const { basketId, _links } = ok(res, 201, SigningBasketResponse201);
    return { basketId, links: _links, payments };
  }

  it('names the basket SBS:<basketId>: approve → the basket and every payment in it ACTC', async () => {
    const { basketId, links, payments } = await newBasket();
    expect(href(links.scaOAuth)).toBe(METADATA);
    await accessTokenFor(bank, `SBS:${basketId}`);
    expect(await statusOf(`/v1/signing-baskets/${basketId}`)).toBe('ACTC');
    for (const payment of payments) expect(await statusOf(payment.self)).toBe('ACTC');
  });

  it('deny → the basket RJCT; a member’s own scope cannot approve it while the basket is open', async () => {
    const { basketId, payments } = await newBasket();
    const member = payments[0]?.paymentId ?? '';
    const own = await decide(bank, { scope: `PIS:${member}`, challenge: pkce().challenge }, 'approve');
    expect(own.location ?? '').not.toMatch(/[?&]code=/);
    expect(own.html).toContain(`is in the open signing basket ${basketId}; it is authorised with the basket.`);
    expect(await statusOf(payments[0]?.self ?? '')).toBe('RCVD');
    const done = await decide(bank, { scope: `SBS:${basketId}`, challenge: pkce().challenge }, 'deny');
    expect(query(done.location).get('error')).toBe('access_denied');
    expect(await statusOf(`/v1/signing-baskets/${basketId}`)).toBe('RJCT');
  });
});
