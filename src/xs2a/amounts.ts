// Amounts: a currency's decimals, whether an amount fits them, and how to show one. Without zod.
import { patterns } from './patterns';
import { jsonText, readAmountValue } from './readers';

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
