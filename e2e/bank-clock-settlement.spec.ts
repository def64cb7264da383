// Money moves by the bank's clock, not when someone looks: a payment authorised at the bank settles when the bank's
// clock passes its settlement time, and a client that only reads account information (balances, transactions) sees the
// debit, with no read of the payment's status in between. The clock is one for every client of a bank, so the test runs
// on a test bench of its own (e2e/bench.ts), frozen until the test moves it: no real wait.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { authoriseConsentViaApi, dedicated, transactionsTable, validConsentViaApi } from './accounts-helpers';
import { bench, benchName, type Bench } from './bench';
import { storeActiveConsent, storeProfile } from './console-storage';
import { testAccounts, xs2aHeaders } from './fixtures';
import { expect, test } from './test';

const aliceMain = testAccounts['alice-main'];

/** alice's interimBooked balance on the bench, read with the consent (an account-information read). */
async function interimBooked(request: APIRequestContext, b: Bench, consentId: string): Promise<number> {
  const answer = await request.get(`${b.path}/v1/accounts/${aliceMain.resourceId}/balances`, {
    headers: xs2aHeaders({ 'Consent-ID': consentId }),
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const { balances } = (await answer.json()) as {
    balances: { balanceType: string; balanceAmount: { amount: string } }[];
  };
  const booked = balances.find((balance) => balance.balanceType === 'interimBooked');
  expect(booked, 'the bank reports interimBooked').toBeDefined();
  return Number(booked?.balanceAmount.amount);
}

test('an account-information-only client sees an authorised payment’s debit once the bank’s clock passes its settlement', async ({
  page,
}, testInfo) => {
  const b = await bench(page.request, benchName(testInfo));
  await b.freeze();
  const profile = b.profile();
  await storeProfile(page, profile);
  const consentId = await validConsentViaApi(page.request, {
    psu: 'alice',
    access: dedicated(aliceMain.iban),
    recurring: true,
    frequencyPerDay: 10,
    base: b.path,
  });
  await storeActiveConsent(page, consentId, profile.id);

  // A payment from alice's main account, authorised at the bank (embedded SCA over the API): ACTC, not yet settled.
  const remittance = `AIS-only settlement ${randomUUID().slice(0, 8)}`;
  const created = await page.request.post(`${b.path}/v1/payments/sepa-credit-transfers`, {
    headers: xs2aHeaders({ 'PSU-ID': 'alice', 'TPP-Redirect-Preferred': 'false' }),
    data: {
      instructedAmount: { currency: 'EUR', amount: '17.31' },
      debtorAccount: { iban: aliceMain.iban },
      creditorName: 'Kiosk am Markt',
      creditorAccount: { iban: 'DE02100100109307118603' },
      remittanceInformationUnstructured: remittance,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const payment = (await created.json()) as { paymentId: string; _links: Record<string, { href: string }> };
  expect(await authoriseConsentViaApi(page.request, { consentId: payment.paymentId, ...payment }, 'alice')).toBe(
    'finalised',
  );

  // Before the settlement time: the account page (account information only) shows no debit.
  const before = await interimBooked(page.request, b, consentId);
  await page.goto(`/accounts/${aliceMain.resourceId}`);
  const { table } = transactionsTable(page);
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const entry = table.getByRole('row').filter({ hasText: remittance });
  await expect(entry).toHaveCount(0);
  const balances = page.getByRole('region', { name: 'Balances' }).getByRole('table');
  const bookedRow = balances.getByRole('row', { name: /Interim booked/ });
  const bookedBefore = await bookedRow.textContent();

  // The bank's clock passes the settlement time (3 s in the e2e server): the bank books the debit by itself.
  await b.advance('PT1M');

  // Account-information reads alone see it: the balance moved by the amount, and the booking is in the transactions.
  expect(await interimBooked(page.request, b, consentId)).toBeCloseTo(before - 17.31, 2);
  await page.reload();
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('17.31');
  await expect(bookedRow).not.toHaveText(bookedBefore ?? '');

  // The console read no payment status on the way: only account information.
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: /^Inspector/ })
    .click();
  await expect(page.getByRole('button', { name: /^GET \/v1\/accounts\// }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /\/v1\/payments\// })).toHaveCount(0);

  // And the payment, read only now, is settled.
  const status = await page.request.get(`${b.path}/v1/payments/sepa-credit-transfers/${payment.paymentId}/status`, {
    headers: xs2aHeaders(),
  });
  expect(((await status.json()) as { transactionStatus: string }).transactionStatus).toBe('ACSC');
});
