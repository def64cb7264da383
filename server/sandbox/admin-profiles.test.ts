// Bank behaviour profiles: each preset switched at run time through the admin API, as the XS2A answers show it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConsentsResponse201, PaymentInitiationResponse201, TransactionsResponse } from '../../src/xs2a';
import { createTestBank, twoInstancesForTests, type TestBank } from './testing/test-support';
import { accountOf, authoriseConsentEmbedded, fails, ok, paymentBody, send } from './testing/test-kit';

const use = (bank: TestBank, name: string) => send(bank, 'PUT', '/admin/profile', { body: { name } });
const initiate = (bank: TestBank, headers: Record<string, string> = {}) =>
  send(bank, 'POST', '/v1/payments/sepa-credit-transfers', { body: paymentBody(), headers });
const consentBody = (access: object = { allPsd2: 'allAccounts' }, frequencyPerDay = 4) => ({
  access,
  recurringIndicator: true,
  validUntil: '2026-12-31',
  frequencyPerDay,
  combinedServiceIndicator: false,
});

describe('behaviour profiles', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());
  beforeEach(async () => {
    await use(bank, 'standard');
  });

  it('lists the profiles, names the current one and refuses unknown names', async () => {
    const list = (await send(bank, 'GET', '/admin/profiles')).body as { current: string; profiles: { name: string }[] };
    expect(list.current).toBe('standard');
    expect(list.profiles.map((p) => p.name)).toEqual(
      expect.arrayContaining(['redirect-only', 'embedded-only', 'decoupled', 'oauth', 'explicit-start', 'small-pages']),
    );
    const bad = await use(bank, 'friendly-bank');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'unknown_profile' } });
    const switched = await use(bank, 'embedded-only');
    expect(switched.body).toMatchObject({
      name: 'embedded-only',
      options: { scaApproaches: ['EMBEDDED'], signingBaskets: false },
    });
    expect((await send(bank, 'GET', '/admin/profile')).body).toMatchObject({ name: 'embedded-only' });
  });

  it('offers only the approaches of redirect-only, embedded-only and decoupled, whatever the TPP prefers', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['redirect-only', { 'TPP-Redirect-Preferred': 'false', 'PSU-ID': 'alice' }, 'REDIRECT'],
      ['embedded-only', { 'TPP-Redirect-Preferred': 'true' }, 'EMBEDDED'],
      ['embedded-only', {}, 'EMBEDDED'],
      ['decoupled', { 'PSU-ID': 'alice' }, 'DECOUPLED'],
      ['standard', { 'TPP-Redirect-Preferred': 'false', 'PSU-ID': 'alice' }, 'EMBEDDED'],
    ];
    for (const [profile, headers, approach] of cases) {
      await use(bank, profile);
      const res = await initiate(bank, headers);
      expect(res.status, profile).toBe(201);
      expect(res.headers.get('ASPSP-SCA-Approach'), profile).toBe(approach);
    }
  });

  it('sends the PSU through OAuth in the oauth profile, and back to the bank’s page after it', async () => {
    await use(bank, 'oauth');
    const oauth = ok(await initiate(bank), 201, PaymentInitiationResponse201);
    expect(oauth._links.scaOAuth?.href).toMatch(/\/\.well-known\/oauth-authorization-server$/);
    expect(oauth._links.scaRedirect).toBeUndefined();
    expect((await send(bank, 'GET', '/oauth/.well-known/oauth-authorization-server')).status).toBe(200);
    await use(bank, 'standard');
    expect((await send(bank, 'GET', '/oauth/.well-known/oauth-authorization-server')).status).toBe(404);
    const page = ok(await initiate(bank), 201, PaymentInitiationResponse201);
    expect(page._links.scaRedirect?.href).toBeDefined();
    expect(page._links.scaOAuth).toBeUndefined();
  });

  it('starts authorisations explicitly or implicitly as the profile says', async () => {
    await use(bank, 'explicit-start');
    const explicit = ok(await initiate(bank), 201, PaymentInitiationResponse201);
    expect(explicit._links.scaRedirect).toBeUndefined();
    expect(explicit._links.startAuthorisation).toBeDefined();
    await use(bank, 'implicit-start');
    const implicit = ok(
      await initiate(bank, { 'TPP-Explicit-Authorisation-Preferred': 'true' }),
      201,
      PaymentInitiationResponse201,
    );
    expect(implicit._links.scaRedirect).toBeDefined();
  });

  it('requires PSU-ID at initiation and consent creation in psu-id-required', async () => {
    await use(bank, 'psu-id-required');
    expect(fails(await initiate(bank), 400, 'FORMAT_ERROR')?.path).toBe('PSU-ID');
    const consent = await send(bank, 'POST', '/v1/consents', { body: consentBody() });
    expect(fails(consent, 400, 'FORMAT_ERROR')?.path).toBe('PSU-ID');
    expect((await initiate(bank, { 'PSU-ID': 'alice' })).status).toBe(201);
  });

  it('refuses bank-offered consents in no-bank-offered-consents', async () => {
    const offered = consentBody({ accounts: [], balances: [], transactions: [] });
    expect((await send(bank, 'POST', '/v1/consents', { body: offered })).status).toBe(201);
    await use(bank, 'no-bank-offered-consents');
    const res = await send(bank, 'POST', '/v1/consents', { body: offered });
    expect(fails(res, res.status, 'SERVICE_INVALID')?.path).toBe('access');
  });

  it('grants at most 4 reads a day in max-frequency-4', async () => {
    await use(bank, 'max-frequency-4');
    const created = ok(
      await send(bank, 'POST', '/v1/consents', { body: consentBody(undefined, 10) }),
      201,
      ConsentsResponse201,
    );
    const read = (await send(bank, 'GET', `/v1/consents/${created.consentId}`)).body as { frequencyPerDay: number };
    expect(read.frequencyPerDay).toBe(4);
  });

  it('pages transactions by 10 in small-pages, and writes absolute links in absolute-links', async () => {
    const headers = { 'TPP-Redirect-Preferred': 'false', 'PSU-ID': 'alice' };
    const created = ok(
      await send(bank, 'POST', '/v1/consents', { body: consentBody(), headers }),
      201,
      ConsentsResponse201,
    );
    await authoriseConsentEmbedded(bank, created.consentId, 'alice');
    const path = `/v1/accounts/${accountOf('alice').resourceId}/transactions?bookingStatus=booked&dateFrom=2025-01-01`;
    const read = () => send(bank, 'GET', path, { headers: { 'Consent-ID': created.consentId } });
    const full = ok(await read(), 200, TransactionsResponse);
    expect(full.transactions?.booked?.length ?? 0).toBeGreaterThan(10);
    await use(bank, 'small-pages');
    const paged = ok(await read(), 200, TransactionsResponse);
    expect(paged.transactions?.booked).toHaveLength(10);
    expect(paged.transactions?._links?.next?.href).toMatch(/^\/psd2\//);
    await use(bank, 'absolute-links');
    const absolute = ok(await read(), 200, TransactionsResponse);
    expect(absolute.transactions?._links?.account?.href).toMatch(/^http:\/\/bank\.test\/psd2\/v1\/accounts\//);
    const payment = ok(await initiate(bank), 201, PaymentInitiationResponse201);
    expect(payment._links.self?.href).toMatch(/^http:\/\/bank\.test\/psd2\/v1\/payments\//);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('PostgreSQL: one profile for every instance', () => {
  const banks = twoInstancesForTests(pgUrl);

  it('switches the other instance too', async () => {
    const { a, b } = banks;
    await use(a, 'embedded-only');
    expect((await initiate(b)).headers.get('ASPSP-SCA-Approach')).toBe('EMBEDDED');
    await use(b, 'standard');
    expect((await initiate(a)).headers.get('ASPSP-SCA-Approach')).toBe('REDIRECT');
  });
});

describe('bank presets', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());
  beforeEach(async () => {
    await use(bank, 'standard');
  });
  type Listed = { name: string; kind: string; description: string; options: Record<string, unknown> };
  const PRESET_NAMES = ['redirect-bank', 'embedded-bank', 'decoupled-app-bank', 'oauth-bank', 'strict-ais-bank'];

  it('lists each preset with its kind, its description and every option it sets, single options beside them', async () => {
    const { profiles } = (await send(bank, 'GET', '/admin/profiles')).body as { profiles: Listed[] };
    const presets = profiles.filter((p) => p.kind === 'preset');
    expect(presets.map((p) => p.name)).toEqual(PRESET_NAMES);
    for (const p of presets) {
      expect(p.description.length, p.name).toBeGreaterThan(40);
      expect(Object.keys(p.options).sort(), p.name).toEqual(
        [
          'absoluteLinks',
          'authorisationStart',
          'bankOfferedConsents',
          'defaultScaApproach',
          'maxFrequencyPerDay',
          'psuIdRequired',
          'scaApproaches',
          'scaRedirect',
          'signingBaskets',
          'transactionsPageSize',
        ].sort(),
      );
      expect(p.options.signingBaskets).toBe(false);
    }
    expect(profiles.find((p) => p.name === 'small-pages')).toMatchObject({
      kind: 'option',
      options: { transactionsPageSize: 10 },
    });
    expect(profiles[0]).toMatchObject({ name: 'standard', kind: 'option' });
  });

  it('redirect-bank: redirect only, explicit start, absolute links', async () => {
    await use(bank, 'redirect-bank');
    const res = await initiate(bank, { 'TPP-Redirect-Preferred': 'false', 'PSU-ID': 'alice' });
    expect(res.headers.get('ASPSP-SCA-Approach')).toBe('REDIRECT');
    const body = ok(res, 201, PaymentInitiationResponse201);
    expect(body._links.scaRedirect).toBeUndefined();
    expect(body._links.startAuthorisation?.href).toMatch(/^http:\/\/bank\.test\/psd2\/v1\/payments\//);
  });

  it('embedded-bank: embedded only, PSU-ID required', async () => {
    await use(bank, 'embedded-bank');
    expect(fails(await initiate(bank, { 'TPP-Redirect-Preferred': 'false' }), 400, 'FORMAT_ERROR')?.path).toBe(
      'PSU-ID',
    );
    const res = await initiate(bank, { 'TPP-Redirect-Preferred': 'true', 'PSU-ID': 'alice' });
    expect(res.headers.get('ASPSP-SCA-Approach')).toBe('EMBEDDED');
    expect(ok(res, 201, PaymentInitiationResponse201)._links.self?.href).toMatch(/^\/psd2\//);
  });

  it('decoupled-app-bank: decoupled only, started with the payment, PSU-ID required', async () => {
    await use(bank, 'decoupled-app-bank');
    expect(fails(await initiate(bank), 400, 'FORMAT_ERROR')?.path).toBe('PSU-ID');
    const res = await initiate(bank, { 'TPP-Explicit-Authorisation-Preferred': 'true', 'PSU-ID': 'alice' });
    expect(res.headers.get('ASPSP-SCA-Approach')).toBe('DECOUPLED');
    const body = ok(res, 201, PaymentInitiationResponse201);
    expect(body._links.scaStatus?.href).toBeDefined();
    expect(body._links.startAuthorisation).toBeUndefined();
  });

  it('oauth-bank: redirect through OAuth, started with the payment', async () => {
    await use(bank, 'oauth-bank');
    const body = ok(
      await initiate(bank, { 'TPP-Explicit-Authorisation-Preferred': 'true' }),
      201,
      PaymentInitiationResponse201,
    );
    expect(body._links.scaOAuth?.href).toMatch(/\/\.well-known\/oauth-authorization-server$/);
    expect(body._links.startAuthorisation).toBeUndefined();
  });

  it('strict-ais-bank: no bank-offered consents, frequencyPerDay 4, pages of 10; a later preset undoes it all', async () => {
    await use(bank, 'strict-ais-bank');
    const offered = consentBody({ accounts: [], balances: [], transactions: [] });
    const refused = await send(bank, 'POST', '/v1/consents', { body: offered });
    expect(fails(refused, refused.status, 'SERVICE_INVALID')?.path).toBe('access');
    const headers = { 'TPP-Redirect-Preferred': 'false', 'PSU-ID': 'alice' };
    const created = ok(
      await send(bank, 'POST', '/v1/consents', { body: consentBody(undefined, 10), headers }),
      201,
      ConsentsResponse201,
    );
    const read = (await send(bank, 'GET', `/v1/consents/${created.consentId}`)).body as { frequencyPerDay: number };
    expect(read.frequencyPerDay).toBe(4);
    await authoriseConsentEmbedded(bank, created.consentId, 'alice');
    const path = `/v1/accounts/${accountOf('alice').resourceId}/transactions?bookingStatus=booked&dateFrom=2025-01-01`;
    const report = () => send(bank, 'GET', path, { headers: { 'Consent-ID': created.consentId } });
    expect(ok(await report(), 200, TransactionsResponse).transactions?.booked).toHaveLength(10);
    await use(bank, 'redirect-bank');
    expect(ok(await report(), 200, TransactionsResponse).transactions?.booked?.length).toBeGreaterThan(10);
    expect((await send(bank, 'POST', '/v1/consents', { body: offered })).status).toBe(201);
  });
});
