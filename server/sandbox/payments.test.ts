// Payment initiation service of the sandbox: initiation per service and product, reads, status over time, cancellation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Authorisations,
  PaymentInitiationCancelResponse202,
  PaymentInitiationResponse201,
  PaymentInitiationStatusResponse,
  PaymentInitiationWithStatusResponse,
  PeriodicPaymentInitiationWithStatusResponse,
  ScaStatusResponse,
  StartScaprocessResponse,
  responseSchemaFor,
} from '../../src/xs2a';
import { addDays, isoDate } from './clock';
import { SANDBOX_OTP, SANDBOX_PASSWORD } from './seed';
import { ORIGIN, TEST_START, createTestBank, type TestBank } from './testing/test-support';
import { send, ok, fails, accountOf, href, submit, authoriseEmbedded } from './testing/test-kit';

const CREDITOR_IBAN = 'DE02100100109307118603'; // the spec's example creditor, not an account of this bank
const GB_CREDITOR_IBAN = 'GB29NWBK60161331926819';
const TPP_OK = 'https://tpp.example/callback/ok';

function paymentBody(psuId: string, overrides: Record<string, unknown> = {}) {
  return {
    endToEndIdentification: 'E2E-4711',
    instructedAmount: { currency: 'EUR', amount: '12.50' },
    debtorAccount: { iban: accountOf(psuId).iban },
    creditorName: 'Kaffee Handel GmbH',
    creditorAccount: { iban: CREDITOR_IBAN },
    remittanceInformationUnstructured: 'Invoice 4711',
    ...overrides,
  };
}

const EMBEDDED = (psuId: string) => ({ 'TPP-Redirect-Preferred': 'false', 'PSU-ID': psuId });

interface Initiation {
  service?: string;
  product?: string;
  body?: object;
  headers?: Record<string, string>;
}

async function initiate(
  bank: TestBank,
  {
    service = 'payments',
    product = 'sepa-credit-transfers',
    body = paymentBody('alice'),
    headers = {},
  }: Initiation = {},
) {
  const res = await send(bank, 'POST', `/v1/${service}/${product}`, { body, headers });
  const created = ok(res, 201, PaymentInitiationResponse201);
  return { res, body: created, self: href(created._links.self) };
}

async function statusOf(bank: TestBank, self: string) {
  return ok(await send(bank, 'GET', `${self}/status`), 200, PaymentInitiationStatusResponse);
}

/** An embedded payment of `psuId`, authorised: ACTC for alice and bob. */
async function acceptedPayment(
  bank: TestBank,
  psuId = 'alice',
  service = 'payments',
  body: object = paymentBody(psuId),
) {
  const { self } = await initiate(bank, { service, body, headers: EMBEDDED(psuId) });
  await authoriseEmbedded(bank, `${self}/authorisations`, psuId);
  return self;
}

/** A form the PSU's browser posts to the bank's pages. */
const postForm = (bank: TestBank, url: string, form: Record<string, string>) => submit(bank, url, form);

/** The PSU's side of a redirect authorisation: log in and approve with the OTP. */
async function approveOnBankPage(bank: TestBank, scaRedirect: string, psuId: string) {
  expect((await postForm(bank, `${scaRedirect}/login`, { psuId, password: SANDBOX_PASSWORD })).status).toBe(303);
  return postForm(bank, `${scaRedirect}/decision`, { action: 'approve', otp: SANDBOX_OTP });
}

const today = isoDate(new Date(TEST_START));

function periodicBody(psuId: string, overrides: Record<string, unknown> = {}) {
  return paymentBody(psuId, {
    startDate: addDays(today, 1),
    endDate: addDays(today, 365),
    frequency: 'Monthly',
    executionRule: 'following',
    dayOfExecution: '1',
    ...overrides,
  });
}

// ---- tests ----

