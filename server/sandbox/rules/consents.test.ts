import { describe, expect, it } from 'vitest';
import { consentStatusCodes } from '../../../src/xs2a/status-names';
import type { BankError } from './bank-error';
import {
  accessExceeded,
  budgetUsedUp,
  checkConsentRequest,
  chosenAccess,
  CONSENT_TRANSITIONS,
  coverable,
  grantedValidUntil,
  grantFor,
  isBankOffered,
  isDueToExpire,
  mayMoveConsent,
  narrowedAccess,
  readRefusal,
  refersTo,
  type Access,
} from './consents';

const current = { resource_id: 'acc-1', iban: 'DE01', cash_account_type: 'CACC' };
const savings = { resource_id: 'acc-2', iban: 'DE02', cash_account_type: 'SVGS' };
const card = { resource_id: 'acc-3', iban: 'DE03', cash_account_type: 'CARD' };
const accounts = [current, savings, card];

/** A BankError whose first message has this code. */
const refusedWith = (code: string) =>
  expect.objectContaining({ messages: [expect.objectContaining({ code })] }) as unknown as BankError;

const request = (
  access: Access,
  extra: { validUntil?: string; recurringIndicator?: boolean; frequencyPerDay?: number },
) => ({
  access,
  recurringIndicator: extra.recurringIndicator ?? true,
  validUntil: extra.validUntil ?? '2026-06-30',
  frequencyPerDay: extra.frequencyPerDay ?? 4,
  combinedServiceIndicator: false,
});

describe('consent requests', () => {
  it('refuses a validity in the past, a one-off consent read more than once a day, and an access granting nothing or both', () => {
    const today = '2026-03-16';
    const all: Access = { allPsd2: 'allAccounts' };
    const format = refusedWith('FORMAT_ERROR');
    expect(() => checkConsentRequest(request(all, {}), today)).not.toThrow();
    expect(() => checkConsentRequest(request(all, { validUntil: '2026-03-15' }), today)).toThrow(format);
    const oneOff = request(all, { recurringIndicator: false, frequencyPerDay: 2 });
    expect(() => checkConsentRequest(oneOff, today)).toThrow(format);
    expect(() => checkConsentRequest(request({ restrictedTo: ['CACC'] }, {}), today)).toThrow(format);
    const both = request({ allPsd2: 'allAccounts', accounts: [{ iban: 'DE01' }] }, {});
    expect(() => checkConsentRequest(both, today)).toThrow(format);
  });

  it('grants at most maxConsentDays of validity', () => {
    expect(grantedValidUntil('9999-12-31', '2026-03-16', 90)).toBe('2026-06-14');
    expect(grantedValidUntil('2026-04-01', '2026-03-16', 90)).toBe('2026-04-01');
  });
});

describe('grants', () => {
  it('grants a global consent every coverable account; availableAccounts the list only', () => {
    expect(grantFor({ allPsd2: 'allAccountsWithOwnerName' }, accounts, undefined)).toEqual({
      accounts: ['acc-1', 'acc-2', 'acc-3'],
      balances: ['acc-1', 'acc-2', 'acc-3'],
      transactions: ['acc-1', 'acc-2', 'acc-3'],
      listOnly: false,
      listWithBalances: true,
      ownerName: ['acc-1', 'acc-2', 'acc-3'],
    });
    const restricted: Access = { availableAccountsWithBalance: 'allAccounts', restrictedTo: ['SVGS'] };
    expect(grantFor(restricted, coverable(restricted, accounts), undefined)).toEqual({
      accounts: ['acc-2'],
      balances: [],
      transactions: [],
      listOnly: true,
      listWithBalances: true,
      ownerName: [],
    });
  });

  it('grants a dedicated consent the named accounts of this PSU, details included with balances or transactions', () => {
    const access: Access = {
      accounts: [{ iban: 'DE01' }],
      transactions: [{ iban: 'DE03' }, { iban: 'DE99' }],
      additionalInformation: { ownerName: [{ iban: 'DE01' }] },
    };
    expect(grantFor(access, accounts, undefined)).toEqual({
      accounts: ['acc-1', 'acc-3'],
      balances: [],
      transactions: ['acc-3'],
      listOnly: false,
      listWithBalances: false,
      ownerName: ['acc-1'],
    });
  });

  it('grants a bank-offered consent what the PSU chose, for the services asked only; all accounts without a choice', () => {
    const access: Access = { balances: [], transactions: [] };
    expect(isBankOffered(access)).toBe(true);
    const choice = { accounts: ['acc-1'], balances: ['acc-2', 'acc-9'], transactions: ['acc-3'] };
    expect(grantFor(access, accounts, choice)).toEqual({
      accounts: ['acc-2', 'acc-3'],
      balances: ['acc-2'],
      transactions: ['acc-3'],
      listOnly: false,
      listWithBalances: false,
      ownerName: [],
    });
    expect(grantFor(access, [current], undefined).transactions).toEqual(['acc-1']);
  });

  it('reads a granted consent back: a dedicated one narrowed to the grant, a bank-offered one with the chosen IBANs', () => {
    const requested: Access = { accounts: [{ iban: 'DE01', currency: 'EUR' }, { iban: 'DE77' }], balances: [] };
    const granted = grantFor(requested, accounts, undefined);
    const named = [
      { resource_id: 'acc-1', iban: 'DE01' },
      { resource_id: 'acc-7', iban: 'DE77' },
    ];
    expect(narrowedAccess(requested, granted, named)).toEqual({
      accounts: [{ iban: 'DE01', currency: 'EUR' }],
      balances: [],
    });
    const offered: Access = { accounts: [], balances: [] };
    const chosen = grantFor(offered, accounts, { accounts: ['acc-2'], balances: [], transactions: [] });
    const ibanOf = new Map(accounts.map((a) => [a.resource_id, a.iban]));
    expect(chosenAccess(offered, chosen, ibanOf)).toEqual({ accounts: [{ iban: 'DE02' }] });
  });
});

