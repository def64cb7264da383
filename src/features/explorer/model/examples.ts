// Bodies to start from: 1.3.12-shaped requests of each kind, with the sandbox's test data where the profile is the
// embedded sandbox (its PSUs log in with "sandbox" and confirm with 123456).
import type { RequestBodyKind } from '../../../xs2a';

export interface BodyExample {
  label: string;
  body: unknown;
}

export interface ExampleContext {
  /** An IBAN of an account this browser knows; the examples use a 1.3.12-style one otherwise. */
  iban?: string;
  sandbox: boolean;
}

const CREDITOR = { creditorName: 'Kiosk am Markt', creditorAccount: { iban: 'DE02100100109307118603' } };
const EXAMPLE_IBAN = 'DE40100100103307118608';

function isoDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

function paymentExamples(iban: string): BodyExample[] {
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
      body: { ...single, startDate: isoDay(7), frequency: 'Monthly', dayOfExecution: '1', executionRule: 'following' },
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
function consentExamples(known: string | undefined): BodyExample[] {
  const iban = known ?? EXAMPLE_IBAN;
  const terms = {
    recurringIndicator: true,
    validUntil: isoDay(90),
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
    { label: 'PSU password', body: { psuData: { password: sandbox ? 'sandbox' : '' } } },
    { label: 'Select an SCA method', body: { authenticationMethodId: sandbox ? 'sms' : '' } },
    { label: 'One-time password', body: { scaAuthenticationData: sandbox ? '123456' : '' } },
  ];
  if (kind === 'startAuthorisation')
    return [{ label: 'No body (the bank asks for what it needs)', body: undefined }, ...examples];
  return [...examples, { label: 'Confirmation code', body: { confirmationCode: '' } }];
}

/** The examples for a kind of body, the first one the default. */
export function bodyExamples(kind: RequestBodyKind, context: ExampleContext): BodyExample[] {
  if (kind === 'payment') return paymentExamples(context.iban ?? EXAMPLE_IBAN);
  if (kind === 'consents') return consentExamples(context.iban);
  return scaExamples(kind, context.sandbox);
}

/** A body as the editor shows it: pretty JSON, or nothing. */
export function bodyText(body: unknown): string {
  return body === undefined ? '' : JSON.stringify(body, null, 2);
}
