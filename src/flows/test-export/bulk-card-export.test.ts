// The exported Playwright test of a bulk payment and of a consent that reads card accounts: what the person chose
// (each payment's amount, creditor and account, the card by its masked PAN) becomes the run's variables, the bodies are
// checked against 1.3.12's bulk and card schemas, and the file runs against a bank that answers like the recording.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../api';
import { playwrightTest } from './export-test';
import { flowSchemas } from './flow-schemas';
import { buildReplayPlan } from './plan';
import { acceptedFinalStates } from './render-test';
import { schemaProblems } from './runtime';
import {
  BANK,
  BULK,
  BULK_ENTRIES,
  BULK_FLOW,
  bulkBody,
  bulkFlow,
  CARD_FLOW,
  cardFlow,
  DEBTOR_IBAN,
  MASKED_PAN,
} from './testing/bulk-and-card-flows';
import { runExportedTest, type SentCall } from './testing/run-exported-test';

/**
 * A bank that answers every request as the recording answered the same method and path (a read: the last time); the
 * query's calendar days are the run's.
 */
function recordedBank(
  flow: readonly Exchange[],
  extra: (call: SentCall) => ReturnType<Parameters<typeof runExportedTest>[1]> = () => undefined,
) {
  return (call: SentCall) => {
    const same = flow.filter(
      (exchange) => exchange.request.method === call.method && pathOf(exchange.request.url) === pathOf(call.url),
    );
    const recorded = same[same.length - 1]?.response;
    return extra(call) ?? (recorded && { status: recorded.status, body: recorded.body });
  };
}

const pathOf = (url: string) => url.split('?')[0];

const WAITS = { XS2A_STATUS_WAIT_MS: '300', XS2A_SCA_WAIT_MS: '300' };

