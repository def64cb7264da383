// Card accounts (1.3.12 /v1/card-accounts): the account reads of domain/accounts.ts over the card accounts' book. A
// consent names a card by its PAN or masked PAN; its grant holds card accounts' resource ids beside the accounts'.
import { AccountReads } from './accounts';
import { CardAccountsStore } from '../store/card-accounts-store';
import type { CardAccountRow, CardTransactionRow } from '../store/schema';
import type { DomainContext } from './context';
import type { ConsentService } from './consents';

export class CardAccountService extends AccountReads<CardAccountRow, CardTransactionRow> {
  constructor(ctx: DomainContext, consents: ConsentService) {
    // bookingStatusCard of 1.3.12 has booked, pending and both only: information and all are no values of it.
    super(ctx, consents, new CardAccountsStore(ctx.db), { noun: 'card account', unofferedBookingStatuses: [] });
  }
}