describe('initiate a payment and read it', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());

  const products = [
    { product: 'sepa-credit-transfers', body: () => paymentBody('alice') },
    {
      product: 'instant-sepa-credit-transfers',
      body: () => paymentBody('bob', { instructedAmount: { currency: 'EUR', amount: '99999.99' } }),
    },
    { product: 'target-2-payments', body: () => paymentBody('bob', { creditorAgent: 'DEUTDEFFXXX' }) },
    {
      product: 'cross-border-credit-transfers',
      body: () =>
        paymentBody('alice', {
          endToEndIdentification: undefined,
          debtorAccount: { iban: accountOf('alice', 2).iban },
          instructedAmount: { currency: 'USD', amount: '250' },
          creditorAccount: { iban: GB_CREDITOR_IBAN },
          creditorAgent: 'NWBKGB2L',
          creditorAddress: {
            streetName: 'Strand',
            buildingNumber: '1',
            townName: 'London',
            postCode: 'WC2N 5HR',
            country: 'GB',
          },
        }),
    },
  ];

  it.each(products)(
    'payments/$product: 201 RCVD with Location, approach and links; GET returns the body',
    async ({ product, body }) => {
      const sent = body();
      const { res, body: created, self } = await initiate(bank, { product, body: sent });
      expect(created.transactionStatus).toBe('RCVD');
      expect(self).toBe(`/psd2/v1/payments/${product}/${created.paymentId}`);
      expect(res.headers.get('Location')).toBe(`${ORIGIN}${self}`);
      expect(res.headers.get('ASPSP-SCA-Approach')).toBe('REDIRECT');
      expect(href(created._links.status)).toBe(`${self}/status`);
      expect(href(created._links.scaRedirect)).toMatch(new RegExp(`^${ORIGIN}/psd2/sca/auth-`));
      expect(href(created._links.scaStatus)).toMatch(new RegExp(`^${self}/authorisations/auth-`));

      const schema = responseSchemaFor('getPaymentInformation', { paymentService: 'payments' });
      expect(schema).toBe(PaymentInitiationWithStatusResponse);
      const read = ok(await send(bank, 'GET', self), 200, PaymentInitiationWithStatusResponse);
      expect(read).toEqual({ ...JSON.parse(JSON.stringify(sent)), transactionStatus: 'RCVD' });
      expect((await statusOf(bank, self)).transactionStatus).toBe('RCVD');
    },
  );

  it.each(products)(
    'periodic-payments/$product: 201 RCVD; GET returns the standing order',
    async ({ product, body }) => {
      const sent = { ...body(), startDate: addDays(today, 3), frequency: 'Weekly', executionRule: 'preceding' };
      const { res, body: created, self } = await initiate(bank, { service: 'periodic-payments', product, body: sent });
      expect(created.transactionStatus).toBe('RCVD');
      expect(res.headers.get('Location')).toBe(`${ORIGIN}/psd2/v1/periodic-payments/${product}/${created.paymentId}`);
      const read = ok(await send(bank, 'GET', self), 200, PeriodicPaymentInitiationWithStatusResponse);
      expect(read).toMatchObject({
        startDate: sent.startDate,
        frequency: 'Weekly',
        executionRule: 'preceding',
        transactionStatus: 'RCVD',
      });
      expect((await statusOf(bank, self)).transactionStatus).toBe('RCVD');
    },
  );

  it('accepts a MonthlyVariable standing order with monthsOfExecution', async () => {
    const { self } = await initiate(bank, {
      service: 'periodic-payments',
      body: periodicBody('alice', {
        frequency: 'MonthlyVariable',
        monthsOfExecution: ['1', '4', '10'],
        dayOfExecution: '31',
      }),
    });
    const read = ok(await send(bank, 'GET', self), 200, PeriodicPaymentInitiationWithStatusResponse);
    expect(read.frequency).toBe('MonthlyVariable');
    expect(read.dayOfExecution).toBe('31');
  });

  it('lists the implicit authorisation and no cancellation authorisations', async () => {
    const { body, self } = await initiate(bank);
    const authPath = href(body._links.scaStatus);
    const list = ok(await send(bank, 'GET', `${self}/authorisations`), 200, Authorisations);
    expect(list.authorisationIds).toEqual([authPath.split('/').pop()]);
    expect(ok(await send(bank, 'GET', authPath), 200, ScaStatusResponse)).toEqual({ scaStatus: 'received' });
    const cancellations = ok(await send(bank, 'GET', `${self}/cancellation-authorisations`), 200, Authorisations);
    expect(cancellations.authorisationIds).toEqual([]);
  });

  it('finds a payment only under its own service and product (403 RESOURCE_UNKNOWN otherwise)', async () => {
    const { body } = await initiate(bank);
    const id = body.paymentId;
    fails(await send(bank, 'GET', `/v1/payments/instant-sepa-credit-transfers/${id}`), 403, 'RESOURCE_UNKNOWN');
    fails(await send(bank, 'GET', `/v1/periodic-payments/sepa-credit-transfers/${id}`), 403, 'RESOURCE_UNKNOWN');
    fails(await send(bank, 'GET', `/v1/payments/sepa-credit-transfers/pay-unknown/status`), 403, 'RESOURCE_UNKNOWN');
    fails(await send(bank, 'DELETE', `/v1/payments/sepa-credit-transfers/pay-unknown`), 403, 'RESOURCE_UNKNOWN');
    fails(
      await send(bank, 'GET', `/v1/payments/sepa-credit-transfers/pay-unknown/authorisations`),
      403,
      'RESOURCE_UNKNOWN',
    );
  });

  it('checks the debtor: unknown PSU-ID 401, another PSU’s account 400, a foreign account 400', async () => {
    const body = paymentBody('alice');
    fails(
      await send(bank, 'POST', '/v1/payments/sepa-credit-transfers', { body, headers: { 'PSU-ID': 'mallory' } }),
      401,
      'PSU_CREDENTIALS_INVALID',
    );
    const other = fails(
      await send(bank, 'POST', '/v1/payments/sepa-credit-transfers', { body, headers: { 'PSU-ID': 'bob' } }),
      400,
      'FORMAT_ERROR',
    );
    expect(other?.path).toBe('debtorAccount.iban');
    const foreign = paymentBody('alice', { debtorAccount: { iban: CREDITOR_IBAN } });
    expect(
      fails(await send(bank, 'POST', '/v1/payments/sepa-credit-transfers', { body: foreign }), 400, 'FORMAT_ERROR')
        ?.path,
    ).toBe('debtorAccount.iban');
  });

  it('limits instant SEPA credit transfers to 100,000 EUR', async () => {
    const body = paymentBody('bob', { instructedAmount: { currency: 'EUR', amount: '100000.01' } });
    fails(await send(bank, 'POST', '/v1/payments/instant-sepa-credit-transfers', { body }), 400, 'FORMAT_ERROR');
  });

  it('rejects at once with PAYMENT_FAILED when TPP-Rejection-NoFunds-Preferred is true and funds are missing', async () => {
    const body = paymentBody('carol');
    fails(
      await send(bank, 'POST', '/v1/payments/sepa-credit-transfers', {
        body,
        headers: { 'TPP-Rejection-NoFunds-Preferred': 'true' },
      }),
      400,
      'PAYMENT_FAILED',
    );
    await initiate(bank, { body, headers: { 'TPP-Rejection-NoFunds-Preferred': 'false' } });
    await initiate(bank, { body: paymentBody('alice'), headers: { 'TPP-Rejection-NoFunds-Preferred': 'true' } });
  });

  it('takes standing orders starting today up to a year ahead; other start dates are EXECUTION_DATE_INVALID', async () => {
    await initiate(bank, { service: 'periodic-payments', body: periodicBody('alice', { startDate: today }) });
    await initiate(bank, {
      service: 'periodic-payments',
      body: periodicBody('alice', { startDate: addDays(today, 365), endDate: undefined }),
    });
    for (const startDate of [addDays(today, -1), addDays(today, 366)]) {
      const res = await send(bank, 'POST', '/v1/periodic-payments/sepa-credit-transfers', {
        body: periodicBody('alice', { startDate, endDate: undefined }),
      });
      expect(fails(res, 400, 'EXECUTION_DATE_INVALID')?.path).toBe('startDate');
    }
  });

  // 1.3.12's paymentInitiation_json has no execution date: a bank that ignored one would move the money on a day the TPP
  // did not ask for, so the sandbox refuses it by name (a bulk, or a pain.001 document's ReqdExctnDt, carries one).
  it('refuses requestedExecutionDate and requestedExecutionTime in a JSON single payment or standing order', async () => {
    const cases = [
      ['payments', { requestedExecutionDate: addDays(today, 10) }],
      ['payments', { requestedExecutionTime: `${addDays(today, 1)}T10:00:00Z` }],
      ['periodic-payments', { requestedExecutionDate: addDays(today, 10) }],
    ] as const;
    for (const [service, extra] of cases) {
      const body =
        service === 'payments' ? paymentBody('alice', extra) : periodicBody('alice', { ...extra, endDate: undefined });
      const res = await send(bank, 'POST', `/v1/${service}/sepa-credit-transfers`, { body });
      const [member] = Object.keys(extra);
      const error = fails(res, 400, 'FORMAT_ERROR');
      expect(error?.path).toBe(member);
      expect(error?.text).toMatch(/belongs to bulk payments/);
    }
  });
});

