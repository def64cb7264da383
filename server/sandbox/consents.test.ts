// AIS consents in the sandbox: create, read, status, delete, authorisations (embedded, redirect, decoupled) and expiry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Authorisations,
  ConsentInformationResponse,
  ConsentStatusResponse,
  ConsentsResponse201,
  ReadAccountBalanceResponse,
  ScaStatusResponse,
  StartScaprocessResponse,
} from '../../src/xs2a';
import { addDays, isoDate } from './clock';
import { SANDBOX_OTP, SANDBOX_PASSWORD } from './seed';
import { ORIGIN, TEST_START, createTestBank, type TestBank } from './testing/test-support';
import { send, ok, fails, accountOf, href, submit, authoriseEmbedded } from './testing/test-kit';

const today = isoDate(new Date(TEST_START));
const TPP_OK = 'https://tpp.example/callback/ok';
const TPP_NOK = 'https://tpp.example/callback/nok';
const EMBEDDED = (psuId: string) => ({ 'TPP-Redirect-Preferred': 'false', 'PSU-ID': psuId });

const aliceAccess = () => ({
  accounts: [{ iban: accountOf('alice', 0).iban }],
  balances: [{ iban: accountOf('alice', 0).iban }],
  transactions: [{ iban: accountOf('alice', 0).iban }],
});

function consentBody(access: object = aliceAccess(), overrides: Record<string, unknown> = {}) {
  return {
    access,
    recurringIndicator: true,
    validUntil: addDays(today, 90),
    frequencyPerDay: 4,
    combinedServiceIndicator: false,
    ...overrides,
  };
}

async function createConsent(bank: TestBank, body: object = consentBody(), headers: Record<string, string> = {}) {
  const res = await send(bank, 'POST', '/v1/consents', { body, headers });
  const created = ok(res, 201, ConsentsResponse201);
  return { res, body: created, self: href(created._links.self) };
}

const consentStatus = async (bank: TestBank, self: string) =>
  ok(await send(bank, 'GET', `${self}/status`), 200, ConsentStatusResponse).consentStatus;

async function validConsent(bank: TestBank, body: object = consentBody(), psuId = 'alice') {
  const { self, body: created } = await createConsent(bank, body, EMBEDDED(psuId));
  expect((await authoriseEmbedded(bank, `${self}/authorisations`, psuId)).scaStatus).toBe('finalised');
  return { self, consentId: created.consentId };
}

const readBalances = (bank: TestBank, consentId: string, psuId = 'alice') =>
  send(bank, 'GET', `/v1/accounts/${accountOf(psuId).resourceId}/balances`, { headers: { 'Consent-ID': consentId } });

/** A form the PSU's browser posts from the bank's page. */
const form = (bank: TestBank, url: string, fields: Record<string, string>, cookie?: string) =>
  submit(bank, url, fields, cookie);

// ---- tests ----

