// What the console says of a card account: its title and facts, card numbers and names as the display mode shows them.
import type { BankDataDisplay } from '../../../api';
import type { KeyValueItem } from '../../../components/ui';
import type { CardAccountDetails } from '../../../xs2a';
import { displayAmount } from '../model/format';

/** The name a person would recognise the card by: the PSU's, the bank's, the product, then its masked number. */
export function cardTitle(
  card: Pick<CardAccountDetails, 'displayName' | 'name' | 'product' | 'maskedPan'>,
  display: BankDataDisplay,
) {
  const name = card.displayName ?? card.name;
  return (
    (name && display.accountName(name)) ??
    card.product ??
    (card.maskedPan && display.account(card.maskedPan)) ??
    'Card account'
  );
}

const usageWords: Record<string, string> = { PRIV: 'Private (PRIV)', ORGA: 'Business (ORGA)' };

export function cardFactItems(card: CardAccountDetails, display: BankDataDisplay): KeyValueItem[] {
  const items: KeyValueItem[] = [];
  const add = (key: string, value: KeyValueItem['value'] | undefined) => {
    if (value !== undefined && value !== null && value !== '') items.push({ key, value });
  };
  add('Card number', card.maskedPan && <span className="font-mono">{display.account(String(card.maskedPan))}</span>);
  add('Currency', card.currency);
  add('Product', card.product);
  add('Credit limit', card.creditLimit && displayAmount(card.creditLimit.amount, card.creditLimit.currency));
  add('Usage', card.usage && (usageWords[card.usage] ?? card.usage));
  add('Owner', card.ownerName && display.person(String(card.ownerName)));
  if (card.debitAccounting !== undefined)
    add('Debits shown', card.debitAccounting ? 'as positive amounts (debitAccounting)' : 'as negative amounts');
  return items;
}
