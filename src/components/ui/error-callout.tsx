// Shows an error the same way everywhere: code, its meaning in plain words, the bank's text and the X-Request-ID.
import type { ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router-dom';
import { maskPersonalDataInText } from '../../xs2a/masking';
import { CopyButton } from './copy-button';
import { cx } from './cx';
import { PresenterDetails, usePresenterView } from './presenter-view';
import { useAudienceWords } from './spec-name';

export interface ErrorMessageLine {
  code?: string;
  meaning?: string;
  text?: string;
  path?: string;
  /** What to check or do about it. */
  advice?: string;
}

export interface ErrorCalloutProps {
  title: string;
  summary?: string;
  messages?: ErrorMessageLine[];
  /** What to check or do, for an error without codes of its own (e.g. the relay's). */
  advice?: string;
  requestId?: string;
  status?: number;
  /** The exchange log's record of the request: offers to edit and resend it in the explorer. */
  exchangeId?: string;
  /** Announce it at once (for errors that appear after a user action). */
  alert?: boolean;
  /** Extra content, e.g. a retry button. */
  children?: ReactNode;
  className?: string;
}

export function ErrorCallout({
  title,
  summary,
  messages = [],
  advice,
  requestId,
  status,
  exchangeId,
  alert = false,
  children,
  className,
}: ErrorCalloutProps) {
  // An audience reads what happened and what to do; the codes, HTTP status and request id are the presenter's.
  const presenting = usePresenterView();
  const words = useAudienceWords();
  return (
    <div
      role={alert ? 'alert' : undefined}
      className={cx('rounded border border-red-300 border-l-4 border-l-red-600 bg-red-50 p-3 text-sm', className)}
    >
      <p className="font-semibold text-red-900">
        <span aria-hidden="true">✕ </span>
        {words(title)}
        {status !== undefined && !presenting && (
          <span className="ml-2 font-mono text-xs font-normal">HTTP {status}</span>
        )}
      </p>
      {summary && <p className="mt-1 text-red-900">{words(summary)}</p>}
      {advice && <Advice text={words(advice)} />}
      {messages.length > 0 && (
        <ul className="mt-2 space-y-2">
          {messages.map((message, index) => (
            <li key={index} className="rounded bg-white/70 p-2">
              {message.code && !presenting && (
                <p>
                  <code className="font-mono text-xs font-semibold text-red-900">{message.code}</code>
                  {message.path && <span className="ml-2 font-mono text-xs text-slate-600">at {message.path}</span>}
                </p>
              )}
              {!message.code && !presenting && message.path && (
                <p className="font-mono text-xs text-slate-600">at {message.path}</p>
              )}
              {message.meaning && <p className="text-slate-900">{words(message.meaning)}</p>}
              {presenting && message.code && !message.meaning && (
                <p className="text-slate-900">{words(message.code)}</p>
              )}
              {message.text && (
                <p className="text-slate-700">
                  <span className="font-medium">The bank says:</span>{' '}
                  {presenting ? words(maskPersonalDataInText(message.text)) : message.text}
                </p>
              )}
              {message.advice && <Advice text={words(message.advice)} />}
            </li>
          ))}
        </ul>
      )}
      {requestId && (
        <PresenterDetails summary="Technical details" className="mt-2">
          <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-700">
            <span>
              X-Request-ID: <code className="font-mono break-all">{requestId}</code>
            </span>
            <CopyButton text={requestId} label="Copy X-Request-ID" />
            {exchangeId && <ResendLink exchangeId={exchangeId} />}
          </p>
        </PresenterDetails>
      )}
      {children && <div className="mt-2">{children}</div>}
    </div>
  );
}

/** Where the explorer opens an exchange of the log to edit and resend it (a link keeps it across a reload). */
export function editAndResendHref(exchangeId: string): string {
  return `/explore?from=${encodeURIComponent(exchangeId)}`;
}

function ResendLink({ exchangeId }: { exchangeId: string }) {
  const className = 'text-blue-800 underline hover:text-blue-950';
  // A page outside the router (a standalone view) follows the link with a page load; the log is kept across it.
  return useInRouterContext() ? (
    <Link to={editAndResendHref(exchangeId)} className={className}>
      Edit and resend
    </Link>
  ) : (
    <a href={editAndResendHref(exchangeId)} className={className}>
      Edit and resend
    </a>
  );
}

function Advice({ text }: { text: string }) {
  return (
    <p className="mt-1 text-slate-900">
      <span className="font-semibold">What to check:</span> {text}
    </p>
  );
}
