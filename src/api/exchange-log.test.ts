// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { xs2aRequest } from './client';
import type * as ExchangeLogModule from './exchange-log';
import { FLOW_LIMIT } from './exchange-log-cap';
import {
  EXCHANGES_STORAGE_KEY,
  exchangeLog,
  persistExchanges,
  recordExchange,
  STORED_BODY_LIMIT,
  updateExchange,
  useExchanges,
  type Exchange,
} from './exchange-log';
import { REDACTED } from './redact';
import { BEARER } from './test-exchanges';
import { testProfile } from './test-kit';
import { answerAll, jsonResponse, sent } from '../testing/http';

const request = (n: number) => ({
  operationId: 'getConsentStatus',
  requestId: `r${n}`,
  startedAt: n,
  request: { method: 'GET', url: `https://bank.example/v1/consents/c${n}/status`, headers: {} },
});

const answer = (bodyText: string, body?: unknown) => ({
  durationMs: 3,
  response: { status: 200, statusText: 'OK', headers: { 'content-type': 'application/json' }, body, bodyText },
});

/** The log as the next page load of this tab finds it: the module evaluated afresh over the same sessionStorage. */
async function reloaded({ leaving = true } = {}): Promise<typeof ExchangeLogModule> {
  // Leaving the page writes what is pending, as the pagehide handler does.
  if (leaving) persistExchanges();
  vi.resetModules();
  return import('./exchange-log');
}

function storedText(): string | null {
  persistExchanges();
  return sessionStorage.getItem(EXCHANGES_STORAGE_KEY);
}

function stored(): Exchange[] {
  return (JSON.parse(storedText() ?? '{"exchanges":[]}') as { exchanges: Exchange[] }).exchanges;
}

/** Puts a sessionStorage in place whose setItem throws the browser's quota error while `fails()` says so. */
function storageFailing(fails: () => boolean): void {
  const items = new Map<string, string>(
    Object.keys(sessionStorage).map((key) => [key, sessionStorage.getItem(key) ?? '']),
  );
  const storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      if (fails()) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key) => void items.delete(key),
  };
  vi.stubGlobal('sessionStorage', storage);
}

beforeEach(() => exchangeLog.clear());
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('exchangeLog', () => {
  it('keeps exchanges newest last and completes them in place without mutating the old entry', () => {
    const first = recordExchange(request(1));
    const second = recordExchange(request(2));
    const before = exchangeLog.get(first);
    updateExchange(first, { durationMs: 5, deviations: [{ path: 'x', message: 'y' }] });
    expect(exchangeLog.list().map((e) => e.id)).toEqual([first, second]);
    expect(exchangeLog.get(first)).toMatchObject({ durationMs: 5, deviations: [{ path: 'x', message: 'y' }] });
    expect(before?.durationMs).toBeUndefined();
  });

  it(`keeps the last ${FLOW_LIMIT} exchanges without a flow, each counted as a flow of its own`, () => {
    const ids = Array.from({ length: FLOW_LIMIT + 3 }, (_, n) => {
      const id = recordExchange(request(n));
      updateExchange(id, answer('{}', {}));
      return id;
    });
    const list = exchangeLog.list();
    expect(list).toHaveLength(FLOW_LIMIT);
    expect(list[0]?.id).toBe(ids[3]);
    expect(list.at(-1)?.id).toBe(ids.at(-1));
    updateExchange(ids[0] ?? '', { durationMs: 1 }); // gone: ignored
    expect(exchangeLog.list()).toBe(list);
    expect(stored().map((e) => e.id)).toEqual(list.map((e) => e.id));
  });

  it('gives the same array until something changes, and notifies subscribers', () => {
    recordExchange(request(1));
    const snapshot = exchangeLog.list();
    expect(exchangeLog.list()).toBe(snapshot);
    let calls = 0;
    const unsubscribe = exchangeLog.subscribe(() => (calls += 1));
    recordExchange(request(2));
    expect(exchangeLog.list()).not.toBe(snapshot);
    exchangeLog.clear();
    unsubscribe();
    recordExchange(request(3));
    expect(calls).toBe(2);
    expect(exchangeLog.list()).toHaveLength(1);
  });

  it('re-renders useExchanges on every change', () => {
    const { result } = renderHook(() => useExchanges());
    expect(result.current).toEqual([]);
    act(() => {
      recordExchange(request(1));
    });
    expect(result.current.map((e) => e.requestId)).toEqual(['r1']);
    act(() => exchangeLog.clear());
    expect(result.current).toEqual([]);
  });
});

