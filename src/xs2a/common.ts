// Shared data types of 1.3.12 (identifiers, amounts, dates, account references, links) as zod schemas. Their helpers
// live in modules without zod (patterns, iban, amounts, account-references) and are re-exported here.
import * as z from 'zod/mini';
import './zod-messages';
import { accountReferenceIdentifierKeys } from './account-references';
import { currencyMinorUnits, isAmountValidForCurrency } from './amounts';
import { ibanProblem } from './iban';
import { patterns } from './patterns';

export {
  accountReferenceIdentifier,
  accountReferenceIdentifierKeys,
  accountReferenceKey,
  type AccountReferenceIdentifierKey,
} from './account-references';
export { currencyMinorUnits, formatAmount, isAmountValidForCurrency } from './amounts';
export { displayIban, electronicIban, formatIban, ibanCheckDigitsHold } from './iban-format';
export { isValidIban } from './iban';
export { patterns } from './patterns';

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

const IBAN_FORMAT_MESSAGE =
  'must be an IBAN in electronic format: country code, 2 check digits, up to 30 letters or digits, no spaces';

/** IBAN syntax only, as the spec defines it. Used in response schemas: a checksum error is not a 1.3.12 deviation. */
export const IbanSyntax = z.string().check(z.regex(patterns.iban, IBAN_FORMAT_MESSAGE));

/** IBAN for request bodies: the spec's pattern (anchored) plus the ISO 13616 checksum and country format. */
export const Iban = IbanSyntax.check(
  z.superRefine((value, ctx) => {
    if (!patterns.iban.test(value)) return; // already reported by the pattern
    const problem = ibanProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
);

export const Bban = z.string().check(z.regex(patterns.bban, 'must be 1 to 30 letters or digits'));
export const Bicfi = z.string().check(z.regex(patterns.bicfi, 'must be a BIC of 8 or 11 characters, e.g. AAAADEBBXXX'));
export const CurrencyCode = z
  .string()
  .check(z.regex(patterns.currencyCode, 'must be an ISO 4217 code of 3 capital letters, e.g. EUR'));
export const CountryCode = z
  .string()
  .check(z.regex(patterns.countryCode, 'must be an ISO 3166 code of 2 capital letters, e.g. DE'));

/** Amounts are strings with a dot and at most 3 decimals: "1056", "5768.2", "-1.50". */
export const AmountValue = z
  .string()
  .check(
    z.regex(patterns.amountValue, 'must be a number as a string with "." as decimal separator and at most 3 decimals'),
  );

export const Amount = z.object({ currency: CurrencyCode, amount: AmountValue });
export type Amount = z.infer<typeof Amount>;

/** An amount the TPP asks to pay: positive and with no more decimals than the currency has. */
export const InstructedAmount = Amount.check(
  z.superRefine((value, ctx) => {
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
  }),
);

/** ISO date YYYY-MM-DD that exists in the calendar. */
export const IsoDate = z.iso.date({ message: 'must be a date in the form YYYY-MM-DD' });
/** RFC 3339 date-time with seconds and a zone (Z or ±hh:mm), as JSON Schema's `date-time` requires. */
export const IsoDateTime = z.iso.datetime({
  offset: true,
  message: 'must be a date-time like 2017-10-25T15:30:35Z (with seconds and a time zone)',
});

export const OtherType = z.object({
  identification: z.string().check(z.maxLength(35)),
  schemeNameCode: z.optional(z.string().check(z.maxLength(35))),
  schemeNameProprietary: z.optional(z.string().check(z.maxLength(35))),
  issuer: z.optional(z.string().check(z.maxLength(35))),
});
export type OtherType = z.infer<typeof OtherType>;

const accountReferenceShape = {
  iban: z.optional(IbanSyntax),
  bban: z.optional(Bban),
  pan: z.optional(z.string().check(z.maxLength(35))),
  maskedPan: z.optional(z.string().check(z.maxLength(35))),
  msisdn: z.optional(z.string().check(z.maxLength(35))),
  other: z.optional(OtherType),
  currency: z.optional(CurrencyCode),
  cashAccountType: z.optional(z.string()),
};

/** Account reference as the schema defines it (no required member, IBAN syntax only). For responses. */
export const AccountReference = z.object(accountReferenceShape);
export type AccountReference = z.infer<typeof AccountReference>;

/** Account reference in a request: exactly one identifier, and an IBAN must pass its checksum. */
export const AccountReferenceRequest = z.object({ ...accountReferenceShape, iban: z.optional(Iban) }).check(
  z.superRefine((ref, ctx) => {
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
  }),
);

export const Address = z.object({
  streetName: z.optional(z.string().check(z.maxLength(70))),
  buildingNumber: z.optional(z.string()),
  townName: z.optional(z.string()),
  postCode: z.optional(z.string()),
  country: CountryCode,
});
export type Address = z.infer<typeof Address>;

export const AccountOwner = z.object({
  name: z.string().check(z.maxLength(70)),
  role: z.optional(z.string().check(z.maxLength(35))),
});
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

type OptionalLinkShape<N extends string> = { [K in N]: z.ZodMiniOptional<typeof HrefType> };
type RequiredLinkShape<N extends string> = { [K in N]: typeof HrefType };

/**
 * A `_links` schema with the spec's named links typed, and further links allowed (every 1.3.12 `_links` object has
 * `additionalProperties: hrefType`).
 */
export function linksSchema<const N extends string, const R extends string = never>(
  names: readonly N[],
  required: readonly R[] = [],
) {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const name of names) shape[name] = z.optional(HrefType);
  for (const name of required) shape[name] = HrefType;
  return z.catchall(z.object(shape as OptionalLinkShape<Exclude<N, R>> & RequiredLinkShape<R>), HrefType);
}
