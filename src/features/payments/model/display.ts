// Display helpers for payment data from the bank: amounts and IBANs as a developer wants to read them.
import { formatAmount, formatIban, isValidIban } from '../../../xs2a';

export function displayAmount(amount: string, currency: string): string {
  return formatAmount(amount, currency);
}

/** IBANs in groups of four; anything that is not a valid IBAN is shown exactly as the bank sent it. */
export function displayIban(value: string): string {
  return isValidIban(value) ? formatIban(value) : value;
}
