import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../flows/history';
import { createConsentHistory, readsOn, type ConsentHistoryEntry } from './consent-history';

function entry(consentId: string, createdAt: number, changes: Partial<ConsentHistoryEntry> = {}): ConsentHistoryEntry {
  return {
    consentId,
    createdAt,
    access: { allPsd2: 'allAccounts' },
    recurringIndicator: true,
    validUntil: '2026-06-01',
    frequencyPerDay: 4,
    consentStatus: 'received',
    statuses: [{ status: 'received', at: createdAt }],
    links: { scaRedirect: { href: 'https://bank.example/sca/1' } },
    reads: {},
    ...changes,
  };
}

/** One storage for the store's lifetime. */
function storageOnce() {
  const storage = memoryStorage();
  return () => storage;
}

const at = (iso: string) => Date.parse(iso);

describe('consent history', () => {
  it('records the status and the terms the bank reports, and tells its listeners', () => {
    const history = createConsentHistory(storageOnce());
    const listener = vi.fn();
    history.subscribe(listener);
    history.add('sandbox', entry('con-1', 1));
    history.recordStatus('sandbox', 'con-1', 'valid');
    history.recordBankTerms('sandbox', 'con-1', {
      validUntil: '2026-05-01',
      frequencyPerDay: 2,
      recurringIndicator: true,
    });
    expect(history.get('sandbox', 'con-1')).toMatchObject({
      consentStatus: 'valid',
      validUntil: '2026-05-01',
      frequencyPerDay: 2,
    });
    expect(listener).toHaveBeenCalledTimes(3);
    // Nothing new: no write, no notification, the same snapshot.
    const before = history.list('sandbox');
    history.recordStatus('sandbox', 'con-1', 'valid');
    expect(listener).toHaveBeenCalledTimes(3);
    expect(history.list('sandbox')).toBe(before);
  });

  it('keeps the statuses it saw in order, a repeated one once, and reads an old entry without them as none seen', () => {
    const storage = memoryStorage();
    const history = createConsentHistory(() => storage);
    history.add('sandbox', entry('con-1', 1));
    history.recordStatus('sandbox', 'con-1', 'valid', 5);
    history.recordStatus('sandbox', 'con-1', 'valid', 6);
    history.recordStatus('sandbox', 'con-1', 'terminatedByTpp', 9);
    expect(history.get('sandbox', 'con-1')?.statuses).toEqual([
      { status: 'received', at: 1 },
      { status: 'valid', at: 5 },
      { status: 'terminatedByTpp', at: 9 },
    ]);
    const { statuses: _dropped, ...older } = entry('con-2', 2);
    storage.setItem('xs2a-console:consents:old', JSON.stringify([older]));
    expect(history.get('old', 'con-2')?.statuses).toEqual([]);
  });

  it('counts reads per UTC day, each request once, and keeps a week of them', () => {
    const history = createConsentHistory(storageOnce());
    history.add('sandbox', entry('con-1', 1));
    expect(history.recordRead('sandbox', 'con-1', 'r-old', at('2026-03-01T10:00:00Z'))).toBe(true);
    history.recordRead('sandbox', 'con-1', 'r-1', at('2026-03-10T23:59:00Z'));
    history.recordRead('sandbox', 'con-1', 'r-2', at('2026-03-10T00:00:00Z'));
    // 00:30 in Berlin is still the 10th in UTC, the sandbox's calendar.
    history.recordRead('sandbox', 'con-1', 'r-3', at('2026-03-11T00:30:00+01:00'));
    // The same request seen again (e.g. the exchange log restored after a reload) counts once.
    history.recordRead('sandbox', 'con-1', 'r-1', at('2026-03-10T23:59:00Z'));
    const read = history.get('sandbox', 'con-1');
    expect(read?.reads).toEqual({ '2026-03-10': ['r-1', 'r-2', 'r-3'] });
    expect(readsOn(read!, '2026-03-10')).toBe(3);
    expect(readsOn(read!, '2026-03-11')).toBe(0);
  });

  it('does not count reads of a consent it does not know', () => {
    const history = createConsentHistory(storageOnce());
    expect(history.recordRead('sandbox', 'con-x', 'r-1', at('2026-03-10T10:00:00Z'))).toBe(false);
    expect(
      history.recordRefusal('sandbox', 'con-x', { code: 'ACCESS_EXCEEDED', operationId: 'getAccountList', at: 1 }),
    ).toBe(false);
    expect(history.list('sandbox')).toEqual([]);
  });

  it('keeps the latest refusal', () => {
    const history = createConsentHistory(storageOnce());
    history.add('sandbox', entry('con-1', 1));
    history.recordRefusal('sandbox', 'con-1', {
      code: 'ACCESS_EXCEEDED',
      text: 'used up',
      status: 429,
      operationId: 'getBalances',
      at: 5,
    });
    expect(history.get('sandbox', 'con-1')?.lastRefusal).toEqual({
      code: 'ACCESS_EXCEEDED',
      text: 'used up',
      status: 429,
      operationId: 'getBalances',
      at: 5,
    });
    // An older refusal seen later (a restored log) does not replace it.
    history.recordRefusal('sandbox', 'con-1', { code: 'CONSENT_INVALID', operationId: 'getAccountList', at: 3 });
    expect(history.get('sandbox', 'con-1')?.lastRefusal?.code).toBe('ACCESS_EXCEEDED');
  });

  it('drops what it cannot read: corrupt storage, broken entries, bad read counts', () => {
    const storage = memoryStorage();
    storage.data.set('xs2a-console:consents:sandbox', '{not json');
    expect(createConsentHistory(() => storage).list('sandbox')).toEqual([]);
    storage.data.set(
      'xs2a-console:consents:sandbox',
      JSON.stringify([
        {
          consentId: 'con-ok',
          createdAt: 1,
          access: {},
          recurringIndicator: false,
          validUntil: '2026-01-01',
          frequencyPerDay: 1,
          reads: { '2026-01-01': ['r-1', 7, 'r-2'], nonsense: ['r-3'], '2026-01-02': 4, '2026-01-03': [] },
          links: 'x',
        },
        { consentId: 42 },
        'text',
      ]),
    );
    expect(createConsentHistory(() => storage).list('sandbox')).toEqual([
      {
        consentId: 'con-ok',
        createdAt: 1,
        access: {},
        recurringIndicator: false,
        validUntil: '2026-01-01',
        frequencyPerDay: 1,
        reads: { '2026-01-01': ['r-1', 'r-2'] },
        statuses: [],
        links: {},
      },
    ]);
  });

  it('works without storage (blocked by the browser)', () => {
    const history = createConsentHistory(() => ({
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    }));
    expect(() => history.add('sandbox', entry('con-1', 1))).not.toThrow();
    expect(history.list('sandbox')).toEqual([]);
  });
});