describe('payment status over time (RCVD → ACTC → ACSC, RJCT)', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());

  it('is RCVD until SCA, ACTC after it and ACSC once settlementDelayMs has passed, not before', async () => {
    const delay = bank.sandbox.config.settlementDelayMs;
    const { self } = await initiate(bank, { headers: EMBEDDED('alice') });
    expect(await statusOf(bank, self)).toEqual({ transactionStatus: 'RCVD' });
    bank.clock.advance(delay * 2); // time alone moves nothing before SCA
    expect((await statusOf(bank, self)).transactionStatus).toBe('RCVD');

    await authoriseEmbedded(bank, `${self}/authorisations`, 'alice');
    expect(await statusOf(bank, self)).toMatchObject({ transactionStatus: 'ACTC', fundsAvailable: true });
    bank.clock.advance(delay - 1);
    expect((await statusOf(bank, self)).transactionStatus).toBe('ACTC');
    bank.clock.advance(1);
    const settled = await statusOf(bank, self);
    expect(settled.transactionStatus).toBe('ACSC');
    expect(settled.fundsAvailable).toBeUndefined();
    expect(settled.psuName).toBe('Alice Schneider');
    expect(ok(await send(bank, 'GET', self), 200, PaymentInitiationWithStatusResponse).transactionStatus).toBe('ACSC');
  });

  it('shows the settlement on a read of the payment itself, too', async () => {
    const self = await acceptedPayment(bank, 'bob');
    bank.clock.advance(bank.sandbox.config.settlementDelayMs);
    expect(ok(await send(bank, 'GET', self), 200, PaymentInitiationWithStatusResponse).transactionStatus).toBe('ACSC');
  });

  it('rejects carol’s payment after SCA for lack of funds (RJCT), and it never settles', async () => {
    const { self } = await initiate(bank, { body: paymentBody('carol'), headers: EMBEDDED('carol') });
    expect((await authoriseEmbedded(bank, `${self}/authorisations`, 'carol')).scaStatus).toBe('finalised');
    const status = await statusOf(bank, self);
    expect(status.transactionStatus).toBe('RJCT');
    expect(status.fundsAvailable).toBeUndefined(); // only with ACTC/ACWC/ACCP (1.3.12, payment status)
    expect(status.ownerNames).toBeUndefined();
    bank.clock.advance(bank.sandbox.config.settlementDelayMs * 10);
    expect((await statusOf(bank, self)).transactionStatus).toBe('RJCT');
  });

  it('rejects a payment above the available balance (RJCT)', async () => {
    const body = paymentBody('alice', { instructedAmount: { currency: 'EUR', amount: '9999999.00' } });
    const { self } = await initiate(bank, { body, headers: EMBEDDED('alice') });
    await authoriseEmbedded(bank, `${self}/authorisations`, 'alice');
    expect((await statusOf(bank, self)).transactionStatus).toBe('RJCT');
  });
});

