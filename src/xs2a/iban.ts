// IBANs: the ISO 13616 check (checksum and country format, with ibantools' table of countries). Without zod, so a page
// that only checks IBANs loads none of the schemas; one that only shows them needs only ./iban-format.
import { validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import { patterns } from './patterns';

export { displayIban, electronicIban, formatIban, ibanCheckDigitsHold } from './iban-format';

/** What is wrong with an IBAN in electronic form, in words; undefined when it is valid. */
export function ibanProblem(value: string): string | undefined {
  const { valid, errorCodes } = validateIBAN(value);
  if (valid) return undefined;
  if (errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry)) return 'IBAN country code is not known';
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength)) return 'IBAN has the wrong length for its country';
  if (
    errorCodes.includes(ValidationErrorsIBAN.WrongIBANChecksum) ||
    errorCodes.includes(ValidationErrorsIBAN.ChecksumNotNumber)
  )
    return 'IBAN check digits do not match (typo?)';
  return 'IBAN is not valid for its country (account format or national check digit)';
}

/** True when `value` is an IBAN in electronic form with a correct checksum. Normalise with electronicIban first. */
export function isValidIban(value: string): boolean {
  return patterns.iban.test(value) && ibanProblem(value) === undefined;
}
