import { describe, expect, it } from 'vitest';
import { isExportableFlow } from './export-test-button';
import { flowsOfTest, playwrightTest } from './export-test';
import { playwrightSuite } from './export-suite';
import { buildReplayPlan } from './plan';
import {
  BASKETS,
  basketBank,
  basketFlow,
  CONSENT_BODY,
  CREDITOR,
  DEBTOR,
  PLAIN_BASKET,
  type BasketFlowValues,
} from './testing/basket-flow';
import { runExportedTest } from './testing/run-exported-test';

const ENV = {
  XS2A_STATUS_WAIT_MS: '300',
  XS2A_SCA_WAIT_MS: '300',
  XS2A_DEBTOR_IBAN: DEBTOR,
  XS2A_CREDITOR_IBAN: CREDITOR,
};

/** The basket's test run against a bank that gives ids of its own. */
async function runAgainstBank(text: string, values: BasketFlowValues, modules: Record<string, string> = {}) {
  const { bank, run } = basketBank(values);
  return { result: await runExportedTest(text, bank, ENV, modules), run };
}

describe('a signing basket’s flow exported as a Playwright test', () => {
  it('replays the members’ flows with the basket’s: their creations, the basket of their ids, one SCA', () => {
    const { flow, exchanges } = basketFlow(PLAIN_BASKET);
    expect([...flowsOfTest(flow, exchanges)]).toEqual([flow, 'payment:pay-1', 'payment:pay-2', 'consent:con-1']);
    const { text, fileName } = playwrightTest({ flow, exchanges, savedAt: 0 });
    expect(fileName).toBe('signing-basket-redirect.spec.ts');
    expect(text).toContain('test(`${PSU.id} signs a basket of 2 payments and 1 consent with redirect SCA`');
    // The members as the run created them, never the recorded ids.
    expect(text).toMatch(
      /"paymentIds": \[\s+idOf\(a1, "paymentId"\),\s+idOf\(a2, "paymentId"\),\s+\],\s+"consentIds": \[\s+idOf\(a3, "consentId"\),\s+\]/,
    );
    for (const id of ['pay-1', 'pay-2', 'con-1', 'basket-1']) expect(text).not.toContain(`"${id}"`);
    // One SCA: the basket's; the members' own offers are named as not replayed.
    expect(text.match(/decideAtBankPage\(request, linkOf/g)).toHaveLength(1);
    expect(text).toContain('decideAtBankPage(request, linkOf(a4, "scaRedirect", BASE_URL), PSU, "approve")');
    expect(text).toContain("//   Initiate payment: the SCA offered for the payment, which the basket's signs");
    expect(text).toContain("//   Create consent: the SCA offered for the consent, which the basket's signs");
  });

  it('checks that the basket and every member moved on, each as its own status machine has it', () => {
    const { flow, exchanges } = basketFlow(PLAIN_BASKET);
    const plan = buildReplayPlan(
      exchanges.filter((exchange) => flowsOfTest(flow, exchanges).has(exchange.flow ?? '')),
      { handOversOf: flow },
    );
    expect(plan.steps.map((step) => step.kind)).toEqual(['call', 'call', 'call', 'call', 'sca']);
    expect(plan.finals.map((final) => [final.of, final.member, final.seen, final.url])).toEqual([
      [undefined, 'scaStatus', 'finalised', 'linkOf(a4, "scaStatus", BASE_URL)'],
      ["the basket's", 'transactionStatus', 'ACTC', 'linkOf(a4, "status", BASE_URL)'],
      ["the payment's", 'transactionStatus', 'ACTC', 'linkOf(a1, "status", BASE_URL)'],
      ["the payment's", 'transactionStatus', 'ACSC', 'linkOf(a2, "status", BASE_URL)'],
      ["the consent's", 'consentStatus', 'valid', 'linkOf(a3, "status", BASE_URL)'],
    ]);
    const { text } = playwrightTest({ flow, exchanges, savedAt: 0 });
    // A basket's ACTC may move on to ACSC as the basket's machine has it.
    expect(text).toContain(`"the basket's transactionStatus reaches ACTC or ACSC (the flow ended at ACTC)"`);
    expect(text).toContain(`"the consent's consentStatus reaches valid (the flow ended at valid)"`);
  });

  it('a payment’s or consent’s flow on its own still follows its own SCA', () => {
    const { exchanges } = basketFlow(PLAIN_BASKET);
    const { text } = playwrightTest({ flow: 'payment:pay-1', exchanges, savedAt: 0 });
    expect(text).toContain('decideAtBankPage(request, linkOf(a1, "scaRedirect", BASE_URL), PSU, "approve")');
    expect(text).not.toContain('signing-baskets');
  });

  it('runs against a bank that gives new ids: the basket names this run’s members, and all of them move on', async () => {
    for (const approach of ['redirect', 'decoupled'] as const) {
      const values = { ...PLAIN_BASKET, approach };
      const { flow, exchanges } = basketFlow(values);
      const { text } = playwrightTest({ flow, exchanges, savedAt: 0 });
      expect(text).toContain(`SCA (${approach})`);
      const { result, run } = await runAgainstBank(text, values);
      expect(result.diagnostics).toEqual([]);
      expect(result.error).toBeUndefined();
      expect(result.ok).toBe(true);
      expect(run.basketMembers).toEqual({ paymentIds: ['pay-1-run1', 'pay-2-run2'], consentIds: ['con-1-run1'] });
      expect(run.signed).toBe(true);
      const consent = result.calls.find((call) => call.method === 'POST' && call.url.endsWith('/v1/consents'));
      // The consent as recorded, its last day counted from the bank's today.
      expect({ ...(consent?.body as object), validUntil: CONSENT_BODY.validUntil }).toEqual(CONSENT_BODY);
      // Each member's status and the basket's read at the end.
      const reads = result.calls.filter((call) => call.method === 'GET' && call.url.endsWith('/status'));
      expect(new Set(reads.map((call) => new URL(call.url).pathname))).toEqual(
        new Set([
          '/psd2/v1/signing-baskets/basket-1-run/status',
          '/psd2/v1/payments/sepa-credit-transfers/pay-1-run1/status',
          '/psd2/v1/payments/sepa-credit-transfers/pay-2-run2/status',
          '/psd2/v1/consents/con-1-run1/status',
        ]),
      );
    }
  });

  it('fails when the members do not move on with the basket', async () => {
    const { flow, exchanges } = basketFlow(PLAIN_BASKET);
    const { text } = playwrightTest({ flow, exchanges, savedAt: 0 });
    const { bank } = basketBank(PLAIN_BASKET);
    // A bank whose basket never names the run's payments: nothing moves on.
    const wrong = await runExportedTest(
      text,
      (call) =>
        bank(
          call.method === 'POST' && call.url === BASKETS ? { ...call, body: { paymentIds: [], consentIds: [] } } : call,
        ),
      ENV,
    );
    expect(wrong.ok).toBe(false);
    expect(wrong.error).toMatch(/transactionStatus reaches ACTC or ACSC/);
  });

  it('is offered for export and goes into a suite as a spec with the shared fixture', async () => {
    expect(isExportableFlow('basket:b-1')).toBe(true);
    const { flow, exchanges } = basketFlow(PLAIN_BASKET);
    const files = new Map((await playwrightSuite({ flows: [flow], exchanges })).map((file) => [file.path, file.text]));
    const spec = files.get('signing-basket-redirect.spec.ts') ?? '';
    expect(spec).toContain('signs a basket of 2 payments and 1 consent');
    const { result, run } = await runAgainstBank(spec, PLAIN_BASKET, { './xs2a': files.get('xs2a.ts') ?? '' });
    expect(result.error).toBeUndefined();
    expect(result.ok).toBe(true);
    expect(run.basketMembers).toEqual({ paymentIds: ['pay-1-run1', 'pay-2-run2'], consentIds: ['con-1-run1'] });
  });
});
