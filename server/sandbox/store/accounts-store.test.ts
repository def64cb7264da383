import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOf } from '../testing/test-kit';
import { createTestBank, type TestBank } from '../testing/test-support';
import { AccountsStore } from './accounts-store';

describe('accounts store', () => {
  let bank: TestBank;
  let store: AccountsStore;
  const main = accountOf('alice', 0);
  const savings = accountOf('alice', 1);
  beforeAll(async () => {
    bank = await createTestBank();
    store = new AccountsStore(bank.store.db);
  });
  afterAll(() => bank.close());

  it('finds accounts by resource id in the order asked, leaving out unknown ids', async () => {
    const rows = await store.byIds([savings.resourceId, 'acc-unknown', main.resourceId]);
    expect(rows.map((r) => r.iban)).toEqual([savings.iban, main.iban]);
    expect((await store.byId(main.resourceId))?.iban).toBe(main.iban);
    expect(await store.byId('acc-unknown')).toBeUndefined();
  });

  it('maps IBANs and resource ids both ways and lists a PSU’s accounts in the PSU’s order', async () => {
    expect(await store.idsByIban([main.iban, main.iban, 'DE02100100109307118603'])).toEqual(
      new Map([[main.iban, main.resourceId]]),
    );
    expect(await store.ibansById([savings.resourceId])).toEqual(new Map([[savings.resourceId, savings.iban]]));
    expect(await store.ibanExists(main.iban)).toBe(true);
    expect(await store.ibanExists('DE02100100109307118603')).toBe(false);
    const own = await store.ofPsu('alice');
    expect(own.slice(0, 2).map((a) => a.resource_id)).toEqual([main.resourceId, savings.resourceId]);
  });

  it('groups balances by account and pages transactions newest first', async () => {
    const balances = await store.balancesOf([main.resourceId, savings.resourceId]);
    expect([...balances.keys()].sort()).toEqual([main.resourceId, savings.resourceId].sort());
    expect(balances.get(main.resourceId)?.every((b) => b.account_id === main.resourceId)).toBe(true);
    const filter = {
      accountId: main.resourceId,
      statuses: ['booked' as const],
      dateFrom: '2025-01-01',
      dateTo: '2026-12-31',
    };
    const total = await store.countTransactions(filter);
    const page = await store.transactionPage(filter, 5, 0);
    expect(total).toBeGreaterThan(5);
    expect(page).toHaveLength(5);
    const dates = page.map((t) => t.entry_date);
    expect(dates).toEqual([...dates].sort().reverse());
    const first = page[0];
    if (!first) throw new Error('no transaction');
    expect((await store.transaction(main.resourceId, first.transaction_id))?.amount).toBe(first.amount);
    expect(await store.transaction(savings.resourceId, first.transaction_id)).toBeUndefined();
  });
});
