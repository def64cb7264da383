// The sandbox bank's customers and accounts. Tests, the README and the e2e specs read them from here.
import type { AuthenticationObject } from '../../../src/xs2a/sca';
import type { FundsRule, ScaBehaviour } from '../store/schema';
import { sandboxIban } from './iban';
import { hashHex } from './random';

/** Every test PSU logs in with this password. */
export const SANDBOX_PASSWORD = 'sandbox';
/** The one-time password every SCA method accepts (except for dave, whose SCA always fails). */
export const SANDBOX_OTP = '123456';

export type TestAccountKey =
  'alice-main' | 'alice-savings' | 'alice-usd' | 'bob-main' | 'bob-gbp' | 'bob-business' | 'carol-main' | 'dave-main';

export interface TestAccount {
  /** Stable handle for tests, e.g. `testAccounts['bob-business']`. */
  key: TestAccountKey;
  iban: string;
  /** The account-id of the /accounts endpoints. */
  resourceId: string;
  currency: string;
  /** The account's name as the bank reports it. */
  name: string;
  description: string;
}

export interface TestPsu {
  /** The login, sent as PSU-ID. */
  psuId: string;
  password: string;
  name: string;
  description: string;
  accounts: TestAccount[];
}

/** How the seed builds an account: what the bank stores plus what shapes its history. */
export interface AccountSpec extends TestAccount {
  psuId: string;
  ownerName: string;
  displayName: string | null;
  product: string;
  cashAccountType: 'CACC' | 'SVGS';
  usage: 'PRIV' | 'ORGA';
  fundsRule: FundsRule;
  /** Arranged overdraft in minor units; 0 for none. */
  creditLimit: number;
  /** The debit card as statements print it. */
  card: string | null;
}

export interface PsuSpec {
  psuId: string;
  name: string;
  description: string;
  scaBehaviour: ScaBehaviour;
  scaMethods: AuthenticationObject[];
  accounts: AccountSpec[];
}

function scaMethods(maskedPhone: string, only?: 'sms'): AuthenticationObject[] {
  const sms: AuthenticationObject = {
    authenticationType: 'SMS_OTP',
    authenticationMethodId: 'sms',
    name: `SMS to ${maskedPhone}`,
    explanation: 'A 6-digit TAN by text message',
  };
  if (only) return [sms];
  return [
    sms,
    {
      authenticationType: 'PUSH_OTP',
      authenticationMethodId: 'push',
      name: 'Push notification to Sandbox Banking app',
      explanation: 'Confirm in the app, which shows the TAN',
    },
    {
      authenticationType: 'CHIP_OTP',
      authenticationMethodId: 'chip',
      name: 'chipTAN generator',
      explanation: 'Insert your card in the TAN generator and scan the flicker code',
    },
  ];
}

type AccountInput = Omit<AccountSpec, 'iban' | 'resourceId' | 'psuId'> & { accountNumber: string };

function account(psuId: string, input: AccountInput): AccountSpec {
  const { accountNumber, ...rest } = input;
  const iban = sandboxIban(accountNumber);
  return { ...rest, psuId, iban, resourceId: `acc-${hashHex(iban).slice(0, 12)}` };
}

const common = { fundsRule: 'normal', creditLimit: 0, card: null, displayName: null } as const;

