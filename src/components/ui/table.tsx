// A table with a caption for screen readers and one heading row: the console's data tables (balances, the sandbox's
// PSUs, an operation's headers and error statuses) share it, each column saying how its heading cell is laid out.
import type { ReactNode } from 'react';

export interface TableColumn {
  label: ReactNode;
  /** The heading cell's classes (padding, alignment, hidden on narrow screens); "py-1 pr-3 font-medium" by default. */
  className?: string;
}

export interface TableProps {
  /** What the table holds, read by screen readers only. */
  caption: ReactNode;
  columns: readonly TableColumn[];
  /** The table's classes; "w-full border-collapse text-sm" by default. */
  className?: string;
  /** The heading row's classes; a thin line under small grey headings by default. */
  headClassName?: string;
  /** The body's rows. */
  children: ReactNode;
}

export function Table({
  caption,
  columns,
  className = 'w-full border-collapse text-sm',
  headClassName = 'border-b border-slate-200 text-left text-xs text-slate-700',
  children,
}: TableProps) {
  return (
    <table className={className}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className={headClassName}>
          {columns.map((column, index) => (
            <th key={index} scope="col" className={column.className ?? 'py-1 pr-3 font-medium'}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
