import { describe, expect, it } from 'vitest';
import {
  deviationInWords,
  formatAmount,
  readAmountValue,
  readChallengeData,
  readDate,
  readStructuredRemittance,
  withoutNulls,
} from './common';
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

describe('members sent as null', () => {
  it('reads them as absent, names each by its path, and keeps null entries of a list', () => {
    const body = {
      accounts: [{ resourceId: 'a', ownerName: null, balances: [{ creditLimitIncluded: null, balanceType: 'x' }] }],
      psuMessage: null,
      data: ['one', null],
    };
    const { value, deviations } = withoutNulls(body);
    expect(value).toEqual({ accounts: [{ resourceId: 'a', balances: [{ balanceType: 'x' }] }], data: ['one', null] });
    expect(deviations.map((d) => d.path)).toEqual([
      'accounts[0].ownerName',
      'accounts[0].balances[0].creditLimitIncluded',
      'psuMessage',
    ]);
    expect(deviations[0]?.message).toMatch(/^sent as null: read as absent/);
    // The bank's body is left as it came.
    expect(body.psuMessage).toBeNull();
  });

  it('returns an answer without nulls as it is', () => {
    const body = { accounts: [{ resourceId: 'a' }] };
    expect(withoutNulls(body)).toEqual({ value: body, deviations: [] });
    expect(withoutNulls(body).value).toBe(body);
    expect(withoutNulls(null)).toEqual({ value: null, deviations: [] });
  });
});

describe('challenges as banks send them', () => {
  it('reads a list of lines without a deviation', () => {
    expect(readChallengeData({ data: ['a', 'b'], otpMaxLength: 6, otpFormat: 'integer' })).toEqual({
      lines: ['a', 'b'],
      otpMaxLength: 6,
      otpFormat: 'integer',
      deviations: [],
    });
    expect(readChallengeData(undefined)).toBeUndefined();
  });

  it('shows one text as one line and names it; other odd shapes as far as understood', () => {
    const text = readChallengeData({ data: 'Enter 4711' });
    expect(text?.lines).toEqual(['Enter 4711']);
    expect(text?.deviations).toEqual([
      { path: 'challengeData.data', message: 'the bank sent the challenge as text, not a list: shown as one line' },
    ]);
    const odd = readChallengeData({ data: ['a', 7, { x: 1 }], otpMaxLength: 'six', additionalInformation: 3 });
    expect(odd?.lines).toEqual(['a', '7', '{"x":1}']);
    expect(odd?.otpMaxLength).toBeUndefined();
    expect(odd?.additionalInformation).toBe('3');
    expect(odd?.deviations.map((d) => d.path)).toEqual([
      'challengeData.data',
      'challengeData.additionalInformation',
      'challengeData.otpMaxLength',
    ]);
    expect(readChallengeData('Enter 4711')).toMatchObject({
      lines: ['Enter 4711'],
      deviations: [{ path: 'challengeData' }],
    });
    expect(readChallengeData({ data: 42 })?.lines).toEqual(['42']);
  });
});

describe('structured remittances as banks send them', () => {
  it('shows an object where 1.3.12 has text by its reference and type, flagged', () => {
    const reading = readStructuredRemittance({
      reference: 'RF18539007547034',
      referenceType: 'SCOR',
      referenceIssuer: 'ISO',
    });
    expect(reading).toMatchObject({
      text: 'RF18539007547034 (SCOR)',
      reference: 'RF18539007547034',
      referenceIssuer: 'ISO',
    });
    expect(reading?.deviation).toMatch(/object .* where 1\.3\.12 has text/);
    expect(readStructuredRemittance('RF18')).toEqual({ text: 'RF18' });
    expect(readStructuredRemittance(null)).toBeUndefined();
  });

  it('reads the object form without a deviation where 1.3.12 has it, and never shows [object Object]', () => {
    expect(readStructuredRemittance({ reference: 'R1' }, 'reference')).toEqual({ text: 'R1', reference: 'R1' });
    expect(readStructuredRemittance({ ref: 'R1' })?.text).toBe('{"ref":"R1"}');
    expect(readStructuredRemittance(['R1'])?.text).toBe('["R1"]');
  });
});

describe('schema deviations in plain words', () => {
  it('names the shapes real banks use for links, challenges and remittances', () => {
    expect(deviationInWords(['_links'], [{ rel: 'self', href: '/x' }])).toMatch(/list of link objects/);
    expect(deviationInWords(['challengeData', 'data'], 'Enter 4711')).toMatch(/challenge as text, not a list/);
    expect(
      deviationInWords(['transactions', 'booked', 0, 'remittanceInformationStructured'], { reference: 'R' }),
    ).toMatch(/reference and type are shown/);
    expect(deviationInWords(['accounts', 0, 'iban'], 'x')).toBeUndefined();
  });
});
