// The loaded transactions as one virtualized table: pending and booked in two groups, sortable columns, and only the
// rows in view (plus a margin) in the DOM, so 10,000 entries scroll as smoothly as 10.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useBankDataDisplay } from '../../../api';
import { cx, focusRing } from '../../../components/ui';
import type { RowSort, SortKey } from '../model/filter-sort';
import { displayAmount, displayCount, displayIban } from '../model/format';
import { DeviationMark } from './deviation-mark';
import { isDebit, type RowStatus, type TransactionRow } from '../model/transaction-rows';

const ROW_HEIGHT = 52;
const GROUP_HEIGHT = 36;

/** Narrow screens drop the remittance column (its start goes under the counterparty), so the table fits. */
const WIDE_QUERY = '(min-width: 640px)';

function subscribeWide(listener: () => void) {
  const list = window.matchMedia(WIDE_QUERY);
  list.addEventListener('change', listener);
  return () => list.removeEventListener('change', listener);
}

function useWide(): boolean {
  return useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE_QUERY).matches,
    () => true,
  );
}

/** User Timing mark set once the table's rows have been painted (read by bench/transactions-paint.ts). */
export const ROWS_PAINTED_MARK = 'xs2a:transactions:rows-painted';

type Item = { kind: 'group'; status: RowStatus; count: number } | { kind: 'row'; row: TransactionRow };

const groupLabels: Record<RowStatus, string> = { pending: 'Pending', booked: 'Booked' };

function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
  className,
}: {
  label: string;
  sortKey: SortKey;
  sort: RowSort | undefined;
  onSort: (key: SortKey) => void;
  className?: string;
}) {
  const active = sort?.key === sortKey ? sort.direction : undefined;
  return (
    <th scope="col" aria-sort={active ?? 'none'} className={cx('p-0 font-medium', className)}>
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className={cx(
          'flex w-full items-center gap-1 px-2 py-2 text-left hover:bg-slate-200',
          className?.includes('text-right') && 'justify-end',
          focusRing,
        )}
      >
        {label}
        <span aria-hidden="true" className={active ? 'text-slate-900' : 'text-slate-400'}>
          {active === 'ascending' ? '▲' : active === 'descending' ? '▼' : '↕'}
        </span>
        {active && <span className="sr-only">, sorted {active}</span>}
      </button>
    </th>
  );
}

function Amount({ row }: { row: TransactionRow }) {
  const debit = isDebit(row.amount);
  return (
    <>
      <span className={cx('font-medium tabular-nums', debit ? 'text-red-800' : 'text-green-800')}>
        {row.currency ? displayAmount(row.amount, row.currency) : row.amount}
      </span>
      {row.amountDeviation && <DeviationMark text={`amount ${row.amount}: ${row.amountDeviation}`} />}
    </>
  );
}

/** The groups the report asked for, each with its header item and its rows. */
function tableItems(
  pending: readonly TransactionRow[],
  booked: readonly TransactionRow[],
  showGroups: readonly RowStatus[],
): Item[] {
  const list: Item[] = [];
  for (const [status, rows] of [
    ['pending', pending],
    ['booked', booked],
  ] as const) {
    if (!showGroups.includes(status)) continue;
    list.push({ kind: 'group', status, count: rows.length });
    for (const row of rows) list.push({ kind: 'row', row });
  }
  return list;
}

/**
 * After each change of the rows, a mark once the frame that shows them has been painted: a task posted from a
 * requestAnimationFrame callback runs after that frame's rendering.
 */
function usePaintedMark(rowCount: number) {
  useEffect(() => {
    let channel: MessageChannel | undefined;
    const frame = requestAnimationFrame(() => {
      channel = new MessageChannel();
      channel.port1.onmessage = () => {
        performance.mark(ROWS_PAINTED_MARK, { detail: { rows: rowCount } });
        channel?.port1.close();
      };
      channel.port2.postMessage(null);
    });
    return () => {
      cancelAnimationFrame(frame);
      channel?.port1.close();
    };
  }, [rowCount]);
}

function TableHead({
  wide,
  sort,
  onSort,
}: {
  wide: boolean;
  sort: RowSort | undefined;
  onSort: (key: SortKey) => void;
}) {
  return (
    <thead className="sticky top-0 z-10 bg-slate-100 text-xs text-slate-700 shadow-[0_1px_0_rgb(203_213_225)]">
      <tr aria-rowindex={1}>
        <SortHeader label="Date" sortKey="date" sort={sort} onSort={onSort} className="w-24 sm:w-28" />
        <SortHeader label="Counterparty" sortKey="counterparty" sort={sort} onSort={onSort} className="sm:w-[32%]" />
        {wide && (
          <th scope="col" className="px-2 py-2 text-left font-medium">
            Remittance information
          </th>
        )}
        <SortHeader label="Amount" sortKey="amount" sort={sort} onSort={onSort} className="w-28 text-right sm:w-36" />
      </tr>
    </thead>
  );
}

function GroupRow({
  status,
  count,
  rowIndex,
  columns,
}: {
  status: RowStatus;
  count: number;
  rowIndex: number;
  columns: number;
}) {
  return (
    <tr aria-rowindex={rowIndex} style={{ height: GROUP_HEIGHT }}>
      <th
        scope="rowgroup"
        colSpan={columns}
        className="border-y border-slate-200 bg-slate-50 px-2 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase"
      >
        {groupLabels[status]} · {displayCount(count)} {count === 1 ? 'entry' : 'entries'}
      </th>
    </tr>
  );
}

