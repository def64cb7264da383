// The transaction report's period: dates as the bank reads them (YYYY-MM-DD, the PSU's calendar day).

/** A date in the browser's time zone as YYYY-MM-DD. */
export function isoLocalDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** YYYY-MM-DD plus (or minus) whole days, in calendar arithmetic (no time zone or DST effects). */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export const DEFAULT_PERIOD_DAYS = 90;

/** The last 90 days up to today. */
export function defaultPeriod(today: Date = new Date()): { dateFrom: string; dateTo: string } {
  const dateTo = isoLocalDate(today);
  return { dateFrom: addDays(dateTo, -DEFAULT_PERIOD_DAYS), dateTo };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
