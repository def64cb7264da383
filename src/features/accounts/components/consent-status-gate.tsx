// Reads the active consent's status before any account read: only a valid consent lets the page's content through.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { consentKeys, describeXs2aError, useConsentStatus, type BankProfile } from '../../../api';
import { Button, CopyButton, ErrorCallout, LoadingText, usePresenterView } from '../../../components/ui';
import { ReadWaitNotice } from '../../../flows/resource';
import { consentVerdict, type ConsentVerdict } from '../model/consent-verdict';
import { consentRoute } from '../model/format';

const linkClass = 'font-medium text-blue-800 underline hover:text-blue-950';

/** The consent in use, shown above the content it unlocks. */
function ConsentLine({ consentId }: { consentId: string }) {
  if (usePresenterView()) {
    // An audience has no use for the id: the link says what it opens.
    return (
      <p className="text-sm text-slate-700">
        Reading with a{' '}
        <Link to={consentRoute(consentId)} className="text-blue-800 underline">
          valid consent
        </Link>
      </p>
    );
  }
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
      <span>
        Reading with consent{' '}
        <Link to={consentRoute(consentId)} className="font-mono text-xs break-all text-blue-800 underline">
          {consentId}
        </Link>{' '}
        <span className="rounded bg-green-50 px-1.5 py-0.5 text-xs font-medium text-green-900 ring-1 ring-green-300 ring-inset">
          valid
        </span>
      </span>
      <CopyButton text={consentId} label="Copy Consent-ID" />
    </p>
  );
}

/** The status read failed: nothing is read with a consent whose status is unknown. */
function StatusUnread({ error, consentId, onRetry }: { error: unknown; consentId: string; onRetry: () => void }) {
  return (
    <ErrorCallout
      {...describeXs2aError(error)}
      title="The active consent’s status could not be read, so no account data is read with it"
    >
      <p className="mb-2 text-sm">
        Consent <code className="font-mono text-xs break-all">{consentId}</code>.{' '}
        <Link to={consentRoute(consentId)} className={linkClass}>
          Open the consent
        </Link>{' '}
        or{' '}
        <Link to="/consents" className={linkClass}>
          choose another
        </Link>
        .
      </p>
      <Button size="sm" onClick={onRetry}>
        Try again
      </Button>
    </ErrorCallout>
  );
}

function ConsentNotValid({
  verdict,
  consentId,
}: {
  verdict: Extract<ConsentVerdict, { kind: 'not-valid' }>;
  consentId: string;
}) {
  return (
    <section
      aria-labelledby="consent-not-valid-heading"
      className="space-y-2 rounded border border-amber-300 border-l-4 border-l-amber-600 bg-amber-50 p-4 text-sm"
    >
      <h2 id="consent-not-valid-heading" className="text-base font-semibold text-amber-950">
        <span aria-hidden="true">⚠ </span>
        {verdict.title}
      </h2>
      <p>
        The active consent <code className="font-mono text-xs break-all">{consentId}</code> has the status{' '}
        <code className="font-mono font-semibold">{verdict.status}</code>: {verdict.explanation}
      </p>
      <p>{verdict.action} No account data is read with it.</p>
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        <Link to={consentRoute(consentId)} className={linkClass}>
          Open the consent
        </Link>
        <Link to="/consents" className={linkClass}>
          Choose or create another consent
        </Link>
      </p>
    </section>
  );
}

/**
 * Renders `children` with the consent's id once its status is `valid`; otherwise says why nothing is read. A status
 * that was valid and reads otherwise later (e.g. after a failed account read) takes the content away.
 */
export function ConsentStatusGate({
  profile,
  consentId,
  children,
}: {
  profile: BankProfile;
  consentId: string;
  children: (consentId: string) => ReactNode;
}) {
  const status = useConsentStatus({ profile, consentId });
  // A status cached from an earlier visit may be out of date (the consent may have expired or been deleted since):
  // the page waits for the status read of this visit. Later re-reads happen with the content kept in place.
  const [openedAt] = useState(() => Date.now());
  const checkedNow = status.dataUpdatedAt >= openedAt || status.errorUpdatedAt >= openedAt;

  if (status.isPending || (status.isFetching && !checkedNow)) {
    return (
      <>
        <LoadingText>Checking the consent’s status…</LoadingText>
        <ReadWaitNotice queryKey={consentKeys.status(profile.id, consentId)} />
      </>
    );
  }
  if (status.isError) {
    return <StatusUnread error={status.error} consentId={consentId} onRetry={() => void status.refetch()} />;
  }

  const verdict = consentVerdict(status.data.body.consentStatus);
  if (verdict.kind === 'not-valid') return <ConsentNotValid verdict={verdict} consentId={consentId} />;
  return (
    <>
      <ConsentLine consentId={consentId} />
      {verdict.kind === 'unknown' && (
        <p role="note" className="rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
          <span aria-hidden="true">⚠ </span>
          Consent status <code className="font-mono text-xs">{verdict.status}</code>: {verdict.explanation}
        </p>
      )}
      {children(consentId)}
    </>
  );
}
