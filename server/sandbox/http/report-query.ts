// The query of a transaction report (of an account or a card account) as sent: the domain checks it.
import type { Context } from 'hono';
import type { TransactionQuery } from '../domain/accounts';
import type { Env } from './respond';

export function reportQuery(c: Context<Env>): TransactionQuery {
  const q = (name: string) => c.req.query(name);
  return {
    bookingStatus: q('bookingStatus'),
    dateFrom: q('dateFrom'),
    dateTo: q('dateTo'),
    withBalance: q('withBalance'),
    page: q('page'),
    pageSize: q('pageSize'),
    entryReferenceFrom: q('entryReferenceFrom'),
    deltaList: q('deltaList'),
  };
}
