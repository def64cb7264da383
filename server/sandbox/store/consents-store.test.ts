import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestBank, type TestBank } from '../testing/test-support';
import { ConsentsStore, readAccess, readGranted, writeGranted } from './consents-store';
import type { ConsentRow } from './schema';

const granted = {
  accounts: ['acc-1'],
  balances: ['acc-1'],
  transactions: [],
  listOnly: false,
  listWithBalances: false,
  ownerName: [],
};

const consent = (id: string, change: Partial<ConsentRow> = {}): ConsentRow => ({
  consent_id: id,
  access: JSON.stringify({ accounts: [{ iban: 'DE02100100109307118603' }] }),
  granted: writeGranted(granted),
  recurring_indicator: 1,
  valid_until: '2026-06-30',
  frequency_per_day: 2,
  combined_service_indicator: 0,
  consent_status: 'valid',
  last_action_date: '2026-03-16',
  psu_id: 'alice',
  sca_approach: 'EMBEDDED',
  tpp_redirect_uri: null,
  tpp_nok_redirect_uri: null,
  usage_day: null,
  usage_count: 0,
  created_at: '2026-03-16T09:00:00.000Z',
  version: 0,
  ...change,
});

describe('consents store', () => {
  let bank: TestBank;
  let store: ConsentsStore;
  beforeAll(async () => {
    bank = await createTestBank();
    store = new ConsentsStore(bank.store.db);
    for (const row of [
      consent('con-valid'),
      consent('con-received', { consent_status: 'received', granted: null }),
      consent('con-old', { valid_until: '2026-03-15' }),
      consent('con-busy', { frequency_per_day: 10 }),
    ]) {
      await store.insert(bank.store.db, row);
    }
  });
  afterAll(() => bank.close());

  it('parses the JSON columns into typed values and refuses a malformed grant', async () => {
    const row = await store.find('con-valid');
    if (!row) throw new Error('not stored');
    expect(readAccess(row)).toEqual({ accounts: [{ iban: 'DE02100100109307118603' }] });
    expect(readGranted(row)).toEqual(granted);
    expect(readGranted({ granted: null })).toBeUndefined();
    expect(() => readGranted({ granted: '{"accounts":"acc-1"}' })).toThrow();
  });

  it('says a consent is readable only while valid and unexpired, one answer for reads asking at once', async () => {
    const answers = await Promise.all([
      store.isReadable('con-valid', '2026-03-16'),
      store.isReadable('con-valid', '2026-03-16'),
      store.isReadable('con-received', '2026-03-16'),
      store.isReadable('con-old', '2026-03-16'),
      store.isReadable('con-valid', '2026-07-01'),
      store.isReadable('con-none', '2026-03-16'),
    ]);
    expect(answers).toEqual([true, true, false, false, false, false]);
  });

  it('counts reads up to frequencyPerDay a day, starting again on a new day', async () => {
    const counts = await Promise.all([1, 2, 3].map(() => store.countRead('con-valid', '2026-03-16')));
    expect(counts.filter(Boolean)).toHaveLength(2);
    expect(await store.countRead('con-valid', '2026-03-17')).toBe(true);
    expect(await store.countRead('con-received', '2026-03-16')).toBe(false);
    expect(await store.find('con-valid')).toMatchObject({ usage_day: '2026-03-17', usage_count: 1 });
  });

  it('counts the reads of one consent made together in one UPDATE, and one by one when the budget cannot take them all', async () => {
    // Every statement, in a transaction or not, runs through the executor's prototype.
    const executor = Object.getPrototypeOf(bank.store.db.getExecutor()) as {
      executeQuery(query: CompiledQuery): Promise<unknown>;
    };
    const spy = vi.spyOn(executor, 'executeQuery');
    const updates = () => spy.mock.calls.filter(([query]) => /^update/i.test(query.sql)).length;
    try {
      const read = () => store.countRead('con-busy', '2026-03-16');
      expect(await Promise.all([1, 2, 3, 4, 5, 6].map(read))).toEqual([true, true, true, true, true, true]);
      expect(updates()).toBe(1);
      spy.mockClear();
      // Four left: the six together do not fit, so they are counted one by one until the fifth finds none left.
      expect(await Promise.all([1, 2, 3, 4, 5, 6].map(read))).toEqual([true, true, true, true, false, false]);
      expect(updates()).toBe(1 + 5);
    } finally {
      spy.mockRestore();
    }
    expect(await store.find('con-busy')).toMatchObject({ usage_day: '2026-03-16', usage_count: 10 });
  });

  it('changes a consent only at the version it was read', async () => {
    const row = await store.find('con-received');
    if (!row) throw new Error('not stored');
    expect(await store.update(bank.store.db, row, { consent_status: 'rejected' })).toBe(true);
    expect(await store.update(bank.store.db, row, { consent_status: 'valid' })).toBe(false);
    expect(await store.find('con-received')).toMatchObject({ consent_status: 'rejected', version: 1 });
  });
});