describe('payments never authorised are rejected after unauthorisedPaymentExpiryMs', () => {
  const HOUR = 3_600_000;
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank({ config: { unauthorisedPaymentExpiryMs: HOUR } });
  });
  afterAll(() => bank.close());

  it('waits a day by default', async () => {
    const defaults = await createTestBank();
    expect(defaults.sandbox.config.unauthorisedPaymentExpiryMs).toBe(24 * HOUR);
    await defaults.close();
  });

  it('reads RJCT once the time is up, with its open authorisation failed; nothing can revive it', async () => {
    const { body, self } = await initiate(bank);
    const scaStatus = href(body._links.scaStatus);
    bank.clock.advance(HOUR - 1);
    expect((await statusOf(bank, self)).transactionStatus).toBe('RCVD');
    expect(ok(await send(bank, 'GET', scaStatus), 200, ScaStatusResponse).scaStatus).toBe('received');
    bank.clock.advance(1);
    expect(await statusOf(bank, self)).toEqual({ transactionStatus: 'RJCT' });
    expect(ok(await send(bank, 'GET', self), 200, PaymentInitiationWithStatusResponse).transactionStatus).toBe('RJCT');
    expect(ok(await send(bank, 'GET', scaStatus), 200, ScaStatusResponse).scaStatus).toBe('failed');
    fails(await send(bank, 'POST', `${self}/authorisations`), 409, 'STATUS_INVALID');
    fails(await send(bank, 'DELETE', self), 405, 'CANCELLATION_INVALID');
    // The bank's page no longer takes an approval.
    const page = await bank.sandbox.fetch(new Request(href(body._links.scaRedirect)));
    expect(await page.text()).toContain('already failed');
  });

  it('rejects on the PSU’s late approval, too, when the bank’s scheduler has not rejected it yet', async () => {
    const held = await createTestBank({ config: { unauthorisedPaymentExpiryMs: HOUR }, timers: 'held' });
    try {
      const { body, self } = await initiate(held);
      held.clock.advance(HOUR);
      const res = await postForm(held, `${href(body._links.scaRedirect)}/login`, {
        psuId: 'alice',
        password: SANDBOX_PASSWORD,
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Not approved');
      expect((await statusOf(held, self)).transactionStatus).toBe('RJCT');
    } finally {
      await held.close();
    }
  });

  it('rejects an embedded payment whose SCA was left half-way, and leaves authorised payments alone', async () => {
    const { self } = await initiate(bank, { headers: EMBEDDED('alice') });
    const started = ok(
      await send(bank, 'POST', `${self}/authorisations`, {
        headers: { 'PSU-ID': 'alice' },
        body: { psuData: { password: SANDBOX_PASSWORD } },
      }),
      201,
      StartScaprocessResponse,
    );
    const accepted = await acceptedPayment(bank, 'bob');
    bank.clock.advance(HOUR);
    expect((await statusOf(bank, self)).transactionStatus).toBe('RJCT');
    const authPath = `${self}/authorisations/${started.authorisationId}`;
    expect(ok(await send(bank, 'GET', authPath), 200, ScaStatusResponse).scaStatus).toBe('failed');
    fails(await send(bank, 'PUT', authPath, { body: { authenticationMethodId: 'sms' } }), 400, 'SCA_INVALID');
    expect((await statusOf(bank, accepted)).transactionStatus).toBe('ACSC');
  });
});

