// One exchange in full: request and response headers and bodies, X-Request-ID, schema deviations, copy as curl, edit
// and resend in the explorer.
import type { ReactNode, Ref } from 'react';
import { unitKey, useActiveProfile, type Exchange, type FoldedReads } from '../../api';
import { CodeExport, headerValue } from '../../flows/code-export';
import {
  CopyButton,
  DeviationNotice,
  editAndResendHref,
  JsonView,
  KeyValueList,
  LinkButton,
} from '../../components/ui';
import { ExchangeStatusBadge, formatDuration, formatTime, shortUrl } from './exchange-status';
import { flowLabel } from './exchange-filters';
import { KeepToggle } from './keep-toggle';
import { requestBodyText } from './to-curl';

function HeadersTable({ headers, caption }: { headers: Record<string, string>; caption: string }) {
  const entries = Object.entries(headers);
  if (entries.length === 0) return <p className="text-sm text-slate-600">No headers recorded.</p>;
  return (
    <table className="w-full table-fixed border-collapse text-xs">
      <caption className="sr-only">{caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        {entries.map(([name, value]) => (
          <tr key={name} className="border-b border-slate-100 align-top last:border-0">
            <th scope="row" className="w-2/5 py-1 pr-2 text-left font-mono font-medium break-all text-slate-700">
              {name}
            </th>
            <td className="py-1 font-mono break-all text-slate-900">{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h4 className="text-sm font-semibold text-slate-800">{title}</h4>
      {children}
    </section>
  );
}

function statusText({ response, error }: Exchange): string {
  if (error?.kind === 'redirect') {
    return response
      ? `${`${response.status} ${response.statusText}`.trim()}, not followed`
      : 'Redirect, not followed (the browser does not show its status or location)';
  }
  if (response) return `${response.status} ${response.statusText}`.trim();
  return error ? `No answer (${error.kind})` : 'In flight';
}

/** Shown as text, never as a link: the console does not follow a bank's redirect. */
function redirectLocationOf({ response, error }: Exchange): string | undefined {
  return error?.kind === 'redirect' ? (response?.headers['x-relay-location'] ?? response?.headers.location) : undefined;
}

/** The reads folded into a status read, in words. */
function foldedNote({ count, firstAt, lastAt }: FoldedReads): string {
  const reads = count === 1 ? 'one read' : `${count} reads`;
  const when = count === 1 ? `at ${formatTime(firstAt)}` : `from ${formatTime(firstAt)} to ${formatTime(lastAt)}`;
  return (
    `this is the latest of a run of reads of this status that all got the same answer. The log keeps the run’s first ` +
    `read and this one; the ${reads} in between (sent ${when}) are counted here rather than listed.`
  );
}

function ExchangeFacts({ exchange }: { exchange: Exchange }) {
  const { request } = exchange;
  const redirectLocation = redirectLocationOf(exchange);
  return (
    <KeyValueList
      items={[
        { key: 'Operation', value: <code className="font-mono">{exchange.operationId}</code> },
        {
          key: 'X-Request-ID',
          value: (
            <span className="inline-flex flex-wrap items-center gap-1">
              <code className="font-mono break-all">{exchange.requestId}</code>
              <CopyButton text={exchange.requestId} label="Copy" />
            </span>
          ),
        },
        {
          key: 'URL',
          value: (
            <>
              <code className="font-mono break-all">{request.url}</code>
              {exchange.relayTarget && <span className="text-slate-600"> via relay {exchange.relayTarget}</span>}
            </>
          ),
        },
        { key: 'Status', value: statusText(exchange) },
        ...(redirectLocation !== undefined
          ? [
              {
                key: 'Pointed to (not followed)',
                value: <code className="font-mono break-all">{redirectLocation}</code>,
              },
            ]
          : []),
        { key: 'Started', value: formatTime(exchange.startedAt) },
        { key: 'Duration', value: formatDuration(exchange) },
        {
          key: 'Flow',
          value: (
            <span className="inline-flex flex-wrap items-center gap-2">
              {flowLabel(exchange.flow)}
              <KeepToggle unit={unitKey(exchange)} label={exchange.flow ? flowLabel(exchange.flow) : 'this request'} />
            </span>
          ),
        },
      ]}
    />
  );
}

/** The error of a request without an answer or with a redirect, and what the answer deviates in. */
function ExchangeFindings({ exchange }: { exchange: Exchange }) {
  const { response, error } = exchange;
  return (
    <>
      {/* An HTTP error's answer is shown below; a request without an answer, or a redirect, needs its error spelled out. */}
      {error && (!response || error.kind === 'redirect') && (
        <p role="note" className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-950">
          <span className="font-semibold">{error.kind}:</span> {error.message}
        </p>
      )}
      {/* The console sent this request again by itself; the next try is the exchange after it. */}
      {exchange.triedAgain && (
        <p role="note" className="rounded border border-slate-300 bg-slate-50 p-2 text-sm text-slate-900">
          <span className="font-semibold">Tried again:</span> {exchange.triedAgain}
        </p>
      )}
      {exchange.folded && (
        <p role="note" className="rounded border border-slate-300 bg-slate-50 p-2 text-sm text-slate-900">
          <span className="font-semibold">Folded reads:</span> {foldedNote(exchange.folded)}
        </p>
      )}
      {response &&
        (exchange.deviations.length > 0 || (exchange.uncheckedHeaders?.length ?? 0) > 0 ? (
          <DeviationNotice deviations={exchange.deviations} uncheckedHeaders={exchange.uncheckedHeaders} />
        ) : (
          <p className="text-xs text-slate-600">No deviation from the 1.3.12 answer (body and headers) was recorded.</p>
        ))}
    </>
  );
}

function ExchangeMessages({ exchange: { request, response } }: { exchange: Exchange }) {
  const responseBody = response && (response.body !== undefined ? response.body : response.bodyText);
  return (
    <>
      <Part title="Request headers">
        <HeadersTable headers={request.headers} caption="Request headers" />
      </Part>
      {requestBodyText(request.body) !== undefined && (
        <Part title="Request body">
          <JsonView label="Request body" value={request.body} />
        </Part>
      )}
      {response && (
        <>
          <Part title="Response headers">
            <HeadersTable headers={response.headers} caption="Response headers" />
          </Part>
          <Part title="Response body">
            <JsonView label="Response body" value={responseBody} />
          </Part>
        </>
      )}
    </>
  );
}

/** The exchange's request as code; the credentials the user may include are the active profile's. */
function ExchangeCode({ exchange }: { exchange: Exchange }) {
  const profile = useActiveProfile();
  const consentId = headerValue(exchange.request.headers, 'Consent-ID');
  return <CodeExport request={exchange.request} profile={profile} level={4} {...(consentId && { consentId })} />;
}

export function ExchangeDetail({
  exchange,
  curl,
  headingRef,
}: {
  /** Already redacted. */
  exchange: Exchange;
  curl: () => string;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { request } = exchange;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3
          ref={headingRef}
          tabIndex={-1}
          className="min-w-0 font-mono text-sm font-semibold break-all text-slate-900 focus:outline-none"
        >
          {request.method} {shortUrl(request.url)}
        </h3>
        <ExchangeStatusBadge exchange={exchange} />
      </div>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={curl} label="Copy as curl" variant="secondary" />
        {/* In the explorer's editor, with a new X-Request-ID and secrets from the active profile, not the log. */}
        <LinkButton variant="secondary" to={editAndResendHref(exchange.id)}>
          Edit and resend
        </LinkButton>
      </div>
      <ExchangeFacts exchange={exchange} />
      <ExchangeFindings exchange={exchange} />
      <ExchangeMessages exchange={exchange} />
      <ExchangeCode exchange={exchange} />
    </div>
  );
}