describe('card accounts in a consent', () => {
  const creditCard = { resource_id: 'card-1', pan: '5254120000003241', masked_pan: '525412******3241' };
  const coverableAccounts = [...accounts, creditCard];

  it('are named by masked PAN or PAN, and never by another member', () => {
    expect(refersTo({ maskedPan: '525412******3241' }, creditCard)).toBe(true);
    expect(refersTo({ pan: '5254120000003241' }, creditCard)).toBe(true);
    expect(refersTo({ maskedPan: '525412******9999' }, creditCard)).toBe(false);
    expect(refersTo({ iban: 'DE01' }, creditCard)).toBe(false);
    const access: Access = { balances: [{ maskedPan: '525412******3241' }], transactions: [{ iban: 'DE01' }] };
    expect(grantFor(access, coverableAccounts, undefined)).toMatchObject({
      accounts: ['acc-1', 'card-1'],
      balances: ['card-1'],
      transactions: ['acc-1'],
    });
  });

  it('are covered by allPsd2 and availableAccounts, but not by restrictedTo, which names account types', () => {
    expect(grantFor({ allPsd2: 'allAccounts' }, coverableAccounts, undefined).transactions).toContain('card-1');
    expect(grantFor({ availableAccounts: 'allAccounts' }, coverableAccounts, undefined).accounts).toContain('card-1');
    const restricted: Access = { availableAccounts: 'allAccounts', restrictedTo: ['CACC'] };
    expect(coverable(restricted, coverableAccounts).map((a) => a.resource_id)).not.toContain('card-1');
  });

  it('read back narrowed to the grant like accounts', () => {
    const requested: Access = { transactions: [{ maskedPan: '525412******3241' }, { maskedPan: '400000******0002' }] };
    const granted = grantFor(requested, coverableAccounts, undefined);
    expect(narrowedAccess(requested, granted, [creditCard])).toEqual({
      transactions: [{ maskedPan: '525412******3241' }],
    });
  });
});

describe('consent status machine', () => {
  it('has a row for every 1.3.12 consent status, leading only to statuses of the list', () => {
    expect(Object.keys(CONSENT_TRANSITIONS).sort()).toEqual([...consentStatusCodes].sort());
    for (const next of Object.values(CONSENT_TRANSITIONS)) {
      for (const status of next) expect(consentStatusCodes).toContain(status);
    }
  });

  it('authorises only received consents, expires those not yet ended, and lets the TPP end any but an ended one', () => {
    expect(mayMoveConsent('received', 'valid')).toBe(true);
    expect(mayMoveConsent('valid', 'valid')).toBe(false);
    expect(mayMoveConsent('rejected', 'expired')).toBe(false);
    expect(mayMoveConsent('expired', 'terminatedByTpp')).toBe(true);
    expect(mayMoveConsent('terminatedByTpp', 'terminatedByTpp')).toBe(false);
    expect(mayMoveConsent('unknown', 'valid')).toBe(false);
    expect(isDueToExpire({ valid_until: '2026-03-15', consent_status: 'valid' }, '2026-03-16')).toBe(true);
    expect(isDueToExpire({ valid_until: '2026-03-16', consent_status: 'valid' }, '2026-03-16')).toBe(false);
    expect(isDueToExpire({ valid_until: '2026-03-15', consent_status: 'rejected' }, '2026-03-16')).toBe(false);
  });

  it('reads only under a valid consent: CONSENT_EXPIRED for an expired one, CONSENT_INVALID otherwise', () => {
    const today = '2026-03-16';
    const consent = (consent_status: string, valid_until = today) => ({ consent_status, valid_until });
    expect(readRefusal(consent('valid'), today)).toBeUndefined();
    expect(readRefusal(consent('expired'), today)?.messages[0]?.code).toBe('CONSENT_EXPIRED');
    expect(readRefusal(consent('received'), today)?.messages[0]?.code).toBe('CONSENT_INVALID');
    // Past its validUntil a valid consent reads as expired, before the bank's scheduler has marked it.
    expect(readRefusal(consent('valid', '2026-03-15'), today)?.messages[0]?.code).toBe('CONSENT_EXPIRED');
  });
});

describe('read budget', () => {
  it('is used up at frequencyPerDay reads of today; a new day starts again', () => {
    const budget = { frequency_per_day: 2, usage_day: '2026-03-16', usage_count: 2 };
    expect(budgetUsedUp(budget, '2026-03-16')).toBe(true);
    expect(budgetUsedUp(budget, '2026-03-17')).toBe(false);
    expect(budgetUsedUp({ ...budget, usage_count: 1 }, '2026-03-16')).toBe(false);
    expect(budgetUsedUp({ ...budget, usage_day: null, usage_count: 0 }, '2026-03-16')).toBe(false);
  });

  it('answers ACCESS_EXCEEDED, naming the limit when known', () => {
    expect(accessExceeded(1).messages[0]?.text).toContain('1 access a day');
    expect(accessExceeded(4).messages[0]?.text).toContain('4 accesses a day');
    expect(accessExceeded(undefined).messages[0]?.code).toBe('ACCESS_EXCEEDED');
  });
});