describe('exchangeLog: redaction as exchanges are recorded', () => {
  it('keeps no password, OTP, token or known secret, in memory or in storage', () => {
    const id = recordExchange(
      {
        ...request(1),
        request: {
          method: 'PUT',
          url: `https://bank.example/v1/payments/sepa-credit-transfers/p1/authorisations/a1?access_token=${BEARER}`,
          headers: { Authorization: `Bearer ${BEARER}`, 'PSU-ID': 'alice' },
          body: { psuData: { password: 'pin-1234' }, scaAuthenticationData: '987654' },
        },
      },
      { secrets: [BEARER] },
    );
    const recorded = exchangeLog.get(id);
    expect(recorded?.request.headers).toEqual({ Authorization: REDACTED, 'PSU-ID': 'alice' });
    expect(recorded?.request.body).toEqual({ psuData: { password: REDACTED }, scaAuthenticationData: REDACTED });

    const bodyText = `{"scaStatus":"finalised","access_token":"at-1","echo":"${BEARER}"}`;
    updateExchange(
      id,
      { ...answer(bodyText, JSON.parse(bodyText)), error: { kind: 'http', message: `denied for ${BEARER}` } },
      { secrets: [BEARER] },
    );
    const done = exchangeLog.get(id);
    expect(done?.response?.body).toEqual({ scaStatus: 'finalised', access_token: REDACTED, echo: REDACTED });
    expect(done?.error?.message).toBe(`denied for ${REDACTED}`);
    for (const secret of [BEARER, 'pin-1234', '987654', 'at-1']) {
      expect(JSON.stringify(exchangeLog.list())).not.toContain(secret);
      expect(storedText()).not.toContain(secret);
    }
  });

  it('is given the profile’s bearer token by the client, which removes it wherever the bank echoes it', async () => {
    const token = 'profile-token-0123456789';
    answerAll(
      jsonResponse({ scaStatus: 'psuAuthenticated', note: `hello ${token}` }, { headers: { 'X-Echo': token } }),
    );
    const result = await xs2aRequest({
      profile: testProfile({ bearerToken: token }),
      operationId: 'updatePaymentPsuData',
      method: 'PUT',
      path: '/v1/payments/sepa-credit-transfers/p1/authorisations/a1',
      body: { psuData: { password: 'sandbox-pass' } },
    });
    // What the caller gets is the bank's answer as it is; only the log is redacted.
    expect(result.body).toMatchObject({ note: `hello ${token}` });
    expect((await sent()).headers.get('Authorization')).toBe(`Bearer ${token}`);
    const logged = JSON.stringify(exchangeLog.get(result.exchangeId));
    expect(logged).not.toContain(token);
    expect(logged).not.toContain('sandbox-pass');
    expect(storedText()).not.toContain(token);
  });
});