describe('consent lifecycle', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());

  it('creates a consent: 201 received with Location, approach and redirect links', async () => {
    const { res, body, self } = await createConsent(bank, consentBody(), { 'TPP-Redirect-URI': TPP_OK });
    expect(body.consentStatus).toBe('received');
    expect(self).toBe(`/psd2/v1/consents/${body.consentId}`);
    expect(res.headers.get('Location')).toBe(`${ORIGIN}${self}`);
    expect(res.headers.get('ASPSP-SCA-Approach')).toBe('REDIRECT');
    expect(Object.keys(body._links).sort()).toEqual(['scaRedirect', 'scaStatus', 'self', 'status']);
    expect(href(body._links.status)).toBe(`${self}/status`);
    const authPath = href(body._links.scaStatus);
    const list = ok(await send(bank, 'GET', `${self}/authorisations`), 200, Authorisations);
    expect(list.authorisationIds).toEqual([authPath.split('/').pop()]);
    expect(ok(await send(bank, 'GET', authPath), 200, ScaStatusResponse).scaStatus).toBe('received');
  });

  it('reads a received consent: the requested access, dates and no account link yet', async () => {
    const sent = consentBody(aliceAccess(), { frequencyPerDay: 3, validUntil: addDays(today, 30) });
    const { self } = await createConsent(bank, sent);
    const info = ok(await send(bank, 'GET', self), 200, ConsentInformationResponse);
    expect(info).toEqual({
      access: sent.access,
      recurringIndicator: true,
      validUntil: addDays(today, 30),
      frequencyPerDay: 3,
      lastActionDate: today,
      consentStatus: 'received',
    });
    expect(await consentStatus(bank, self)).toBe('received');
  });

  it('shortens validUntil to the bank’s maximum (9999-12-31 asks for it)', async () => {
    const { self } = await createConsent(bank, consentBody(aliceAccess(), { validUntil: '9999-12-31' }));
    const info = ok(await send(bank, 'GET', self), 200, ConsentInformationResponse);
    expect(info.validUntil).toBe(addDays(today, bank.sandbox.config.maxConsentDays));
  });

  it('becomes valid after embedded SCA; the consent then links to the accounts', async () => {
    const { res, body, self } = await createConsent(bank, consentBody(), EMBEDDED('alice'));
    expect(res.headers.get('ASPSP-SCA-Approach')).toBe('EMBEDDED');
    expect(Object.keys(body._links).sort()).toEqual(['self', 'startAuthorisationWithPsuAuthentication', 'status']);
    const collection = href(body._links.startAuthorisationWithPsuAuthentication);
    expect(collection).toBe(`${self}/authorisations`);
    const { authPath, authorisationId } = await authoriseEmbedded(bank, collection, 'alice');
    expect(await consentStatus(bank, self)).toBe('valid');
    const info = ok(await send(bank, 'GET', self), 200, ConsentInformationResponse);
    expect(info.consentStatus).toBe('valid');
    expect(href(info._links?.account)).toBe('/psd2/v1/accounts');
    expect(ok(await send(bank, 'GET', collection), 200, Authorisations).authorisationIds).toEqual([authorisationId]);
    expect(ok(await send(bank, 'GET', authPath), 200, ScaStatusResponse)).toMatchObject({
      scaStatus: 'finalised',
      psuName: 'Alice Schneider',
    });
    ok(await readBalances(bank, body.consentId), 200, ReadAccountBalanceResponse);
  });

  it('refuses to authorise a valid consent again (409 STATUS_INVALID)', async () => {
    const { self } = await validConsent(bank);
    fails(
      await send(bank, 'POST', `${self}/authorisations`, { headers: { 'PSU-ID': 'alice' } }),
      409,
      'STATUS_INVALID',
    );
  });

  it('is rejected when the SCA fails (dave); a rejected consent reads nothing', async () => {
    const body = consentBody({ accounts: [{ iban: accountOf('dave').iban }] });
    const { self, body: created } = await createConsent(bank, body, EMBEDDED('dave'));
    expect((await authoriseEmbedded(bank, `${self}/authorisations`, 'dave')).scaStatus).toBe('failed');
    expect(await consentStatus(bank, self)).toBe('rejected');
    fails(await send(bank, 'POST', `${self}/authorisations`, { headers: { 'PSU-ID': 'dave' } }), 409, 'STATUS_INVALID');
    fails(
      await send(bank, 'GET', '/v1/accounts', { headers: { 'Consent-ID': created.consentId } }),
      401,
      'CONSENT_INVALID',
    );
  });

  it('is deleted with 204: terminatedByTpp, no more reads, a second DELETE is 409 STATUS_INVALID', async () => {
    const { self, consentId } = await validConsent(bank);
    const res = await send(bank, 'DELETE', self);
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expect(await consentStatus(bank, self)).toBe('terminatedByTpp');
    expect(ok(await send(bank, 'GET', self), 200, ConsentInformationResponse).consentStatus).toBe('terminatedByTpp');
    fails(await readBalances(bank, consentId), 401, 'CONSENT_INVALID');
    fails(await send(bank, 'DELETE', self), 409, 'STATUS_INVALID');
    fails(await send(bank, 'POST', `${self}/authorisations`), 409, 'STATUS_INVALID');
  });

  it('deletes a consent that was never authorised', async () => {
    const { self } = await createConsent(bank);
    expect((await send(bank, 'DELETE', self)).status).toBe(204);
    expect(await consentStatus(bank, self)).toBe('terminatedByTpp');
  });

  // createConsent's documented side effect in 1.3.12: a newly authorised recurring consent expires the PSU's
  // earlier recurring one.
  it('expires the PSU’s earlier recurring consent once a new recurring consent is authorised', async () => {
    const earlier = await validConsent(bank);
    const later = await validConsent(bank);
    expect(await consentStatus(bank, later.self)).toBe('valid');
    expect(await consentStatus(bank, earlier.self)).toBe('expired');
  });

  it('answers 403 CONSENT_UNKNOWN for an unknown consent in the path', async () => {
    const self = '/v1/consents/con-unknown';
    for (const [method, path] of [
      ['GET', self],
      ['GET', `${self}/status`],
      ['DELETE', self],
      ['GET', `${self}/authorisations`],
      ['POST', `${self}/authorisations`],
      ['GET', `${self}/authorisations/auth-x`],
      ['PUT', `${self}/authorisations/auth-x`],
    ] as const) {
      fails(
        await send(bank, method, path, method === 'PUT' ? { body: { scaAuthenticationData: '1' } } : {}),
        403,
        'CONSENT_UNKNOWN',
      );
    }
    const { self: known } = await createConsent(bank);
    fails(await send(bank, 'GET', `${known}/authorisations/auth-unknown`), 403, 'RESOURCE_UNKNOWN');
  });

  it('lets only the PSU who owns the named accounts authorise', async () => {
    const { self } = await createConsent(bank, consentBody({ accounts: [{ iban: accountOf('bob').iban }] }), {
      'TPP-Redirect-Preferred': 'false',
    });
    const started = ok(
      await send(bank, 'POST', `${self}/authorisations`, { headers: { 'PSU-ID': 'alice' } }),
      201,
      StartScaprocessResponse,
    );
    const authPath = `${self}/authorisations/${started.authorisationId}`;
    fails(
      await send(bank, 'PUT', authPath, { body: { psuData: { password: SANDBOX_PASSWORD } } }),
      401,
      'PSU_CREDENTIALS_INVALID',
    );
    expect(await consentStatus(bank, self)).toBe('received');
  });

  it('rejects consent bodies that break the spec’s rules with 400 FORMAT_ERROR', async () => {
    const cases: [string, object][] = [
      ['one-off with frequencyPerDay 4', consentBody(aliceAccess(), { recurringIndicator: false })],
      ['validUntil in the past', consentBody(aliceAccess(), { validUntil: addDays(today, -1) })],
      ['validUntil not a date', consentBody(aliceAccess(), { validUntil: '2026-02-30' })],
      ['frequencyPerDay 0', consentBody(aliceAccess(), { frequencyPerDay: 0 })],
      ['recurringIndicator as a string', consentBody(aliceAccess(), { recurringIndicator: 'true' })],
      ['combinedServiceIndicator missing', consentBody(aliceAccess(), { combinedServiceIndicator: undefined })],
      ['nothing requested', consentBody({})],
      ['an IBAN this bank does not hold', consentBody({ accounts: [{ iban: 'DE02100100109307118603' }] })],
      ['a bad IBAN checksum', consentBody({ accounts: [{ iban: 'DE02100100109307118604' }] })],
      ['allPsd2 with named accounts', consentBody({ ...aliceAccess(), allPsd2: 'allAccounts' })],
      [
        'an empty list beside a filled one',
        consentBody({ accounts: [], balances: [{ iban: accountOf('alice').iban }] }),
      ],
      ['allPsd2 with an unknown value', consentBody({ allPsd2: 'everything' })],
    ];
    for (const [name, body] of cases) {
      const res = await send(bank, 'POST', '/v1/consents', { body });
      expect(res.status, name).toBe(400);
      fails(res, 400, 'FORMAT_ERROR');
    }
  });

  it('refuses a bank-offered consent with embedded SCA (400 SERVICE_INVALID)', async () => {
    const body = consentBody({ accounts: [], balances: [], transactions: [] });
    fails(await send(bank, 'POST', '/v1/consents', { body, headers: EMBEDDED('alice') }), 400, 'SERVICE_INVALID');
  });
});

