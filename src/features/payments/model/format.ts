// Display helpers for payment data: amounts, IBANs and times as a developer wants to read them.
import { formatAmount, formatIban, isValidIban } from '../../../xs2a';

export function displayAmount(amount: string, currency: string): string {
  return formatAmount(amount, currency);
}

/** IBANs in groups of four; anything that is not a valid IBAN is shown exactly as the bank sent it. */
export function displayIban(value: string): string {
  return isValidIban(value) ? formatIban(value) : value;
}

export function displayTime(epochMs: number): string {
  return new Date(epochMs).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** The console route of a payment. */
export function paymentRoute(ref: { service: string; product: string; paymentId: string }): string {
  return `/payments/${encodeURIComponent(ref.service)}/${encodeURIComponent(ref.product)}/${encodeURIComponent(ref.paymentId)}`;
}
