// Signing baskets created from this browser, per bank profile, in localStorage: XS2A has no operation that lists
// baskets, so this is the console's own record of what it created, the members it put in, the statuses it saw and the
// links the bank gave.
import {
  basketMembers,
  createdResourceMembers,
  createResourceHistory,
  historyPrefixes,
  read,
  type BasketMember,
  type Infer,
  type KeyValueStorage,
} from '../../../flows/history';

/** What the list and the basket page need; anything else in storage is dropped. */
const basketHistoryEntry = read.object({
  ...createdResourceMembers,
  basketId: read.string,
  members: basketMembers,
  /** Last status this browser saw. */
  transactionStatus: read.optional(read.string),
  /** Deleted from this browser: the bank no longer knows it. */
  deletedAt: read.optional(read.number),
});
export type BasketHistoryEntry = Infer<typeof basketHistoryEntry>;

export function createBasketHistory(storage?: () => KeyValueStorage | undefined) {
  const history = createResourceHistory(
    {
      statusMember: 'transactionStatus',
      fromCreation: basketFromCreation,
      prefix: historyPrefixes.baskets,
      read: basketHistoryEntry,
      refOf: (entry: BasketHistoryEntry) => entry.basketId,
      matches: (entry: BasketHistoryEntry, basketId: string) => entry.basketId === basketId,
    },
    storage,
  );
  return {
    ...history,

    /** Notes the members the basket was made of, as the form named them. */
    recordMembers: (profileId: string, basketId: string, members: BasketMember[]) => {
      history.update(profileId, basketId, (entry) => ({ ...entry, members }));
    },

    /** Notes that the bank answered the DELETE of the basket. */
    recordDeleted: (profileId: string, basketId: string, at = Date.now()) => {
      history.update(profileId, basketId, (entry) => (entry.deletedAt ? entry : { ...entry, deletedAt: at }));
    },
  };
}

export type BasketHistory = ReturnType<typeof createBasketHistory>;

/** The baskets created from this browser, in its localStorage. */
export const basketHistory: BasketHistory = createBasketHistory();

const sentIds = read.withDefault(read.listOf(read.string), []);

/** A new entry's own members: the ids the body sent, named plainly until the form records their words. */
function basketFromCreation(basketId: string, body: Record<string, unknown>) {
  const members: BasketMember[] = [
    ...read.parse(sentIds, body.paymentIds).map((id) => ({ kind: 'payment' as const, id, label: '' })),
    ...read.parse(sentIds, body.consentIds).map((id) => ({ kind: 'consent' as const, id, label: '' })),
  ];
  return { basketId, members };
}