describe('consent SCA through the bank pages and the banking app', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());

  async function redirectConsent(body: object = consentBody()) {
    const { body: created, self } = await createConsent(bank, body, {
      'TPP-Redirect-URI': TPP_OK,
      'TPP-Nok-Redirect-URI': TPP_NOK,
    });
    return { self, consentId: created.consentId, scaRedirect: href(created._links.scaRedirect) };
  }

  it('shows the requested access on the page and becomes valid on approval', async () => {
    const { self, scaRedirect } = await redirectConsent();
    const pageRes = await bank.sandbox.fetch(new Request(scaRedirect));
    const html = await pageRes.text();
    expect(html).toContain('Share your account information?');
    expect(html).toContain(accountOf('alice').iban);
    expect((await form(bank, `${scaRedirect}/login`, { psuId: 'alice', password: SANDBOX_PASSWORD })).status).toBe(303);
    const decision = await form(bank, `${scaRedirect}/decision`, { action: 'approve', otp: SANDBOX_OTP });
    expect(decision.status).toBe(303);
    expect(decision.headers.get('Location')).toBe(TPP_OK);
    expect(await consentStatus(bank, self)).toBe('valid');
  });

  it('becomes rejected when the PSU denies', async () => {
    const { self, scaRedirect } = await redirectConsent();
    // Denying, like approving, needs the PSU logged in.
    expect((await form(bank, `${scaRedirect}/login`, { psuId: 'alice', password: SANDBOX_PASSWORD })).status).toBe(303);
    const decision = await form(bank, `${scaRedirect}/decision`, { action: 'deny' });
    expect(decision.headers.get('Location')).toBe(TPP_NOK);
    expect(await consentStatus(bank, self)).toBe('rejected');
  });

  it('becomes valid through decoupled approval in the banking app', async () => {
    const { res, body, self } = await createConsent(bank, consentBody(), {
      'TPP-Decoupled-Preferred': 'true',
      'PSU-ID': 'alice',
    });
    expect(res.headers.get('ASPSP-SCA-Approach')).toBe('DECOUPLED');
    expect(body.psuMessage).toMatch(/Banking app/);
    const authPath = href(body._links.scaStatus);
    expect(ok(await send(bank, 'GET', authPath), 200, ScaStatusResponse).scaStatus).toBe('started');
    const login = await form(bank, '/psd2/app/login', { psuId: 'alice', password: SANDBOX_PASSWORD });
    const cookie = login.headers.get('Set-Cookie')?.split(';')[0];
    const decide = await form(
      bank,
      '/psd2/app/decide',
      { authorisationId: authPath.split('/').pop() ?? '', action: 'approve' },
      cookie,
    );
    expect(decide.headers.get('Location')).toBe('/psd2/app?done=approved');
    expect(await consentStatus(bank, self)).toBe('valid');
  });
});

