// TPP-Redirect-URI and TPP-Nok-Redirect-URI are where the bank sends the PSU's browser after SCA: only https, or http on
// a loopback host (a console on the TPP's own machine), is accepted; anything else is a 400 FORMAT_ERROR naming the
// header, wherever the headers are read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsentsResponse201, PaymentInitiationResponse201 } from '../../src/xs2a';
import { SANDBOX_OTP, SANDBOX_PASSWORD } from './seed';
import { createTestBank, type TestBank } from './testing/test-support';
import { browse, consentBody, fails, href, ok, paymentBody, send } from './testing/test-kit';

const SCT = '/v1/payments/sepa-credit-transfers';
const HEADERS = ['TPP-Redirect-URI', 'TPP-Nok-Redirect-URI'] as const;

const REFUSED = [
  'javascript:alert(document.domain)',
  'JavaScript://tpp.example/%0Aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://tpp.example/callback',
  'myapp://callback',
  'http://tpp.example/callback/ok',
  'http://localhost.tpp.example/callback/ok',
  'http://127.0.0.2.nip.io/callback/ok',
];

const ACCEPTED = [
  'https://tpp.example/callback/ok?state=a%20b',
  'http://localhost:4318/callback/ok',
  'http://127.0.0.1:4319/callback/ok?flow=pay-approve',
  'http://[::1]:8080/callback/ok',
  'http://console.localhost/callback/ok',
];

