// Bodies to start from: 1.3.12-shaped requests of each kind, with the sandbox's test data where the profile is the
// embedded sandbox (its PSUs log in with "sandbox", confirm with 123456 and pay from their own accounts).
import { addDays, isoDay } from '../../../api';
import type { RequestBodyKind } from '../../../xs2a';

export interface BodyExample {
  label: string;
  body: unknown;
}

export interface ExampleContext {
  /** An IBAN of an account this browser knows; otherwise a test PSU's (sandbox) or a 1.3.12-style one. */
  iban?: string;
  sandbox: boolean;
  /** The profile's PSU-ID: on the sandbox, the debtor account is that test PSU's when it is one. */
  psuId?: string;
  /** The bank's calendar day (bankToday), where the examples' dates count from; the browser's UTC day if not given. */
  today?: string;
  /** This browser's payments and consents that await their authorisation, newest first (a signing basket's members). */
  basketMembers?: { paymentIds: string[]; consentIds: string[] };
}

/**
 * The embedded sandbox's test data: every test PSU logs in with the password and confirms with the one-time password;
 * the debtor IBANs are the test PSUs' main euro accounts (alice's Girokonto unless the profile names another PSU).
 */
export const SANDBOX_TEST_DATA = {
  password: 'sandbox',
  otp: '123456',
  mainAccounts: {
    alice: 'DE16990100000010010001',
    bob: 'DE49990100000020020001',
    carol: 'DE82990100000030030001',
    dave: 'DE18990100000040040001',
  } as Record<string, string>,
} as const;

const CREDITOR = { creditorName: 'Kiosk am Markt', creditorAccount: { iban: 'DE02100100109307118603' } };
const EXAMPLE_IBAN = 'DE40100100103307118608';

/** The debtor of a payment example: an account this browser knows, the sandbox's test PSU's, or a 1.3.12-style one. */
export function exampleIban(context: ExampleContext): string {
  if (context.iban) return context.iban;
  if (!context.sandbox) return EXAMPLE_IBAN;
  const accounts = SANDBOX_TEST_DATA.mainAccounts;
  return accounts[context.psuId?.trim().toLowerCase() ?? ''] ?? accounts.alice ?? EXAMPLE_IBAN;
}

function paymentExamples(iban: string, inDays: (days: number) => string): BodyExample[] {
  const amount = (value: string) => ({ currency: 'EUR', amount: value });
  const single = {
    instructedAmount: amount('42.50'),
    debtorAccount: { iban },
    ...CREDITOR,
    remittanceInformationUnstructured: 'Invoice 2026-118',
  };
  return [
    { label: 'Single payment (payments)', body: single },
    {
      label: 'Standing order (periodic-payments)',
      body: { ...single, startDate: inDays(7), frequency: 'Monthly', dayOfExecution: '1', executionRule: 'following' },
    },
    {
      label: 'Bulk payment (bulk-payments)',
      body: {
        batchBookingPreferred: true,
        debtorAccount: { iban },
        payments: [
          { instructedAmount: amount('12.00'), ...CREDITOR },
          { instructedAmount: amount('8.40'), ...CREDITOR, remittanceInformationUnstructured: 'Refund' },
        ],
      },
    },
  ];
}

/** With an IBAN this browser knows, a consent for that account comes first; without, one for all accounts. */
function consentExamples(known: string | undefined, inDays: (days: number) => string): BodyExample[] {
  const iban = known ?? EXAMPLE_IBAN;
  const terms = {
    recurringIndicator: true,
    validUntil: inDays(90),
    frequencyPerDay: 4,
    combinedServiceIndicator: false,
  };
  const dedicated: BodyExample = {
    label: 'One account: details, balances, transactions',
    body: { access: { accounts: [{ iban }], balances: [{ iban }], transactions: [{ iban }] }, ...terms },
  };
  const all: BodyExample = { label: 'All accounts (allPsd2)', body: { access: { allPsd2: 'allAccounts' }, ...terms } };
  return [
    ...(known ? [dedicated, all] : [all, dedicated]),
    {
      label: 'List of available accounts',
      body: { access: { availableAccounts: 'allAccounts' }, ...terms, recurringIndicator: false, frequencyPerDay: 1 },
    },
  ];
}

function scaExamples(kind: 'startAuthorisation' | 'updatePsuData', sandbox: boolean): BodyExample[] {
  const examples: BodyExample[] = [
    { label: 'PSU password', body: { psuData: { password: sandbox ? SANDBOX_TEST_DATA.password : '' } } },
    { label: 'Select an SCA method', body: { authenticationMethodId: sandbox ? 'sms' : '' } },
    { label: 'One-time password', body: { scaAuthenticationData: sandbox ? SANDBOX_TEST_DATA.otp : '' } },
  ];
  if (kind === 'startAuthorisation')
    return [{ label: 'No body (the bank asks for what it needs)', body: undefined }, ...examples];
  return [...examples, { label: 'Confirmation code', body: { confirmationCode: '' } }];
}

/** A funds check on the account this browser knows (or the sandbox's test PSU's), with and without a card. */
function fundsConfirmationExamples(iban: string): BodyExample[] {
  const check = { account: { iban }, instructedAmount: { currency: 'EUR', amount: '42.50' } };
  return [
    { label: 'Funds check on an account', body: check },
    {
      label: 'Funds check for a card payment',
      body: { cardNumber: '12345678901234', ...check, payee: 'Kiosk am Markt' },
    },
  ];
}

/**
 * A basket of payments and a consent that wait for their authorisation: this browser's newest ones that still do,
 * and an empty id to fill in (from the bank's answers) where it knows too few.
 */
function signingBasketExamples(members: ExampleContext['basketMembers']): BodyExample[] {
  const ids = (known: string[] | undefined, count: number) =>
    Array.from({ length: count }, (_, index) => known?.[index] ?? '');
  const paymentIds = ids(members?.paymentIds, 2);
  return [
    { label: 'Payments and a consent', body: { paymentIds, consentIds: ids(members?.consentIds, 1) } },
    { label: 'Payments only', body: { paymentIds } },
  ];
}

/** The examples for a kind of body, the first one the default. */
export function bodyExamples(kind: RequestBodyKind, context: ExampleContext): BodyExample[] {
  const today = context.today ?? isoDay(Date.now());
  const inDays = (days: number) => addDays(today, days);
  if (kind === 'payment') return paymentExamples(exampleIban(context), inDays);
  if (kind === 'consents') return consentExamples(context.iban, inDays);
  if (kind === 'confirmationOfFunds') return fundsConfirmationExamples(exampleIban(context));
  if (kind === 'signingBasket') return signingBasketExamples(context.basketMembers);
  return scaExamples(kind, context.sandbox);
}

/** A body as the editor shows it: pretty JSON, or nothing. */
export function bodyText(body: unknown): string {
  return body === undefined ? '' : JSON.stringify(body, null, 2);
}
