// Display helpers for payment data from the bank: amounts and IBANs as a developer wants to read them.
import { formatAmount, formatIban, isValidIban } from '../../../xs2a';

/** An amount as the bank sent it (a string, or a JSON number from a deviating bank) in the reader's locale. */
export function displayAmount(amount: unknown, currency: unknown): string {
  return formatAmount(amount, currency);
}

/** IBANs in groups of four; anything that is not a valid IBAN is shown exactly as the bank sent it. */
export function displayIban(value: string): string {
  return isValidIban(value) ? formatIban(value) : value;
}
