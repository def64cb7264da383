import { describe, expect, it } from 'vitest';
import { accessSummary, consentRoute, displayReference, fewerAccountsGranted, shortId, timeLeft } from './format';

describe('accessSummary', () => {
  it('names the global access forms with their value', () => {
    expect(accessSummary({ allPsd2: 'allAccounts' })).toBe('All account information (allPsd2: allAccounts)');
    expect(accessSummary({ availableAccountsWithBalance: 'allAccountsWithOwnerName' })).toBe(
      'Account list with balances (availableAccountsWithBalance: allAccountsWithOwnerName)',
    );
  });

  it('describes dedicated and bank-offered access', () => {
    const a = { iban: 'DE89370400440532013000' };
    expect(accessSummary({ accounts: [a], balances: [a], transactions: [a] })).toBe(
      'Details, balances and transactions of DE89 3704 0044 0532 0130 00',
    );
    expect(accessSummary({ balances: [a, { iban: 'FR1420041010050500013M02606', currency: 'EUR' }] })).toBe(
      'Balances of 2 accounts',
    );
    expect(accessSummary({ accounts: [a], transactions: [a] })).toBe(
      'Details and transactions of DE89 3704 0044 0532 0130 00',
    );
    expect(accessSummary({ accounts: [], balances: [], transactions: [] })).toBe(
      'Accounts chosen by the PSU at the bank (bank-offered)',
    );
    expect(accessSummary({})).toBe('No access requested');
  });
});

describe('timeLeft', () => {
  const now = Date.parse('2026-03-10T18:00:00Z');
  it('counts validUntil as inclusive, in UTC days', () => {
    expect(timeLeft('2026-03-12', now)).toEqual({ expired: false, text: '2 days left' });
    expect(timeLeft('2026-03-11', now)).toEqual({ expired: false, text: '1 day left' });
    expect(timeLeft('2026-03-10', now)).toEqual({ expired: false, text: 'ends today (about 6 hours left)' });
    expect(timeLeft('2026-03-09', now)).toEqual({ expired: true, text: 'ended' });
    expect(timeLeft('soon', now).text).toMatch(/unknown/);
  });
});

describe('small helpers', () => {
  it('shortens ids, builds routes and shows references', () => {
    expect(shortId('con-12345678abcdef')).toBe('con-1234…cdef');
    expect(shortId('con-1')).toBe('con-1');
    expect(consentRoute('a/b')).toBe('/consents/a%2Fb');
    expect(displayReference({ bban: '1234', currency: 'EUR' })).toBe('1234 (EUR)');
    expect(displayReference({})).toBe('(no identifier)');
  });
});

describe('timeLeft with a date-time where 1.3.12 has a date', () => {
  it('reads the date of the date-time, so the validity is known', () => {
    const now = Date.parse('2026-11-18T12:00:00Z');
    expect(timeLeft('2026-11-20T10:00:00Z', now)).toEqual({ expired: false, text: '2 days left' });
    expect(timeLeft('2026-11-17T23:59:59+01:00', now)).toEqual({ expired: true, text: 'ended' });
  });
});

describe('fewerAccountsGranted', () => {
  const a = { iban: 'DE16990100000010010001' };
  const b = { iban: 'DE82990100000030030001' };

  it('counts the distinct accounts asked for and granted across the three lists', () => {
    expect(fewerAccountsGranted({ accounts: [a, b], transactions: [b] }, { accounts: [a] })).toEqual({
      asked: 2,
      granted: 1,
      text: 'asked for 2 accounts, granted 1',
    });
    expect(fewerAccountsGranted({ balances: [a] }, { balances: [] })?.text).toBe('asked for 1 account, granted 0');
  });

  it('says nothing when all were granted, or when the access is not a list of accounts', () => {
    expect(fewerAccountsGranted({ accounts: [a, b] }, { accounts: [b], balances: [a] })).toBeUndefined();
    expect(fewerAccountsGranted({ allPsd2: 'allAccounts' }, { allPsd2: 'allAccounts' })).toBeUndefined();
    expect(fewerAccountsGranted({ accounts: [], balances: [] }, { accounts: [a] })).toBeUndefined();
  });
});
