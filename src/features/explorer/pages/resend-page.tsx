// "Edit and resend": an exchange of this tab's log (/explore?from=<exchangeId>, so a reload keeps it) opened in the
// editor of its operation, or as a raw request when its path is no 1.3.12 operation, with a fresh X-Request-ID and
// what the log redacted filled from the active profile.
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { exchangeLog, sendRawRequest, type Exchange } from '../../../api';
import { Panel } from '../../../components/ui';
import { CodeExport } from '../../../flows/code-export';
import { ExplorerPageTop, SendOutcome } from '../components/answer-view';
import { RawRequestEditor } from '../components/raw-request-editor';
import {
  operationDraftFromExchange,
  operationOfExchange,
  rawDraftFromExchange,
  type RawDraft,
} from '../model/from-exchange';
import { bodyOf, prefillDraft } from '../model/request-draft';
import { useExplorerContext } from '../model/use-explorer-context';
import { useRequestDraft } from '../model/use-request-draft';
import { codeParts, useSend } from '../model/use-send';
import { OperationView } from './operation-page';

function ResentFrom({ exchange }: { exchange: Exchange }) {
  const time = new Date(exchange.startedAt).toLocaleTimeString();
  return (
    <p role="note" className="rounded border border-blue-200 bg-blue-50 p-3 text-sm text-slate-800">
      Edit and resend of <code className="font-mono text-xs break-all">{exchange.request.method}</code>{' '}
      <code className="font-mono text-xs break-all">{exchange.request.url}</code> ({time}), with a new X-Request-ID.
      What the log redacted (the token, passwords, one-time passwords) is not taken from it: the active profile fills
      it, as “Try it” does.
    </p>
  );
}

/** The URL of a raw draft with its query rows. */
function rawUrl(draft: RawDraft): string {
  try {
    const url = new URL(draft.url);
    for (const { name, value } of draft.query) if (name.trim()) url.searchParams.append(name.trim(), value);
    return url.toString();
  } catch {
    return draft.url;
  }
}

function RawRequestView({ exchange }: { exchange: Exchange }) {
  const { profile, hasToken, prefillContext } = useExplorerContext();
  const { draft, actions } = useRequestDraft<RawDraft>(() => rawDraftFromExchange(exchange, prefillContext()));
  const url = rawUrl(draft);
  const { sending, outcome, send } = useSend(profile, draft, actions.renewRequestId, (headers) =>
    sendRawRequest({
      profile,
      label: exchange.operationId,
      method: draft.method,
      url,
      headers,
      body: bodyOf(draft.bodyText),
      ...(draft.bodyText.trim() !== '' && { bodyText: draft.bodyText }),
    }),
  );
  const code = useMemo(() => codeParts(draft.method, url, draft, hasToken), [draft, url, hasToken]);
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <ExplorerPageTop title="Raw request">
        <p className="text-sm text-slate-700">
          The path is no operation of 1.3.12 the console knows, so it is sent as written and its answer is not checked.
        </p>
      </ExplorerPageTop>
      <ResentFrom exchange={exchange} />
      <Panel title="Request" level={2} description={`Sent through ${profile.name}’s client settings (relay, token).`}>
        <RawRequestEditor
          draft={draft}
          actions={actions}
          hasToken={hasToken}
          sending={sending}
          onSend={() => void send()}
        />
      </Panel>
      <SendOutcome outcome={outcome} checked={false} />
      <CodeExport request={code} profile={profile} level={2} />
    </div>
  );
}

export function ResendPage({ exchangeId }: { exchangeId: string }) {
  // Read once: the log grows as the request is sent again, and the draft must not start over.
  const [exchange] = useState(() => exchangeLog.get(exchangeId));
  if (!exchange) {
    return (
      <div className="mx-auto max-w-5xl space-y-2">
        <h1 className="text-xl font-semibold text-slate-900">That exchange is no longer in the log</h1>
        <p className="text-sm text-slate-700">
          The log keeps this tab’s last exchanges only.{' '}
          <Link to="/inspector" className="text-blue-800 underline">
            Open the inspector
          </Link>{' '}
          or{' '}
          <Link to="/explore" className="text-blue-800 underline">
            pick an operation.
          </Link>
        </p>
      </div>
    );
  }
  const match = operationOfExchange(exchange);
  if (!match) return <RawRequestView exchange={exchange} />;
  return (
    <OperationView
      operation={match.name}
      start={(context) => operationDraftFromExchange(exchange, context) ?? prefillDraft(match.name, context)}
      notice={<ResentFrom exchange={exchange} />}
    />
  );
}
