// IBANs: the ISO 13616 check (checksum and country format, with ibantools' table of countries), and the display that
// groups only a valid one. Without zod, so a page that only shows IBANs loads none of the schemas.
import { validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import { formatIban } from './iban-format';
import { patterns } from './patterns';

export { electronicIban, formatIban } from './iban-format';

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

/** IBANs in groups of four; anything that is not a valid IBAN is shown exactly as the bank sent it. */
export function displayIban(value: string): string {
  return isValidIban(value) ? formatIban(value) : value;
}
