import { describe, expect, it } from 'vitest';
import { formatAmount, readAmountValue, readDate } from './common';
import { readConsentStatus, readScaStatus, readTransactionStatus } from './status-names';

describe('amounts as banks send them', () => {
  it('formats a JSON number from its digits and flags it, instead of throwing', () => {
    expect(() => formatAmount(12.5, 'EUR', 'en-US')).not.toThrow();
    expect(formatAmount(12.5, 'EUR', 'en-US')).toBe('€12.50');
    expect(formatAmount(-0.125, 'EUR', 'en-US')).toBe('-€0.125');
    expect(readAmountValue(12.5).text).toBe('12.5');
    expect(readAmountValue(12.5).deviation).toContain('JSON number');
    expect(readAmountValue(1e21).text).toBe('1000000000000000000000');
  });

  it('keeps strings as sent and shows anything else raw', () => {
    expect(readAmountValue('12.50')).toEqual({ text: '12.50' });
    expect(formatAmount('12,50', 'EUR')).toBe('12,50 EUR');
    expect(formatAmount({ v: 1 }, 'EUR')).toBe('{"v":1} EUR');
    expect(formatAmount(undefined, undefined)).toBe('');
    expect(readAmountValue(null).deviation).toBe('no amount sent');
  });
});

describe('dates as banks send them', () => {
  it('reads the date of a date-time and keeps the time beside it, flagged', () => {
    const reading = readDate('2026-11-20T10:00:00Z');
    expect(reading).toMatchObject({ date: '2026-11-20', time: '10:00:00Z', text: '2026-11-20T10:00:00Z' });
    expect(reading.deviation).toContain('10:00:00Z');
  });

  it('reads a plain date without a deviation and flags what is not a date', () => {
    expect(readDate('2026-11-20')).toEqual({ date: '2026-11-20', text: '2026-11-20' });
    expect(readDate('20.11.2026')).toEqual({ text: '20.11.2026', deviation: 'not a date in the form YYYY-MM-DD' });
    expect(readDate(undefined)).toEqual({ text: '' });
  });
});

describe('statuses as banks send them', () => {
  it('decides only on exact 1.3.12 codes', () => {
    expect(readTransactionStatus('RCVD')).toEqual({ code: 'RCVD', sent: 'RCVD' });
    expect(readConsentStatus('valid').code).toBe('valid');
    expect(readScaStatus('finalised').code).toBe('finalised');
  });

  it('names a case-only difference as probable but flags it and decides nothing', () => {
    const rcvd = readTransactionStatus('rcvd');
    expect(rcvd.code).toBeUndefined();
    expect(rcvd.probably).toBe('RCVD');
    expect(rcvd.deviation).toBe(
      'the bank reports a status 1.3.12 does not define: rcvd (probably RCVD, with different case)',
    );
    expect(readConsentStatus('VALID').probably).toBe('valid');
  });

  it('says an unknown status is unknown', () => {
    expect(readTransactionStatus('DONE')).toEqual({
      sent: 'DONE',
      deviation: 'the bank reports a status 1.3.12 does not define: DONE',
    });
    expect(readScaStatus(3).deviation).toBe('the bank reports a status 1.3.12 does not define: 3');
  });
});
