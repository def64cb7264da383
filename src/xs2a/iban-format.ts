// An IBAN's electronic and grouped forms, and the ISO 7064 check digits: plain text work, apart from the country check
// (./iban), so a page that only shows IBANs, or a form that only tidies what is typed, loads no table of countries.
import { patterns } from './patterns';

/** "DE89 3704 0044 0532 0130 00" → "DE89370400440532013000". */
export function electronicIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** Groups of four for display: "DE89 3704 0044 0532 0130 00". */
export function formatIban(value: string): string {
  return electronicIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}

/** True when the check digits of an IBAN in electronic form hold (ISO 7064 MOD 97-10); the country's format is ./iban's. */
export function ibanCheckDigitsHold(value: string): boolean {
  if (!patterns.iban.test(value)) return false;
  const rearranged = (value.slice(4) + value.slice(0, 4)).toUpperCase();
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/**
 * IBANs in groups of four when their check digits hold; anything else is shown exactly as the bank sent it. A display
 * concern only: whether the IBAN fits its country is the schemas' and the forms' check (./iban).
 */
export function displayIban(value: string): string {
  return ibanCheckDigitsHold(value) ? formatIban(value) : value;
}
