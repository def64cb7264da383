// @vitest-environment happy-dom
// The bank's time: read from the Date header of any answer (bad or missing dates ignored, the second's noise too, an
// answer that may predate the kept reading too), from the sandbox's admin clock (to the millisecond, frozen or
// running), kept per base_url for the tab, and the bank's calendar day in UTC.
import { afterEach, describe, expect, it } from 'vitest';
import { answerNext, jsonResponse } from '../testing/http';
import {
  addDays,
  bankNow,
  bankTimeReading,
  bankToday,
  forgetBankTimes,
  noteBankAnswer,
  noteBankDate,
  noteSandboxClock,
  parseHttpDate,
} from './bank-time';
import { sendRecorded, xs2aRequest } from './client';
import { exchangeLog } from './exchange-log';
import { testProfile } from './test-kit';

const BASE = 'https://bank.example/psd2';
const BROWSER = Date.parse('2026-11-26T10:00:00Z');
const DAY = 86_400_000;
const httpDate = (ms: number) => new Date(ms).toUTCString();

afterEach(() => {
  forgetBankTimes();
  exchangeLog.clear();
});

describe('parseHttpDate', () => {
  it('reads the three forms of RFC 9110, and nothing else', () => {
    const at = Date.parse('1994-11-06T08:49:37Z');
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT')).toBe(at);
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT')).toBe(at);
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994')).toBe(at);
    for (const bad of [undefined, null, '', 'yesterday', '2026-11-30T10:00:00Z', 'Sun, 06 Nov 1994 08:49:37 CET']) {
      expect(parseHttpDate(bad)).toBeUndefined();
    }
  });
});

describe('the Date header of an answer', () => {
  it('sets the offset of that base_url only, with its source, and its calendar day in UTC', () => {
    const bank = BROWSER + 4 * DAY;
    expect(noteBankDate(`${BASE}/`, httpDate(bank), BROWSER - 40, BROWSER)).toBe(true);
    const reading = bankTimeReading(BASE);
    expect(reading?.source).toBe('date-header');
    // Within the second the header names, give or take the request's 40 ms.
    expect(Math.abs(bankNow(BASE, BROWSER) - bank)).toBeLessThan(1_000);
    expect(bankToday(BASE, BROWSER)).toBe('2026-11-30');
    expect(bankNow('https://other.example/psd2', BROWSER)).toBe(BROWSER);
    expect(bankToday({ baseUrl: 'https://other.example/psd2' }, BROWSER)).toBe('2026-11-26');
  });

  it('is ignored when missing or no HTTP date, and the browser’s time stands', () => {
    for (const bad of [null, '', 'not a date', '2026-11-30']) {
      expect(noteBankDate(BASE, bad, BROWSER, BROWSER)).toBe(false);
    }
    expect(bankTimeReading(BASE)).toBeUndefined();
    expect(bankNow(BASE, BROWSER)).toBe(BROWSER);
  });

  it('keeps the reading when a later one differs by the header’s one-second resolution only', () => {
    const bank = BROWSER + 5 * DAY;
    noteBankDate(BASE, httpDate(bank), BROWSER, BROWSER + 10);
    const first = bankTimeReading(BASE);
    // 30 s later on both clocks, the header cut to its second.
    const later = BROWSER + 30_000;
    expect(noteBankDate(BASE, httpDate(bank + 30_000 + 999), later, later + 5)).toBe(false);
    expect(noteBankDate(BASE, httpDate(bank + 30_000 - 600), later, later + 5)).toBe(false);
    expect(bankTimeReading(BASE)).toBe(first);
  });

  it('takes the latest reading once the bank’s time moved', () => {
    noteBankDate(BASE, httpDate(BROWSER), BROWSER, BROWSER + 10);
    expect(bankToday(BASE, BROWSER)).toBe('2026-11-26');
    const later = BROWSER + 60_000;
    expect(noteBankDate(BASE, httpDate(later + 3 * DAY), later, later + 10)).toBe(true);
    expect(bankToday(BASE, later)).toBe('2026-11-29');
  });

  it('ignores an answer to a request sent before the kept reading came (it may tell the time before a move)', () => {
    noteBankDate(BASE, httpDate(BROWSER + 3 * DAY), BROWSER + 100, BROWSER + 200);
    expect(noteBankDate(BASE, httpDate(BROWSER + 150), BROWSER, BROWSER + 300)).toBe(false);
    expect(bankToday(BASE, BROWSER + 300)).toBe('2026-11-29');
  });

  it('is ignored on the relay’s own answer, which carries the console server’s time', () => {
    noteBankAnswer(BASE, new Headers({ Date: httpDate(BROWSER + DAY), 'X-Relay-Error': 'BANK_UNREACHABLE' }), BROWSER);
    expect(bankTimeReading(BASE)).toBeUndefined();
  });

  it('is read from every answer the client gets, errors included, and kept for the tab', async () => {
    const profile = testProfile({ baseUrl: BASE });
    const bank = Date.now() + 5 * DAY;
    answerNext(jsonResponse({ consentStatus: 'valid' }, { headers: { Date: httpDate(bank) } }));
    await xs2aRequest({ profile, operationId: 'getConsentStatus', method: 'GET', path: '/v1/consents/c1/status' });
    expect(bankTimeReading(profile)?.source).toBe('date-header');
    expect(Math.abs(bankNow(profile) - bank)).toBeLessThan(2_000);
    expect(sessionStorage.getItem('xs2a-console:bank-time')).toContain('date-header');

    forgetBankTimes();
    answerNext(jsonResponse({ error: 'nope' }, { status: 500, headers: { Date: httpDate(bank + DAY) } }));
    const request = { method: 'GET', url: `${BASE}/admin/clock`, headers: {} };
    await sendRecorded({ profile, operationId: 'x', requestId: '', request, bodyText: undefined });
    expect(bankToday(profile)).toBe(addDays(new Date(bank).toISOString().slice(0, 10), 1));
  });
});

