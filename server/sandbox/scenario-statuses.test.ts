// A scenario's error answers with the status 1.3.12's message-code table gives for where the operation addresses its
// resource: an account-id in the path, another resource in the path, or none (the body or a header). Codes outside
// 1.3.12 are marked as the sandbox's own in the catalogue, with advice for the client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, type OperationName } from '../../src/xs2a';
import { createTestBank, type TestBank } from './testing/test-support';
import { accountOf } from './testing/test-kit';

const CONSENT = 'con-00000000-0000-4000-8000-000000000000';
const PAYMENT = 'pay-00000000-0000-4000-8000-000000000000';
const AUTH = 'auth-00000000-0000-4000-8000-000000000000';
const ACCOUNT = accountOf('alice').resourceId;

/** A concrete path for each operation: the resources need not exist, the scenario answers before the route. */
function pathOf(operation: OperationName): string {
  return operations[operation].path
    .replace('{payment-service}', 'payments')
    .replace('{payment-product}', 'sepa-credit-transfers')
    .replace('{paymentId}', PAYMENT)
    .replace('{consentId}', CONSENT)
    .replace('{authorisationId}', AUTH)
    .replace('{account-id}', ACCOUNT)
    .replace('{transactionId}', 'tx-1');
}

/** The status 1.3.12 gives each code by where the operation addresses its resource. */
const EXPECTED: [OperationName, string, number][] = [
  ['readAccountDetails', 'RESOURCE_UNKNOWN', 404],
  ['getTransactionList', 'RESOURCE_UNKNOWN', 404],
  ['getTransactionDetails', 'RESOURCE_UNKNOWN', 404],
  ['getPaymentInformation', 'RESOURCE_UNKNOWN', 403],
  ['getConsentStatus', 'RESOURCE_UNKNOWN', 403],
  ['getPaymentInitiationScaStatus', 'RESOURCE_UNKNOWN', 403],
  ['createConsent', 'RESOURCE_UNKNOWN', 400],
  ['initiatePayment', 'RESOURCE_UNKNOWN', 400],
  ['getAccountList', 'RESOURCE_UNKNOWN', 400],
  ['getConsentInformation', 'RESOURCE_EXPIRED', 403],
  ['cancelPayment', 'RESOURCE_EXPIRED', 403],
  ['readAccountDetails', 'RESOURCE_EXPIRED', 403],
  ['initiatePayment', 'RESOURCE_EXPIRED', 400],
  ['createConsent', 'RESOURCE_EXPIRED', 400],
  ['getConsentStatus', 'CONSENT_UNKNOWN', 403],
  ['deleteConsent', 'CONSENT_UNKNOWN', 403],
  ['startConsentAuthorisation', 'CONSENT_UNKNOWN', 403],
  ['getAccountList', 'CONSENT_UNKNOWN', 400],
  ['getBalances', 'CONSENT_UNKNOWN', 400],
  ['initiatePayment', 'SERVICE_INVALID', 405],
  ['getAccountList', 'SERVICE_INVALID', 405],
  ['getConsentStatus', 'SERVICE_INVALID', 405],
  ['cancelPayment', 'CANCELLATION_INVALID', 405],
  ['initiatePayment', 'PRODUCT_UNKNOWN', 404],
  ['getBalances', 'ACCESS_EXCEEDED', 429],
  ['getConsentStatus', 'FORMAT_ERROR', 400],
  ['getPaymentInformation', 'SERVICE_UNAVAILABLE', 503],
];

type Catalogue = {
  operations: Record<string, { errorCodes: string[]; errors: Record<string, { status: number; statuses: number[] }> }>;
  sandboxCodes: Record<string, { status: number; meaning: string; advice: string }>;
};

