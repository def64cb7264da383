// @vitest-environment happy-dom
// A signing basket's page and its members' own histories: once the basket's authorisation applied, each member's new
// status (read on the basket's page) is noted in the payment's and the consent's own history with the basket as its
// cause, every other member of their entries kept; while the basket waits, nothing is noted in them.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { profileStore } from '../../../api';
import { historyPrefixes } from '../../../flows/history';
import { answerByPath as bank, forgetPage, renderRoute } from '../../../testing/pages';
import { basketHistory } from '../model/basket-history';
import { BasketPage } from './basket-page';

const BASKET = '/v1/signing-baskets/b-1';
const PAYMENT = '/v1/payments/sepa-credit-transfers/p-1';
const CONSENT = '/v1/consents/c-1';
const CREATED = Date.UTC(2026, 10, 2, 10);

/** The payment's and consent's entries as their own pages wrote them when they were created. */
const paymentEntry = {
  createdAt: CREATED,
  statuses: [{ status: 'RCVD', at: CREATED }],
  links: { self: { href: PAYMENT } },
  scaApproach: 'REDIRECT',
  service: 'payments',
  product: 'sepa-credit-transfers',
  paymentId: 'p-1',
  amount: '3.10',
  currency: 'EUR',
  creditorName: 'Kiosk am Markt',
  debtorIban: 'DE16990100000010010001',
  creditorIban: 'DE49990100000020020001',
  transactionStatus: 'RCVD',
};
const consentEntry = {
  createdAt: CREATED + 1,
  statuses: [{ status: 'received', at: CREATED + 1 }],
  links: {},
  consentId: 'c-1',
  access: { allPsd2: 'allAccounts' },
  validUntil: '2027-01-31',
  recurringIndicator: false,
  consentStatus: 'received',
};

function stored(prefix: string): Record<string, unknown>[] {
  return JSON.parse(localStorage.getItem(`${prefix}${profileStore.active().id}`) ?? '[]') as Record<string, unknown>[];
}

/** This browser's record of the members and of the basket made of them; the bank answers as given. */
function openBasket(basketStatus: string, paymentStatus: string, consentStatus: string) {
  const profileId = profileStore.active().id;
  localStorage.setItem(`${historyPrefixes.payments}${profileId}`, JSON.stringify([paymentEntry]));
  localStorage.setItem(`${historyPrefixes.consents}${profileId}`, JSON.stringify([consentEntry]));
  basketHistory.addCreated(
    profileId,
    'b-1',
    { paymentIds: ['p-1'], consentIds: ['c-1'] },
    { links: { self: { href: BASKET } }, status: 'RCVD' },
    CREATED + 2,
  );
  basketHistory.recordMembers(profileId, 'b-1', [
    { kind: 'payment', id: 'p-1', service: 'payments', product: 'sepa-credit-transfers', label: '3.10 EUR' },
    { kind: 'consent', id: 'c-1', label: 'Consent to all account information' },
  ]);
  bank({
    [`${BASKET}/authorisations`]: { authorisationIds: [] },
    [`${BASKET}/status`]: { transactionStatus: basketStatus },
    [BASKET]: { transactionStatus: basketStatus, payments: ['p-1'], consents: ['c-1'] },
    [`${PAYMENT}/status`]: { transactionStatus: paymentStatus },
    [`${CONSENT}/status`]: { consentStatus },
  });
  renderRoute('/baskets/:basketId', <BasketPage />, { at: '/baskets/b-1' });
}

afterEach(forgetPage);

describe('a signing basket’s members in their own histories', () => {
  it('notes each member’s new status, with the basket as its cause, once the basket’s authorisation applied', async () => {
    openBasket('ACTC', 'ACSC', 'valid');
    await waitFor(() => expect(stored(historyPrefixes.payments)[0]?.transactionStatus).toBe('ACSC'));
    await waitFor(() => expect(stored(historyPrefixes.consents)[0]?.consentStatus).toBe('valid'));
    const [payment] = stored(historyPrefixes.payments);
    const [consent] = stored(historyPrefixes.consents);
    expect(payment?.statuses).toEqual([
      { status: 'RCVD', at: CREATED },
      { status: 'ACSC', at: expect.any(Number) as number, basketId: 'b-1' },
    ]);
    expect(consent?.statuses).toEqual([
      { status: 'received', at: CREATED + 1 },
      { status: 'valid', at: expect.any(Number) as number, basketId: 'b-1' },
    ]);
    // Everything else the payment's and consent's own pages keep is as they wrote it.
    expect({ ...payment, statuses: paymentEntry.statuses, transactionStatus: 'RCVD' }).toEqual(paymentEntry);
    expect({ ...consent, statuses: consentEntry.statuses, consentStatus: 'received' }).toEqual(consentEntry);
    const members = screen.getByRole('list', { name: 'Members of the signing basket' });
    expect(within(members).getByRole('status', { name: 'Status of the payment' }).textContent).toContain('ACSC');
  });

  it('notes nothing in them while the basket waits for its authorisation', async () => {
    openBasket('RCVD', 'ACTC', 'valid');
    const members = await screen.findByRole('list', { name: 'Members of the signing basket' });
    await waitFor(() =>
      expect(within(members).getByRole('status', { name: 'Status of the payment' }).textContent).toContain('ACTC'),
    );
    await waitFor(() =>
      expect(within(members).getByRole('status', { name: 'Status of the consent' }).textContent).toContain('valid'),
    );
    expect(stored(historyPrefixes.payments)).toEqual([paymentEntry]);
    expect(stored(historyPrefixes.consents)).toEqual([consentEntry]);
  });

  it('notes a member’s status without a cause when the basket was rejected', async () => {
    openBasket('RJCT', 'RJCT', 'received');
    await waitFor(() => expect(stored(historyPrefixes.payments)[0]?.transactionStatus).toBe('RJCT'));
    expect(stored(historyPrefixes.payments)[0]?.statuses).toEqual([
      { status: 'RCVD', at: CREATED },
      { status: 'RJCT', at: expect.any(Number) as number },
    ]);
  });
});
