// The statuses a signing basket's page reads of its members, written into the members' own histories (the payment and
// consent histories, through createResourceHistory's recordStatus), so that their own pages and lists show that they
// moved on, with the basket named where its authorisation moved them: on the move from a status that awaits the
// authorisation (a settlement after it is the bank's own move). The entries are read through loose readers:
// every member the payment's or consent's own reader keeps is written back as it was, only the status is added.
import { consentStatusVerdict, transactionStatusVerdict } from '../../xs2a/status-maps';
import type { BasketMember } from './basket-candidates';
import { historyPrefixes } from './history-keys';
import { browserStorage, type KeyValueStorage } from './history-store';
import { looseObject, optional, string, type Infer } from './read';
import { createdResourceMembers, createResourceHistory } from './resource-history';

const paymentEntry = looseObject({
  ...createdResourceMembers,
  service: string,
  product: string,
  paymentId: string,
  transactionStatus: optional(string),
});
type PaymentEntry = Infer<typeof paymentEntry>;

const consentEntry = looseObject({
  ...createdResourceMembers,
  consentId: string,
  consentStatus: optional(string),
});
type ConsentEntry = Infer<typeof consentEntry>;

type MemberRef = Pick<BasketMember, 'id' | 'service' | 'product'>;

/** Nothing new is created here: an entry is only ever added by its own area. */
const noCreation = (): never => {
  throw new Error('A basket never creates its members’ entries');
};

/** The members' status recorder over `storage` (the browser's localStorage unless given). */
export function createMemberStatuses(storage: () => KeyValueStorage | undefined = browserStorage) {
  const payments = createResourceHistory(
    {
      statusMember: 'transactionStatus',
      fromCreation: noCreation,
      prefix: historyPrefixes.payments,
      read: paymentEntry,
      refOf: (entry: PaymentEntry): MemberRef => ({ id: entry.paymentId }),
      matches: (entry: PaymentEntry, ref: MemberRef) =>
        entry.paymentId === ref.id &&
        (ref.service === undefined || entry.service === ref.service) &&
        (ref.product === undefined || entry.product === ref.product),
    },
    storage,
  );
  const consents = createResourceHistory(
    {
      statusMember: 'consentStatus',
      fromCreation: noCreation,
      prefix: historyPrefixes.consents,
      read: consentEntry,
      refOf: (entry: ConsentEntry): MemberRef => ({ id: entry.consentId }),
      matches: (entry: ConsentEntry, ref: MemberRef) => entry.consentId === ref.id,
    },
    storage,
  );
  return {
    /**
     * Notes the status the bank reported for a member of a basket in the member's own history (when this browser
     * created it with the profile); `basketId` names the basket whose authorisation moved it, when it did.
     */
    record(
      profileId: string,
      member: Pick<BasketMember, 'kind' | 'id' | 'service' | 'product'>,
      status: string,
      basketId?: string,
      at = Date.now(),
    ): void {
      const [history, verdict] =
        member.kind === 'payment' ? [payments, transactionStatusVerdict] : [consents, consentStatusVerdict];
      const before = history.get(profileId, member)?.statuses.at(-1)?.status;
      const byBasket = before === undefined || verdict(before) === 'waiting';
      history.recordStatus(profileId, member, status, at, byBasket ? { basketId } : {});
    },
  };
}

/** The members' statuses as this browser's payment and consent histories keep them. */
export const memberStatuses = createMemberStatuses();
