// The account's booked balance over the listed period as a step line (plain SVG), with a text summary beside it.
// Loaded only when the user opens it, so neither it nor the series derivation is in any page's first load.
import { useMemo, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { KeyValueList, Table, useElementWidth, usePresenterView } from '../../../components/ui';
import { currencyMinorUnits, type Balance } from '../../../xs2a';
import { BalanceSeriesError, deriveBalanceSeries, pickAnchor, type BalancePoint } from '../model/balance-series';
import { balanceTypeLabel, displayAmount, displayCount } from '../model/format';

const HEIGHT = 240;
const MARGIN = { top: 12, right: 16, bottom: 28, left: 8 };

/** A step of 1, 2 or 5 × 10ⁿ giving about `count` intervals over `span`. */
function niceStep(span: number, count: number): number {
  if (span <= 0 || !Number.isFinite(span)) return 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
}

const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

function shortDate(date: string, withYear: boolean): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    ...(withYear && { year: 'numeric' }),
    timeZone: 'UTC',
  });
}

/** Where the points go: the axes' ticks, the plot's box, and the step line's path. */
function chartScale(points: readonly BalancePoint[], width: number) {
  const first = points[0] as BalancePoint;
  const last = points[points.length - 1] as BalancePoint;
  const values = points.map((p) => p.value);
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (low === high) {
    low -= 1;
    high += 1;
  }
  const step = niceStep(high - low, 4);
  const yMin = Math.floor(low / step) * step;
  const yMax = Math.ceil(high / step) * step;
  const yTicks: number[] = [];
  for (let v = yMin; v <= yMax + step / 2; v += step) yTicks.push(v);
  const labelWidth = Math.max(...yTicks.map((t) => formatTick(t).length)) * 7 + 8;
  const left = MARGIN.left + labelWidth;
  const plotWidth = Math.max(40, width - left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;

  const t0 = dayMs(first.date);
  const t1 = Math.max(dayMs(last.date), t0 + 86_400_000);
  const x = (date: string) => left + ((dayMs(date) - t0) / (t1 - t0)) * plotWidth;
  const y = (value: number) => MARGIN.top + (1 - (value - yMin) / (yMax - yMin)) * plotHeight;

  const path = points.map((p, i) => (i === 0 ? `M${x(p.date)},${y(p.value)}` : `H${x(p.date)}V${y(p.value)}`)).join('');
  const spanDays = (t1 - t0) / 86_400_000;
  const xTickCount = Math.max(2, Math.min(6, Math.floor(plotWidth / 90)));
  const xTicks = Array.from({ length: xTickCount }, (_, i) =>
    new Date(t0 + (i / (xTickCount - 1)) * spanDays * 86_400_000).toISOString().slice(0, 10),
  );
  return {
    first,
    last,
    withYear: first.date.slice(0, 4) !== last.date.slice(0, 4),
    left,
    plotWidth,
    plotHeight,
    t0,
    t1,
    x,
    y,
    yTicks,
    xTicks,
    path,
  };
}

type ChartScale = ReturnType<typeof chartScale>;

function formatTick(value: number): string {
  return new Intl.NumberFormat(undefined, { maximumFractionDigits: 0, notation: 'compact' }).format(value);
}

/** The day the pointer or the keyboard reads: pointer moves, arrow keys (Page Up/Down by ten), Home and End. */
function useChartCursor(points: readonly BalancePoint[], { left, plotWidth, t0, t1 }: ChartScale) {
  const [cursor, setCursor] = useState<number>();
  function nearest(clientX: number, svg: SVGSVGElement) {
    const box = svg.getBoundingClientRect();
    const time = t0 + ((clientX - box.left - left) / plotWidth) * (t1 - t0);
    // The step line shows a day's end balance from that day on: the point in force is the last one not after it.
    let index = 0;
    for (let i = 0; i < points.length; i += 1) if (dayMs((points[i] as BalancePoint).date) <= time) index = i;
    return index;
  }
  function onKeyDown(event: KeyboardEvent) {
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, PageUp: -10, PageDown: 10 };
    if (event.key in moves) {
      event.preventDefault();
      setCursor((c) => Math.min(points.length - 1, Math.max(0, (c ?? points.length - 1) + (moves[event.key] ?? 0))));
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      setCursor(event.key === 'Home' ? 0 : points.length - 1);
    }
  }
  return {
    active: cursor === undefined ? undefined : points[cursor],
    handlers: {
      onKeyDown,
      onPointerMove: (event: PointerEvent<SVGSVGElement>) => setCursor(nearest(event.clientX, event.currentTarget)),
      onPointerLeave: () => setCursor(undefined),
    },
  };
}

