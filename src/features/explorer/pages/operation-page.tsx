// One operation: what 1.3.12 says of it, and "Try it": the request prefilled from the active profile, edited, sent
// through the console's client, its answer, and the request as code.
import { useMemo, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { sendOperation } from '../../../api';
import { Panel } from '../../../components/ui';
import { CodeExport } from '../../../flows/code-export';
import { operations, parseUpdatePsuDataBody, PaymentService, type OperationName } from '../../../xs2a';
import { ExplorerPageTop, SendOutcome } from '../components/answer-view';
import { OperationDoc } from '../components/operation-doc';
import { RequestEditor } from '../components/request-editor';
import { pathValuesOfHref } from '../model/next-actions';
import { isOperationName, operationTitles } from '../model/operation-groups';
import { draftFindings } from '../model/refusals';
import {
  bodyOf,
  draftHeaders,
  draftUrl,
  prefillDraft,
  type PrefillContext,
  type RequestDraft,
} from '../model/request-draft';
import { useExplorerContext } from '../model/use-explorer-context';
import { useRequestDraft } from '../model/use-request-draft';
import { codeParts, useSend } from '../model/use-send';

/** The response schema's choices: the payment service of the path, the step of an update-PSU-data body. */
function schemaOptions(draft: RequestDraft) {
  const service = PaymentService.safeParse(draft.pathValues['payment-service']);
  const step =
    operations[draft.operation].method === 'PUT' ? parseUpdatePsuDataBody(bodyOf(draft.bodyText)) : undefined;
  return {
    ...(service.success && { paymentService: service.data }),
    ...(step?.success && { updateKind: step.data.kind }),
  };
}

export interface OperationViewProps {
  operation: OperationName;
  /** The first draft; "Try it" prefills one from the profile when not given. */
  start?: (context: PrefillContext) => RequestDraft;
  /** Said above the editor (where a resent request comes from). */
  notice?: ReactNode;
}

export function OperationView({ operation, start, notice }: OperationViewProps) {
  const { profile, known, hasToken, exampleContext, prefillContext } = useExplorerContext();
  const { draft, actions } = useRequestDraft(() =>
    start ? start(prefillContext()) : prefillDraft(operation, prefillContext()),
  );
  const { sending, outcome, send } = useSend(profile, draft, actions.renewRequestId, (headers) =>
    sendOperation({
      profile,
      operationId: draft.operation,
      method: operations[draft.operation].method,
      url: draftUrl(draft, profile.baseUrl),
      headers,
      body: bodyOf(draft.bodyText),
      ...(draft.bodyText.trim() !== '' && { bodyText: draft.bodyText }),
      schema: schemaOptions(draft),
    }),
  );
  const findings = useMemo(() => draftFindings(draft), [draft]);
  const error = outcome && 'error' in outcome ? outcome.error : undefined;
  const method = operations[operation].method;
  const url = draftUrl(draft, profile.baseUrl);
  const codeRequestParts = useMemo(() => codeParts(method, url, draft, hasToken), [method, url, draft, hasToken]);
  const consentId = draftHeaders(draft)['Consent-ID'];

  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <ExplorerPageTop title={operationTitles[operation]}>
        <p className="font-mono text-sm break-all text-slate-700">
          {method} {operations[operation].path}
          <span className="font-sans text-slate-600"> · {operation}</span>
        </p>
      </ExplorerPageTop>
      {notice}
      <OperationDoc operation={operation} />
      <Panel
        title="Try it"
        level={2}
        description={`Sent to ${profile.name} (${profile.baseUrl}) through the console’s client.`}
      >
        <RequestEditor
          draft={draft}
          actions={actions}
          known={known}
          findings={findings}
          bankMessages={error?.tppMessages ?? []}
          exampleContext={exampleContext}
          hasToken={hasToken}
          sending={sending}
          onSend={() => void send()}
        />
      </Panel>
      <SendOutcome outcome={outcome} />
      <CodeExport request={codeRequestParts} profile={profile} level={2} {...(consentId && { consentId })} />
    </div>
  );
}

/** "Try it" for the operation a link of an answer starts: its path variables from the link. */
function prefillFromLink(operation: OperationName, href: string, context: PrefillContext): RequestDraft {
  const prefilled = prefillDraft(operation, context);
  const fromLink = pathValuesOfHref(operation, operations[operation].method, href);
  return { ...prefilled, pathValues: { ...prefilled.pathValues, ...fromLink } };
}

export function OperationPage() {
  const { operationId } = useParams();
  const [search] = useSearchParams();
  if (!isOperationName(operationId)) {
    return (
      <div className="mx-auto max-w-5xl space-y-2">
        <h1 className="text-xl font-semibold text-slate-900">No such operation</h1>
        <p className="text-sm text-slate-700">
          “{operationId}” is not an operation of 1.3.12 the console knows.{' '}
          <Link to="/explore" className="text-blue-800 underline">
            See them all.
          </Link>
        </p>
      </div>
    );
  }
  const href = search.get('href') ?? undefined;
  // A new operation or link starts a new draft.
  return (
    <OperationView
      key={`${operationId} ${href ?? ''}`}
      operation={operationId}
      {...(href && { start: (context: PrefillContext) => prefillFromLink(operationId, href, context) })}
    />
  );
}
