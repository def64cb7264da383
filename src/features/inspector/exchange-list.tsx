// The exchanges as a list of selectable rows, either grouped by flow or all in one list; status polling that got the
// same answer again and again is one row that opens to its reads.
import { useState } from 'react';
import type { Exchange, FoldedReads } from '../../api';
import { cx, focusRing } from '../../components/ui';
import { ExportTestButton, isExportableFlow, SuiteCheckbox, SuiteExportBar } from '../../flows/test-export';
import { groupByFlow } from './exchange-filters';
import { KeepToggle } from './keep-toggle';
import { ExchangeStatusBadge, formatDuration, formatTime, listPath } from './exchange-status';
import { collapsePolling, type ListItem } from './polling';

const rowClass = cx(
  'grid w-full grid-cols-[3rem_1fr_auto] sm:grid-cols-[3.5rem_1fr_auto] items-center gap-x-2 gap-y-0.5 rounded px-2 py-1.5 text-left text-sm',
  focusRing,
);

function ExchangeRow({
  exchange,
  selected,
  onSelect,
}: {
  exchange: Exchange;
  selected: boolean;
  onSelect: (id: string) => void;
}) {
  return (
    <li>
      <button
        type="button"
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(exchange.id)}
        title={exchange.request.url}
        className={cx(rowClass, selected ? 'bg-blue-50 ring-1 ring-blue-400 ring-inset' : 'hover:bg-slate-100')}
      >
        <span className="font-mono text-xs font-semibold text-slate-700">{exchange.request.method}</span>
        <span className="min-w-0 font-mono text-xs break-all text-slate-900">{listPath(exchange.request.url)}</span>
        <ExchangeStatusBadge exchange={exchange} />
        <span className="col-start-2 text-xs text-slate-600">
          {exchange.operationId} · {formatDuration(exchange)} · {formatTime(exchange.startedAt)}
          {exchange.deviations.length > 0 && (
            <span className="ml-1 font-medium text-amber-800">
              · <span aria-hidden="true">⚠</span> deviates
            </span>
          )}
          {exchange.triedAgain && <span className="ml-1"> · tried again</span>}
          {exchange.folded && <span className="ml-1"> · {foldedWords(exchange.folded)}</span>}
        </span>
      </button>
    </li>
  );
}

/** The reads the log folded into an entry, in a few words. */
export function foldedWords({ count }: FoldedReads): string {
  return `+ ${count} earlier ${count === 1 ? 'read' : 'reads'} with the same answer`;
}

interface RowsProps {
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** A run of status reads with the same answer: one row, opened to its reads (and open while one of them is selected). */
export function PollingRow({
  item,
  selectedId,
  onSelect,
}: RowsProps & { item: Extract<ListItem, { kind: 'polling' }> }) {
  const holdsSelected = item.exchanges.some((exchange) => exchange.id === selectedId);
  const [open, setOpen] = useState(holdsSelected);
  // A read selected from elsewhere (a link to it) opens the row, so the selection is in view.
  const [held, setHeld] = useState(holdsSelected);
  if (held !== holdsSelected) {
    setHeld(holdsSelected);
    if (holdsSelected) setOpen(true);
  }
  const first = item.exchanges[0];
  const last = item.exchanges.at(-1);
  if (!first || !last) return null;
  const times = [formatTime(first.startedAt), formatTime(last.startedAt)].sort();
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        title={first.request.url}
        className={cx(rowClass, 'hover:bg-slate-100')}
      >
        <span className="font-mono text-xs font-semibold text-slate-700">{first.request.method}</span>
        <span className="min-w-0 font-mono text-xs break-all text-slate-900">{listPath(first.request.url)}</span>
        <ExchangeStatusBadge exchange={last} />
        <span className="col-start-2 text-xs text-slate-700">
          <span aria-hidden="true">{open ? '▾' : '▸'} </span>
          <span className="font-medium">
            Status read {item.reads} times, unchanged{item.value && ` (${item.value})`}
          </span>
          <span className="text-slate-600">
            {' '}
            · {first.operationId} · {times[0]}–{times[1]}
          </span>
        </span>
      </button>
      {open && (
        <ul aria-label={`The ${item.reads} status reads`} className="mt-0.5 ml-3 border-l border-slate-200 pl-2">
          {item.exchanges.map((exchange) => (
            <ExchangeRow
              key={exchange.id}
              exchange={exchange}
              selected={exchange.id === selectedId}
              onSelect={onSelect}
            />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The rows of `exchanges` in the order given, status polling folded. */
function ExchangeRows({ exchanges, selectedId, onSelect }: RowsProps & { exchanges: Exchange[] }) {
  return collapsePolling(exchanges).map((item) =>
    item.kind === 'exchange' ? (
      <ExchangeRow
        key={item.exchange.id}
        exchange={item.exchange}
        selected={item.exchange.id === selectedId}
        onSelect={onSelect}
      />
    ) : (
      <PollingRow key={item.exchanges[0]?.id} item={item} selectedId={selectedId} onSelect={onSelect} />
    ),
  );
}

export function ExchangeList({
  exchanges,
  view,
  selectedId,
  onSelect,
}: {
  /** Oldest first. */
  exchanges: Exchange[];
  view: 'flow' | 'all';
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  if (view === 'all') {
    return (
      <ul aria-label="Exchanges, newest first" className="space-y-0.5">
        <ExchangeRows exchanges={[...exchanges].reverse()} selectedId={selectedId} onSelect={onSelect} />
      </ul>
    );
  }
  const groups = groupByFlow(exchanges);
  const exportable = groups.flatMap((group) => (isExportableFlow(group.flow) ? [group.flow] : []));
  const choose = (flow: string, on: boolean) =>
    setChosen((current) => (on ? [...current.filter((f) => f !== flow), flow] : current.filter((f) => f !== flow)));
  return (
    <div className="space-y-4">
      <SuiteExportBar flows={exportable} chosen={chosen.filter((flow) => exportable.includes(flow))} />
      {groups.map((group) => (
        <section key={group.flow ?? ''} aria-label={group.label}>
          <div className="mb-1 flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-slate-200 pb-1">
            <h3 className="flex min-w-48 flex-1 items-baseline gap-2 text-sm font-semibold text-slate-800">
              <span className="min-w-0 break-all">{group.label}</span>
              <span className="shrink-0 text-xs font-normal text-slate-600">
                {group.exchanges.length} {group.exchanges.length === 1 ? 'exchange' : 'exchanges'}
              </span>
            </h3>
            {group.flow !== undefined && <KeepToggle unit={group.flow} label={group.label} />}
            {isExportableFlow(group.flow) && (
              <>
                <SuiteCheckbox
                  flow={group.flow}
                  label={group.label}
                  chosen={chosen.includes(group.flow)}
                  onChange={choose}
                />
                <ExportTestButton flow={group.flow} variant="ghost" />
              </>
            )}
          </div>
          <ul className="space-y-0.5">
            <ExchangeRows exchanges={group.exchanges} selectedId={selectedId} onSelect={onSelect} />
          </ul>
        </section>
      ))}
    </div>
  );
}