function ChartAxes({ scale }: { scale: ChartScale }) {
  const { left, plotWidth, x, y, yTicks, xTicks, withYear } = scale;
  return (
    <>
      {yTicks.map((tick) => (
        <g key={tick}>
          <line
            x1={left}
            x2={left + plotWidth}
            y1={y(tick)}
            y2={y(tick)}
            className={tick === 0 ? 'stroke-slate-500' : 'stroke-slate-200'}
          />
          <text x={left - 6} y={y(tick)} dy="0.32em" textAnchor="end" className="fill-slate-600 text-[11px]">
            {formatTick(tick)}
          </text>
        </g>
      ))}
      {xTicks.map((tick, i) => (
        <text
          key={tick}
          x={x(tick)}
          y={HEIGHT - 8}
          textAnchor={i === 0 ? 'start' : i === xTicks.length - 1 ? 'end' : 'middle'}
          className="fill-slate-600 text-[11px]"
        >
          {shortDate(tick, withYear)}
        </text>
      ))}
    </>
  );
}

function ChartCursor({ point, scale }: { point: BalancePoint; scale: ChartScale }) {
  const { x, y, plotHeight } = scale;
  return (
    <g>
      <line
        x1={x(point.date)}
        x2={x(point.date)}
        y1={MARGIN.top}
        y2={MARGIN.top + plotHeight}
        className="stroke-slate-400"
        strokeDasharray="3 3"
      />
      <circle cx={x(point.date)} cy={y(point.value)} r={4} className="fill-blue-700 stroke-white" strokeWidth={2} />
    </g>
  );
}

function Chart({ points, currency }: { points: BalancePoint[]; currency: string }) {
  const { ref, width } = useElementWidth(640);
  const scale = chartScale(points, width);
  const { active, handlers } = useChartCursor(points, scale);
  return (
    <div ref={ref} className="min-w-0">
      {/*
        A focusable image read day by day with the arrow keys (the readout below announces each day). It is a div
        around the drawing because preact/compat writes an svg's tabIndex as a `tabIndex` attribute, which SVG ignores.
      */}
      {/* eslint-disable jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/no-noninteractive-tabindex */}
      <div
        role="img"
        aria-label={`Booked balance from ${scale.first.date} to ${scale.last.date}; use the arrow keys to read it day by day`}
        aria-describedby="balance-chart-readout"
        tabIndex={0}
        onKeyDown={handlers.onKeyDown}
        className="w-fit rounded focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        {/* eslint-enable jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/no-noninteractive-tabindex */}
        <svg
          aria-hidden="true"
          width={width}
          height={HEIGHT}
          onPointerMove={handlers.onPointerMove}
          onPointerLeave={handlers.onPointerLeave}
          className="block touch-none"
        >
          <ChartAxes scale={scale} />
          <path d={scale.path} fill="none" strokeWidth={2} className="stroke-blue-700" />
          {active && <ChartCursor point={active} scale={scale} />}
        </svg>
      </div>
      <p id="balance-chart-readout" aria-live="polite" className="min-h-5 text-sm text-slate-700">
        {active
          ? `End of ${active.date}: ${displayAmount(active.amount, currency)}`
          : 'Point at the line, or focus the chart and use the arrow keys, to read a day’s balance.'}
      </p>
    </div>
  );
}

