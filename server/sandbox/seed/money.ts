// Amounts are kept in minor units (integers) while building and written as spec amount strings.

const decimals: Record<string, number> = { EUR: 2, USD: 2, GBP: 2 };

export function minorDigits(currency: string): number {
  const digits = decimals[currency];
  if (digits === undefined) throw new Error(`No decimals known for ${currency}`);
  return digits;
}

/** -1234 → "-12.34" for EUR: a signed string with the currency's decimals, as the spec's Amount wants. */
export function formatAmount(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const unit = 10 ** digits;
  const whole = Math.floor(abs / unit);
  const fraction = String(abs % unit).padStart(digits, '0');
  return digits === 0 ? `${sign}${whole}` : `${sign}${whole}.${fraction}`;
}

/** "1234.5" / "-12.34" → minor units. */
export function parseAmount(amount: string, currency: string): number {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!match) throw new Error(`Not an amount: ${amount}`);
  const digits = minorDigits(currency);
  const fraction = (match[3] ?? '').padEnd(digits, '0');
  if (fraction.length > digits) throw new Error(`Too many decimals for ${currency}: ${amount}`);
  const value = Number(match[2]) * 10 ** digits + Number(fraction || '0');
  return match[1] === '-' ? -value : value;
}

/** German notation for remittance texts: 1234.5 EUR → "1.234,50". */
export function germanAmount(minor: number): string {
  const abs = Math.abs(minor);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${whole},${String(abs % 100).padStart(2, '0')}`;
}