export const psuSpecs: readonly PsuSpec[] = [
  {
    psuId: 'alice',
    name: 'Alice Schneider',
    description:
      'Private customer with three accounts: a Girokonto with a year of salary, rent, bills and card payments, ' +
      'a savings account and a USD account. The default PSU for account information and payments.',
    scaBehaviour: 'normal',
    scaMethods: scaMethods('+49 170 ••• 12 34'),
    accounts: [
      account('alice', {
        ...common,
        key: 'alice-main',
        accountNumber: '0010010001',
        currency: 'EUR',
        name: 'Girokonto',
        displayName: 'Alltag',
        product: 'Girokonto Plus',
        cashAccountType: 'CACC',
        usage: 'PRIV',
        ownerName: 'Alice Schneider',
        creditLimit: 200_000,
        card: 'Visa Debit *4821',
        description: 'Main current account: salary, rent, bills, card payments; 2,000 EUR arranged overdraft',
      }),
      account('alice', {
        ...common,
        key: 'alice-savings',
        accountNumber: '0010010002',
        currency: 'EUR',
        name: 'Tagesgeld',
        displayName: 'Notgroschen',
        product: 'Tagesgeld',
        cashAccountType: 'SVGS',
        usage: 'PRIV',
        ownerName: 'Alice Schneider',
        description: 'Savings account: monthly standing order from the Girokonto, monthly interest',
      }),
      account('alice', {
        ...common,
        key: 'alice-usd',
        accountNumber: '0010010003',
        currency: 'USD',
        name: 'Währungskonto USD',
        product: 'Währungskonto',
        cashAccountType: 'CACC',
        usage: 'PRIV',
        ownerName: 'Alice Schneider',
        card: 'Visa Debit *5512',
        description: 'USD account: transfers from the Girokonto, a trip to New York, a USD subscription',
      }),
    ],
  },
  {
    psuId: 'bob',
    name: 'Bob Laurent',
    description:
      'Private and business customer: owner of a coffee roastery whose business account has exactly 10,000 ' +
      'transactions over twelve months, for paging and long lists.',
    scaBehaviour: 'normal',
    scaMethods: scaMethods('+49 151 ••• 77 30'),
    accounts: [
      account('bob', {
        ...common,
        key: 'bob-main',
        accountNumber: '0020020001',
        currency: 'EUR',
        name: 'Girokonto',
        product: 'Girokonto Plus',
        cashAccountType: 'CACC',
        usage: 'PRIV',
        ownerName: 'Bob Laurent',
        creditLimit: 300_000,
        card: 'Mastercard Debit *3307',
        description: 'Private current account: salary from his company, rent, bills; 3,000 EUR arranged overdraft',
      }),
      account('bob', {
        ...common,
        key: 'bob-gbp',
        accountNumber: '0020020002',
        currency: 'GBP',
        name: 'Währungskonto GBP',
        displayName: 'London',
        product: 'Währungskonto',
        cashAccountType: 'CACC',
        usage: 'PRIV',
        ownerName: 'Bob Laurent',
        card: 'Mastercard Debit *3315',
        description: 'GBP account: transfers from the Girokonto, card payments on trips to London',
      }),
      account('bob', {
        ...common,
        key: 'bob-business',
        accountNumber: '0020020010',
        currency: 'EUR',
        name: 'Geschäftskonto',
        displayName: 'Rösterei',
        product: 'Business Konto',
        cashAccountType: 'CACC',
        usage: 'ORGA',
        ownerName: 'Laurent Kaffeerösterei GmbH',
        creditLimit: 2_500_000,
        card: 'Mastercard Business *7730',
        description:
          'Business account of Laurent Kaffeerösterei GmbH: exactly 10,000 transactions (invoices paid by ' +
          'customers, suppliers, payroll, taxes); 25,000 EUR credit line',
      }),
    ],
  },
  {
    psuId: 'carol',
    name: 'Carol Jensen',
    description:
      'Student with one current account and a small balance: the sandbox rejects her payments for lack of funds. ' +
      'She has a single SCA method, so method selection is skipped.',
    scaBehaviour: 'normal',
    scaMethods: scaMethods('+49 176 ••• 58 21', 'sms'),
    accounts: [
      account('carol', {
        ...common,
        key: 'carol-main',
        accountNumber: '0030030001',
        currency: 'EUR',
        name: 'Girokonto',
        product: 'Girokonto Young',
        cashAccountType: 'CACC',
        usage: 'PRIV',
        ownerName: 'Carol Jensen',
        fundsRule: 'insufficient',
        card: 'Visa Debit *9034',
        description: 'Current account with 23.40 EUR and no overdraft: payments fail the funds check',
      }),
    ],
  },
  {
    psuId: 'dave',
    name: 'Dave Okafor',
    description: 'Private customer whose SCA always fails, whichever method and OTP he uses.',
    scaBehaviour: 'alwaysFail',
    scaMethods: scaMethods('+49 160 ••• 03 46'),
    accounts: [
      account('dave', {
        ...common,
        key: 'dave-main',
        accountNumber: '0040040001',
        currency: 'EUR',
        name: 'Girokonto',
        product: 'Girokonto Plus',
        cashAccountType: 'CACC',
        usage: 'PRIV',
        ownerName: 'Dave Okafor',
        creditLimit: 100_000,
        card: 'Visa Debit *2268',
        description: 'Current account with a year of history; every SCA attempt fails',
      }),
    ],
  },
];

function publicAccount(spec: AccountSpec): TestAccount {
  const { key, iban, resourceId, currency, name, description } = spec;
  return { key, iban, resourceId, currency, name, description };
}

/** The test PSUs: who logs in with what, and which accounts each one sees. */
export const testPsus: readonly TestPsu[] = psuSpecs.map((psu) => ({
  psuId: psu.psuId,
  password: SANDBOX_PASSWORD,
  name: psu.name,
  description: psu.description,
  accounts: psu.accounts.map(publicAccount),
}));

export const accountSpecs: readonly AccountSpec[] = psuSpecs.flatMap((psu) => psu.accounts);

/** The seeded accounts by key, e.g. `testAccounts['alice-main'].iban`. */
export const testAccounts = Object.fromEntries(accountSpecs.map((a) => [a.key, publicAccount(a)])) as Record<
  TestAccountKey,
  TestAccount
>;

/**
 * Accounts of this bank that are closed: no PSU holds them any more, and the bank rejects a payment to one when it
 * accepts the payment (a bulk with one among its payments is partially accepted, PART).
 */
export const closedAccounts: readonly { iban: string; name: string }[] = [
  { iban: sandboxIban('0090090001'), name: 'Erik Brandt' },
];
