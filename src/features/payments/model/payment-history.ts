// Payments created from this browser, per bank profile, in localStorage: the XS2A interface has no list operation,
// so this is the console's own record of what it initiated, the statuses it saw and the links the bank gave.
import { useMemo } from 'react';
import * as z from 'zod/mini';
import {
  createdResourceMembers,
  createResourceHistory,
  linkMapSchema,
  optional,
  type KeyValueStorage,
} from '../../../flows/history';

export type { StatusObservation } from '../../../flows/history';

const cancellationRecord = z.object({
  requestedAt: z.number(),
  /** 204: cancelled at once; 202: the cancellation needs an authorisation (links below). */
  httpStatus: z.literal([204, 202]),
  links: optional(linkMapSchema),
  scaApproach: optional(z.string()),
});
export type CancellationRecord = z.infer<typeof cancellationRecord>;

/** What the list and the payment page need; anything else in storage is dropped. */
const paymentHistoryEntry = z.object({
  ...createdResourceMembers,
  service: z.string(),
  product: z.string(),
  paymentId: z.string(),
  amount: z.string(),
  currency: z.string(),
  creditorName: z.string(),
  debtorIban: optional(z.string()),
  creditorIban: optional(z.string()),
  /** Last status this browser saw. */
  transactionStatus: optional(z.string()),
  cancellation: optional(cancellationRecord),
});
export type PaymentHistoryEntry = z.infer<typeof paymentHistoryEntry>;

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
      prefix: 'xs2a-console:payments:',
      schema: paymentHistoryEntry,
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
const sentPayment = z.object({
  instructedAmount: z.catch(
    z.object({
      amount: z.union([
        z.string(),
        z.pipe(
          z.unknown(),
          z.transform((amount) => JSON.stringify(amount ?? '')),
        ),
      ]),
      currency: z.catch(z.string(), ''),
    }),
    { amount: '""', currency: '' },
  ),
  creditorName: z.catch(z.string(), '(no creditor name)'),
  debtorAccount: z.catch(z.object({ iban: optional(z.string()) }), {}),
  creditorAccount: z.catch(z.object({ iban: optional(z.string()) }), {}),
});

/** A new entry's own members: the payment's reference and what the body sent says of it. */
function paymentFromCreation(ref: PaymentRef, body: Record<string, unknown>) {
  const sent = sentPayment.parse(body);
  return {
    ...ref,
    amount: sent.instructedAmount.amount,
    currency: sent.instructedAmount.currency,
    creditorName: sent.creditorName,
    ...(sent.debtorAccount.iban !== undefined && { debtorIban: sent.debtorAccount.iban }),
    ...(sent.creditorAccount.iban !== undefined && { creditorIban: sent.creditorAccount.iban }),
  };
}
