// Payments created from this browser, per bank profile, in localStorage: the XS2A interface has no list operation,
// so this is the console's own record of what it initiated, the statuses it saw and the links the bank gave.
import { useMemo } from 'react';
import {
  createdResourceMembers,
  createResourceHistory,
  historyPrefixes,
  linkMapReader,
  read,
  type Infer,
  type KeyValueStorage,
} from '../../../flows/history';

export type { StatusObservation } from '../../../flows/history';

const cancellationRecord = read.object({
  requestedAt: read.number,
  /** 204: cancelled at once; 202: the cancellation needs an authorisation (links below). */
  httpStatus: read.literal([204, 202]),
  links: read.optional(linkMapReader),
  scaApproach: read.optional(read.string),
});
export type CancellationRecord = Infer<typeof cancellationRecord>;

/** What the list and the payment page need; anything else in storage is dropped. */
const paymentHistoryEntry = read.object({
  ...createdResourceMembers,
  service: read.string,
  product: read.string,
  paymentId: read.string,
  amount: read.string,
  currency: read.string,
  creditorName: read.string,
  /** A bulk's: how many payments it orders (amount is their sum, creditorName the first one's). */
  paymentCount: read.optional(read.number),
  debtorIban: read.optional(read.string),
  creditorIban: read.optional(read.string),
  /** Last status this browser saw. */
  transactionStatus: read.optional(read.string),
  cancellation: read.optional(cancellationRecord),
});
export type PaymentHistoryEntry = Infer<typeof paymentHistoryEntry>;

export interface PaymentRef {
  service: string;
  product: string;
  paymentId: string;
}

export function createPaymentHistory(storage?: () => KeyValueStorage | undefined) {
  const history = createResourceHistory(
    {
      statusMember: 'transactionStatus',
      fromCreation: paymentFromCreation,
      prefix: historyPrefixes.payments,
      read: paymentHistoryEntry,
      refOf: ({ service, product, paymentId }: PaymentHistoryEntry): PaymentRef => ({ service, product, paymentId }),
      matches: (entry: PaymentHistoryEntry, ref: PaymentRef) =>
        entry.paymentId === ref.paymentId && entry.service === ref.service && entry.product === ref.product,
    },
    storage,
  );

  return {
    ...history,

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

/** The payments created from this browser, in its localStorage. */
export const paymentHistory: PaymentHistory = createPaymentHistory();

/** The entry of the payment `ref` names, kept current; `ref` need not keep its identity. */
export function usePaymentHistoryEntry(profileId: string, ref: PaymentRef): PaymentHistoryEntry | undefined {
  const { service, product, paymentId } = ref;
  const stable = useMemo(() => ({ service, product, paymentId }), [service, product, paymentId]);
  return paymentHistory.useEntry(profileId, stable);
}

/** What the history keeps of a sent body: read leniently, since the JSON view may send a body the schema refuses. */
const sentPayment = read.object({
  instructedAmount: read.withDefault(
    read.object({
      amount: read.union(
        read.string,
        read.map(read.unknown, (amount) => JSON.stringify(amount ?? '')),
      ),
      currency: read.withDefault(read.string, ''),
    }),
    { amount: '""', currency: '' },
  ),
  creditorName: read.withDefault(read.string, '(no creditor name)'),
  debtorAccount: read.withDefault(read.object({ iban: read.optional(read.string) }), {}),
  creditorAccount: read.withDefault(read.object({ iban: read.optional(read.string) }), {}),
});

/** A bulk as the history keeps it: its payments read like a single payment's body. */
const sentBulk = read.object({ payments: read.listOf(sentPayment) });

/** A bulk's sum in the currency all its payments share; its count alone when they do not share one. */
function bulkSummary(payments: readonly Infer<typeof sentPayment>[]) {
  const [first] = payments;
  const currency = first?.instructedAmount.currency ?? '';
  const same = payments.every(
    (p) => p.instructedAmount.currency === currency && /^\d+(\.\d+)?$/.test(p.instructedAmount.amount),
  );
  const cents = payments.reduce((sum, p) => sum + Math.round(Number(p.instructedAmount.amount) * 100), 0);
  return {
    amount: same ? (cents / 100).toFixed(2) : '',
    currency: same ? currency : '',
    creditorName: first?.creditorName ?? '(no creditor name)',
    paymentCount: payments.length,
  };
}

/** A new entry's own members: the payment's reference and what the body sent says of it. */
function paymentFromCreation(ref: PaymentRef, body: Record<string, unknown>) {
  const sent = read.parse(sentPayment, body);
  if (Array.isArray(body.payments)) {
    const bulk = read.parse(sentBulk, body);
    return {
      ...ref,
      ...bulkSummary(bulk.payments),
      ...(sent.debtorAccount.iban !== undefined && { debtorIban: sent.debtorAccount.iban }),
    };
  }
  return {
    ...ref,
    amount: sent.instructedAmount.amount,
    currency: sent.instructedAmount.currency,
    creditorName: sent.creditorName,
    ...(sent.debtorAccount.iban !== undefined && { debtorIban: sent.debtorAccount.iban }),
    ...(sent.creditorAccount.iban !== undefined && { creditorIban: sent.creditorAccount.iban }),
  };
}
