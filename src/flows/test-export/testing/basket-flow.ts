// A recorded signing basket flow and a bank that answers its test like the sandbox: two payments and a consent created
// awaiting their authorisation (each creation offering an SCA of its own, which the basket's takes the place of), the
// basket created with their ids, its one SCA (redirect or decoupled), then the basket's and each member's status read.
// The ids, the creditor's name and the bank's message are the caller's, so hostile ones can be given. The bank gives
// ids of its own on every run and moves the members on only when the basket named exactly the ones it created in it.
import type { Exchange } from '../../../api';
import { recorder } from './bulk-and-card-flows';
import type { FakeBank, SentCall } from './run-exported-test';

export const BASKET_BANK = 'https://bank.example/psd2';
const PATH = '/psd2/v1';
const PAY = `${BASKET_BANK}/v1/payments/sepa-credit-transfers`;
export const BASKETS = `${BASKET_BANK}/v1/signing-baskets`;
export const DEBTOR = 'DE16990100000010010001';
export const CREDITOR = 'DE49990100000020020001';

export interface BasketFlowValues {
  paymentIds: [string, string];
  consentId: string;
  basketId: string;
  creditorName: string;
  /** The bank's psuMessage in every creation answer. */
  bankText: string;
  approach: 'redirect' | 'decoupled';
}

export const PLAIN_BASKET: BasketFlowValues = {
  paymentIds: ['pay-1', 'pay-2'],
  consentId: 'con-1',
  basketId: 'basket-1',
  creditorName: 'Kiosk am Markt',
  bankText: 'Please authorise',
  approach: 'redirect',
};

const e = encodeURIComponent;

/** The answer of a creation: its id member, status, links (redirect or decoupled) and the bank's message. */
function created(
  path: string,
  id: { name: string; value: string },
  status: Record<string, string>,
  values: Pick<BasketFlowValues, 'approach' | 'bankText'>,
  authorisationId: string,
) {
  const auth = `${path}/authorisations/${e(authorisationId)}`;
  return {
    body: {
      ...status,
      [id.name]: id.value,
      psuMessage: values.bankText,
      _links: {
        ...(values.approach === 'redirect' && { scaRedirect: { href: `${BASKET_BANK}/sca/${e(authorisationId)}` } }),
        scaStatus: { href: auth },
        self: { href: path },
        status: { href: `${path}/status` },
      },
    },
    headers: { 'aspsp-sca-approach': values.approach.toUpperCase() },
  };
}

const payment = (amount: string, creditorName: string) => ({
  debtorAccount: { iban: DEBTOR },
  instructedAmount: { currency: 'EUR', amount },
  creditorAccount: { iban: CREDITOR },
  creditorName,
});

export const CONSENT_BODY = {
  access: { allPsd2: 'allAccounts' },
  recurringIndicator: false,
  validUntil: '2026-12-31',
  frequencyPerDay: 1,
  combinedServiceIndicator: false,
};

/** The flow as the console recorded it: the basket's exchanges and its members' (each in its own flow). */
export function basketFlow(values: BasketFlowValues): { flow: string; exchanges: Exchange[] } {
  const [first, second] = values.paymentIds;
  const basketFlowKey = `basket:${values.basketId}`;
  const record = recorder(basketFlowKey);
  const exchange = (
    flow: string,
    operationId: string,
    method: string,
    url: string,
    answer: { status: number; body: unknown; headers?: Record<string, string> },
    body?: unknown,
  ): Exchange => record(operationId, method, url, answer, { body, flow });
  const paymentPath = (id: string) => `${PATH}/payments/sepa-credit-transfers/${e(id)}`;
  const consentPath = `${PATH}/consents/${e(values.consentId)}`;
  const basketPath = `${PATH}/signing-baskets/${e(values.basketId)}`;
  const absolute = (path: string) => new URL(path, BASKET_BANK).href;
  const initiation = (id: string, amount: string, n: number) =>
    exchange(
      `payment:${id}`,
      'initiatePayment',
      'POST',
      PAY,
      {
        status: 201,
        ...created(
          paymentPath(id),
          { name: 'paymentId', value: id },
          { transactionStatus: 'RCVD' },
          values,
          `au-p${n}`,
        ),
      },
      payment(amount, values.creditorName),
    );
  const statusRead = (flow: string, operationId: string, path: string, body: Record<string, string>) =>
    exchange(flow, operationId, 'GET', absolute(`${path}/status`), { status: 200, body });
  return {
    flow: basketFlowKey,
    exchanges: [
      initiation(first, '3.10', 1),
      initiation(second, '4.20', 2),
      exchange(
        `consent:${values.consentId}`,
        'createConsent',
        'POST',
        `${BASKET_BANK}/v1/consents`,
        {
          status: 201,
          ...created(
            consentPath,
            { name: 'consentId', value: values.consentId },
            { consentStatus: 'received' },
            values,
            'au-c1',
          ),
        },
        CONSENT_BODY,
      ),
      exchange(
        basketFlowKey,
        'createSigningBasket',
        'POST',
        BASKETS,
        {
          status: 201,
          ...created(
            basketPath,
            { name: 'basketId', value: values.basketId },
            { transactionStatus: 'RCVD' },
            values,
            'au-b1',
          ),
        },
        { paymentIds: [first, second], consentIds: [values.consentId] },
      ),
      // Members read on the basket's page while it waits.
      statusRead(`payment:${first}`, 'getPaymentInitiationStatus', paymentPath(first), { transactionStatus: 'RCVD' }),
      exchange(basketFlowKey, 'getSigningBasketScaStatus', 'GET', absolute(`${basketPath}/authorisations/au-b1`), {
        status: 200,
        body: { scaStatus: 'finalised' },
      }),
      statusRead(basketFlowKey, 'getSigningBasketStatus', basketPath, { transactionStatus: 'ACTC' }),
      statusRead(`payment:${first}`, 'getPaymentInitiationStatus', paymentPath(first), { transactionStatus: 'ACTC' }),
      statusRead(`payment:${second}`, 'getPaymentInitiationStatus', paymentPath(second), { transactionStatus: 'ACSC' }),
      statusRead(`consent:${values.consentId}`, 'getConsentStatus', consentPath, { consentStatus: 'valid' }),
    ],
  };
}

