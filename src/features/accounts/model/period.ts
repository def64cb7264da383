// The transaction report's period: dates as the bank reads them (YYYY-MM-DD, the bank's calendar day).
import { addDays } from '../../../api';

export const DEFAULT_PERIOD_DAYS = 90;

/** The last 90 days up to `today`, the bank's calendar day (bankToday), not the browser's. */
export function defaultPeriod(today: string): { dateFrom: string; dateTo: string } {
  return { dateFrom: addDays(today, -DEFAULT_PERIOD_DAYS), dateTo: today };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
