// Where the payment, consent and basket histories keep their entries: apart from the readers of basket-candidates.ts,
// so a page that keeps one history (a consent's, for the account pages) does not load the basket's readers with it.

/** The storage key's prefix of each history; the profile id completes the key. */
export const historyPrefixes = {
  payments: 'xs2a-console:payments:',
  consents: 'xs2a-console:consents:',
  baskets: 'xs2a-console:baskets:',
} as const;