describe('scenario errors answer with the status 1.3.12 gives for where the resource is addressed', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());
  const play = (operation: OperationName, scenario: string, headers: Record<string, string> = {}) =>
    bank.call(operations[operation].method, pathOf(operation), {
      headers: { 'X-Sandbox-Scenario': scenario, 'Consent-ID': CONSENT, ...headers },
      ...(['POST', 'PUT'].includes(operations[operation].method) ? { body: {} } : {}),
    });

  it.each(EXPECTED)('%s with %s answers %i', async (operation, code, status) => {
    const res = await play(operation, `error=${code}`);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body).toMatchObject({ tppMessages: [{ category: 'ERROR', code }] });
  });

  it('answers the same statuses for an admin rule, one for every operation (*) included', async () => {
    for (const [operation, code, status] of EXPECTED) {
      await bank.call('DELETE', '/admin/scenarios');
      const rule = await bank.call('POST', '/admin/scenarios', { body: { operation: '*', error: code, count: 1 } });
      expect(rule.status, JSON.stringify(rule.body)).toBe(201);
      const res = await bank.call(operations[operation].method, pathOf(operation), {
        headers: { 'Consent-ID': CONSENT },
        ...(['POST', 'PUT'].includes(operations[operation].method) ? { body: {} } : {}),
      });
      expect(res.status, `${operation} ${code}`).toBe(status);
    }
  });

  it('keeps a status asked for, when 1.3.12 allows it for the code', async () => {
    expect((await play('readAccountDetails', 'error=RESOURCE_UNKNOWN;status=400')).status).toBe(400);
    expect((await play('initiatePayment', 'error=SERVICE_INVALID;status=400')).status).toBe(400);
  });

  it('lists each code’s default status and the statuses allowed, per operation, in the catalogue', async () => {
    const catalogue = (await bank.call('GET', '/admin/scenarios/catalogue')).body as Catalogue;
    for (const [operation, code, status] of EXPECTED) {
      const entry = catalogue.operations[operation]?.errors[code];
      expect(entry?.status, `${operation} ${code}`).toBe(status);
      expect(entry?.statuses).toContain(status);
    }
    expect(catalogue.operations.readAccountDetails?.errors.RESOURCE_UNKNOWN?.statuses).toEqual([400, 403, 404]);
    for (const [name, op] of Object.entries(catalogue.operations)) {
      expect(Object.keys(op.errors).sort(), name).toEqual([...op.errorCodes].sort());
    }
  });

  it('marks the codes outside 1.3.12 as the sandbox’s own, with advice for the client', async () => {
    const catalogue = (await bank.call('GET', '/admin/scenarios/catalogue')).body as Catalogue;
    expect(Object.keys(catalogue.sandboxCodes).sort()).toEqual(['INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE']);
    expect(catalogue.sandboxCodes.SERVICE_UNAVAILABLE).toMatchObject({ status: 503 });
    expect(catalogue.sandboxCodes.SERVICE_UNAVAILABLE?.advice).toMatch(/retry later/i);
    expect(catalogue.sandboxCodes.SERVICE_UNAVAILABLE?.advice).toMatch(/Retry-After/);
    expect(catalogue.sandboxCodes.INTERNAL_SERVER_ERROR).toMatchObject({ status: 500 });
    expect(catalogue.sandboxCodes.INTERNAL_SERVER_ERROR?.advice).toMatch(/retry/i);
    expect(catalogue.operations.getBalances?.errors.SERVICE_UNAVAILABLE).toMatchObject({
      status: 503,
      sandboxOwn: true,
    });
    expect(catalogue.operations.getBalances?.errors.ACCESS_EXCEEDED).not.toHaveProperty('sandboxOwn');
  });

  it('names its own codes in the discovery document too, so a client explains them on every page', async () => {
    const catalogue = (await bank.call('GET', '/admin/scenarios/catalogue')).body as Catalogue;
    const discovery = (await bank.call('GET', '/admin')).body as { sandboxCodes?: Catalogue['sandboxCodes'] };
    expect(discovery.sandboxCodes).toEqual(catalogue.sandboxCodes);
  });
});