export interface BalanceChartProps {
  /** Booked entries of the complete report. */
  entries: readonly { date: string | undefined; amount: string }[];
  /** Balances to work back from (the report's own, else the balances read). */
  balances: readonly Balance[];
  dateFrom: string;
  dateTo: string;
  currency: string;
  /** The bank's calendar day: the day of a balance that names none. */
  today: string;
}

type BalanceChartInput = Omit<BalanceChartProps, 'currency'>;

/** The day-by-day series worked back from the balance, or why there is none. */
function balanceSeriesOf({ entries, balances, dateFrom, dateTo, today }: BalanceChartInput) {
  const anchor = pickAnchor(balances, today);
  if (!anchor) {
    return {
      error:
        'The bank returned no booked balance (interimBooked or closingBooked) to work back from, so the balance over time cannot be derived.',
    };
  }
  const dated = entries.flatMap((e) => (e.date ? [{ date: e.date, amount: e.amount }] : []));
  try {
    const series = deriveBalanceSeries({
      entries: dated,
      anchor,
      from: dateFrom,
      to: dateTo,
      decimals: currencyMinorUnits(anchor.currency),
    });
    return { series, anchor, count: dated.length };
  } catch (error) {
    if (error instanceof BalanceSeriesError) return { error: error.message };
    throw error;
  }
}

type BalanceSeries = ReturnType<typeof deriveBalanceSeries>;

function BalanceSummary({ series, money }: { series: BalanceSeries; money: (p: BalancePoint) => string }) {
  return (
    <section aria-labelledby="balance-summary-heading" className="space-y-2">
      <h4 id="balance-summary-heading" className="text-sm font-semibold">
        Summary
      </h4>
      <KeyValueList
        className="sm:grid-cols-[max-content_1fr] md:grid-cols-1"
        items={[
          { key: `Start (end of ${series.start.date})`, value: money(series.start) },
          { key: `End (${series.end.date})`, value: money(series.end) },
          { key: `Lowest (${series.min.date})`, value: money(series.min) },
          { key: `Highest (${series.max.date})`, value: money(series.max) },
        ]}
      />
    </section>
  );
}

function BalanceByDay({ points, money }: { points: readonly BalancePoint[]; money: (p: BalancePoint) => string }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-slate-700">The balance day by day as a table</summary>
      <div className="mt-2 max-h-64 overflow-auto" tabIndex={0} role="region" aria-label="Balance by day">
        <Table
          caption="End-of-day booked balance"
          columns={[{ label: 'Day' }, { label: 'Balance at its end', className: 'py-1 text-right font-medium' }]}
          className="w-full text-sm"
          headClassName="text-left text-xs text-slate-600"
        >
          {points.map((point) => (
            <tr key={point.date} className="border-t border-slate-100">
              <td className="py-0.5 pr-3 tabular-nums">{point.date}</td>
              <td className="py-0.5 text-right tabular-nums">{money(point)}</td>
            </tr>
          ))}
        </Table>
      </div>
    </details>
  );
}

export function BalanceChart({ entries, balances, dateFrom, dateTo, currency, today }: BalanceChartProps) {
  const result = useMemo(
    () => balanceSeriesOf({ entries, balances, dateFrom, dateTo, today }),
    [entries, balances, dateFrom, dateTo, today],
  );
  // Presenter mode names the balance in words only.
  const presenting = usePresenterView();

  if ('error' in result) return <p className="text-sm text-slate-700">{result.error}</p>;
  const { series, anchor, count } = result;
  const money = (p: BalancePoint) => displayAmount(p.amount, anchor.currency || currency);

  return (
    <div className="space-y-3">
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_15rem]">
        <Chart points={series.points} currency={anchor.currency || currency} />
        <BalanceSummary series={series} money={money} />
      </div>
      <p className="text-xs text-slate-600">
        Worked back from the {balanceTypeLabel(anchor.balanceType)} balance
        {presenting ? '' : ` (${anchor.balanceType})`} of {displayAmount(anchor.amount, anchor.currency)} at the end of{' '}
        {anchor.date} through {displayCount(count)} booked entries. Pending entries are in no booked balance and are
        left out.
      </p>
      <BalanceByDay points={series.points} money={money} />
    </div>
  );
}
