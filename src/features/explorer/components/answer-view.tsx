// The bank's answer to the explorer's request: status, the bank's messages, deviations from 1.3.12, headers, body,
// and its `_links` as the next operations to try.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { describeXs2aError, useExchanges, type Exchange, type Xs2aError } from '../../../api';
import { Badge, DeviationNotice, ErrorCallout, JsonView, KeyValueList, Panel } from '../../../components/ui';
import { operationTitles } from '../model/operation-groups';
import { nextActions } from '../model/next-actions';
import type { Outcome } from '../model/use-send';

function NextActions({ body }: { body: unknown }) {
  const actions = nextActions(body);
  if (actions.length === 0) return null;
  return (
    <section aria-label="Next actions" className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-800">Next actions (the answer’s _links)</h3>
      <ul className="space-y-1">
        {actions.map((action) => (
          <li key={action.name} className="text-sm">
            {action.operation ? (
              <Link
                className="font-medium text-blue-800 underline hover:text-blue-950"
                to={`/explore/${action.operation}?href=${encodeURIComponent(action.href)}`}
              >
                {action.name}: {operationTitles[action.operation]}
              </Link>
            ) : (
              <span>
                {action.name}: <code className="font-mono text-xs break-all">{action.href}</code>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AnswerView({
  exchange,
  error,
  checked = true,
}: {
  exchange: Exchange | undefined;
  error: Xs2aError | undefined;
  /** False for a request that is no 1.3.12 operation: its answer has no schema to be checked against. */
  checked?: boolean;
}) {
  const response = exchange?.response;
  const ok = response !== undefined && response.status < 300;
  return (
    <Panel title="Answer" level={2}>
      <div aria-live="polite" className="space-y-3">
        {response && (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <Badge tone={ok ? 'success' : 'danger'}>
              {response.status} {response.statusText}
            </Badge>
            {exchange.durationMs !== undefined && (
              <span className="text-slate-600">{Math.round(exchange.durationMs)} ms</span>
            )}
          </p>
        )}
        {error && <ErrorCallout {...describeXs2aError(error)} />}
        {!checked && response && (
          <p className="text-sm text-slate-700">Not a 1.3.12 operation: the answer is shown as it came, unchecked.</p>
        )}
        {checked &&
          exchange &&
          response &&
          (exchange.deviations.length > 0 || (exchange.uncheckedHeaders?.length ?? 0) > 0 ? (
            <DeviationNotice deviations={exchange.deviations} uncheckedHeaders={exchange.uncheckedHeaders} />
          ) : (
            <p className="text-sm text-slate-700">No deviation from the 1.3.12 answer (body and headers).</p>
          ))}
        {exchange && (
          <KeyValueList
            items={[
              { key: 'X-Request-ID', value: <code className="font-mono break-all">{exchange.requestId}</code> },
              { key: 'URL', value: <code className="font-mono break-all">{exchange.request.url}</code> },
            ]}
          />
        )}
        {response && (
          <>
            <NextActions body={response.body} />
            <details>
              <summary className="cursor-pointer text-sm font-semibold text-slate-800">Response headers</summary>
              <KeyValueList
                items={Object.entries(response.headers).map(([name, value]) => ({
                  key: name,
                  value: <code className="font-mono break-all">{value}</code>,
                }))}
              />
            </details>
            <JsonView label="Response body" value={response.body !== undefined ? response.body : response.bodyText} />
          </>
        )}
      </div>
    </Panel>
  );
}

/** What became of the last send: the request could not be made, or the bank's answer (an error included). */
export function SendOutcome({ outcome, checked = true }: { outcome: Outcome | undefined; checked?: boolean }) {
  const exchanges = useExchanges();
  if (!outcome) return null;
  if ('failure' in outcome) {
    return <ErrorCallout alert title="The request could not be sent" summary={outcome.failure} />;
  }
  const exchange = exchanges.find((item) => item.id === outcome.exchangeId);
  return <AnswerView exchange={exchange} error={outcome.error} checked={checked} />;
}

/** The top of an explorer page: the way back to the list, the title and what follows it. */
export function ExplorerPageTop({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <Link to="/explore" className="text-sm text-blue-800 underline hover:text-blue-950">
        All operations
      </Link>
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      {children}
    </div>
  );
}
