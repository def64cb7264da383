// The payments, consents and signing baskets this browser created for a profile, read from the histories their pages
// keep (the ids, and whether a payment or consent still awaits its authorisation: the rest of an entry is theirs to
// read).
import { useMemo, useSyncExternalStore } from 'react';
import {
  browserStorage,
  consentAwaits,
  createHistory,
  historyPrefixes,
  paymentAwaits,
  read,
  statusTimeline,
  type Reader,
} from '../../../flows/history';
import type { HistoryIds } from './known-ids';

const LIMIT = 200;
const created = { createdAt: read.number };
const statuses = read.withDefault(statusTimeline, []);
const paymentIds = read.object({
  ...created,
  paymentId: read.string,
  service: read.string,
  product: read.string,
  transactionStatus: read.optional(read.string),
  statuses,
});
const consentIds = read.object({ ...created, consentId: read.string, consentStatus: read.optional(read.string) });
const basketIds = read.object({ ...created, basketId: read.string });
/** A history read for its entries' ids, each named by the id `idOf` gives. */
const idHistory = <T extends { createdAt: number }>(prefix: string, reader: Reader<T>, idOf: (entry: T) => string) =>
  createHistory(browserStorage, {
    prefix,
    limit: LIMIT,
    read: reader,
    refOf: idOf,
    matches: (entry, ref) => idOf(entry) === ref,
  });
const payments = idHistory(historyPrefixes.payments, paymentIds, (entry) => entry.paymentId);
const consents = idHistory(historyPrefixes.consents, consentIds, (entry) => entry.consentId);
const baskets = idHistory(historyPrefixes.baskets, basketIds, (entry) => entry.basketId);
const histories = [payments, consents, baskets];

const subscribe = (listener: () => void) => {
  const stops = histories.map((history) => history.subscribe(listener));
  return () => stops.forEach((stop) => stop());
};

export function useHistoryIds(profileId: string): HistoryIds {
  // The lists' text is the snapshot: a new array each read must not count as a change.
  const snapshot = useSyncExternalStore(subscribe, () =>
    JSON.stringify({
      payments: payments.list(profileId).map(({ paymentId, service, product, ...entry }) => ({
        paymentId,
        service,
        product,
        awaits: paymentAwaits(entry),
      })),
      consents: consents
        .list(profileId)
        .map(({ consentId, ...entry }) => ({ consentId, awaits: consentAwaits(entry) })),
      baskets: baskets.list(profileId).map(({ basketId }) => ({ basketId })),
    }),
  );
  return useMemo(() => JSON.parse(snapshot) as HistoryIds, [snapshot]);
}
