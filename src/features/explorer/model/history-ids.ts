// The payments and consents this browser created for a profile, read from the histories the payment and consent pages
// keep (only the ids: the rest of an entry is theirs to read).
import { useMemo, useSyncExternalStore } from 'react';
import { browserStorage, createHistory, read } from '../../../flows/history';
import type { HistoryIds } from './known-ids';

const LIMIT = 200;
const created = { createdAt: read.number };
const paymentIds = read.object({ ...created, paymentId: read.string, service: read.string, product: read.string });
const consentIds = read.object({ ...created, consentId: read.string });
const payments = createHistory(browserStorage, {
  prefix: 'xs2a-console:payments:',
  limit: LIMIT,
  read: paymentIds,
  refOf: (entry) => entry.paymentId,
  matches: (entry, ref) => entry.paymentId === ref,
});
const consents = createHistory(browserStorage, {
  prefix: 'xs2a-console:consents:',
  limit: LIMIT,
  read: consentIds,
  refOf: (entry) => entry.consentId,
  matches: (entry, ref) => entry.consentId === ref,
});

const subscribe = (listener: () => void) => {
  const stopPayments = payments.subscribe(listener);
  const stopConsents = consents.subscribe(listener);
  return () => {
    stopPayments();
    stopConsents();
  };
};

export function useHistoryIds(profileId: string): HistoryIds {
  // The lists' text is the snapshot: a new array each read must not count as a change.
  const snapshot = useSyncExternalStore(subscribe, () =>
    JSON.stringify([payments.list(profileId), consents.list(profileId)]),
  );
  return useMemo(() => {
    const [paymentList, consentList] = JSON.parse(snapshot) as [HistoryIds['payments'], HistoryIds['consents']];
    return { payments: paymentList, consents: consentList };
  }, [snapshot]);
}