describe('exchangeLog: kept in this tab across page loads', () => {
  it('restores the log after a page load, oldest first, and goes on with new ids', async () => {
    const first = recordExchange({ ...request(1), flow: 'payment:p1' });
    updateExchange(first, { ...answer('{"transactionStatus":"RCVD"}', { transactionStatus: 'RCVD' }) });
    const second = recordExchange(request(2));
    updateExchange(second, { durationMs: 4, error: { kind: 'network', message: 'Failed to fetch' } });
    const before = exchangeLog.list();

    const fresh = await reloaded();
    expect(fresh.exchangeLog.list()).toEqual(before);
    // A stable snapshot for useSyncExternalStore from the start.
    expect(fresh.exchangeLog.list()).toBe(fresh.exchangeLog.list());
    const third = fresh.recordExchange(request(3));
    expect([first, second]).not.toContain(third);
    expect(fresh.exchangeLog.list().map((e) => e.id)).toEqual([first, second, third]);
  });

  it('shows a request that was in flight when the page was left as interrupted, not as in flight', async () => {
    const done = recordExchange(request(1));
    updateExchange(done, answer('{"consentStatus":"valid"}', { consentStatus: 'valid' }));
    const inFlight = recordExchange(request(2));

    const fresh = await reloaded();
    expect(fresh.exchangeLog.get(done)?.error).toBeUndefined();
    const interrupted = fresh.exchangeLog.get(inFlight);
    expect(interrupted?.error).toEqual({ kind: 'interrupted', message: fresh.INTERRUPTED_MESSAGE });
    expect(interrupted?.response).toBeUndefined();
    expect(interrupted?.durationMs).toBeUndefined();
  });

  it('stores a body over the limit cut short with a note, and keeps it whole in memory', async () => {
    const big = `{"transactions":"${'x'.repeat(STORED_BODY_LIMIT + 1000)}"}`;
    const bigBytes = new TextEncoder().encode(big).length;
    const id = recordExchange({
      ...request(1),
      request: { ...request(1).request, method: 'POST', body: 'y'.repeat(70_000) },
    });
    updateExchange(id, answer(big, JSON.parse(big)));
    expect(exchangeLog.get(id)?.response?.bodyText).toBe(big);

    const [copy] = stored();
    expect(copy?.response?.body).toBeUndefined();
    expect(copy?.response?.bodyText.endsWith(`\n… truncated: ${bigBytes - STORED_BODY_LIMIT} bytes`)).toBe(true);
    expect(copy?.response?.bodyText.startsWith(big.slice(0, 1000))).toBe(true);
    expect(copy?.request.body).toBe(
      `${'y'.repeat(STORED_BODY_LIMIT)}\n… truncated: ${70_000 - STORED_BODY_LIMIT} bytes`,
    );
    expect(storedText()?.length).toBeLessThan(3 * STORED_BODY_LIMIT);

    const fresh = await reloaded();
    expect(fresh.exchangeLog.get(id)?.response?.bodyText).toContain('… truncated:');
  });

  it('tells the true number of bytes left out, however often the log is stored and restored', async () => {
    const big = `{"transactions":"${'x'.repeat(54_383 - 19)}"}`;
    expect(new TextEncoder().encode(big).length).toBe(54_383);
    const id = recordExchange(request(1));
    updateExchange(id, answer(big, JSON.parse(big)));
    const note = `\n… truncated: ${54_383 - STORED_BODY_LIMIT} bytes`;
    expect(stored()[0]?.response?.bodyText.endsWith(note)).toBe(true);

    // Restored, then stored again with the next exchange: the note still counts the bank's body, not the note.
    const fresh = await reloaded();
    fresh.recordExchange(request(2));
    fresh.persistExchanges();
    const again = await reloaded({ leaving: false });
    const kept = again.exchangeLog.get(id)?.response?.bodyText ?? '';
    expect(kept.endsWith(note)).toBe(true);
    expect(kept.match(/truncated:/g)).toHaveLength(1);
  });

  it('does not cut a multi-byte character in two', () => {
    const text = `"${'é'.repeat(STORED_BODY_LIMIT)}"`;
    const id = recordExchange(request(1));
    updateExchange(id, answer(text, JSON.parse(text)));
    const kept = stored()[0]?.response?.bodyText ?? '';
    expect(kept).not.toContain('\uFFFD');
    expect(new TextEncoder().encode(kept.slice(0, kept.indexOf('\n…'))).length).toBeLessThanOrEqual(STORED_BODY_LIMIT);
  });

  it('drops the oldest entries from storage when the quota is hit, and records the request all the same', () => {
    for (let n = 1; n <= 9; n += 1) recordExchange(request(n));
    let failures = 1;
    storageFailing(() => failures-- > 0);
    const id = recordExchange(request(10));
    expect(exchangeLog.list()).toHaveLength(10);
    expect(stored().map((e) => e.requestId)).toEqual(['r6', 'r7', 'r8', 'r9', 'r10']);
    expect(exchangeLog.get(id)?.requestId).toBe('r10');
  });

  it('keeps the log in memory only when storage keeps failing, and never fails the request', async () => {
    recordExchange(request(1));
    storageFailing(() => true);
    answerAll(jsonResponse({ consentStatus: 'valid' }));
    const result = await xs2aRequest({
      profile: testProfile(),
      operationId: 'getConsentStatus',
      method: 'GET',
      path: '/v1/consents/c1/status',
    });
    expect(result.body).toEqual({ consentStatus: 'valid' });
    expect(exchangeLog.list()).toHaveLength(2);
    // No stale copy that would come back without the latest exchanges.
    expect(storedText()).toBeNull();
  });

  it('clears the stored copy with the log', async () => {
    recordExchange(request(1));
    expect(storedText()).not.toBeNull();
    exchangeLog.clear();
    expect(storedText()).toBeNull();
    expect((await reloaded()).exchangeLog.list()).toEqual([]);
  });

  it('starts empty from a stored copy it cannot read, and skips entries that are not exchanges', async () => {
    sessionStorage.setItem(EXCHANGES_STORAGE_KEY, '{not json');
    expect((await reloaded({ leaving: false })).exchangeLog.list()).toEqual([]);
    const valid = {
      ...request(1),
      id: 'exchange-7',
      deviations: [],
      durationMs: 1,
      error: { kind: 'network', message: 'x' },
    };
    sessionStorage.setItem(EXCHANGES_STORAGE_KEY, JSON.stringify([{ id: 3 }, null, valid]));
    const fresh = await reloaded({ leaving: false });
    expect(fresh.exchangeLog.list()).toEqual([valid]);
    expect(fresh.recordExchange(request(2))).toBe('exchange-8');
  });
});
