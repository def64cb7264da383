// A replay shown again in the console, read-only: the data the file carried (already checked by its schema), drawn
// with the console's own components; nothing of the file's markup is used.
import { useId, useMemo, useState } from 'react';
import { Button, Panel } from '../../components/ui';
import { StateMapPanel } from '../state-map';
import type { ReplayData, ReplayExchange } from './replay-data';
import { exchangeTexts, replayDate, replayDiagram } from './replay-html';

const toneClass = {
  ok: 'border-l-blue-800',
  failed: 'border-l-red-700',
  waiting: 'border-l-amber-700',
  neutral: 'border-l-slate-400',
} as const;

function ExchangeText({ exchange }: { exchange: ReplayExchange }) {
  const { request, answer, folded } = exchangeTexts(exchange);
  return (
    <div className="space-y-1 text-xs">
      <p className="text-slate-700">Request (X-Request-ID {exchange.requestId})</p>
      <pre className="overflow-x-auto rounded bg-slate-100 p-2 break-all whitespace-pre-wrap">{request}</pre>
      <p className="text-slate-700">Answer</p>
      <pre className="overflow-x-auto rounded bg-slate-100 p-2 break-all whitespace-pre-wrap">{answer}</pre>
      {folded && <p className="text-slate-700">{folded}</p>}
    </div>
  );
}

function StepItem({ data, index, current }: { data: ReplayData; index: number; current: boolean }) {
  const step = data.story.steps[index];
  if (!step) return null;
  const ids = [...(step.exchangeId ? [step.exchangeId] : []), ...(step.exchangeIds ?? [])];
  const exchanges = ids.flatMap((id) => data.exchanges.filter((exchange) => exchange.id === id));
  return (
    <li
      aria-current={current ? 'step' : undefined}
      className={`rounded border border-l-4 border-slate-200 p-3 ${toneClass[step.tone]} ${current ? 'bg-blue-50 ring-2 ring-blue-700' : 'bg-white'}`}
    >
      <h3 className="text-sm font-semibold">
        {index + 1}. {step.label || (step.kind === 'waiting' ? 'Waiting' : step.kind)}
      </h3>
      {step.detail && <p className="text-sm text-slate-700">{step.detail}</p>}
      {exchanges.length > 0 && (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm text-blue-800">What was sent and answered</summary>
          <div className="mt-2 space-y-2">
            {exchanges.map((exchange) => (
              <ExchangeText key={exchange.id} exchange={exchange} />
            ))}
          </div>
        </details>
      )}
    </li>
  );
}

/** All steps, or one at a time with the previous and next one a click away. */
function ReplaySteps({ data }: { data: ReplayData }) {
  const [shown, setShown] = useState<number | undefined>(undefined);
  const headingId = useId();
  const count = data.story.steps.length;
  const indexes = shown === undefined ? data.story.steps.map((_, index) => index) : [shown];
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Steps ({count})
        </h2>
        <div className="flex flex-wrap gap-2">
          {shown === undefined ? (
            <Button size="sm" onClick={() => setShown(0)} disabled={count === 0}>
              Step by step
            </Button>
          ) : (
            <>
              <Button size="sm" onClick={() => setShown(shown - 1)} disabled={shown === 0}>
                ← Previous step
              </Button>
              <Button size="sm" onClick={() => setShown(shown + 1)} disabled={shown >= count - 1}>
                Next step →
              </Button>
              <Button size="sm" onClick={() => setShown(undefined)}>
                All steps
              </Button>
            </>
          )}
        </div>
      </div>
      {shown !== undefined && (
        <p className="text-sm text-slate-700" aria-live="polite">
          Step {shown + 1} of {count}
        </p>
      )}
      {count === 0 ? (
        <p className="text-sm">Nothing happened in this flow yet.</p>
      ) : (
        <ol className="space-y-2">
          {indexes.map((index) => (
            <StepItem key={index} data={data} index={index} current={index === shown} />
          ))}
        </ol>
      )}
    </section>
  );
}

export function ReplayView({ data }: { data: ReplayData }) {
  const { story } = data;
  const diagramSvg = useMemo(
    () =>
      story.steps.length > 0 ? replayDiagram(data, { width: 720, idPrefix: 'replay-view', linked: false }) : undefined,
    [data, story.steps.length],
  );
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h2 className="text-xl font-semibold">{data.title}</h2>
        <p className="text-sm text-slate-700">
          Saved {replayDate(data.savedAt)}
          {data.masked ? ' in presenter mode: account numbers and names are masked.' : '.'} Read-only: nothing is sent
          to any bank.
        </p>
      </div>
      {story.outcome && (
        <p
          className={`rounded border-l-4 p-3 text-sm font-semibold ${toneClass[story.outcome.tone]} ${story.outcome.tone === 'failed' ? 'bg-red-50 text-red-900' : 'bg-slate-100'}`}
        >
          {story.outcome.label}
        </p>
      )}
      {diagramSvg && (
        <Panel title="The flow">
          <div
            role="region"
            aria-label="Flow diagram"
            tabIndex={0}
            className="overflow-x-auto"
            dangerouslySetInnerHTML={{ __html: diagramSvg }}
          />
        </Panel>
      )}
      {data.stateMap && <StateMapPanel {...data.stateMap} />}
      <ReplaySteps data={data} />
    </div>
  );
}