/** What the bank made in a run: the ids it gave, and the basket's members as its creation named them. */
export interface BasketRun {
  payments: string[];
  consents: string[];
  basketMembers?: { paymentIds: unknown; consentIds: unknown };
  /** The basket's SCA status was read after the PSU decided. */
  signed: boolean;
}

/**
 * A bank like the sandbox for the basket flow's test, without its admin API: fresh ids (`<recorded>-run<n>`), the
 * basket's SCA finalised when read (as a PSU would have decided meanwhile), then the basket ACTC and its members
 * accepted, only when the basket named exactly the payments and consent of this run.
 */
export function basketBank(values: BasketFlowValues): { bank: FakeBank; run: BasketRun } {
  const run: BasketRun = { payments: [], consents: [], signed: false };
  const basketId = `${values.basketId}-run`;
  const pathOf = (url: string) => {
    const path = new URL(url).pathname;
    return path.startsWith(PATH) ? path.slice(PATH.length).split('/').map(decodeURIComponent) : [];
  };
  const namedRight = () =>
    JSON.stringify(run.basketMembers) === JSON.stringify({ paymentIds: run.payments, consentIds: run.consents });
  const moved = () => run.signed && namedRight();
  const bank: FakeBank = (call: SentCall) => {
    const [, area, ...rest] = pathOf(call.url);
    if (call.method === 'POST' && area === 'payments') {
      const id = `${values.paymentIds[run.payments.length] ?? 'pay'}-run${run.payments.length + 1}`;
      run.payments.push(id);
      const path = `${PATH}/payments/sepa-credit-transfers/${e(id)}`;
      return {
        status: 201,
        ...created(path, { name: 'paymentId', value: id }, { transactionStatus: 'RCVD' }, values, `au-${id}`),
      };
    }
    if (call.method === 'POST' && area === 'consents') {
      const id = `${values.consentId}-run${run.consents.length + 1}`;
      run.consents.push(id);
      return {
        status: 201,
        ...created(
          `${PATH}/consents/${e(id)}`,
          { name: 'consentId', value: id },
          { consentStatus: 'received' },
          values,
          `au-${id}`,
        ),
      };
    }
    if (call.method === 'POST' && area === 'signing-baskets') {
      const body = (call.body ?? {}) as { paymentIds?: unknown; consentIds?: unknown };
      run.basketMembers = { paymentIds: body.paymentIds, consentIds: body.consentIds };
      return {
        status: 201,
        ...created(
          `${PATH}/signing-baskets/${e(basketId)}`,
          { name: 'basketId', value: basketId },
          { transactionStatus: 'RCVD' },
          values,
          'au-basket',
        ),
      };
    }
    if (call.method !== 'GET') return undefined;
    if (area === 'signing-baskets' && rest[0] === basketId && rest[1] === 'authorisations') {
      run.signed = true;
      return { status: 200, body: { scaStatus: 'finalised' } };
    }
    if (area === 'signing-baskets' && rest[0] === basketId && rest[1] === 'status') {
      return { status: 200, body: { transactionStatus: moved() ? 'ACTC' : 'RCVD' } };
    }
    if (area === 'payments' && run.payments.includes(rest[1] ?? '') && rest[2] === 'status') {
      return { status: 200, body: { transactionStatus: moved() ? 'ACSC' : 'RCVD' } };
    }
    if (area === 'consents' && run.consents.includes(rest[0] ?? '') && rest[1] === 'status') {
      return { status: 200, body: { consentStatus: moved() ? 'valid' : 'received' } };
    }
    return undefined;
  };
  return { bank, run };
}
