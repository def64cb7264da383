// The transaction report's query (period, booking status, withBalance) as it is kept in the page's URL.
import { defaultPeriod, isIsoDate } from './period';

export type ReportBookingStatus = 'both' | 'booked' | 'pending';
export const reportBookingStatuses: readonly ReportBookingStatus[] = ['both', 'booked', 'pending'];

export interface ReportQuery {
  dateFrom: string;
  dateTo: string;
  bookingStatus: ReportBookingStatus;
  withBalance: boolean;
}

/**
 * The query in the URL; anything missing or malformed falls back to the last 90 days up to `today` (the bank's day,
 * bankToday), both statuses.
 */
export function reportQueryFrom(params: URLSearchParams, today: string): ReportQuery {
  const period = defaultPeriod(today);
  const dateFrom = params.get('dateFrom');
  const dateTo = params.get('dateTo');
  const status = params.get('bookingStatus');
  return {
    dateFrom: dateFrom && isIsoDate(dateFrom) ? dateFrom : period.dateFrom,
    dateTo: dateTo && isIsoDate(dateTo) ? dateTo : period.dateTo,
    bookingStatus: reportBookingStatuses.find((s) => s === status) ?? 'both',
    withBalance: params.get('withBalance') === 'true',
  };
}

export function reportQueryParams(query: ReportQuery): URLSearchParams {
  const params = new URLSearchParams({
    dateFrom: query.dateFrom,
    dateTo: query.dateTo,
    bookingStatus: query.bookingStatus,
  });
  if (query.withBalance) params.set('withBalance', 'true');
  return params;
}

export interface ReportQueryErrors {
  dateFrom?: string;
  dateTo?: string;
}

/** Field messages for a period the bank would refuse anyway. */
export function validateReportQuery(query: { dateFrom: string; dateTo: string }): ReportQueryErrors {
  const errors: ReportQueryErrors = {};
  if (!isIsoDate(query.dateFrom)) errors.dateFrom = 'Enter a date (YYYY-MM-DD); the bank requires dateFrom.';
  if (query.dateTo !== '' && !isIsoDate(query.dateTo)) errors.dateTo = 'Enter a date (YYYY-MM-DD).';
  if (!errors.dateFrom && !errors.dateTo && query.dateTo !== '' && query.dateTo < query.dateFrom) {
    errors.dateTo = 'The period ends before it starts: choose a date on or after the start.';
  }
  return errors;
}
