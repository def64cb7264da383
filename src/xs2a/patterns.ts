// The spec's patterns for identifiers, codes and amounts. They are unanchored there, so a plain JSON Schema validator
// accepts "12,50x" for an amount; anchored here.
export const patterns = {
  iban: /^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{1,30}$/,
  bban: /^[a-zA-Z0-9]{1,30}$/,
  bicfi: /^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/,
  currencyCode: /^[A-Z]{3}$/,
  countryCode: /^[A-Z]{2}$/,
  amountValue: /^-?[0-9]{1,14}(\.[0-9]{1,3})?$/,
} as const;
