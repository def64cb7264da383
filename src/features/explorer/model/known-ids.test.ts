import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../../api';
import { basketCandidateIds, knownIds, type HistoryIds } from './known-ids';

const BASE = 'https://bank.example/psd2';

function exchange(operationId: string, method: string, path: string, status: number, body?: unknown): Exchange {
  return {
    id: `${operationId}-${path}`,
    operationId,
    requestId: '00000000-0000-4000-8000-000000000000',
    startedAt: 0,
    request: { method, url: `${BASE}${path}`, headers: {} },
    response: { status, statusText: '', headers: {}, body, bodyText: JSON.stringify(body ?? '') },
    deviations: [],
  };
}

const noHistory: HistoryIds = { payments: [], consents: [], baskets: [] };

describe('the ids the explorer offers for path variables', () => {
  it('offers the basket a signing basket answer named, and the baskets this browser created', () => {
    const exchanges = [
      exchange('createSigningBasket', 'POST', '/v1/signing-baskets', 201, { basketId: 'bsk-answered' }),
      exchange('getSigningBasketStatus', 'GET', '/v1/signing-baskets/bsk-read/status', 200, {
        transactionStatus: 'RCVD',
      }),
    ];
    const known = knownIds(exchanges, { ...noHistory, baskets: [{ basketId: 'bsk-kept' }] });
    expect(known.basketId?.map((entry) => entry.value)).toEqual(['bsk-read', 'bsk-answered', 'bsk-kept']);
    expect(known.basketId?.at(-1)?.note).toBe('created from this browser');
  });

  it('offers the card accounts a card account list answered, under the account-id path variable', () => {
    const list = exchange('getCardAccountList', 'GET', '/v1/card-accounts', 200, {
      cardAccounts: [{ resourceId: 'card-1', maskedPan: '525412******3241' }, { maskedPan: 'no id' }, 'odd'],
    });
    const known = knownIds([list], noHistory);
    expect(known['account-id']).toEqual([{ value: 'card-1', note: 'from getCardAccountList' }]);
  });

  it('leaves out what a refused answer named', () => {
    const refused = exchange('createSigningBasket', 'POST', '/v1/signing-baskets', 400, { basketId: 'bsk-refused' });
    expect(knownIds([refused], noHistory).basketId).toBeUndefined();
  });
});

describe('the members the explorer offers a new signing basket', () => {
  it('are the payments and consents that still await their authorisation, newest first', () => {
    const history: HistoryIds = {
      payments: [
        { paymentId: 'pay-new', service: 'payments', product: 'sepa-credit-transfers', awaits: true },
        { paymentId: 'pay-done', service: 'payments', product: 'sepa-credit-transfers', awaits: false },
        { paymentId: 'pay-old', service: 'payments', product: 'sepa-credit-transfers', awaits: true },
      ],
      consents: [
        { consentId: 'con-valid', awaits: false },
        { consentId: 'con-received', awaits: true },
      ],
      baskets: [],
    };
    expect(basketCandidateIds(history)).toEqual({ paymentIds: ['pay-new', 'pay-old'], consentIds: ['con-received'] });
  });
});
