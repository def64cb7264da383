// The balance chart beside the report: loaded on demand, and only once the whole report is in (the balance is worked
// back from the current one through every booked entry).
import { lazy, Suspense } from 'react';
import { Button, ErrorBoundary, LoadingText } from '../../../components/ui';
import type { Balance } from '../../../xs2a';
import type { Report } from '../hooks/use-report';
import type { ReportQuery } from '../model/report-query';

const BalanceChart = lazy(async () => ({ default: (await import('./balance-chart')).BalanceChart }));

export function ReportChartSection({
  report,
  query,
  balances,
  currency,
  today,
}: {
  report: Report;
  query: ReportQuery;
  /** The bank's calendar day. */
  today: string;
  /** The balances read for the account, for the chart when the report carries none. */
  balances: readonly Balance[] | undefined;
  currency: string | undefined;
}) {
  return (
    <section
      id="balance-chart-panel"
      aria-labelledby="balance-chart-heading"
      className="space-y-2 rounded border border-slate-200 p-3"
    >
      <h3 id="balance-chart-heading" className="text-sm font-semibold">
        Balance over the period
      </h3>
      {report.hideRows ? (
        <p className="text-sm text-slate-700">No transactions are loaded.</p>
      ) : !report.complete ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          The balance is worked back from the current one through every booked entry, so the chart needs the whole
          report.
          <Button size="sm" disabled={report.all.status === 'loading'} onClick={report.loadAll}>
            Load all pages
          </Button>
        </p>
      ) : (
        <ErrorBoundary what="the chart">
          <Suspense fallback={<LoadingText>Loading the chart…</LoadingText>}>
            <BalanceChart
              entries={report.loaded.booked}
              balances={report.reportBalances ?? balances ?? []}
              dateFrom={query.dateFrom}
              dateTo={query.dateTo}
              currency={currency ?? ''}
              today={today}
            />
          </Suspense>
        </ErrorBoundary>
      )}
    </section>
  );
}