describe('consent with timed decoupled approval (decoupledAutoApproveMs)', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank({ config: { decoupledAutoApproveMs: 10_000 } });
  });
  afterAll(() => bank.close());

  it('turns valid on the first read after the delay; dave’s turns rejected', async () => {
    const headers = (psuId: string) => ({ 'TPP-Decoupled-Preferred': 'true', 'PSU-ID': psuId });
    const { self } = await createConsent(bank, consentBody(), headers('alice'));
    const daveAccess = { accounts: [{ iban: accountOf('dave').iban }] };
    const { self: daves } = await createConsent(bank, consentBody(daveAccess), headers('dave'));
    bank.clock.advance(9_999);
    expect(await consentStatus(bank, self)).toBe('received');
    bank.clock.advance(1);
    expect(await consentStatus(bank, self)).toBe('valid');
    expect(await consentStatus(bank, daves)).toBe('rejected');
  });
});

describe('consent expiry (validUntil with the injected clock)', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());

  it('is valid through validUntil, expired the day after; reads then give 401 CONSENT_EXPIRED', async () => {
    const { self, consentId } = await validConsent(bank, consentBody(aliceAccess(), { validUntil: addDays(today, 2) }));
    const { self: pending } = await createConsent(bank, consentBody(aliceAccess(), { validUntil: addDays(today, 2) }));
    bank.clock.advance(2 * 86_400_000); // validUntil is inclusive
    expect(await consentStatus(bank, self)).toBe('valid');
    ok(await readBalances(bank, consentId), 200, ReadAccountBalanceResponse);

    bank.clock.advance(86_400_000);
    expect(await consentStatus(bank, self)).toBe('expired');
    const info = ok(await send(bank, 'GET', self), 200, ConsentInformationResponse);
    expect(info).toMatchObject({ consentStatus: 'expired', lastActionDate: addDays(today, 3) });
    expect(info._links).toBeUndefined();
    fails(await readBalances(bank, consentId), 401, 'CONSENT_EXPIRED');
    fails(await send(bank, 'GET', '/v1/accounts', { headers: { 'Consent-ID': consentId } }), 401, 'CONSENT_EXPIRED');

    // A consent that was never authorised expires too, and cannot be authorised any more.
    expect(await consentStatus(bank, pending)).toBe('expired');
    fails(await send(bank, 'POST', `${pending}/authorisations`), 409, 'STATUS_INVALID');
  });
});