describe('a bulk payment’s exported test', () => {
  it('writes each payment with the run’s values of its position: amount, currency, creditor’s name and account', () => {
    const { text, fileName } = playwrightTest({ flow: BULK_FLOW, exchanges: bulkFlow(), savedAt: 0 });
    expect(fileName).toBe('bulk-payment-redirect-sepa-credit-transfers.spec.ts');
    expect(text).toContain('test(`${PSU.id} pays a bulk of 3 payments (sepa-credit-transfers) with redirect SCA`');
    for (const [index, entry] of BULK_ENTRIES.entries()) {
      expect(text).toContain(`amount: env("XS2A_AMOUNT_${index + 1}") ?? ${JSON.stringify(entry.amount)},`);
      expect(text).toContain(
        `creditorName: env("XS2A_CREDITOR_NAME_${index + 1}") ?? ${JSON.stringify(entry.creditorName)},`,
      );
      expect(text).toContain(`"iban": data.creditorIbanAt(${index}),`);
      expect(text).toContain(
        `"instructedAmount": { currency: CHOSEN.payments[${index}].currency, amount: CHOSEN.payments[${index}].amount },`,
      );
      expect(text).toContain(`"creditorName": CHOSEN.payments[${index}].creditorName,`);
      // No creditor's account of the recording: each is the run's.
      expect(text).not.toContain(entry.creditorIban);
      expect(text).toMatch(new RegExp(`XS2A_CREDITOR_IBAN_${index + 1}\\s+its creditor's account`));
    }
    expect(text).toMatch(/"debtorAccount": \{\s+"iban": data\.iban\(0\),/);
    expect(text).not.toContain(DEBTOR_IBAN);
    expect(text).toContain('await decideAtBankPage(request, linkOf(a1, "scaRedirect", BASE_URL), PSU, "approve");');
    // The bulk's own answer schema, and the bulk accepted in part or whole at the end.
    expect(text).toContain('expectAnswer(answer, 200, "getPaymentInformation:bulk-payments", []);');
    expect(text).toMatch(/transactionStatus reaches PART or ACTC or .*ACSC.* \(the flow ended at PART\)/);
  });

  it('keeps the recorded IBANs out of the plan’s own accounts, and a single payment’s variables as they were', () => {
    const plan = buildReplayPlan(bulkFlow());
    expect(plan.values.ownIbans).toEqual([DEBTOR_IBAN]);
    expect(plan.values.bulk?.map((entry) => entry.creditorIban)).toEqual(
      BULK_ENTRIES.map((entry) => entry.creditorIban),
    );
    expect(plan.values.payment).toBeUndefined();
    expect(plan.usesAccounts).toBe(true);
    expect(plan.usesCards).toBe(false);
  });

  it('checks the bulk’s answers against 1.3.12: its GET with each payment, and PART', () => {
    const { schemas, defs } = flowSchemas(['getPaymentInformation:bulk-payments', 'getPaymentInitiationStatus']);
    const bulk = schemas['getPaymentInformation:bulk-payments']!;
    const answer = bulkFlow().at(-1)?.response?.body;
    expect(schemaProblems(answer, bulk, defs)).toEqual([]);
    const numbers = structuredClone(bulkBody()) as { payments: { instructedAmount: { amount: unknown } }[] };
    numbers.payments[2]!.instructedAmount.amount = 3;
    expect(schemaProblems({ ...numbers, transactionStatus: 'PART' }, bulk, defs)).toEqual([
      '$.payments[2].instructedAmount.amount: expected string, got number 3',
    ]);
    expect(schemaProblems({ transactionStatus: 'PART' }, schemas.getPaymentInitiationStatus!, defs)).toEqual([]);
  });

  it('runs against the bank: debtor and creditors from the environment, amounts and names as chosen', async () => {
    const flow = bulkFlow();
    const { text } = playwrightTest({ flow: BULK_FLOW, exchanges: flow });
    const env = {
      ...WAITS,
      XS2A_DEBTOR_IBAN: 'DE02120300000000202051',
      XS2A_CREDITOR_IBAN_1: 'DE75512108001245126199',
      XS2A_CREDITOR_IBAN_3: 'DE27100777770209299700',
      XS2A_AMOUNT_2: '7.25',
    };
    const run = await runExportedTest(text, recordedBank(flow), env);
    expect(run.error).toBeUndefined();
    expect(run.ok).toBe(true);
    const sent = run.calls.find((call) => call.method === 'POST' && call.url === BULK);
    expect(sent?.body).toEqual({
      batchBookingPreferred: true,
      debtorAccount: { iban: 'DE02120300000000202051' },
      payments: [
        {
          instructedAmount: { currency: 'EUR', amount: '12.50' },
          creditorAccount: { iban: 'DE75512108001245126199' },
          creditorName: 'Boulangerie Exemple',
          remittanceInformationUnstructured: 'Croissants',
        },
        {
          instructedAmount: { currency: 'EUR', amount: '7.25' },
          // Neither XS2A_CREDITOR_IBAN_2 nor a sandbox: XS2A_CREDITOR_IBAN's default.
          creditorAccount: { iban: 'DE89370400440532013000' },
          creditorName: 'Brandt, Erik',
          remittanceInformationUnstructured: 'Old account',
        },
        {
          instructedAmount: { currency: 'EUR', amount: '3.00' },
          creditorAccount: { iban: 'DE27100777770209299700' },
          creditorName: 'Kaffee Handel GmbH',
        },
      ],
    });
  });

  it('at the sandbox pays other PSUs’ accounts in turn, and a bulk accepted whole passes a test recorded as PART', async () => {
    const recorded = bulkFlow();
    const whole = bulkFlow({ ended: 'ACTC' });
    const psus = {
      psus: [
        { psuId: 'alice', accounts: [{ iban: 'DE16990100000010010001' }], cards: [] },
        { psuId: 'bob', accounts: [{ iban: 'DE41990100000020010001' }, { iban: 'DE14990100000020020001' }] },
      ],
    };
    const admin = (call: SentCall) => (call.url === `${BANK}/admin/psus` ? { status: 200, body: psus } : undefined);
    const { text } = playwrightTest({ flow: BULK_FLOW, exchanges: recorded });
    const run = await runExportedTest(text, recordedBank(whole, admin), WAITS);
    expect(run.error).toBeUndefined();
    const sent = run.calls.find((call) => call.method === 'POST' && call.url === BULK)?.body as ReturnType<
      typeof bulkBody
    >;
    expect(sent.debtorAccount.iban).toBe('DE16990100000010010001');
    expect(sent.payments.map((payment) => payment.creditorAccount.iban)).toEqual([
      'DE41990100000020010001',
      'DE14990100000020020001',
      'DE41990100000020010001',
    ]);
    expect(acceptedFinalStates('transactionStatus', 'PART')).toEqual(expect.arrayContaining(['PART', 'ACTC', 'ACSC']));
    expect(acceptedFinalStates('transactionStatus', 'PART')).not.toContain('RJCT');
    expect(acceptedFinalStates('transactionStatus', 'ACTC')).not.toContain('PART');
  });
});

describe('presenter mode', () => {
  it('writes the bulk’s creditors as the screen shows them and no account number or card number in full', () => {
    const bulk = playwrightTest({ flow: BULK_FLOW, exchanges: bulkFlow(), savedAt: 0, masked: true }).text;
    for (const entry of BULK_ENTRIES) expect(bulk).not.toContain(entry.creditorIban);
    expect(bulk).not.toContain('Brandt');
    expect(bulk).toContain('creditorName: env("XS2A_CREDITOR_NAME_2") ?? "Erik B.",');
    expect(bulk).toContain('"iban": data.creditorIbanAt(1),');
    const cards = playwrightTest({ flow: CARD_FLOW, exchanges: cardFlow(), savedAt: 0, masked: true }).text;
    expect(cards).toContain('"maskedPan": data.maskedPan(0),');
    expect(cards).not.toContain('Alice Schneider');
  });
});

describe('a card-account consent’s exported test', () => {
  it('names the card by the run’s masked PAN and follows the links inside the card account list', () => {
    const { text, fileName } = playwrightTest({ flow: CARD_FLOW, exchanges: cardFlow(), savedAt: 0 });
    expect(fileName).toBe('consent-redirect-cards-card-balances-card-transactions.spec.ts');
    expect(text).toContain(
      'test(`a consent for accounts, balances and transactions of a chosen card with redirect SCA, then the card accounts, card balances and 90 days of card transactions`',
    );
    expect(text).toContain('"maskedPan": data.maskedPan(0),');
    expect(text).not.toContain(MASKED_PAN);
    expect(text).toContain('const data = await testData(request, false, true);');
    expect(text).toContain('url: linkAt(a4, ["cardAccounts", 0], "balances", BASE_URL)');
    expect(text).toMatch(
      /url: `\$\{linkAt\(a4, \["cardAccounts", 0\], "transactions", BASE_URL\)\}\?bookingStatus=booked&dateFrom=\$\{day\(data\.today, -90\)\}`/,
    );
    for (const key of ['getCardAccountList', 'getCardAccountBalances', 'getCardAccountTransactionList']) {
      expect(text).toContain(`expectAnswer(answer, 200, "${key}", []);`);
    }
    expect(text).toMatch(/XS2A_MASKED_PANS\s+the PSU's cards by masked PAN/);
    expect(text).not.toContain('card-1');
  });

  it('checks the card answers against 1.3.12', () => {
    const flow = cardFlow();
    const keys = ['getCardAccountList', 'getCardAccountBalances', 'getCardAccountTransactionList'];
    const { schemas, defs } = flowSchemas(keys);
    for (const [index, key] of keys.entries()) {
      expect(schemaProblems(flow[index + 3]?.response?.body, schemas[key]!, defs), key).toEqual([]);
    }
    expect(
      schemaProblems({ cardAccounts: [{ maskedPan: 4711, currency: 'EUR' }] }, schemas.getCardAccountList!, defs),
    ).toEqual(['$.cardAccounts[0].maskedPan: expected string, got number 4711']);
  });

  it('runs with the card from XS2A_MASKED_PANS, else the sandbox’s test data, else the bank’s card list', async () => {
    const flow = cardFlow();
    const { text } = playwrightTest({ flow: CARD_FLOW, exchanges: flow });
    const consentOf = (calls: SentCall[]) =>
      calls.filter((call) => call.method === 'POST' && call.url === `${BANK}/v1/consents`).at(-1)?.body as {
        access: { accounts: unknown[] };
      };

    const named = await runExportedTest(text, recordedBank(flow), { ...WAITS, XS2A_MASKED_PANS: '400000******0002' });
    expect(named.error).toBeUndefined();
    expect(consentOf(named.calls).access.accounts).toEqual([{ maskedPan: '400000******0002' }]);

    const sandbox = (call: SentCall) =>
      call.url === `${BANK}/admin/psus`
        ? {
            status: 200,
            body: { psus: [{ psuId: 'alice', accounts: [], cards: [{ maskedPan: '510000******0003' }] }] },
          }
        : undefined;
    const fromSandbox = await runExportedTest(text, recordedBank(flow, sandbox), WAITS);
    expect(fromSandbox.error).toBeUndefined();
    expect(consentOf(fromSandbox.calls).access.accounts).toEqual([{ maskedPan: '510000******0003' }]);

    // Any other bank: a consent for the available accounts, then its card list.
    let listing = true;
    const bank = (call: SentCall) => {
      if (call.method === 'POST' && call.url === `${BANK}/v1/consents` && listing) {
        listing = false;
        expect(call.body).toMatchObject({ access: { availableAccounts: 'allAccounts' } });
        return { status: 201, body: { consentId: 'c-list', consentStatus: 'valid', _links: {} } };
      }
      if (call.headers['Consent-ID'] === 'c-list') {
        if (call.url === `${BANK}/v1/card-accounts`) {
          return { status: 200, body: { cardAccounts: [{ maskedPan: '377777******0004', currency: 'EUR' }] } };
        }
        return { status: 200, body: { accounts: [] } };
      }
      return undefined;
    };
    const fromBank = await runExportedTest(text, recordedBank(flow, bank), WAITS);
    expect(fromBank.error).toBeUndefined();
    expect(consentOf(fromBank.calls).access.accounts).toEqual([{ maskedPan: '377777******0004' }]);
  });
});