describe('cancel a payment (DELETE)', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());

  it('cancels a RCVD payment at once: 204 without body, then CANC', async () => {
    const { self } = await initiate(bank);
    const res = await send(bank, 'DELETE', self);
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expect(res.headers.get('ASPSP-SCA-Approach')).toBeNull();
    expect((await statusOf(bank, self)).transactionStatus).toBe('CANC');
    expect(ok(await send(bank, 'GET', self), 200, PaymentInitiationWithStatusResponse).transactionStatus).toBe('CANC');
    expect(fails(await send(bank, 'DELETE', self), 405, 'CANCELLATION_INVALID')?.text).toMatch(/CANC/);
    fails(await send(bank, 'POST', `${self}/authorisations`), 409, 'STATUS_INVALID');
  });

  it('asks for a cancellation authorisation of an ACTC payment (202); its finalisation cancels (CANC)', async () => {
    const self = await acceptedPayment(bank, 'alice');
    const res = await send(bank, 'DELETE', self);
    const body = ok(res, 202, PaymentInitiationCancelResponse202);
    expect(body.transactionStatus).toBe('ACTC');
    const collection = href(body._links?.startAuthorisationWithPsuAuthentication);
    expect(collection).toBe(`${self}/cancellation-authorisations`);
    expect((await statusOf(bank, self)).transactionStatus).toBe('ACTC');

    const { authPath, authorisationId, scaStatus } = await authoriseEmbedded(bank, collection, 'alice');
    expect(scaStatus).toBe('finalised');
    expect((await statusOf(bank, self)).transactionStatus).toBe('CANC');
    const list = ok(await send(bank, 'GET', collection), 200, Authorisations);
    expect(list.authorisationIds).toEqual([authorisationId]);
    expect(ok(await send(bank, 'GET', authPath), 200, ScaStatusResponse).scaStatus).toBe('finalised');
    // The payment's own authorisation is listed apart.
    expect(ok(await send(bank, 'GET', `${self}/authorisations`), 200, Authorisations).authorisationIds).toHaveLength(1);
    fails(await send(bank, 'DELETE', self), 405, 'CANCELLATION_INVALID');
  });

  it('leaves the payment ACTC when the cancellation authorisation fails, and it settles as usual', async () => {
    const self = await acceptedPayment(bank, 'bob');
    ok(await send(bank, 'DELETE', self), 202, PaymentInitiationCancelResponse202);
    const collection = `${self}/cancellation-authorisations`;
    const started = ok(
      await send(bank, 'POST', collection, { headers: { 'PSU-ID': 'bob' } }),
      201,
      StartScaprocessResponse,
    );
    const authPath = `${collection}/${started.authorisationId}`;
    await send(bank, 'PUT', authPath, { body: { psuData: { password: SANDBOX_PASSWORD } } });
    await send(bank, 'PUT', authPath, { body: { authenticationMethodId: 'sms' } });
    for (const otp of ['1', '2', '3']) await send(bank, 'PUT', authPath, { body: { scaAuthenticationData: otp } });
    expect(ok(await send(bank, 'GET', authPath), 200, ScaStatusResponse).scaStatus).toBe('failed');
    expect((await statusOf(bank, self)).transactionStatus).toBe('ACTC');
    bank.clock.advance(bank.sandbox.config.settlementDelayMs);
    expect((await statusOf(bank, self)).transactionStatus).toBe('ACSC');
  });

  it('offers startAuthorisation for the cancellation of a redirect payment; approval on the bank page cancels', async () => {
    const { body, self } = await initiate(bank, { headers: { 'TPP-Redirect-URI': TPP_OK } });
    await approveOnBankPage(bank, href(body._links.scaRedirect), 'alice');
    expect((await statusOf(bank, self)).transactionStatus).toBe('ACTC');

    const cancel = ok(await send(bank, 'DELETE', self), 202, PaymentInitiationCancelResponse202);
    const collection = href(cancel._links?.startAuthorisation);
    expect(collection).toBe(`${self}/cancellation-authorisations`);
    const started = await send(bank, 'POST', collection, { headers: { 'TPP-Redirect-URI': TPP_OK } });
    const startBody = ok(started, 201, StartScaprocessResponse);
    expect(started.headers.get('ASPSP-SCA-Approach')).toBe('REDIRECT');
    const decision = await approveOnBankPage(bank, href(startBody._links.scaRedirect), 'alice');
    expect(decision.status).toBe(303);
    expect(decision.headers.get('Location')).toBe(TPP_OK);
    expect((await statusOf(bank, self)).transactionStatus).toBe('CANC');
  });

  it('refuses to cancel settled, rejected and cancelled single payments (405 CANCELLATION_INVALID)', async () => {
    const settled = await acceptedPayment(bank, 'alice');
    bank.clock.advance(bank.sandbox.config.settlementDelayMs);
    expect((await statusOf(bank, settled)).transactionStatus).toBe('ACSC');
    fails(await send(bank, 'DELETE', settled), 405, 'CANCELLATION_INVALID');
    fails(await send(bank, 'POST', `${settled}/cancellation-authorisations`), 409, 'STATUS_INVALID');

    const { self: rejected } = await initiate(bank, { body: paymentBody('carol'), headers: EMBEDDED('carol') });
    await authoriseEmbedded(bank, `${rejected}/authorisations`, 'carol');
    expect((await statusOf(bank, rejected)).transactionStatus).toBe('RJCT');
    fails(await send(bank, 'DELETE', rejected), 405, 'CANCELLATION_INVALID');

    const { self: cancelled } = await initiate(bank);
    expect((await send(bank, 'DELETE', cancelled)).status).toBe(204);
    fails(await send(bank, 'DELETE', cancelled), 405, 'CANCELLATION_INVALID');
  });

  it('still cancels an executing standing order (periodic ACSC) with a cancellation authorisation', async () => {
    const self = await acceptedPayment(bank, 'alice', 'periodic-payments', periodicBody('alice'));
    bank.clock.advance(bank.sandbox.config.settlementDelayMs);
    expect((await statusOf(bank, self)).transactionStatus).toBe('ACSC');
    const cancel = ok(await send(bank, 'DELETE', self), 202, PaymentInitiationCancelResponse202);
    expect(cancel.transactionStatus).toBe('ACSC');
    await authoriseEmbedded(bank, href(cancel._links?.startAuthorisationWithPsuAuthentication), 'alice');
    expect((await statusOf(bank, self)).transactionStatus).toBe('CANC');
  });

  it('has no cancellation to authorise before the payment is accepted (409 STATUS_INVALID)', async () => {
    const { self } = await initiate(bank, { headers: EMBEDDED('alice') });
    fails(
      await send(bank, 'POST', `${self}/cancellation-authorisations`, { headers: { 'PSU-ID': 'alice' } }),
      409,
      'STATUS_INVALID',
    );
  });

  it('does not cancel through the bank page once the payment has settled meanwhile', async () => {
    const { body, self } = await initiate(bank, { headers: { 'TPP-Redirect-URI': TPP_OK } });
    await approveOnBankPage(bank, href(body._links.scaRedirect), 'alice');
    const cancel = ok(await send(bank, 'DELETE', self), 202, PaymentInitiationCancelResponse202);
    const startBody = ok(
      await send(bank, 'POST', href(cancel._links?.startAuthorisation)),
      201,
      StartScaprocessResponse,
    );
    bank.clock.advance(bank.sandbox.config.settlementDelayMs); // settlement is due before the PSU logs in
    const login = await postForm(bank, `${href(startBody._links.scaRedirect)}/login`, {
      psuId: 'alice',
      password: SANDBOX_PASSWORD,
    });
    expect(await login.text()).toContain('Not approved'); // the cancellation can only fail now
    expect((await statusOf(bank, self)).transactionStatus).toBe('ACSC');
    const sca = ok(await send(bank, 'GET', href(startBody._links.scaStatus)), 200, ScaStatusResponse);
    expect(sca.scaStatus).toBe('failed');
  });
});
