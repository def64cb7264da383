// Card transactions as the account table's rows: the merchant as the other side, and what a card statement says in
// plain words (where, the merchant's own amount and currency, the rate, the markup fee, whether it is invoiced) as
// the row's text, so the table, its filter and sort and the CSV export read them as they read an account's entries.
import { readAmountValue, type CardAccountReport, type CardTransaction, type Transaction } from '../../../xs2a';
import { toRow, type ReportRows, type RowStatus, type TransactionRow } from './transaction-rows';

/** An amount as text with its currency, whatever JSON type the bank sent the amount as. */
function amountText(amount: { amount?: unknown; currency?: unknown } | undefined): string | undefined {
  if (!amount) return undefined;
  const value = readAmountValue(amount.amount).text;
  return value
    ? `${value.replace(/^-/, '')} ${typeof amount.currency === 'string' ? amount.currency : ''}`.trim()
    : undefined;
}

/** Where the card was used: the merchant's town and country. */
function placeOf(t: CardTransaction): string | undefined {
  const address = t.cardAcceptorAddress;
  const parts = [address?.townName, address?.country].filter((part) => typeof part === 'string' && part !== '');
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** A purchase in another currency: what the merchant charged, the rate and the bank's markup fee. */
function exchangeWords(t: CardTransaction): string | undefined {
  const original = amountText(t.originalAmount);
  if (!original) return undefined;
  const rate = t.currencyExchange?.[0];
  const words = [`charged ${original} by the merchant`];
  if (rate?.exchangeRate)
    words.push(
      `at ${rate.exchangeRate} ${rate.targetCurrency ?? ''} per ${rate.unitCurrency ?? ''}`.replace(/ +/g, ' '),
    );
  const fee = amountText(t.markupFee);
  if (fee) words.push(`markup fee ${fee}${t.markupFeePercentage ? ` (${t.markupFeePercentage} %)` : ''}`);
  return words.join(', ');
}

/** What a card statement says of a transaction beyond its merchant and amount, in plain words. */
export function cardTransactionWords(t: CardTransaction): string {
  const invoiced = t.invoiced === true ? 'on a statement' : t.invoiced === false ? 'not invoiced yet' : undefined;
  return [
    placeOf(t),
    exchangeWords(t),
    t.merchantCategoryCode && `merchant category ${t.merchantCategoryCode}`,
    invoiced,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The merchant: its name as the statement prints it, else its acceptor id. */
export const merchantOf = (t: CardTransaction) => t.transactionDetails ?? t.cardAcceptorId;

/** One card transaction as a row of the account table (its entry as an account report would carry it). */
export function cardRow(t: CardTransaction, status: RowStatus, fallbackKey: string): TransactionRow {
  const merchant = merchantOf(t);
  const debit = readAmountValue(t.transactionAmount?.amount).text.trim().startsWith('-');
  const entry: Transaction = {
    transactionAmount: t.transactionAmount,
    ...(t.cardTransactionId !== undefined && { transactionId: t.cardTransactionId }),
    ...(t.bookingDate !== undefined && { bookingDate: t.bookingDate }),
    ...((t.transactionDate ?? t.valueDate) !== undefined && { valueDate: t.transactionDate ?? t.valueDate }),
    ...(merchant !== undefined && (debit ? { creditorName: merchant } : { debtorName: merchant })),
    remittanceInformationUnstructured: cardTransactionWords(t),
  };
  return toRow(entry, status, fallbackKey);
}

/** The booked and pending card transactions of one report page, in the bank's order, with each row's card transaction. */
export function rowsOfCardReport(report: CardAccountReport | undefined): {
  rows: ReportRows;
  byKey: Map<string, CardTransaction>;
} {
  const byKey = new Map<string, CardTransaction>();
  const rowsOf = (list: CardTransaction[] | undefined, status: RowStatus) =>
    (list ?? []).map((t, i) => {
      const row = cardRow(t, status, String(i));
      byKey.set(row.key, t);
      return row;
    });
  return { rows: { pending: rowsOf(report?.pending, 'pending'), booked: rowsOf(report?.booked, 'booked') }, byKey };
}
