import { describe, expect, it } from 'vitest';
import { AccountAccess, AccountAccessResponse, ConsentInformationResponse, Consents } from './consents';

const ibanA = { iban: 'DE40100100103307118608' };
const ibanB = { iban: 'DE02100100109307118603' };
const consent = {
  access: { balances: [ibanA], transactions: [ibanA] },
  recurringIndicator: true,
  validUntil: '2017-11-01',
  frequencyPerDay: 4,
  combinedServiceIndicator: false,
};

function messages(value: unknown): string[] {
  return AccountAccess.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
}

describe('consent request', () => {
  it('accepts dedicated, bank-offered, account-list and global consents', () => {
    expect(Consents.safeParse(consent).success).toBe(true);
    expect(AccountAccess.safeParse({ accounts: [], balances: [], transactions: [] }).success).toBe(true);
    expect(AccountAccess.safeParse({ availableAccounts: 'allAccounts' }).success).toBe(true);
    expect(AccountAccess.safeParse({ allPsd2: 'allAccountsWithOwnerName' }).success).toBe(true);
    expect(
      AccountAccess.safeParse({ availableAccountsWithBalance: 'allAccounts', restrictedTo: ['CACC'] }).success,
    ).toBe(true);
  });

  it('rejects string booleans and missing members (the spec examples)', () => {
    expect(Consents.safeParse({ ...consent, recurringIndicator: 'true' }).success).toBe(false);
    const { combinedServiceIndicator: _c, ...withoutCsi } = consent;
    expect(Consents.safeParse(withoutCsi).success).toBe(false);
  });

  it('checks frequencyPerDay and validUntil', () => {
    expect(Consents.safeParse({ ...consent, frequencyPerDay: 0 }).success).toBe(false);
    expect(Consents.safeParse({ ...consent, frequencyPerDay: 1.5 }).success).toBe(false);
    expect(Consents.safeParse({ ...consent, validUntil: '2017-11-31' }).success).toBe(false);
    expect(Consents.safeParse({ ...consent, validUntil: '9999-12-31' }).success).toBe(true);
    expect(Consents.safeParse({ ...consent, recurringIndicator: false, frequencyPerDay: 4 }).success).toBe(false);
    expect(Consents.safeParse({ ...consent, recurringIndicator: false, frequencyPerDay: 1 }).success).toBe(true);
  });

  it('rejects an access object that asks for nothing', () => {
    expect(messages({})[0]).toMatch(/requests no access/);
    expect(messages({ restrictedTo: ['CACC'] })[0]).toMatch(/requests no access/);
  });

  it('an empty array forces the other lists to be empty too', () => {
    expect(messages({ accounts: [], balances: [ibanA] })).toEqual([
      'balances: must be empty because accounts is an empty array (bank-offered consent)',
    ]);
    expect(messages({ balances: [ibanA], transactions: [] })[0]).toMatch(/^balances: /);
    expect(messages({ accounts: [], additionalInformation: { trustedBeneficiaries: [ibanA] } })[0]).toMatch(
      /^additionalInformation.trustedBeneficiaries: /,
    );
    expect(messages({ accounts: [], additionalInformation: { ownerName: [] } })).toEqual([]);
  });

  it('additionalInformation needs the accounts it names to be listed', () => {
    expect(messages({ accounts: [ibanA], additionalInformation: { ownerName: [ibanA] } })).toEqual([]);
    expect(messages({ accounts: [ibanA], additionalInformation: { ownerName: [ibanB] } })).toEqual([
      'additionalInformation.ownerName.0: must also be listed under accounts, balances or transactions',
    ]);
    expect(messages({ allPsd2: 'allAccounts', additionalInformation: { ownerName: [] } })[0]).toMatch(
      /needs accounts, balances or transactions/,
    );
  });

  it('restrictedTo only without detailed accounts', () => {
    expect(messages({ accounts: [ibanA], restrictedTo: ['CACC'] })[0]).toMatch(/^restrictedTo: /);
    expect(messages({ accounts: [], balances: [], restrictedTo: ['CACC'] })).toEqual([]);
  });

  it('account references in requests need exactly one valid identifier', () => {
    expect(messages({ accounts: [{ currency: 'EUR' }] })[0]).toMatch(/needs an account identifier/);
    expect(messages({ accounts: [{ iban: 'DE41100100103307118608' }] })[0]).toMatch(/check digits/);
  });
});

describe('consent responses', () => {
  it('GET consent does not apply request rules to the reported access', () => {
    const reported = { accounts: [ibanA], balances: [], restrictedTo: ['CACC'] };
    expect(AccountAccessResponse.safeParse(reported).success).toBe(true);
    const info = {
      access: reported,
      recurringIndicator: true,
      validUntil: '2017-11-01',
      frequencyPerDay: 4,
      lastActionDate: '2017-10-09',
      consentStatus: 'valid',
      _links: { account: { href: '/v1/accounts' }, 'card-account': { href: '/v1/card-accounts' } },
    };
    expect(ConsentInformationResponse.safeParse(info).success).toBe(true);
    expect(ConsentInformationResponse.safeParse({ ...info, consentStatus: 'active' }).success).toBe(false);
  });
});
