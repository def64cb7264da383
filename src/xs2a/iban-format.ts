// An IBAN's electronic and grouped forms: plain text work, apart from the check (./iban), so a form that only tidies
// what is typed loads no table of countries.

/** "DE89 3704 0044 0532 0130 00" → "DE89370400440532013000". */
export function electronicIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** Groups of four for display: "DE89 3704 0044 0532 0130 00". */
export function formatIban(value: string): string {
  return electronicIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}
