// The OAuth authorize endpoint is no open redirector: until the request is known to be valid (a client_id, a resource
// with a redirect authorisation, and a redirect_uri on the origin of the TPP-Redirect-URI or TPP-Nok-Redirect-URI the TPP
// declared for it) errors show on the bank's own page; only then does the browser go back to redirect_uri (RFC 6749
// §4.1.2.1), and only there does a code go.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsentStatusResponse, PaymentInitiationCancelResponse202, StartScaprocessResponse } from '../../src/xs2a';
import {
  AUTHORIZE,
  CALLBACK,
  TPP_ORIGIN,
  TPP_URIS,
  authorizeParams,
  authorizePage,
  decide,
  newConsent,
  newPayment,
  oauthBank,
  pkce,
  query,
  type AuthorizeOptions,
} from './testing/oauth-test-kit';
import { SANDBOX_PASSWORD } from './seed';
import type { TestBank } from './testing/test-support';
import { browse, href, ok, send, type PageResponse } from './testing/test-kit';

const EVIL = 'https://evil.example/collect';

/** The bank's own error page: 400, HTML, an alert, and no redirect anywhere. */
function errorPage(res: PageResponse) {
  expect(res.status, res.html).toBe(400);
  expect(res.location).toBeNull();
  expect(res.html).toContain('role="alert"');
  expect(res.html).toContain('This authorisation request is not valid');
}

describe('the authorize endpoint before the request is valid', () => {
  let bank: TestBank;
  let consentId: string;
  beforeAll(async () => {
    bank = await oauthBank();
    ({ consentId } = await newConsent(bank));
  });
  afterAll(() => bank.close());

  const codesOf = (id: string) =>
    bank.store.db.selectFrom('oauth_codes').select('code_hash').where('resource_id', '=', id).execute();
  const consentStatus = async (id: string) =>
    ok(await send(bank, 'GET', `/v1/consents/${id}/status`), 200, ConsentStatusResponse).consentStatus;

  it('shows an unknown or unreadable scope on its page, never redirecting to the redirect_uri', async () => {
    for (const scope of ['AIS:consent-unknown', 'PIS:payment-unknown', 'accounts', '']) {
      for (const redirectUri of [EVIL, CALLBACK]) {
        errorPage(await authorizePage(bank, { scope, challenge: pkce().challenge, redirectUri }));
        // Nor after a form post, nor with other errors the request carries.
        errorPage(await decide(bank, { scope, challenge: pkce().challenge, redirectUri }, 'approve'));
        errorPage(await authorizePage(bank, { scope, challenge: undefined, responseType: 'token', redirectUri }));
      }
    }
  });

  it('shows a redirect_uri the TPP did not declare for the consent on its page, and issues no code for it', async () => {
    const undeclared = [
      EVIL,
      'https://console.example.evil.example/callback/oauth',
      'https://console.example:8443/callback/oauth',
      'https://127.0.0.1/callback/oauth',
    ];
    for (const redirectUri of undeclared) {
      const o: AuthorizeOptions = { scope: `AIS:${consentId}`, challenge: pkce().challenge, redirectUri };
      const page = await authorizePage(bank, o);
      errorPage(page);
      expect(page.html).toContain('TPP-Redirect-URI');
      errorPage(await decide(bank, o, 'approve'));
      errorPage(await decide(bank, o, 'deny'));
      // An error that would otherwise be redirected is not sent there either.
      errorPage(await authorizePage(bank, { ...o, challenge: undefined }));
    }
    expect(await codesOf(consentId)).toEqual([]);
    expect(await consentStatus(consentId)).toBe('received');
  });

  it('shows a redirect_uri the bank may not send a browser to on its page: http beyond loopback hosts', async () => {
    const o = { scope: `AIS:${consentId}`, challenge: pkce().challenge, redirectUri: `http://console.example/cb` };
    const page = await authorizePage(bank, o);
    errorPage(page);
    expect(page.html).toContain('loopback');
    errorPage(await decide(bank, o, 'approve'));
  });

  it('shows a consent whose TPP declared no redirect URI on its page', async () => {
    const { consentId: bare } = await newConsent(bank, {});
    const o = { scope: `AIS:${bare}`, challenge: pkce().challenge };
    errorPage(await authorizePage(bank, o));
    errorPage(await decide(bank, o, 'approve'));
    expect(await codesOf(bare)).toEqual([]);
    expect(await consentStatus(bare)).toBe('received');
  });

  it('escapes the redirect_uri and scope it shows', async () => {
    const page = await browse(
      bank,
      `${AUTHORIZE}?${new URLSearchParams(authorizeParams({ scope: '<script>x</script>', redirectUri: `${EVIL}?<b>` })).toString()}`,
    );
    errorPage(page);
    expect(page.html).not.toContain('<script>x');
    expect(page.html).not.toContain('<b>');
  });
});