describe('the sandbox’s clock', () => {
  it('replaces a Date header reading, to the millisecond', () => {
    noteBankDate(BASE, httpDate(BROWSER), BROWSER, BROWSER + 10);
    const now = new Date(BROWSER + 2 * DAY + 123).toISOString();
    expect(noteSandboxClock(BASE, { now, frozen: false }, BROWSER + 20, BROWSER + 30)).toBe(true);
    expect(bankTimeReading(BASE)?.source).toBe('sandbox-clock');
    expect(bankNow(BASE, BROWSER + 25)).toBe(BROWSER + 2 * DAY + 123);
    // The Date of a later answer agrees within its second: the clock's reading stays.
    expect(noteBankDate(BASE, httpDate(BROWSER + 2 * DAY + 1_000), BROWSER + 1_000, BROWSER + 1_010)).toBe(false);
    expect(bankTimeReading(BASE)?.source).toBe('sandbox-clock');
  });

  it('stands still while frozen', () => {
    const now = new Date(BROWSER + DAY).toISOString();
    noteSandboxClock(BASE, { now, frozen: true }, BROWSER, BROWSER + 10);
    expect(bankNow(BASE, BROWSER + 3_600_000)).toBe(BROWSER + DAY);
    // Its answers keep telling the same second.
    expect(noteBankDate(BASE, httpDate(BROWSER + DAY), BROWSER + 60_000, BROWSER + 60_010)).toBe(false);
  });

  it('is not replaced by an earlier read of the clock that answered later, and ignores a bad time', () => {
    noteSandboxClock(BASE, { now: new Date(BROWSER + DAY).toISOString() }, BROWSER + 50, BROWSER + 60);
    expect(noteSandboxClock(BASE, { now: new Date(BROWSER).toISOString() }, BROWSER, BROWSER + 70)).toBe(false);
    expect(noteSandboxClock(BASE, { now: 'soon' }, BROWSER + 80, BROWSER + 90)).toBe(false);
    expect(bankToday(BASE, BROWSER + 100)).toBe('2026-11-27');
  });
});