function DateCell({ row }: { row: TransactionRow }) {
  return (
    <td className="px-2 whitespace-nowrap tabular-nums">
      {row.date ? <time dateTime={row.date}>{row.date}</time> : '—'}
      {row.dateDeviation && <DeviationMark text={row.dateDeviation} />}
      {row.status === 'pending' && !row.transaction.bookingDate && row.date && (
        <span className="block text-xs text-slate-600">value date</span>
      )}
    </td>
  );
}

function CounterpartyCell({ row, wide }: { row: TransactionRow; wide: boolean }) {
  const display = useBankDataDisplay();
  return (
    <td className="truncate px-2">
      <button
        type="button"
        aria-haspopup="dialog"
        // The row's click handler opens the details; the button makes that reachable by keyboard.
        className={cx(
          'block max-w-full truncate rounded text-left font-medium text-blue-800 underline decoration-blue-300 underline-offset-2',
          focusRing,
        )}
      >
        {row.counterparty === undefined ? '(no counterparty)' : display.name(row.counterparty)}
      </button>
      {wide ? (
        row.counterpartyIban && (
          <span className="block truncate font-mono text-xs text-slate-600">
            {display.account(displayIban(row.counterpartyIban))}
          </span>
        )
      ) : (
        // The mark stays in view beside the text it flags, however much of the text is cut.
        <span className="flex text-xs text-slate-600">
          <span className="min-w-0 truncate">{row.remittance && display.text(row.remittance)}</span>
          {row.remittanceDeviation && <DeviationMark text={row.remittanceDeviation} />}
        </span>
      )}
    </td>
  );
}

function EntryRow({
  row,
  rowIndex,
  wide,
  onOpen,
}: {
  row: TransactionRow;
  rowIndex: number;
  wide: boolean;
  onOpen: (row: TransactionRow) => void;
}) {
  const display = useBankDataDisplay();
  return (
    <tr
      aria-rowindex={rowIndex}
      style={{ height: ROW_HEIGHT }}
      onClick={() => onOpen(row)}
      className="cursor-pointer border-b border-slate-100 align-middle hover:bg-blue-50"
    >
      <DateCell row={row} />
      <CounterpartyCell row={row} wide={wide} />
      {wide && (
        <td className="px-2 text-slate-700">
          <span className="flex items-start">
            <span className="line-clamp-2 min-w-0 break-words">
              {row.remittance ? display.text(row.remittance) : '—'}
            </span>
            {row.remittanceDeviation && <DeviationMark text={row.remittanceDeviation} />}
          </span>
        </td>
      )}
      <td className="px-2 text-right whitespace-nowrap">
        <Amount row={row} />
      </td>
    </tr>
  );
}

/** Stands in for the rows out of view, so the scroll box keeps the whole table's height. */
function PaddingRow({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden="true">
      <td colSpan={columns} style={{ height, padding: 0 }} />
    </tr>
  );
}

export function TransactionsTable({
  pending,
  booked,
  showGroups,
  sort,
  onSort,
  onOpen,
  caption,
}: {
  pending: readonly TransactionRow[];
  booked: readonly TransactionRow[];
  /** Which group headers to show (those the report asked for), even when a group has no rows. */
  showGroups: readonly RowStatus[];
  sort: RowSort | undefined;
  onSort: (key: SortKey) => void;
  onOpen: (row: TransactionRow) => void;
  caption: string;
}) {
  const items = useMemo(() => tableItems(pending, booked, showGroups), [pending, booked, showGroups]);
  const wide = useWide();
  const columns = wide ? 4 : 3;
  const scrollRef = useRef<HTMLDivElement>(null);
  // The console is not built with the React Compiler, and the virtualizer re-renders this component when it scrolls.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (items[index]?.kind === 'group' ? GROUP_HEIGHT : ROW_HEIGHT),
    overscan: 12,
  });
  const virtualItems = virtualizer.getVirtualItems();
  const paddingTop = virtualItems[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (virtualItems[virtualItems.length - 1]?.end ?? 0);
  usePaintedMark(pending.length + booked.length);

  return (
    <div
      ref={scrollRef}
      tabIndex={0}
      role="region"
      aria-label={`${caption} (scrollable)`}
      className={cx('max-h-[min(70vh,40rem)] overflow-auto rounded border border-slate-200 bg-white', focusRing)}
    >
      <table aria-rowcount={items.length + 1} className="w-full table-fixed border-collapse text-sm sm:min-w-[44rem]">
        <caption className="sr-only">{caption}</caption>
        <TableHead wide={wide} sort={sort} onSort={onSort} />
        <tbody>
          <PaddingRow height={paddingTop} columns={columns} />
          {virtualItems.map((virtual) => {
            const item = items[virtual.index];
            const rowIndex = virtual.index + 2;
            if (item?.kind === 'group') {
              const { status, count } = item;
              return (
                <GroupRow key={`group-${status}`} status={status} count={count} rowIndex={rowIndex} columns={columns} />
              );
            }
            return (
              item && <EntryRow key={item.row.key} row={item.row} rowIndex={rowIndex} wide={wide} onOpen={onOpen} />
            );
          })}
          <PaddingRow height={paddingBottom} columns={columns} />
        </tbody>
      </table>
      {items.length === 0 && <p className="p-4 text-sm text-slate-600">No entries.</p>}
    </div>
  );
}
