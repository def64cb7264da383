// Payments created from this browser, per bank profile, in localStorage: the XS2A interface has no list operation,
// so this is the console's own record of what it initiated, the statuses it saw and the links the bank gave.
import { useMemo } from 'react';
import * as z from 'zod';
import {
  browserStorage,
  createHistory,
  linkMapSchema,
  observeStatus,
  optional,
  statusTimeline,
  useHistoryEntry,
  useHistoryList,
  type KeyValueStorage,
  type LinkMap,
} from '../../../flows/history';

export type { StatusObservation } from '../../../flows/history';

const cancellationRecord = z.object({
  requestedAt: z.number(),
  /** 204: cancelled at once; 202: the cancellation needs an authorisation (links below). */
  httpStatus: z.union([z.literal(204), z.literal(202)]),
  links: optional(linkMapSchema),
  scaApproach: optional(z.string()),
});
export type CancellationRecord = z.infer<typeof cancellationRecord>;

/** What the list and the payment page need; anything else in storage is dropped. */
const paymentHistoryEntry = z.object({
  service: z.string(),
  product: z.string(),
  paymentId: z.string(),
  createdAt: z.number(),
  amount: z.string(),
  currency: z.string(),
  creditorName: z.string(),
  debtorIban: optional(z.string()),
  creditorIban: optional(z.string()),
  /** Last status this browser saw. */
  transactionStatus: optional(z.string()),
  statuses: statusTimeline,
  /** `_links` of the initiation's 201 answer. */
  links: linkMapSchema.catch({}),
  /** ASPSP-SCA-Approach of the 201 answer. */
  scaApproach: optional(z.string()),
  psuMessage: optional(z.string()),
  cancellation: optional(cancellationRecord),
});
export type PaymentHistoryEntry = z.infer<typeof paymentHistoryEntry>;

/** Enough for a long demo session; the oldest entries go first. */
export const HISTORY_LIMIT = 200;

export interface PaymentRef {
  service: string;
  product: string;
  paymentId: string;
}

export function createPaymentHistory(storage: () => KeyValueStorage | undefined) {
  const history = createHistory<PaymentHistoryEntry, PaymentRef>(storage, {
    prefix: 'xs2a-console:payments:',
    limit: HISTORY_LIMIT,
    schema: paymentHistoryEntry,
    refOf: ({ service, product, paymentId }) => ({ service, product, paymentId }),
    matches: (entry, ref) =>
      entry.paymentId === ref.paymentId && entry.service === ref.service && entry.product === ref.product,
  });

  return {
    ...history,

    /** Notes a status the bank reported; only a change from the last one observed adds to the timeline. */
    recordStatus: (profileId: string, ref: PaymentRef, status: string, at = Date.now()) => {
      history.update(profileId, ref, (entry) => {
        const statuses = observeStatus(entry.statuses, status, at);
        if (statuses === entry.statuses && entry.transactionStatus === status) return entry;
        return { ...entry, transactionStatus: status, statuses };
      });
    },

    recordCancellation: (profileId: string, ref: PaymentRef, cancellation: CancellationRecord) => {
      history.update(profileId, ref, (entry) => ({ ...entry, cancellation }));
    },

    /** Debtor IBANs used from this browser with the profile, most recent first, for the form's suggestions. */
    usedDebtorIbans: (profileId: string): string[] => {
      const ibans = history
        .list(profileId)
        .map((entry) => entry.debtorIban)
        .filter((iban): iban is string => !!iban);
      return [...new Set(ibans)];
    },
  };
}

export type PaymentHistory = ReturnType<typeof createPaymentHistory>;

export const paymentHistory: PaymentHistory = createPaymentHistory(browserStorage);

export function usePaymentHistory(profileId: string): PaymentHistoryEntry[] {
  return useHistoryList(paymentHistory, profileId);
}

export function usePaymentHistoryEntry(profileId: string, ref: PaymentRef): PaymentHistoryEntry | undefined {
  const { service, product, paymentId } = ref;
  const stable = useMemo(() => ({ service, product, paymentId }), [service, product, paymentId]);
  return useHistoryEntry(paymentHistory, profileId, stable);
}

/** What the history keeps of a sent body: read leniently, since the JSON view may send a body the schema refuses. */
const sentPayment = z.object({
  instructedAmount: z
    .object({
      amount: z.union([z.string(), z.unknown().transform((amount) => JSON.stringify(amount ?? ''))]),
      currency: z.string().catch(''),
    })
    .catch({ amount: '""', currency: '' }),
  creditorName: z.string().catch('(no creditor name)'),
  debtorAccount: z.object({ iban: optional(z.string()) }).catch({}),
  creditorAccount: z.object({ iban: optional(z.string()) }).catch({}),
});

/** The history's entry for a payment the bank just accepted. */
export function initiatedPaymentEntry(
  ref: PaymentRef,
  body: Record<string, unknown>,
  answer: { transactionStatus: string; links: LinkMap; scaApproach?: string; psuMessage?: string },
  now = Date.now(),
): PaymentHistoryEntry {
  const sent = sentPayment.parse(body);
  const { transactionStatus, links, scaApproach, psuMessage } = answer;
  return {
    ...ref,
    createdAt: now,
    amount: sent.instructedAmount.amount,
    currency: sent.instructedAmount.currency,
    creditorName: sent.creditorName,
    ...(sent.debtorAccount.iban !== undefined && { debtorIban: sent.debtorAccount.iban }),
    ...(sent.creditorAccount.iban !== undefined && { creditorIban: sent.creditorAccount.iban }),
    transactionStatus,
    statuses: [{ status: transactionStatus, at: now }],
    links,
    ...(scaApproach && { scaApproach }),
    ...(psuMessage && { psuMessage }),
  };
}
