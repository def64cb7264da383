// Shared data types of 1.3.12 (identifiers, amounts, dates, account references, links) and helpers for them.
import { validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import * as z from 'zod';
import { jsonText, readAmountValue } from './readers';

export {
  deviationInWords,
  readAmountValue,
  readChallengeData,
  readDate,
  readStructuredRemittance,
  withoutNulls,
  type AmountReading,
  type ChallengeReading,
  type DateReading,
  type NullsReading,
  type ReadDeviation,
  type RemittanceReading,
} from './readers';

// The spec's patterns are unanchored, so a plain JSON Schema validator accepts "12,50x" for an amount. Anchor them.
export const patterns = {
  iban: /^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{1,30}$/,
  bban: /^[a-zA-Z0-9]{1,30}$/,
  bicfi: /^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/,
  currencyCode: /^[A-Z]{3}$/,
  countryCode: /^[A-Z]{2}$/,
  amountValue: /^-?[0-9]{1,14}(\.[0-9]{1,3})?$/,
} as const;

const IBAN_FORMAT_MESSAGE =
  'must be an IBAN in electronic format: country code, 2 check digits, up to 30 letters or digits, no spaces';

/** IBAN syntax only, as the spec defines it. Used in response schemas: a checksum error is not a 1.3.12 deviation. */
export const IbanSyntax = z.string().regex(patterns.iban, IBAN_FORMAT_MESSAGE);

function ibanProblem(value: string): string | undefined {
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

/** IBAN for request bodies: the spec's pattern (anchored) plus the ISO 13616 checksum and country format. */
export const Iban = IbanSyntax.superRefine((value, ctx) => {
  if (!patterns.iban.test(value)) return; // already reported by the pattern
  const problem = ibanProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const Bban = z.string().regex(patterns.bban, 'must be 1 to 30 letters or digits');
export const Bicfi = z.string().regex(patterns.bicfi, 'must be a BIC of 8 or 11 characters, e.g. AAAADEBBXXX');
export const CurrencyCode = z
  .string()
  .regex(patterns.currencyCode, 'must be an ISO 4217 code of 3 capital letters, e.g. EUR');
export const CountryCode = z
  .string()
  .regex(patterns.countryCode, 'must be an ISO 3166 code of 2 capital letters, e.g. DE');

/** Amounts are strings with a dot and at most 3 decimals: "1056", "5768.2", "-1.50". */
export const AmountValue = z
  .string()
  .regex(patterns.amountValue, 'must be a number as a string with "." as decimal separator and at most 3 decimals');

export const Amount = z.object({ currency: CurrencyCode, amount: AmountValue });
export type Amount = z.infer<typeof Amount>;

/** An amount the TPP asks to pay: positive and with no more decimals than the currency has. */
export const InstructedAmount = Amount.superRefine((value, ctx) => {
  // Malformed members are already reported by their own schemas.
  if (!patterns.amountValue.test(value.amount) || !patterns.currencyCode.test(value.currency)) return;
  if (value.amount.startsWith('-') || /^[0.]+$/.test(value.amount)) {
    ctx.addIssue({ code: 'custom', path: ['amount'], message: 'must be greater than zero' });
  } else if (!isAmountValidForCurrency(value.amount, value.currency)) {
    ctx.addIssue({
      code: 'custom',
      path: ['amount'],
      message: `has more decimals than ${value.currency} allows (${currencyMinorUnits(value.currency)})`,
    });
  }
});

/** ISO date YYYY-MM-DD that exists in the calendar. */
export const IsoDate = z.iso.date({ message: 'must be a date in the form YYYY-MM-DD' });
/** RFC 3339 date-time with seconds and a zone (Z or ±hh:mm), as JSON Schema's `date-time` requires. */
export const IsoDateTime = z.iso.datetime({
  offset: true,
  message: 'must be a date-time like 2017-10-25T15:30:35Z (with seconds and a time zone)',
});

export const OtherType = z.object({
  identification: z.string().max(35),
  schemeNameCode: z.string().max(35).optional(),
  schemeNameProprietary: z.string().max(35).optional(),
  issuer: z.string().max(35).optional(),
});
export type OtherType = z.infer<typeof OtherType>;

/** The identifier members of an account reference; the IG expects exactly one of them. */
export const accountReferenceIdentifierKeys = ['iban', 'bban', 'pan', 'maskedPan', 'msisdn', 'other'] as const;
export type AccountReferenceIdentifierKey = (typeof accountReferenceIdentifierKeys)[number];

const accountReferenceShape = {
  iban: IbanSyntax.optional(),
  bban: Bban.optional(),
  pan: z.string().max(35).optional(),
  maskedPan: z.string().max(35).optional(),
  msisdn: z.string().max(35).optional(),
  other: OtherType.optional(),
  currency: CurrencyCode.optional(),
  cashAccountType: z.string().optional(),
};

/** Account reference as the schema defines it (no required member, IBAN syntax only). For responses. */
export const AccountReference = z.object(accountReferenceShape);
export type AccountReference = z.infer<typeof AccountReference>;

/** Account reference in a request: exactly one identifier, and an IBAN must pass its checksum. */
export const AccountReferenceRequest = z
  .object({ ...accountReferenceShape, iban: Iban.optional() })
  .superRefine((ref, ctx) => {
    const present = accountReferenceIdentifierKeys.filter((key) => ref[key] !== undefined);
    if (present.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `needs an account identifier: one of ${accountReferenceIdentifierKeys.join(', ')}`,
      });
    } else if (present.length > 1) {
      ctx.addIssue({
        code: 'custom',
        path: [present[1] ?? ''],
        message: `must contain exactly one account identifier, found ${present.join(' and ')}`,
      });
    }
  });

/** The identifier value of a reference (IBAN, BBAN, PAN, masked PAN, MSISDN or other.identification). */
export function accountReferenceIdentifier(ref: AccountReference): string | undefined {
  return ref.iban ?? ref.bban ?? ref.pan ?? ref.maskedPan ?? ref.msisdn ?? ref.other?.identification;
}

/** A comparison key such as "iban:DE89…" so that an IBAN and an equal-looking BBAN never match. */
export function accountReferenceKey(ref: AccountReference): string | undefined {
  const kind = accountReferenceIdentifierKeys.find((key) => ref[key] !== undefined);
  const id = accountReferenceIdentifier(ref);
  return kind && id !== undefined ? `${kind}:${id}` : undefined;
}

export const Address = z.object({
  streetName: z.string().max(70).optional(),
  buildingNumber: z.string().optional(),
  townName: z.string().optional(),
  postCode: z.string().optional(),
  country: CountryCode,
});
export type Address = z.infer<typeof Address>;

export const AccountOwner = z.object({ name: z.string().max(70), role: z.string().max(35).optional() });
export type AccountOwner = z.infer<typeof AccountOwner>;

/**
 * A link. The spec leaves `href` optional, but a link without one is useless, so it is required here: a bank that
 * sends `{}` as a link is reported.
 */
export const HrefType = z.object({ href: z.string() });
export type HrefType = z.infer<typeof HrefType>;

/** Any `_links` object: every member is a link. */
export const Links = z.record(z.string(), HrefType);
export type Links = z.infer<typeof Links>;

type OptionalLinkShape<N extends string> = { [K in N]: z.ZodOptional<typeof HrefType> };
type RequiredLinkShape<N extends string> = { [K in N]: typeof HrefType };

/**
 * A `_links` schema with the spec's named links typed, and further links allowed (every 1.3.12 `_links` object has
 * `additionalProperties: hrefType`).
 */
export function linksSchema<const N extends string, const R extends string = never>(
  names: readonly N[],
  required: readonly R[] = [],
) {
  const shape: Record<string, z.ZodType> = {};
  for (const name of names) shape[name] = HrefType.optional();
  for (const name of required) shape[name] = HrefType;
  return z.object(shape as OptionalLinkShape<Exclude<N, R>> & RequiredLinkShape<R>).catchall(HrefType);
}

/** "DE89 3704 0044 0532 0130 00" → "DE89370400440532013000". */
export function electronicIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** True when `value` is an IBAN in electronic form with a correct checksum. Normalise with electronicIban first. */
export function isValidIban(value: string): boolean {
  return patterns.iban.test(value) && ibanProblem(value) === undefined;
}

/** Groups of four for display: "DE89 3704 0044 0532 0130 00". */
export function formatIban(value: string): string {
  return electronicIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}

/** IBANs in groups of four; anything that is not a valid IBAN is shown exactly as the bank sent it. */
export function displayIban(value: string): string {
  return isValidIban(value) ? formatIban(value) : value;
}

// ISO 4217 exponents that differ from 2. Not exhaustive for exotic currencies, which fall back to 2.
const minorUnitExceptions: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
};

/** Number of decimals of a currency (ISO 4217 exponent). */
export function currencyMinorUnits(currency: string): number {
  return minorUnitExceptions[currency] ?? 2;
}

/** True when `amount` matches the amount pattern and has no more decimals than `currency` allows. */
export function isAmountValidForCurrency(amount: string, currency: string): boolean {
  if (!patterns.amountValue.test(amount)) return false;
  const decimals = amount.split('.')[1]?.length ?? 0;
  return decimals <= currencyMinorUnits(currency);
}

/**
 * Localised display of an amount, e.g. formatAmount("-1.5", "EUR", "de-DE") → "-1,50 €". Takes what the bank sent:
 * a JSON number is formatted from its digits, anything else that is not an amount is shown as it came.
 */
export function formatAmount(amount: unknown, currency: unknown, locale?: string): string {
  const { text } = readAmountValue(amount);
  const code = typeof currency === 'string' ? currency : currency === undefined ? '' : jsonText(currency);
  const raw = code ? `${text} ${code}` : text;
  if (!patterns.amountValue.test(text)) return raw;
  const decimals = text.split('.')[1]?.length ?? 0;
  const minor = currencyMinorUnits(code);
  try {
    const format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: minor,
      maximumFractionDigits: Math.max(minor, decimals),
    });
    // A string keeps all 17 possible digits exact; converting to number would round large amounts.
    return format.format(text as Intl.StringNumericLiteral);
  } catch {
    return raw; // a currency Intl rejects: show it raw rather than fail
  }
}
