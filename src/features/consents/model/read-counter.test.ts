import { afterEach, describe, expect, it } from 'vitest';
import { forgetBankTimes, noteBankDate, type BankProfile, type Exchange } from '../../../api';
import type { KeyValueStorage } from '../../../flows/history';
import { createConsentHistory } from './consent-history';
import { classifyExchange, isConsentRefusalCode, watchAccountReads } from './read-counter';

function memoryStorage(): KeyValueStorage {
  const data = new Map<string, string>();
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

/** One storage for the store's lifetime. */
function storageOnce() {
  const storage = memoryStorage();
  return () => storage;
}

const NOON = Date.parse('2026-03-10T12:00:00Z');
let sequence = 0;

function read(
  options: {
    operationId?: string;
    consentId?: string;
    psuIp?: string;
    status?: number;
    body?: unknown;
    url?: string;
    done?: boolean;
    /** The answer's Date header: the bank's time. */
    date?: string;
  } = {},
): Exchange {
  sequence += 1;
  const headers: Record<string, string> = { 'X-Request-ID': `r-${sequence}` };
  if (options.consentId !== '') headers['Consent-ID'] = options.consentId ?? 'con-1';
  if (options.psuIp) headers['PSU-IP-Address'] = options.psuIp;
  const status = options.status ?? 200;
  return {
    id: `exchange-${sequence}`,
    operationId: options.operationId ?? 'getAccountList',
    requestId: `r-${sequence}`,
    startedAt: NOON,
    request: { method: 'GET', url: options.url ?? 'https://bank.example/psd2/v1/accounts', headers },
    deviations: [],
    ...(options.done !== false && {
      durationMs: 12,
      response: {
        status,
        statusText: '',
        headers: options.date ? { date: options.date } : {},
        body: options.body,
        bodyText: JSON.stringify(options.body ?? ''),
      },
    }),
  };
}

function profile(id: string, baseUrl: string): BankProfile {
  return { id, name: id, baseUrl, psuHeaders: {}, sca: {} };
}

function setup(profiles = [profile('bank', 'https://bank.example/psd2')]) {
  const history = createConsentHistory(storageOnce());
  const base = {
    createdAt: 1,
    access: {},
    recurringIndicator: true,
    validUntil: '2026-06-01',
    frequencyPerDay: 4,
    statuses: [],
    links: {},
    reads: {},
  };
  history.add('bank', { ...base, consentId: 'con-1' });
  let exchanges: Exchange[] = [];
  const listeners = new Set<() => void>();
  const log = {
    list: () => exchanges,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  const publish = (next: Exchange[]) => {
    exchanges = next;
    for (const listener of listeners) listener();
  };
  const stop = watchAccountReads({ history, profiles: () => profiles, log });
  const todayReads = (profileId = 'bank', consentId = 'con-1') =>
    history.get(profileId, consentId)?.reads['2026-03-10']?.length ?? 0;
  return { history, publish, stop, todayReads, exchanges: () => exchanges };
}

describe('classifyExchange', () => {
  it('counts a successful account read without PSU-IP-Address', () => {
    for (const operationId of ['getAccountList', 'readAccountDetails', 'getBalances', 'getTransactionList']) {
      expect(classifyExchange(read({ operationId }))).toEqual({ kind: 'counted', consentId: 'con-1', at: NOON });
    }
  });

  it('ignores reads with the PSU present, other operations, no Consent-ID, unfinished ones and other failures', () => {
    expect(classifyExchange(read({ psuIp: '192.168.0.10' })).kind).toBe('ignored');
    expect(classifyExchange(read({ operationId: 'getConsentStatus' })).kind).toBe('ignored');
    expect(classifyExchange(read({ consentId: '' })).kind).toBe('ignored');
    expect(classifyExchange(read({ done: false })).kind).toBe('ignored');
    expect(
      classifyExchange(read({ status: 404, body: { tppMessages: [{ category: 'ERROR', code: 'RESOURCE_UNKNOWN' }] } }))
        .kind,
    ).toBe('ignored');
  });

  it('reports the bank’s consent refusals, in NextGenPSD2 and problem+json bodies, PSU present or not', () => {
    expect(
      classifyExchange(
        read({ status: 429, body: { tppMessages: [{ category: 'ERROR', code: 'ACCESS_EXCEEDED', text: 'used up' }] } }),
      ),
    ).toEqual({ kind: 'refused', consentId: 'con-1', at: NOON, status: 429, code: 'ACCESS_EXCEEDED', text: 'used up' });
    expect(
      classifyExchange(
        read({ psuIp: '10.0.0.1', status: 401, body: { type: 'x', code: 'CONSENT_EXPIRED', detail: 'gone' } }),
      ),
    ).toMatchObject({ kind: 'refused', code: 'CONSENT_EXPIRED', text: 'gone' });
    expect(isConsentRefusalCode('CONSENT_INVALID')).toBe(true);
    expect(isConsentRefusalCode('FORMAT_ERROR')).toBe(false);
  });
});

describe('watchAccountReads', () => {
  afterEach(forgetBankTimes);

  it('counts a read on the bank’s day: its answer’s Date, not the browser’s day', () => {
    const { publish, history } = setup();
    // The browser reads at noon on 10 March; the bank's clock stands four days ahead, just past midnight.
    publish([read({ date: 'Sat, 14 Mar 2026 00:00:05 GMT' })]);
    expect(history.get('bank', 'con-1')?.reads).toEqual({ '2026-03-14': [expect.any(String)] });
  });

  it('counts a read whose Date it cannot see on the bank’s clock as the console last read it for that bank', () => {
    noteBankDate('https://bank.example/psd2', new Date(NOON + 2 * 86_400_000).toUTCString(), NOON - 10, NOON);
    noteBankDate('https://other.example', new Date(NOON + 9 * 86_400_000).toUTCString(), NOON - 10, NOON);
    const { publish, history } = setup();
    publish([read()]);
    expect(history.get('bank', 'con-1')?.reads).toEqual({ '2026-03-12': [expect.any(String)] });
  });

  it('counts each finished read once, however often the log changes', () => {
    const { publish, todayReads, exchanges } = setup();
    const pending = read({ done: false });
    publish([read(), pending]);
    expect(todayReads()).toBe(1);
    // The in-flight one is counted when its answer arrives (the log replaces the entry).
    publish([
      ...exchanges().slice(0, 1),
      { ...pending, durationMs: 5, response: { status: 200, statusText: 'OK', headers: {}, bodyText: '{}' } },
    ]);
    publish([...exchanges()]);
    expect(todayReads()).toBe(2);
    publish([...exchanges(), read({ psuIp: '192.168.0.10' }), read({ operationId: 'getBalances' })]);
    expect(todayReads()).toBe(3);
  });

  it('counts the reads already in the log when it starts, and not again after a reload', () => {
    const history = createConsentHistory(storageOnce());
    history.add('bank', {
      consentId: 'con-1',
      createdAt: 1,
      access: {},
      recurringIndicator: true,
      validUntil: '2026-06-01',
      frequencyPerDay: 4,
      statuses: [],
      links: {},
      reads: {},
    });
    const exchanges = [read(), read()];
    watchAccountReads({
      history,
      profiles: () => [profile('bank', 'https://bank.example/psd2')],
      log: { list: () => exchanges, subscribe: () => () => undefined },
    });
    expect(history.get('bank', 'con-1')?.reads['2026-03-10']).toEqual(exchanges.map((e) => e.requestId));
    // A new page load restores the same log: nothing is counted twice.
    watchAccountReads({
      history,
      profiles: () => [profile('bank', 'https://bank.example/psd2')],
      log: { list: () => exchanges, subscribe: () => () => undefined },
    });
    expect(history.get('bank', 'con-1')?.reads['2026-03-10']).toHaveLength(2);
  });

  it('keeps the last refusal with the consent', () => {
    const { publish, history } = setup();
    publish([
      read({
        status: 429,
        operationId: 'getBalances',
        body: { tppMessages: [{ category: 'ERROR', code: 'ACCESS_EXCEEDED' }] },
      }),
    ]);
    expect(history.get('bank', 'con-1')?.lastRefusal).toEqual({
      code: 'ACCESS_EXCEEDED',
      status: 429,
      operationId: 'getBalances',
      at: NOON,
    });
  });

  it('books the read to the profile whose base_url it went to, among those that know the consent', () => {
    const profiles = [
      profile('other', 'https://other.example'),
      profile('bank', 'https://bank.example/psd2'),
      profile('copy', 'https://bank.example/psd2-test'),
    ];
    const { publish, history, todayReads } = setup(profiles);
    history.add('copy', { ...history.get('bank', 'con-1')!, reads: {} });
    history.add('other', { ...history.get('bank', 'con-1')!, reads: {} });
    publish([read({ url: 'https://bank.example/psd2-test/v1/accounts' })]);
    expect(todayReads('copy')).toBe(1);
    expect(todayReads('bank')).toBe(0);
    expect(todayReads('other')).toBe(0);
  });

  it('ignores consents no profile created, and stops when told', () => {
    const { publish, stop, todayReads, history } = setup();
    publish([read({ consentId: 'con-unknown' })]);
    expect(history.get('bank', 'con-unknown')).toBeUndefined();
    stop();
    publish([read()]);
    expect(todayReads()).toBe(0);
  });
});
