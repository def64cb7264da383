// Signing baskets (1.3.12 /v1/signing-baskets): creation with payments and consents, reads, status, deletion, the
// one-open-basket rule and every refusal with the code and status 1.3.12 gives it, and one SCA (redirect, embedded,
// decoupled) that moves every member on as its own would: payments accepted and settled on the bank's clock or
// rejected for lack of funds, consents valid. Every answer body is checked against the official file's schemas; the
// whole suite runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Authorisations,
  ConsentStatusResponse,
  ConsentsResponse201,
  PaymentInitiationResponse201,
  PaymentInitiationStatusResponse,
  ScaStatusResponse,
  SigningBasket,
  SigningBasketResponse200,
  SigningBasketResponse201,
  SigningBasketStatusResponse200,
  StartScaprocessResponse,
} from '../../src/xs2a';
import { SANDBOX_OTP, SANDBOX_PASSWORD } from './seed';
import { createTestBank, openTestStore, ORIGIN, type TestBank } from './testing/test-support';
import {
  accountOf,
  authoriseEmbedded,
  browse,
  consentBody,
  expectSchema,
  fails,
  href,
  ok,
  send,
  submit,
  type Res,
} from './testing/test-kit';

// ---------------------------------------------------------------- the official file's schemas

type Node = Record<string, unknown>;
const spec = JSON.parse(readFileSync(new URL('../../spec/psd2-api-1.3.12.json', import.meta.url), 'utf8')) as Node;