describe('TPP redirect URIs', () => {
  let bank: TestBank;
  let paymentSelf: string;
  let consentSelf: string;
  beforeAll(async () => {
    bank = await createTestBank();
    // Explicit start: the TPP starts the authorisations itself, with its own redirect headers.
    const explicit = { 'TPP-Explicit-Authorisation-Preferred': 'true', 'TPP-Redirect-Preferred': 'false' };
    paymentSelf = href(
      ok(await send(bank, 'POST', SCT, { body: paymentBody(), headers: explicit }), 201, PaymentInitiationResponse201)
        ._links.self,
    );
    consentSelf = href(
      ok(await send(bank, 'POST', '/v1/consents', { body: consentBody(), headers: explicit }), 201, ConsentsResponse201)
        ._links.self,
    );
  });
  afterAll(() => bank.close());

  /** Every request that reads the redirect headers, with one of them set. */
  const requests = (header: string, uri: string) =>
    [
      ['payment initiation', () => send(bank, 'POST', SCT, { body: paymentBody(), headers: { [header]: uri } })],
      [
        'consent creation',
        () => send(bank, 'POST', '/v1/consents', { body: consentBody(), headers: { [header]: uri } }),
      ],
      [
        'payment start-authorisation',
        () => send(bank, 'POST', `${paymentSelf}/authorisations`, { headers: { [header]: uri, 'PSU-ID': 'alice' } }),
      ],
      [
        'consent start-authorisation',
        () => send(bank, 'POST', `${consentSelf}/authorisations`, { headers: { [header]: uri, 'PSU-ID': 'alice' } }),
      ],
      [
        'payment cancellation',
        async () => {
          // A payment of its own, so a cancellation that went through would not change the others' answers.
          const payment = ok(await send(bank, 'POST', SCT, { body: paymentBody() }), 201, PaymentInitiationResponse201);
          return send(bank, 'DELETE', href(payment._links.self), { headers: { [header]: uri } });
        },
      ],
    ] as const;

  it('refuses other schemes, and http on other hosts, with 400 FORMAT_ERROR naming the header', async () => {
    const answers: string[] = [];
    const expected: string[] = [];
    for (const header of HEADERS) {
      for (const uri of REFUSED) {
        for (const [what, request] of requests(header, uri)) {
          const res = await request();
          const message = (res.body as { tppMessages?: { code: string; path?: string }[] } | undefined)
            ?.tppMessages?.[0];
          answers.push(`${what}, ${header}: ${uri} → ${res.status} ${message?.code ?? ''} ${message?.path ?? ''}`);
          expected.push(`${what}, ${header}: ${uri} → 400 FORMAT_ERROR ${header}`);
        }
      }
    }
    expect(answers).toEqual(expected);
  });

  it('says what it accepts', async () => {
    const res = await send(bank, 'POST', SCT, {
      body: paymentBody(),
      headers: { 'TPP-Redirect-URI': 'javascript:alert(1)' },
    });
    expect(fails(res, 400, 'FORMAT_ERROR')?.text).toMatch(/https.*localhost/);
  });

  it('accepts https, and http on loopback hosts, on every request that reads them', async () => {
    for (const uri of ACCEPTED) {
      const payment = await send(bank, 'POST', SCT, {
        body: paymentBody(),
        headers: { 'TPP-Redirect-URI': uri, 'TPP-Nok-Redirect-URI': uri },
      });
      expect(payment.status, uri).toBe(201);
      const consent = await send(bank, 'POST', '/v1/consents', {
        body: consentBody(),
        headers: { 'TPP-Redirect-URI': uri, 'TPP-Nok-Redirect-URI': uri },
      });
      expect(consent.status, uri).toBe(201);
      const start = await send(bank, 'POST', `${paymentSelf}/authorisations`, {
        headers: { 'TPP-Redirect-URI': uri, 'TPP-Redirect-Preferred': 'true' },
      });
      expect(start.status, uri).toBe(201);
    }
  });

  it('sends the PSU to a loopback http callback after Approve, as the console’s own callback pages', async () => {
    const callback = 'http://localhost:4318/callback/ok?flow=pay-approve';
    const payment = ok(
      await send(bank, 'POST', SCT, {
        body: paymentBody(),
        headers: {
          'TPP-Redirect-Preferred': 'true',
          'TPP-Redirect-URI': callback,
          'TPP-Nok-Redirect-URI': 'http://localhost:4318/callback/nok',
        },
      }),
      201,
      PaymentInitiationResponse201,
    );
    const decision = await approveAtBank(bank, href(payment._links.scaRedirect));
    expect(decision.status).toBe(303);
    expect(decision.location).toBe(callback);
  });

  it('never sends the PSU to a stored redirect URI that is not safe (a row kept from before the check)', async () => {
    const payment = ok(
      await send(bank, 'POST', SCT, {
        body: paymentBody(),
        headers: {
          'TPP-Redirect-Preferred': 'true',
          'TPP-Redirect-URI': 'https://tpp.example/ok',
          'TPP-Nok-Redirect-URI': 'https://tpp.example/nok',
        },
      }),
      201,
      PaymentInitiationResponse201,
    );
    const scaRedirect = href(payment._links.scaRedirect);
    await bank.store.db
      .updateTable('authorisations')
      .set({ tpp_redirect_uri: 'javascript:alert(document.domain)', tpp_nok_redirect_uri: 'data:text/html,x' })
      .where('resource_id', '=', payment.paymentId)
      .execute();
    const loginPage = await browse(bank, scaRedirect);
    expect(loginPage.html).not.toMatch(/href="(javascript|data):/i);
    const decision = await approveAtBank(bank, scaRedirect);
    expect(decision.location ?? undefined).toBeUndefined();
    expect(decision.status).toBe(200);
    expect(decision.html).toContain('Approved');
  });
});

/** Logs in as alice on the redirect SCA page and approves with the OTP, as the PSU's browser does. */
async function approveAtBank(bank: TestBank, scaRedirect: string) {
  // As the PSU's browser does: it keeps the bank's cookie and posts each form with the form's hidden fields.
  let cookie: string | undefined;
  const open = async (url: string, form?: Record<string, string>) => {
    const page = await browse(bank, url, form, cookie);
    if (page.setCookie) cookie = page.setCookie.split(';')[0];
    return page;
  };
  const hidden = (page: { html: string }): Record<string, string> => {
    const fields: Record<string, string> = {};
    for (const [, name = '', value = ''] of page.html.matchAll(
      /<input type="hidden" name="([^"]+)" value="([^"]*)"/g,
    )) {
      fields[name] = value;
    }
    return fields;
  };
  const loginPage = await open(scaRedirect);
  await open(`${scaRedirect}/login`, { ...hidden(loginPage), psuId: 'alice', password: SANDBOX_PASSWORD });
  const approvePage = await open(scaRedirect);
  expect(approvePage.html).toContain('One-time password');
  const decision = await open(`${scaRedirect}/decision`, {
    ...hidden(approvePage),
    action: 'approve',
    otp: SANDBOX_OTP,
  });
  return decision;
}
