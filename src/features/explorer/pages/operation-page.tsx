// One operation: what 1.3.12 says of it, and "Try it": the request prefilled from the active profile, edited, sent
// through the console's client, its answer, and the request as code.
import { useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import {
  profileToken,
  sendOperation,
  useActiveConsentId,
  useActiveProfile,
  useExchanges,
  Xs2aError,
  type BankProfile,
} from '../../../api';
import { ErrorCallout, Panel } from '../../../components/ui';
import { CodeExport } from '../../../flows/code-export';
import { operations, parseUpdatePsuDataBody, PaymentService, type OperationName } from '../../../xs2a';
import { AnswerView } from '../components/answer-view';
import { OperationDoc } from '../components/operation-doc';
import { RequestEditor } from '../components/request-editor';
import { useHistoryIds } from '../model/history-ids';
import { knownIds } from '../model/known-ids';
import { pathValuesOfHref } from '../model/next-actions';
import { isOperationName, operationTitles } from '../model/operation-groups';
import { draftFindings } from '../model/refusals';
import {
  bodyOf,
  draftHeaders,
  draftUrl,
  exampleContextFor,
  prefillDraft,
  type RequestDraft,
} from '../model/request-draft';
import { newRowId, useRequestDraft } from '../model/use-request-draft';

type Outcome = { exchangeId: string; error?: Xs2aError } | { failure: string };

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

function useSend(profile: BankProfile, draft: RequestDraft, renewRequestId: () => void) {
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  async function send() {
    const headers = draftHeaders(draft);
    if (draft.sendProfileToken) {
      const token = profileToken(profile, headers['Consent-ID']);
      if (token) headers.Authorization = `Bearer ${token}`;
    }
    setSending(true);
    try {
      const result = await sendOperation({
        profile,
        operationId: draft.operation,
        method: operations[draft.operation].method,
        url: draftUrl(draft, profile.baseUrl),
        headers,
        body: bodyOf(draft.bodyText),
        ...(draft.bodyText.trim() !== '' && { bodyText: draft.bodyText }),
        schema: schemaOptions(draft),
      });
      setOutcome({ exchangeId: result.exchangeId });
    } catch (error) {
      setOutcome(
        error instanceof Xs2aError
          ? { exchangeId: error.exchangeId, error }
          : { failure: error instanceof Error ? error.message : 'The request could not be made.' },
      );
    } finally {
      setSending(false);
      renewRequestId();
    }
  }
  return { sending, outcome, send };
}

function OperationView({ operation, href }: { operation: OperationName; href: string | undefined }) {
  const profile = useActiveProfile();
  const activeConsentId = useActiveConsentId(profile.id);
  const exchanges = useExchanges();
  const history = useHistoryIds(profile.id);
  const known = useMemo(() => knownIds(exchanges, history), [exchanges, history]);
  const hasToken = profileToken(profile) !== undefined;
  const { draft, actions } = useRequestDraft(() => {
    const prefilled = prefillDraft(operation, {
      profile,
      activeConsentId,
      known,
      requestId: crypto.randomUUID(),
      hasToken,
      newRowId,
    });
    const fromLink = href ? pathValuesOfHref(operation, operations[operation].method, href) : {};
    return { ...prefilled, pathValues: { ...prefilled.pathValues, ...fromLink } };
  });
  const { sending, outcome, send } = useSend(profile, draft, actions.renewRequestId);
  const findings = useMemo(() => draftFindings(draft), [draft]);
  const exchange =
    outcome && 'exchangeId' in outcome ? exchanges.find((item) => item.id === outcome.exchangeId) : undefined;
  const error = outcome && 'error' in outcome ? outcome.error : undefined;
  const exampleContext = useMemo(() => exampleContextFor(profile, known), [profile, known]);
  const codeRequestParts = useMemo(() => {
    const headers = draftHeaders(draft);
    // The token is never in the draft: the snippet names it, and includes it only when the user ticks it.
    if (draft.sendProfileToken && hasToken) headers.Authorization = 'Bearer [redacted]';
    return {
      method: operations[operation].method,
      url: draftUrl(draft, profile.baseUrl),
      headers,
      body: bodyOf(draft.bodyText),
    };
  }, [draft, hasToken, operation, profile.baseUrl]);
  const consentId = draftHeaders(draft)['Consent-ID'];

  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <div className="space-y-1">
        <Link to="/explore" className="text-sm text-blue-800 underline hover:text-blue-950">
          All operations
        </Link>
        <h1 className="text-xl font-semibold text-slate-900">{operationTitles[operation]}</h1>
        <p className="font-mono text-sm break-all text-slate-700">
          {operations[operation].method} {operations[operation].path}
          <span className="font-sans text-slate-600"> · {operation}</span>
        </p>
      </div>
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
      {outcome && 'failure' in outcome && (
        <ErrorCallout alert title="The request could not be sent" summary={outcome.failure} />
      )}
      {outcome && 'exchangeId' in outcome && <AnswerView exchange={exchange} error={error} />}
      <CodeExport request={codeRequestParts} profile={profile} level={2} {...(consentId && { consentId })} />
    </div>
  );
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
  return <OperationView key={`${operationId} ${href ?? ''}`} operation={operationId} href={href} />;
}
