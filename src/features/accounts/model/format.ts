// Display helpers for account data from the bank: amounts, IBANs, balance types and account types in plain words.
import { PLAIN_DISPLAY, type BankDataDisplay } from '../../../api';
import { displayIban, formatAmount, type AccountDetails } from '../../../xs2a';

export { displayIban };

/** An amount as the bank sent it (a string, or a JSON number from a deviating bank) in the reader's locale. */
export function displayAmount(amount: unknown, currency: unknown): string {
  return formatAmount(amount, currency);
}

const balanceTypeLabels: Record<string, string> = {
  closingBooked: 'Closing booked',
  expected: 'Expected',
  openingBooked: 'Opening booked',
  interimAvailable: 'Interim available',
  interimBooked: 'Interim booked',
  forwardAvailable: 'Forward available',
  nonInvoiced: 'Not yet invoiced',
};

/**
 * "closingBooked" → "Closing booked"; a type 1.3.12 does not know is shown as the bank sent it, and a balance the bank
 * sent without its (required) type says so.
 */
export function balanceTypeLabel(type: string | undefined): string {
  if (type === undefined) return 'type not given';
  return balanceTypeLabels[type] ?? type;
}

// ISO 20022 ExternalCashAccountType1Code, the values banks use for cashAccountType.
const cashAccountTypeLabels: Record<string, string> = {
  CACC: 'Current account',
  CARD: 'Card account',
  CASH: 'Cash payment account',
  CHAR: 'Charges account',
  CISH: 'Cash income account',
  COMM: 'Commission account',
  CPAC: 'Clearing participant settlement account',
  LLSV: 'Limited liquidity savings account',
  LOAN: 'Loan account',
  MGLD: 'Marginal lending account',
  MOMA: 'Money market account',
  NREX: 'Non-resident external account',
  ODFT: 'Overdraft account',
  ONDP: 'Overnight deposit account',
  OTHR: 'Other account',
  SACC: 'Settlement account',
  SLRY: 'Salary account',
  SVGS: 'Savings account',
  TAXE: 'Tax account',
  TRAN: 'Transacting account',
  TRAS: 'Cash trading account',
};

export function cashAccountTypeLabel(code: string): string | undefined {
  return cashAccountTypeLabels[code];
}

/**
 * The name a person would recognise the account by: the PSU's own name for it, then the bank's, then its number.
 * `display` shows names and numbers as the mode wants them: presenter mode shortens an account named after a person
 * ("Alice Schmidt" → "Alice S.") and masks the number, and keeps a product's name ("Main account").
 */
export function accountTitle(
  account: Pick<AccountDetails, 'displayName' | 'name' | 'product' | 'iban' | 'bban'>,
  display: Pick<BankDataDisplay, 'account' | 'accountName'> = PLAIN_DISPLAY,
) {
  const number = account.iban ? displayIban(account.iban) : account.bban;
  const name = account.displayName ?? account.name;
  return (name && display.accountName(name)) ?? account.product ?? (number && display.account(number)) ?? 'Account';
}

/** The console route of an account. */
export function accountRoute(resourceId: string): string {
  return `/accounts/${encodeURIComponent(resourceId)}`;
}

/** The console route of a card account. */
export function cardAccountRoute(resourceId: string): string {
  return `/accounts/cards/${encodeURIComponent(resourceId)}`;
}

/** The console route of a consent (the consents area's page). */
export function consentRoute(consentId: string): string {
  return `/consents/${encodeURIComponent(consentId)}`;
}

const numberFormat = new Intl.NumberFormat();

/** 10000 → "10,000" in the reader's locale. */
export function displayCount(value: number): string {
  return numberFormat.format(value);
}
