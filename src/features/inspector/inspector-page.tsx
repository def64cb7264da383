// /inspector: every request the console sent and what came back, by flow or all together, secrets redacted.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  exchangeLog,
  MASKED_DISPLAY,
  redactExchange,
  unitKey,
  useAllSessionTokens,
  useExchanges,
  usePresenterMode,
  useProfiles,
  type Exchange,
} from '../../api';
import { cleanExchange } from '../../flows/replay/replay-clean';
import {
  Button,
  cx,
  downloadText,
  ErrorBoundary,
  Field,
  Panel,
  Select,
  TextInput,
  DocumentTitle,
} from '../../components/ui';
import { ExchangeDetail } from './exchange-detail';
import { ExchangeList } from './exchange-list';
import { filterExchanges, statusFilterLabels, type StatusFilter } from './exchange-filters';
import { LogRoomNotice } from './log-room';
import { toCurl } from './to-curl';
import { HAR_FILE_NAME, toHar } from './to-har';

function ViewToggle({ view, onChange }: { view: 'flow' | 'all'; onChange: (view: 'flow' | 'all') => void }) {
  const options = [
    { value: 'flow', label: 'By flow' },
    { value: 'all', label: 'All' },
  ] as const;
  return (
    <div role="group" aria-label="View" className="inline-flex rounded border border-slate-300 bg-white p-0.5">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={view === option.value}
          onClick={() => onChange(option.value)}
          className={cx(
            'rounded px-2.5 py-1 text-sm focus-visible:outline-2 focus-visible:outline-blue-600',
            view === option.value ? 'bg-blue-700 font-medium text-white' : 'text-slate-700 hover:bg-slate-100',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/**
 * The profiles' bearer tokens and OAuth session tokens, removed wherever a bank might echo them, not only from
 * Authorization (the log was redacted as it was recorded; this also covers tokens obtained since).
 */
function useSecrets() {
  const profiles = useProfiles();
  const sessionTokens = useAllSessionTokens();
  return useMemo(
    () => [
      ...profiles.map((profile) => profile.bearerToken),
      ...Object.values(sessionTokens).flatMap((tokens) => tokens.map((token) => token.accessToken)),
    ],
    [profiles, sessionTokens],
  );
}

/**
 * "Export HAR" of some exchanges: presenter mode's file holds the bank's data masked, as the screen shows it. The flows
 * exported are kept, so the log does not drop what the user took a copy of.
 */
function useHarExport(secrets: readonly (string | undefined)[]) {
  const presenting = usePresenterMode();
  return (list: readonly Exchange[]) => {
    const exported = presenting
      ? list.map((exchange) => cleanExchange(exchange, { secrets, display: MASKED_DISPLAY }))
      : list;
    downloadText(JSON.stringify(toHar(exported, { secrets }), null, 2), HAR_FILE_NAME, 'application/json');
    exchangeLog.keep([...new Set(list.map(unitKey))]);
  };
}

/**
 * The selection opens its flow (kept from then on), and follows a status read the log folded into a later one, so a
 * selected read that polling went on with is not lost.
 */
function useSelectionKept(selectedId: string | null, exchanges: readonly Exchange[], follow: (id: string) => void) {
  useEffect(() => {
    if (selectedId) exchangeLog.keepFlowOf(selectedId);
  }, [selectedId]);
  const later =
    selectedId && !exchanges.some((exchange) => exchange.id === selectedId) && exchangeLog.foldedInto(selectedId);
  useEffect(() => {
    if (later) follow(later);
  }, [later, follow]);
}

/** The view and the selected exchange live in the URL, so a reload or a shared link shows the same. */
function useInspectorLocation() {
  const [params, setParams] = useSearchParams();
  const detailHeading = useRef<HTMLHeadingElement>(null);

  function update(changes: Record<string, string | null>) {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null) next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );
  }

  // On narrow screens the detail sits below the list: a selection takes the reader there once its detail is drawn
  // (the first one has no detail yet when the row is tapped).
  const focusPending = useRef(false);
  // Counts selections, so tapping the selected row again also brings its detail back into view.
  const [selections, setSelections] = useState(0);
  function select(id: string) {
    focusPending.current = true;
    setSelections((count) => count + 1);
    update({ exchange: id });
  }
  const selectedId = params.get('exchange');
  useEffect(() => {
    const heading = detailHeading.current;
    if (!focusPending.current || !selectedId || !heading) return;
    focusPending.current = false;
    heading.focus({ preventScroll: true });
    const { top, bottom } = heading.getBoundingClientRect();
    if (top < 0 || bottom > window.innerHeight) heading.scrollIntoView({ block: 'start' });
  }, [selectedId, selections]);

  // Opened by a link to one exchange (`?exchange=<id>`, e.g. from a flow diagram): its detail takes the focus.
  const [linkedId] = useState(() => params.get('exchange'));
  useEffect(() => {
    if (!linkedId) return;
    detailHeading.current?.focus({ preventScroll: true });
    detailHeading.current?.scrollIntoView({ block: 'nearest' });
  }, [linkedId]);

  const view: 'flow' | 'all' = params.get('view') === 'all' ? 'all' : 'flow';
  return { view, selectedId, update, select, detailHeading };
}

interface ToolbarProps {
  view: 'flow' | 'all';
  onView: (view: 'flow' | 'all') => void;
  text: string;
  onText: (text: string) => void;
  status: StatusFilter;
  onStatus: (status: StatusFilter) => void;
  onExport?: () => void;
  onClear?: () => void;
}

function Toolbar({ view, onView, text, onText, status, onStatus, onExport, onClear }: ToolbarProps) {
  return (
    <div className="flex flex-wrap items-end gap-3 rounded border border-slate-200 bg-white p-3">
      <ViewToggle view={view} onChange={onView} />
      <Field label="Filter" className="min-w-40 flex-1">
        <TextInput
          type="search"
          value={text}
          placeholder="Method, URL, operation, X-Request-ID, status"
          onChange={(event) => onText(event.target.value)}
        />
      </Field>
      <Field label="Status">
        <Select
          value={status}
          onChange={(event) => onStatus(event.target.value as StatusFilter)}
          options={Object.keys(statusFilterLabels)}
          labels={statusFilterLabels}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button disabled={!onExport} onClick={onExport}>
          Export HAR
        </Button>
        <Button variant="danger" disabled={!onClear} onClick={onClear}>
          Clear log
        </Button>
      </div>
    </div>
  );
}

export function InspectorPage() {
  const exchanges = useExchanges();
  const secrets = useSecrets();
  const exportHar = useHarExport(secrets);
  const { view, selectedId, update, select, detailHeading } = useInspectorLocation();
  const follow = useCallback((id: string) => update({ exchange: id }), [update]);
  useSelectionKept(selectedId, exchanges, follow);
  const [text, setText] = useState('');
  const [status, setStatus] = useState<StatusFilter>('any');

  const shown = useMemo(() => filterExchanges(exchanges, text, status), [exchanges, text, status]);
  const raw = selectedId ? exchangeLog.get(selectedId) : undefined;
  const selected = useMemo(() => raw && redactExchange(raw, { secrets }), [raw, secrets]);
  const filtered = text.trim() !== '' || status !== 'any';

  return (
    <article className="space-y-4">
      <DocumentTitle>Inspector · XS2A Console</DocumentTitle>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">Inspector</h1>
        <p className="text-sm text-slate-600" aria-live="polite">
          {filtered ? `Showing ${shown.length} of ${exchanges.length}` : exchanges.length}{' '}
          {exchanges.length === 1 ? 'exchange' : 'exchanges'}
        </p>
      </div>
      <p className="text-sm text-slate-700">
        Every request the console sent in this tab and what the bank answered, kept across the bank’s SCA pages and
        reloads until the tab is closed. Secrets (the Authorization header, tokens, passwords and one-time passwords)
        are replaced by [redacted] before anything is recorded.
      </p>
      <LogRoomNotice
        onExport={(flows) => exportHar(exchanges.filter((exchange) => flows.includes(unitKey(exchange))))}
      />
      <Toolbar
        view={view}
        onView={(next) => update({ view: next === 'all' ? 'all' : null })}
        text={text}
        onText={setText}
        status={status}
        onStatus={setStatus}
        onExport={shown.length === 0 ? undefined : () => exportHar(shown)}
        onClear={
          exchanges.length === 0
            ? undefined
            : () => {
                exchangeLog.clear();
                update({ exchange: null });
              }
        }
      />
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <Panel title="Exchanges" className="min-w-0">
          <ErrorBoundary what="the exchanges">
            {exchanges.length === 0 ? (
              <p className="text-sm text-slate-600">
                Nothing yet. Requests appear here as soon as the console sends them, e.g. when you create a payment or
                check a bank profile’s connection in Settings.
              </p>
            ) : shown.length === 0 ? (
              <p className="text-sm text-slate-600">No exchange matches the filter.</p>
            ) : (
              <ExchangeList exchanges={shown} view={view} selectedId={selectedId} onSelect={select} />
            )}
          </ErrorBoundary>
        </Panel>
        {/* The detail scrolls inside the viewport at every width: its bodies and Copy as code are never a page away. */}
        <div
          data-testid="exchange-detail-pane"
          className="max-h-[calc(100dvh-2rem)] min-w-0 overflow-y-auto overscroll-contain lg:sticky lg:top-4 lg:self-start"
        >
          <Panel title="Detail">
            <ErrorBoundary what="the exchange" resetKeys={[selectedId]}>
              {selected && raw ? (
                <ExchangeDetail exchange={selected} headingRef={detailHeading} curl={() => toCurl(raw, { secrets })} />
              ) : (
                <p className="text-sm text-slate-600">
                  {selectedId ? 'That exchange is no longer in the log.' : 'Select an exchange to see it in full.'}
                </p>
              )}
            </ErrorBoundary>
          </Panel>
        </div>
      </div>
    </article>
  );
}