describe('the authorize endpoint once the request is valid', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await oauthBank();
  });
  afterAll(() => bank.close());

  it('takes a redirect_uri on the origin of the declared TPP-Redirect-URI, whatever its path, and sends the code there', async () => {
    const { consentId } = await newConsent(bank);
    const { challenge } = pkce();
    const o = { scope: `AIS:${consentId}`, challenge };
    expect((await authorizePage(bank, o)).status).toBe(200);
    const done = await decide(bank, o, 'approve');
    expect(done.status, done.html).toBe(302);
    expect(query(done.location).get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('takes the origin of the declared TPP-Nok-Redirect-URI too', async () => {
    const { consentId } = await newConsent(bank, {
      'TPP-Redirect-URI': 'https://ok.tpp.example/back',
      'TPP-Nok-Redirect-URI': `${TPP_ORIGIN}/callback/nok`,
    });
    expect((await authorizePage(bank, { scope: `AIS:${consentId}`, challenge: pkce().challenge })).status).toBe(200);
  });

  it('redirects errors found after the check to the redirect_uri, with the state (RFC 6749 §4.1.2.1)', async () => {
    const { consentId } = await newConsent(bank);
    const page = await authorizePage(bank, { scope: `AIS:${consentId}`, challenge: undefined, state: 's-9' });
    expect(page.status).toBe(302);
    const params = query(page.location);
    expect(params.get('error')).toBe('invalid_request');
    expect(params.get('state')).toBe('s-9');
  });

  it('takes the redirect URIs of the authorisation and of its payment, and no others', async () => {
    const { paymentId, links } = await newPayment(bank, 'alice', {
      'TPP-Explicit-Authorisation-Preferred': 'true',
      'TPP-Redirect-URI': 'https://initiation.tpp.example/ok',
    });
    const started = ok(
      await send(bank, 'POST', href(links.startAuthorisation), { headers: TPP_URIS }),
      201,
      StartScaprocessResponse,
    );
    expect(started.scaStatus).toBe('received');
    const scope = `PIS:${paymentId}`;
    for (const redirectUri of [CALLBACK, 'https://initiation.tpp.example/callback/oauth']) {
      expect((await authorizePage(bank, { scope, challenge: pkce().challenge, redirectUri })).status).toBe(200);
    }
    errorPage(await authorizePage(bank, { scope, challenge: pkce().challenge, redirectUri: EVIL }));
  });

  it('takes the payment’s redirect URIs for a cancellation authorisation started without its own', async () => {
    const { paymentId, self } = await newPayment(bank);
    const scope = `PIS:${paymentId}`;
    expect(
      query((await decide(bank, { scope, challenge: pkce().challenge }, 'approve')).location).get('code'),
    ).toBeTruthy();
    const cancel = ok(await send(bank, 'DELETE', self), 202, PaymentInitiationCancelResponse202);
    ok(await send(bank, 'POST', href(cancel._links?.startAuthorisation)), 201, StartScaprocessResponse);
    const page = await authorizePage(bank, { scope, challenge: pkce().challenge });
    expect(page.status).toBe(200);
    expect(page.html).toContain('Cancel this payment?');
    errorPage(await authorizePage(bank, { scope, challenge: pkce().challenge, redirectUri: EVIL }));
  });

  it('sends a denial back to the declared origin only', async () => {
    const { consentId } = await newConsent(bank);
    errorPage(
      await decide(bank, { scope: `AIS:${consentId}`, challenge: pkce().challenge, redirectUri: EVIL }, 'deny'),
    );
    const denied = await decide(bank, { scope: `AIS:${consentId}`, challenge: pkce().challenge }, 'deny');
    expect(denied.status).toBe(302);
    expect(query(denied.location).get('error')).toBe('access_denied');
  });

  it('answers a double-clicked Approve for a finished authorisation only on the declared origin', async () => {
    const { consentId } = await newConsent(bank);
    const { challenge } = pkce();
    const o = { scope: `AIS:${consentId}`, challenge };
    expect(query((await decide(bank, o, 'approve')).location).get('code')).toBeTruthy();
    errorPage(await decide(bank, { ...o, redirectUri: EVIL }, 'approve'));
    errorPage(await authorizePage(bank, { ...o, redirectUri: EVIL }));
    const again = await decide(bank, o, 'approve', { psuId: 'alice', password: SANDBOX_PASSWORD });
    expect(query(again.location).get('code')).toBeTruthy();
  });
});
