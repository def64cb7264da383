// The report's controls: turning pages through the bank's links, or loading every page (stop, continue); loading all,
// CSV export and the chart; and the line that says what is loaded.
import { Button, Spinner } from '../../../components/ui';
import type { Report } from '../hooks/use-report';
import { displayCount } from '../model/format';

function pageLabel({ pageData, onlyDownload, links, currentNumber }: Report): string | undefined {
  if (!pageData) return undefined;
  if (onlyDownload) return 'The report is a download';
  if (!links?.next && !links?.previous) return 'The whole report is on one page';
  if (currentNumber !== undefined) return `Page ${currentNumber}`;
  return !links?.next ? 'Last page' : 'A page of the report';
}

function PageNav({ report }: { report: Report }) {
  const { links, turning, currentNumber, go } = report;
  return (
    <nav aria-label="Report pages" className="flex flex-wrap items-center gap-1">
      <Button size="sm" disabled={!links?.first || turning} onClick={() => go('first', 1)}>
        First
      </Button>
      <Button
        size="sm"
        disabled={!links?.previous || turning}
        onClick={() => go('previous', currentNumber !== undefined ? currentNumber - 1 : undefined)}
      >
        Previous
      </Button>
      <Button
        size="sm"
        disabled={!links?.next || turning}
        onClick={() => go('next', currentNumber !== undefined ? currentNumber + 1 : undefined)}
      >
        Next
      </Button>
      <Button size="sm" disabled={!links?.last || turning} onClick={() => go('last', undefined)}>
        Last
      </Button>
      <span className="ml-1 text-sm text-slate-700">{pageLabel(report)}</span>
    </nav>
  );
}

function AllPagesControls({ report }: { report: Report }) {
  const { all } = report;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {all.status === 'loading' ? (
        <Button size="sm" variant="danger" onClick={all.stop}>
          Stop loading
        </Button>
      ) : (
        (all.status === 'stopped' || all.status === 'error') && (
          <Button size="sm" onClick={all.resume}>
            Continue loading
          </Button>
        )
      )}
      <Button size="sm" variant="ghost" onClick={report.pageView}>
        Show one page at a time
      </Button>
    </div>
  );
}

export function ReportToolbar({
  report,
  canExport,
  onExport,
  chartOpen,
  onToggleChart,
}: {
  report: Report;
  canExport: boolean;
  onExport: () => void;
  chartOpen: boolean;
  onToggleChart: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-3">
      {report.view.mode === 'page' ? <PageNav report={report} /> : <AllPagesControls report={report} />}
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="primary" disabled={report.all.status === 'loading'} onClick={report.loadAll}>
          Load all pages
        </Button>
        <Button size="sm" disabled={!canExport} onClick={onExport}>
          Export CSV
        </Button>
        <Button size="sm" aria-expanded={chartOpen} aria-controls="balance-chart-panel" onClick={onToggleChart}>
          {chartOpen ? 'Hide balance chart' : 'Show balance chart'}
        </Button>
      </div>
    </div>
  );
}

/** What is loaded, in one line; none for a report that failed before any of it could be shown (the error says it). */
function reportSummary({ view, all, pageQuery, loaded, turning, hideRows }: Report): string | undefined {
  const loadedCount = loaded.pending.length + loaded.booked.length;
  const counts = `${displayCount(loaded.pending.length)} pending, ${displayCount(loaded.booked.length)} booked`;
  const pages = `${displayCount(all.pageCount)} ${all.pageCount === 1 ? 'page' : 'pages'}`;
  if (view.mode === 'page') {
    if (pageQuery.isError) return undefined;
    if (pageQuery.isPending) return 'Reading the transactions…';
    if (turning) return 'Reading the page…';
    return `${displayCount(loadedCount)} entries on this page (${counts}).`;
  }
  switch (all.status) {
    case 'loading':
      return `Loading every page: ${pages} read, ${displayCount(loadedCount)} entries so far…`;
    case 'complete':
      return `All ${pages} loaded: ${displayCount(loadedCount)} entries (${counts}).`;
    case 'stopped':
      return `Stopped after ${pages}: ${displayCount(loadedCount)} entries loaded (${counts}).`;
    default:
      // Failed: what was read before the failure still stands, unless nothing was or the rows are withheld.
      return hideRows ? undefined : `${pages} read: ${displayCount(loadedCount)} entries (${counts}).`;
  }
}

/** Busy while every page loads, so screen readers hear the outcome rather than a hundred counts. */
export function ReportStatus({ report }: { report: Report }) {
  const { view, all, pageQuery, onlyDownload } = report;
  const loadingAll = view.mode === 'all' && all.status === 'loading';
  return (
    <p role="status" aria-busy={loadingAll} className="flex items-center gap-2 text-sm text-slate-700">
      {loadingAll || (view.mode === 'page' && pageQuery.isFetching) ? <Spinner /> : null}
      {onlyDownload && view.mode === 'page'
        ? 'No entries in the answer: the report is a download.'
        : reportSummary(report)}
    </p>
  );
}
