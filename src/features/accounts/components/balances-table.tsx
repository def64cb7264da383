// Balances as a table: every type the bank returns, with a plain label, the amount in its currency and its date.
// On narrow screens the date and the credit limit move under the label and the amount, so no column is cut off.
import { balanceTypeInfo, readAmountValue, readDate, type Balance } from '../../../xs2a';
import { Table, usePresenterView } from '../../../components/ui';
import { DeviationMark } from './deviation-mark';
import { balanceTypeLabel, displayAmount } from '../model/format';

function balanceDate(balance: Balance): unknown {
  return balance.referenceDate ?? balance.lastChangeDateTime;
}

function creditLimit(value: boolean | undefined): string | undefined {
  if (value === undefined) return undefined;
  return value ? 'Included' : 'Not included';
}

/** referenceDate (a date) or lastChangeDateTime (a date-time), read tolerantly: whatever the bank sent is shown. */
function DateText({ value }: { value: unknown }) {
  if (value === undefined || value === null || value === '') return <>—</>;
  const { date, time, text } = readDate(value);
  if (date === undefined) return <>{text}</>;
  return <time dateTime={text}>{time ? `${date} ${time}` : date}</time>;
}

export function BalancesTable({
  balances,
  caption,
  compact = false,
}: {
  balances: readonly Balance[];
  caption: string;
  /** Without the balance types' explanations (e.g. several accounts' balances on one page). */
  compact?: boolean;
}) {
  // Presenter mode names a known balance type in words only; the 1.3.12 name stays for developers.
  const presenting = usePresenterView();
  if (balances.length === 0) {
    return <p className="text-sm text-slate-600">The bank returned no balances.</p>;
  }
  return (
    <Table
      caption={caption}
      columns={[
        { label: 'Balance', className: 'py-1.5 pr-3 font-medium' },
        { label: 'Amount', className: 'py-1.5 pr-3 text-right font-medium' },
        { label: 'Date', className: 'hidden py-1.5 pr-3 font-medium sm:table-cell' },
        { label: 'Credit limit', className: 'hidden py-1.5 font-medium sm:table-cell' },
      ]}
      headClassName="border-b border-slate-300 text-left text-xs text-slate-600"
    >
      {balances.map((balance, index) => {
        // A bank may send a type 1.3.12 does not define.
        const meaning = (balanceTypeInfo as Partial<Record<string, string>>)[balance.balanceType];
        const amount = balance.balanceAmount;
        const date = balanceDate(balance);
        const limit = creditLimit(balance.creditLimitIncluded);
        return (
          <tr key={`${balance.balanceType}-${index}`} className="border-b border-slate-100 align-top">
            <th scope="row" className="py-1.5 pr-3 text-left font-normal">
              <span className="font-medium text-slate-900">{balanceTypeLabel(balance.balanceType)}</span>{' '}
              {!(presenting && meaning) && (
                <code className="font-mono text-xs text-slate-600">{balance.balanceType}</code>
              )}
              {!compact && meaning && <span className="block text-xs text-slate-600">{meaning}</span>}
              {limit && <span className="block text-xs text-slate-600 sm:hidden">Credit limit: {limit}</span>}
            </th>
            <td className="py-1.5 pr-3 text-right whitespace-nowrap tabular-nums">
              <span className="font-medium">{amount ? displayAmount(amount.amount, amount.currency) : '—'}</span>
              {amount && amount.amount !== undefined && readAmountValue(amount.amount).deviation && (
                <DeviationMark
                  text={`balanceAmount.amount ${readAmountValue(amount.amount).text}: ${readAmountValue(amount.amount).deviation}`}
                />
              )}
              <span className="block text-xs text-slate-600 sm:hidden">
                <DateText value={date} />
              </span>
            </td>
            <td className="hidden py-1.5 pr-3 whitespace-nowrap tabular-nums sm:table-cell">
              <DateText value={date} />
            </td>
            <td className="hidden py-1.5 sm:table-cell">{limit ?? '—'}</td>
          </tr>
        );
      })}
    </Table>
  );
}