function resolve(node: unknown): Node {
  let current = node as Node;
  while (typeof current.$ref === 'string') {
    let target: unknown = spec;
    for (const part of current.$ref.replace(/^#\//, '').split('/')) target = (target as Node)[part];
    current = target as Node;
  }
  return current;
}

/** Where `value` departs from the file's JSON schema `node`, as a list of findings (empty: it conforms). */
function departures(node: unknown, value: unknown, at: string): string[] {
  const schema = resolve(node);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key] as unknown[] | undefined;
    if (options) {
      const found = options.map((option) => departures(option, value, at));
      return found.some((f) => f.length === 0) ? [] : [`${at}: matches none of ${key}: ${JSON.stringify(found)}`];
    }
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) return [`${at}: ${String(value)} not in the enum`];
  switch (schema.type) {
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${at}: not an object`];
      const properties = (schema.properties ?? {}) as Record<string, unknown>;
      const found: string[] = [];
      for (const name of (schema.required ?? []) as string[])
        if (!(name in value)) found.push(`${at}.${name}: missing`);
      for (const [name, member] of Object.entries(value)) {
        if (name in properties) found.push(...departures(properties[name], member, `${at}.${name}`));
        else if (schema.additionalProperties === undefined || schema.additionalProperties === false)
          found.push(`${at}.${name}: not in the file`);
      }
      return found;
    }
    case 'array': {
      if (!Array.isArray(value)) return [`${at}: not an array`];
      const min = schema.minItems as number | undefined;
      const found = min !== undefined && value.length < min ? [`${at}: fewer than ${min} items`] : [];
      return [...found, ...value.flatMap((item, i) => departures(schema.items, item, `${at}[${i}]`))];
    }
    case 'string': {
      if (typeof value !== 'string') return [`${at}: not a string`];
      const max = schema.maxLength as number | undefined;
      return max !== undefined && value.length > max ? [`${at}: longer than ${max}`] : [];
    }
    case 'integer':
    case 'number':
      return typeof value === 'number' ? [] : [`${at}: not a number`];
    case 'boolean':
      return typeof value === 'boolean' ? [] : [`${at}: not a boolean`];
    default:
      return [];
  }
}

/** The file's JSON answer schema of an operation (by path and method) for a status. */
function fileSchema(path: string, method: string, status: number): unknown {
  const operation = ((spec.paths as Node)[path] as Node)[method] as Node;
  const response = resolve((operation.responses as Node)[String(status)]);
  return (response.content as Record<string, Node>)['application/json']?.schema;
}

/** An answer (success or error) as the file describes it for this operation and its status. */
function conformsToFile(res: Res, path: string, method: string) {
  expect(departures(fileSchema(path, method, res.status), res.body, 'body')).toEqual([]);
}

const BASKETS = '/v1/signing-baskets';
const BASKET = `${BASKETS}/{basketId}`;
const AUTHS = `${BASKET}/authorisations`;

// ---------------------------------------------------------------- helpers

const TPP_OK = 'https://tpp.example/callback/ok';
/** A member of `psuId` that waits for its authorisation (embedded, should it have one of its own). */
const EXPLICIT = (psuId: string) => ({
  'TPP-Explicit-Authorisation-Preferred': 'true',
  'TPP-Redirect-Preferred': 'false',
  'PSU-ID': psuId,
});
const EMBEDDED = (psuId: string) => ({ 'TPP-Redirect-Preferred': 'false', 'PSU-ID': psuId });

/** A payment of `psuId` awaiting its authorisation (none started). */
async function payment(bank: TestBank, psuId: string, amount = '12.50'): Promise<string> {
  const body = {
    instructedAmount: { currency: 'EUR', amount },
    debtorAccount: { iban: accountOf(psuId).iban },
    creditorName: 'Kaffee Handel GmbH',
    creditorAccount: { iban: 'DE02100100109307118603' },
  };
  const res = await send(bank, 'POST', '/v1/payments/sepa-credit-transfers', { body, headers: EXPLICIT(psuId) });
  return ok(res, 201, PaymentInitiationResponse201).paymentId;
}

/** A consent requested for `psuId`, awaiting its authorisation. */
async function consent(bank: TestBank, psuId: string): Promise<string> {
  const res = await send(bank, 'POST', '/v1/consents', { body: consentBody(), headers: EXPLICIT(psuId) });
  return ok(res, 201, ConsentsResponse201).consentId;
}

async function create(bank: TestBank, body: unknown, headers: Record<string, string>) {
  const res = await send(bank, 'POST', BASKETS, { body, headers });
  conformsToFile(res, BASKETS, 'post');
  return res;
}

async function created(bank: TestBank, body: SigningBasket, headers: Record<string, string>) {
  const res = await create(bank, body, headers);
  const answer = ok(res, 201, SigningBasketResponse201);
  expect(res.headers.get('Location')).toBe(`${ORIGIN}/psd2${BASKETS}/${answer.basketId}`);
  return { res, answer, self: `${BASKETS}/${answer.basketId}` };
}

async function basketStatus(bank: TestBank, self: string) {
  const res = await send(bank, 'GET', `${self}/status`);
  conformsToFile(res, `${BASKET}/status`, 'get');
  return ok(res, 200, SigningBasketStatusResponse200).transactionStatus;
}

async function paymentStatus(bank: TestBank, paymentId: string) {
  const res = await send(bank, 'GET', `/v1/payments/sepa-credit-transfers/${paymentId}/status`);
  return ok(res, 200, PaymentInitiationStatusResponse).transactionStatus;
}

async function consentStatus(bank: TestBank, consentId: string) {
  return ok(await send(bank, 'GET', `/v1/consents/${consentId}/status`), 200, ConsentStatusResponse).consentStatus;
}

async function scaStatus(bank: TestBank, authPath: string) {
  const res = await send(bank, 'GET', authPath);
  conformsToFile(res, `${AUTHS}/{authorisationId}`, 'get');
  return ok(res, 200, ScaStatusResponse).scaStatus;
}

/** A refusal with its code and status, its body as the file allows for the operation. */
function refused(res: Res, path: string, method: string, status: number, code: string) {
  fails(res, status, code);
  conformsToFile(res, path, method);
}

// ---------------------------------------------------------------- the suite, per store

const pgUrl = process.env.TEST_DATABASE_URL;
const stores: [string, () => Promise<TestBank>][] = [
  ['SQLite', () => createTestBank()],
  ...(pgUrl
    ? [
        [
          'PostgreSQL',
          async () =>
            createTestBank({
              store: await openTestStore(pgUrl, `test_${randomUUID().replaceAll('-', '').slice(0, 16)}`),
            }),
        ] as [string, () => Promise<TestBank>],
      ]
    : []),
];

describe.each(stores)('signing baskets (%s)', (_name, open) => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await open();
  });
  afterAll(() => bank.close());

  describe('creation, reads, status and deletion', () => {
    it('creates a basket of payments and a consent: RCVD, the approach, the link to start its authorisation', async () => {
      const [p1, p2, c1] = [await payment(bank, 'alice'), await payment(bank, 'alice'), await consent(bank, 'alice')];
      const { res, answer, self } = await created(bank, { paymentIds: [p1, p2], consentIds: [c1] }, EMBEDDED('alice'));
      expect(res.headers.get('ASPSP-SCA-Approach')).toBe('EMBEDDED');
      expect(answer.transactionStatus).toBe('RCVD');
      expect(answer.basketId).toMatch(/^basket-/);
      expect(Object.keys(answer._links).sort()).toEqual(['self', 'startAuthorisationWithPsuAuthentication', 'status']);
      expect(href(answer._links.startAuthorisationWithPsuAuthentication)).toBe(`/psd2${self}/authorisations`);

      const read = await send(bank, 'GET', self);
      conformsToFile(read, BASKET, 'get');
      expect(ok(read, 200, SigningBasketResponse200)).toEqual({
        payments: [p1, p2],
        consents: [c1],
        transactionStatus: 'RCVD',
        _links: { self: { href: `/psd2${self}` }, status: { href: `/psd2${self}/status` } },
      });
      expect(await basketStatus(bank, self)).toBe('RCVD');
      // Nothing moved for the members.
      expect(await paymentStatus(bank, p1)).toBe('RCVD');
      expect(await consentStatus(bank, c1)).toBe('received');
    });

    it('reads a basket of consents only without a payments member', async () => {
      const c1 = await consent(bank, 'bob');
      const { self } = await created(bank, { consentIds: [c1] }, EMBEDDED('bob'));
      const read = ok(await send(bank, 'GET', self), 200, SigningBasketResponse200);
      expect(read.payments).toBeUndefined();
      expect(read.consents).toEqual([c1]);
    });

    it('deletes a basket before any authorisation (204), frees its members, and knows it no longer', async () => {
      const p1 = await payment(bank, 'alice');
      const { self } = await created(bank, { paymentIds: [p1] }, EMBEDDED('alice'));
      const gone = await send(bank, 'DELETE', self);
      expect(gone.status).toBe(204);
      refused(await send(bank, 'GET', self), BASKET, 'get', 403, 'RESOURCE_UNKNOWN');
      refused(await send(bank, 'GET', `${self}/status`), `${BASKET}/status`, 'get', 403, 'RESOURCE_UNKNOWN');
      refused(await send(bank, 'DELETE', self), BASKET, 'delete', 403, 'RESOURCE_UNKNOWN');
      // The payment may join another basket now.
      await created(bank, { paymentIds: [p1] }, EMBEDDED('alice'));
    });

    it('refuses to delete a basket once its authorisation started (409 STATUS_INVALID)', async () => {
      const { self } = await created(bank, { paymentIds: [await payment(bank, 'alice')] }, EMBEDDED('alice'));
      const start = await send(bank, 'POST', `${self}/authorisations`, { headers: { 'PSU-ID': 'alice' }, body: {} });
      conformsToFile(start, AUTHS, 'post');
      ok(start, 201, StartScaprocessResponse);
      refused(await send(bank, 'DELETE', self), BASKET, 'delete', 409, 'STATUS_INVALID');
      expect(await basketStatus(bank, self)).toBe('RCVD');
    });

    it('answers an unknown basket with 403 RESOURCE_UNKNOWN and another method with 405 SERVICE_INVALID', async () => {
      refused(await send(bank, 'GET', `${BASKETS}/basket-nope`), BASKET, 'get', 403, 'RESOURCE_UNKNOWN');
      refused(
        await send(bank, 'POST', `${BASKETS}/basket-nope/authorisations`, { body: {} }),
        AUTHS,
        'post',
        403,
        'RESOURCE_UNKNOWN',
      );
      fails(await send(bank, 'PATCH', `${BASKETS}/basket-nope`), 405, 'SERVICE_INVALID');
      fails(await send(bank, 'GET', BASKETS), 405, 'SERVICE_INVALID');
    });
  });

  describe('refusals', () => {
    it('refuses a body without members, with foreign members or not JSON (400 FORMAT_ERROR)', async () => {
      refused(await create(bank, {}, EMBEDDED('alice')), BASKETS, 'post', 400, 'FORMAT_ERROR');
      refused(await create(bank, { paymentIds: [] }, EMBEDDED('alice')), BASKETS, 'post', 400, 'FORMAT_ERROR');
      const p1 = await payment(bank, 'alice');
      refused(
        await create(bank, { paymentIds: [p1], basketName: 'x' }, EMBEDDED('alice')),
        BASKETS,
        'post',
        400,
        'FORMAT_ERROR',
      );
      refused(await create(bank, { paymentIds: [p1, p1] }, EMBEDDED('alice')), BASKETS, 'post', 400, 'FORMAT_ERROR');
      refused(await create(bank, [p1], EMBEDDED('alice')), BASKETS, 'post', 400, 'FORMAT_ERROR');
    });

    it('refuses an unknown payment (RESOURCE_UNKNOWN) or consent (CONSENT_UNKNOWN), naming where', async () => {
      const p1 = await payment(bank, 'alice');
      const unknownPayment = await create(bank, { paymentIds: [p1, 'pay-nope'] }, EMBEDDED('alice'));
      refused(unknownPayment, BASKETS, 'post', 400, 'RESOURCE_UNKNOWN');
      expect(fails(unknownPayment, 400, 'RESOURCE_UNKNOWN')?.path).toBe('paymentIds[1]');
      const unknownConsent = await create(bank, { consentIds: ['con-nope'] }, EMBEDDED('alice'));
      refused(unknownConsent, BASKETS, 'post', 400, 'CONSENT_UNKNOWN');
      // Nothing was written: the payment joins a basket afterwards.
      await created(bank, { paymentIds: [p1] }, EMBEDDED('alice'));
    });

    it('refuses an authorised payment or consent (409 REFERENCE_STATUS_INVALID)', async () => {
      const p1 = await payment(bank, 'alice');
      expect(
        (await authoriseEmbedded(bank, `/v1/payments/sepa-credit-transfers/${p1}/authorisations`, 'alice')).scaStatus,
      ).toBe('finalised');
      refused(
        await create(bank, { paymentIds: [p1] }, EMBEDDED('alice')),
        BASKETS,
        'post',
        409,
        'REFERENCE_STATUS_INVALID',
      );
      const c1 = await consent(bank, 'alice');
      await authoriseEmbedded(bank, `/v1/consents/${c1}/authorisations`, 'alice');
      expect(await consentStatus(bank, c1)).toBe('valid');
      refused(
        await create(bank, { consentIds: [c1] }, EMBEDDED('alice')),
        BASKETS,
        'post',
        409,
        'REFERENCE_STATUS_INVALID',
      );
    });

    it('refuses members of different PSUs, or of another PSU than the PSU-ID (400 REFERENCE_MIX_INVALID)', async () => {
      const [alice, bob] = [await payment(bank, 'alice'), await payment(bank, 'bob')];
      const mixed = await create(bank, { paymentIds: [alice, bob] }, EMBEDDED('alice'));
      refused(mixed, BASKETS, 'post', 400, 'REFERENCE_MIX_INVALID');
      refused(
        await create(bank, { paymentIds: [bob] }, EMBEDDED('alice')),
        BASKETS,
        'post',
        400,
        'REFERENCE_MIX_INVALID',
      );
      refused(
        await create(bank, { paymentIds: [alice], consentIds: [await consent(bank, 'bob')] }, EMBEDDED('alice')),
        BASKETS,
        'post',
        400,
        'REFERENCE_MIX_INVALID',
      );
    });

    it('keeps a transaction in one open basket (400 RESOURCE_BLOCKED) and its own authorisation waits', async () => {
      const [p1, c1] = [await payment(bank, 'alice'), await consent(bank, 'alice')];
      await created(bank, { paymentIds: [p1], consentIds: [c1] }, EMBEDDED('alice'));
      const again = await create(bank, { paymentIds: [await payment(bank, 'alice'), p1] }, EMBEDDED('alice'));
      refused(again, BASKETS, 'post', 400, 'RESOURCE_BLOCKED');
      expect(fails(again, 400, 'RESOURCE_BLOCKED')?.path).toBe('paymentIds[1]');
      refused(await create(bank, { consentIds: [c1] }, EMBEDDED('alice')), BASKETS, 'post', 400, 'RESOURCE_BLOCKED');
      // The members' own authorisations are refused while they are in the basket.
      const own = { headers: { 'PSU-ID': 'alice' }, body: {} };
      fails(
        await send(bank, 'POST', `/v1/payments/sepa-credit-transfers/${p1}/authorisations`, own),
        400,
        'RESOURCE_BLOCKED',
      );
      fails(await send(bank, 'POST', `/v1/consents/${c1}/authorisations`, own), 400, 'RESOURCE_BLOCKED');
    });

    it('does not let a member’s own authorisation started before the basket finish while it is in the basket', async () => {
      const p1 = await payment(bank, 'alice');
      const start = await send(bank, 'POST', `/v1/payments/sepa-credit-transfers/${p1}/authorisations`, {
        headers: { 'PSU-ID': 'alice' },
        body: { psuData: { password: SANDBOX_PASSWORD } },
      });
      const started = ok(start, 201, StartScaprocessResponse);
      const { self } = await created(bank, { paymentIds: [p1] }, EMBEDDED('alice'));
      const authPath = `/v1/payments/sepa-credit-transfers/${p1}/authorisations/${started.authorisationId}`;
      if (started.scaStatus === 'psuAuthenticated') {
        await send(bank, 'PUT', authPath, { body: { authenticationMethodId: 'sms' } });
      }
      fails(
        await send(bank, 'PUT', authPath, { body: { scaAuthenticationData: SANDBOX_OTP } }),
        400,
        'RESOURCE_BLOCKED',
      );
      expect(await paymentStatus(bank, p1)).toBe('RCVD');
      // Failing it with wrong one-time passwords leaves the payment to the basket, whose SCA then accepts it.
      let own = 'scaMethodSelected';
      for (let attempt = 0; attempt < 10 && own !== 'failed'; attempt++) {
        await send(bank, 'PUT', authPath, { body: { scaAuthenticationData: '000000' } });
        own = await scaStatus(bank, authPath);
      }
      expect(own).toBe('failed');
      expect(await paymentStatus(bank, p1)).toBe('RCVD');
      expect((await authoriseEmbedded(bank, `${self}/authorisations`, 'alice')).scaStatus).toBe('finalised');
      expect(await paymentStatus(bank, p1)).toBe('ACTC');
    });
  });

  describe('one SCA for every member', () => {
    it('embedded: the basket’s SCA accepts its payments (settled on the clock) and makes its consent valid', async () => {
      const [p1, p2, c1] = [await payment(bank, 'alice'), await payment(bank, 'alice'), await consent(bank, 'alice')];
      const { self } = await created(bank, { paymentIds: [p1, p2], consentIds: [c1] }, EMBEDDED('alice'));
      const done = await authoriseEmbedded(bank, `${self}/authorisations`, 'alice');
      expect(done.scaStatus).toBe('finalised');
      expect(await scaStatus(bank, done.authPath)).toBe('finalised');
      expect(await basketStatus(bank, self)).toBe('ACTC');
      expect(await paymentStatus(bank, p1)).toBe('ACTC');
      expect(await paymentStatus(bank, p2)).toBe('ACTC');
      expect(await consentStatus(bank, c1)).toBe('valid');

      const list = await send(bank, 'GET', `${self}/authorisations`);
      conformsToFile(list, AUTHS, 'get');
      expect(ok(list, 200, Authorisations).authorisationIds).toEqual([done.authorisationId]);
      // No further authorisation, and the settled payments follow the bank's clock.
      refused(
        await send(bank, 'POST', `${self}/authorisations`, { headers: { 'PSU-ID': 'alice' }, body: {} }),
        AUTHS,
        'post',
        409,
        'STATUS_INVALID',
      );
      bank.clock.advance(bank.sandbox.config.settlementDelayMs);
      expect(await paymentStatus(bank, p1)).toBe('ACSC');
      expect(await paymentStatus(bank, p2)).toBe('ACSC');
      // The consent reads accounts.
      const read = await send(bank, 'GET', '/v1/accounts', { headers: { 'Consent-ID': c1 } });
      expect(read.status).toBe(200);
      // Authorised members are free again, and authorised: a new basket refuses them.
      refused(
        await create(bank, { paymentIds: [p1] }, EMBEDDED('alice')),
        BASKETS,
        'post',
        409,
        'REFERENCE_STATUS_INVALID',
      );
    });

    it('each embedded step answers as the file describes it', async () => {
      const { self } = await created(bank, { paymentIds: [await payment(bank, 'alice')] }, EMBEDDED('alice'));
      const start = await send(bank, 'POST', `${self}/authorisations`, {
        headers: { 'PSU-ID': 'alice' },
        body: { psuData: { password: SANDBOX_PASSWORD } },
      });
      conformsToFile(start, AUTHS, 'post');
      const started = ok(start, 201, StartScaprocessResponse);
      const authPath = `${self}/authorisations/${started.authorisationId}`;
      const select = await send(bank, 'PUT', authPath, { body: { authenticationMethodId: 'sms' } });
      conformsToFile(select, `${AUTHS}/{authorisationId}`, 'put');
      const otp = await send(bank, 'PUT', authPath, { body: { scaAuthenticationData: SANDBOX_OTP } });
      conformsToFile(otp, `${AUTHS}/{authorisationId}`, 'put');
      expect(ok(otp, 200, ScaStatusResponse).scaStatus).toBe('finalised');
      refused(
        await send(bank, 'GET', `${self}/authorisations/auth-nope`),
        `${AUTHS}/{authorisationId}`,
        'get',
        403,
        'RESOURCE_UNKNOWN',
      );
    });

    it('redirect: started with the basket, approved on the bank’s page', async () => {
      const [p1, c1] = [await payment(bank, 'alice'), await consent(bank, 'alice')];
      const headers = { 'TPP-Redirect-Preferred': 'true', 'TPP-Redirect-URI': TPP_OK, 'PSU-ID': 'alice' };
      const { res, answer, self } = await created(bank, { paymentIds: [p1], consentIds: [c1] }, headers);
      expect(res.headers.get('ASPSP-SCA-Approach')).toBe('REDIRECT');
      const scaRedirect = href(answer._links.scaRedirect);
      expect(scaRedirect).toMatch(new RegExp(`^${ORIGIN}/psd2/sca/auth-`));
      const page = await browse(bank, scaRedirect);
      expect(page.status).toBe(200);
      expect(page.html).toContain('Signing basket');
      expect(page.html).toContain(p1);
      expect(page.html).toContain(c1);
      const login = await submit(bank, `${scaRedirect}/login`, { psuId: 'alice', password: SANDBOX_PASSWORD });
      expect(login.status).toBe(303);
      const decision = await submit(bank, `${scaRedirect}/decision`, { action: 'approve', otp: SANDBOX_OTP });
      expect(decision.status).toBe(303);
      expect(decision.headers.get('Location')).toContain(TPP_OK);
      expect(await scaStatus(bank, href(answer._links.scaStatus))).toBe('finalised');
      expect(await basketStatus(bank, self)).toBe('ACTC');
      expect(await paymentStatus(bank, p1)).toBe('ACTC');
      expect(await consentStatus(bank, c1)).toBe('valid');
    });

    it('redirect without TPP-Redirect-URI while redirect is preferred is refused (400 FORMAT_ERROR)', async () => {
      const p1 = await payment(bank, 'alice');
      const headers = { 'TPP-Redirect-Preferred': 'true', 'PSU-ID': 'alice' };
      refused(await create(bank, { paymentIds: [p1] }, headers), BASKETS, 'post', 400, 'FORMAT_ERROR');
    });

    it('decoupled: started with the basket, approved in the banking app', async () => {
      const [p1, c1] = [await payment(bank, 'bob'), await consent(bank, 'bob')];
      const headers = { 'TPP-Decoupled-Preferred': 'true', 'PSU-ID': 'bob' };
      const { res, answer, self } = await created(bank, { paymentIds: [p1], consentIds: [c1] }, headers);
      expect(res.headers.get('ASPSP-SCA-Approach')).toBe('DECOUPLED');
      expect(answer.psuMessage).toMatch(/Banking app/);
      const authPath = href(answer._links.scaStatus);
      expect(await scaStatus(bank, authPath)).toBe('started');
      const authorisationId = authPath.split('/').pop() ?? '';

      const login = await browse(bank, '/psd2/app/login', { psuId: 'bob', password: SANDBOX_PASSWORD });
      const cookie = login.setCookie?.split(';')[0] ?? '';
      const home = await browse(bank, '/psd2/app', undefined, cookie);
      expect(home.html).toContain(`value="${authorisationId}"`);
      expect(home.html).toContain('Signing basket');
      const decide = await browse(bank, '/psd2/app/decide', { authorisationId, action: 'approve' }, cookie);
      expect(decide.location).toBe('/psd2/app?done=approved');
      expect(await scaStatus(bank, authPath)).toBe('finalised');
      expect(await basketStatus(bank, self)).toBe('ACTC');
      expect(await paymentStatus(bank, p1)).toBe('ACTC');
      expect(await consentStatus(bank, c1)).toBe('valid');
    });

    it('goes PATC when a payment lacks the funds (that one RJCT, the others accepted), RJCT when all do', async () => {
      const [small, large] = [await payment(bank, 'alice'), await payment(bank, 'alice', '9999999.00')];
      const c1 = await consent(bank, 'alice');
      const { self } = await created(bank, { paymentIds: [small, large], consentIds: [c1] }, EMBEDDED('alice'));
      expect((await authoriseEmbedded(bank, `${self}/authorisations`, 'alice')).scaStatus).toBe('finalised');
      expect(await basketStatus(bank, self)).toBe('PATC');
      const read = await send(bank, 'GET', self);
      conformsToFile(read, BASKET, 'get');
      expect(await paymentStatus(bank, small)).toBe('ACTC');
      expect(await paymentStatus(bank, large)).toBe('RJCT');
      expect(await consentStatus(bank, c1)).toBe('valid');

      const carols = await payment(bank, 'carol', '5000000.00');
      const none = await created(bank, { paymentIds: [carols] }, EMBEDDED('carol'));
      expect((await authoriseEmbedded(bank, `${none.self}/authorisations`, 'carol')).scaStatus).toBe('finalised');
      expect(await basketStatus(bank, none.self)).toBe('RJCT');
      expect(await paymentStatus(bank, carols)).toBe('RJCT');
    });

    it('a failed SCA rejects the basket; its members stay unauthorised and may be authorised on their own', async () => {
      const p1 = await payment(bank, 'dave');
      const { self } = await created(bank, { paymentIds: [p1] }, EMBEDDED('dave'));
      expect((await authoriseEmbedded(bank, `${self}/authorisations`, 'dave')).scaStatus).toBe('failed');
      expect(await basketStatus(bank, self)).toBe('RJCT');
      expect(await paymentStatus(bank, p1)).toBe('RCVD');
      const own = await send(bank, 'POST', `/v1/payments/sepa-credit-transfers/${p1}/authorisations`, {
        headers: { 'PSU-ID': 'dave' },
        body: {},
      });
      expect(own.status).toBe(201);
    });

    it('only the members’ PSU authorises the basket (401 PSU_CREDENTIALS_INVALID)', async () => {
      const { self } = await created(bank, { paymentIds: [await payment(bank, 'alice')] }, EMBEDDED('alice'));
      const start = await send(bank, 'POST', `${self}/authorisations`, {
        headers: { 'PSU-ID': 'bob' },
        body: { psuData: { password: SANDBOX_PASSWORD } },
      });
      refused(start, AUTHS, 'post', 401, 'PSU_CREDENTIALS_INVALID');
      expect(await basketStatus(bank, self)).toBe('RCVD');
    });

    it('a cancelled member stops the basket’s SCA (409 STATUS_INVALID); nothing else moves', async () => {
      const [p1, p2] = [await payment(bank, 'alice'), await payment(bank, 'alice')];
      const { self } = await created(bank, { paymentIds: [p1, p2] }, EMBEDDED('alice'));
      expect((await send(bank, 'DELETE', `/v1/payments/sepa-credit-transfers/${p1}`)).status).toBe(204);
      const start = await send(bank, 'POST', `${self}/authorisations`, {
        headers: { 'PSU-ID': 'alice' },
        body: { psuData: { password: SANDBOX_PASSWORD } },
      });
      refused(start, AUTHS, 'post', 409, 'STATUS_INVALID');
      expect(await paymentStatus(bank, p2)).toBe('RCVD');
      expect(await basketStatus(bank, self)).toBe('RCVD');
    });
  });

  it('plays scenarios on the basket operations: the call’s header and the admin API’s rules', async () => {
    const p1 = await payment(bank, 'alice');
    const asked = await send(bank, 'POST', BASKETS, {
      body: { paymentIds: [p1] },
      headers: { ...EMBEDDED('alice'), 'X-Sandbox-Scenario': 'error=REFERENCE_MIX_INVALID' },
    });
    refused(asked, BASKETS, 'post', 400, 'REFERENCE_MIX_INVALID');
    expect(fails(asked, 400, 'REFERENCE_MIX_INVALID')?.text ?? '').toContain('createSigningBasket');
    // A code 1.3.12 does not pair with the operation is refused as a scenario.
    fails(
      await send(bank, 'GET', `${BASKETS}/basket-x/status`, {
        headers: { 'X-Sandbox-Scenario': 'error=ACCESS_EXCEEDED' },
      }),
      400,
      'FORMAT_ERROR',
    );
    const { self } = await created(bank, { paymentIds: [p1] }, EMBEDDED('alice'));
    const basketId = self.split('/').pop() ?? '';
    const rule = await send(bank, 'POST', '/admin/scenarios', {
      body: { operation: 'getSigningBasketStatus', error: 'RESOURCE_UNKNOWN', resourceId: basketId, count: 1 },
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    refused(await send(bank, 'GET', `${self}/status`), `${BASKET}/status`, 'get', 403, 'RESOURCE_UNKNOWN');
    expect(await basketStatus(bank, self)).toBe('RCVD');
  });

  it('lists the eight basket operations in the scenario catalogue, each code with a status 1.3.12 allows there', async () => {
    const catalogue = (await send(bank, 'GET', '/admin/scenarios/catalogue')).body as {
      operations: Record<
        string,
        { method: string; path: string; area: string; errors: Record<string, { status: number; statuses: number[] }> }
      >;
    };
    const baskets = Object.entries(catalogue.operations).filter(([, op]) => op.path.startsWith('/v1/signing-baskets'));
    expect(baskets.map(([name]) => name).sort()).toEqual([
      'createSigningBasket',
      'deleteSigningBasket',
      'getSigningBasket',
      'getSigningBasketAuthorisation',
      'getSigningBasketScaStatus',
      'getSigningBasketStatus',
      'startSigningBasketAuthorisation',
      'updateSigningBasketPsuData',
    ]);
    for (const [name, op] of baskets) {
      expect(op.area, name).toBe('sbs');
      expect(Object.keys(op.errors), name).toContain('RESOURCE_BLOCKED');
      for (const [code, error] of Object.entries(op.errors))
        expect(error.statuses, `${name} ${code}`).toContain(error.status);
    }
    expect(catalogue.operations.deleteSigningBasket).toMatchObject({
      method: 'DELETE',
      path: '/v1/signing-baskets/{basketId}',
    });
  });

  it('answers under a deviating base as the other routes do (lowercase-statuses)', async () => {
    const { self } = await created(bank, { paymentIds: [await payment(bank, 'alice')] }, EMBEDDED('alice'));
    const res = await send(bank, 'GET', `/psd2/deviating/lowercase-statuses${self}/status`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ transactionStatus: 'rcvd' });
  });
});

describe('the signing basket body', () => {
  it('takes payment and consent ids, at least one', () => {
    expectSchema(SigningBasket, { paymentIds: ['a'], consentIds: ['b'] });
    expect(SigningBasket.safeParse({}).success).toBe(false);
    expect(SigningBasket.safeParse({ paymentIds: [] }).success).toBe(false);
    expect(SigningBasket.safeParse({ paymentIds: ['a'], other: 1 }).success).toBe(false);
  });

  it('names the members, link names and statuses the official file names', () => {
    const schemas = (spec.components as Node).schemas as Record<string, Node>;
    expect(Object.keys(resolve(schemas.signingBasket).properties as Node).sort()).toEqual(['consentIds', 'paymentIds']);
    const links = Object.keys(resolve(schemas._linksSigningBasket).properties as Node).sort();
    expect(Object.keys(SigningBasketResponse201.shape._links.def.shape).sort()).toEqual(links);
    expect([...SigningBasketStatusResponse200.shape.transactionStatus.options].sort()).toEqual(
      [...(resolve(schemas.transactionStatus_SBS).enum as string[])].sort(),
    );
  });
});
