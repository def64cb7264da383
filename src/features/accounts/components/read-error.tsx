// An account read the bank refused: the usual error display, a plain word on consent problems, and a retry.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import {
  consentAdviceForError,
  consentKeys,
  describeXs2aError,
  hasCode,
  Xs2aError,
  type BankProfile,
  type Xs2aErrorDescription,
} from '../../../api';
import { Button, ErrorCallout } from '../../../components/ui';
import { consentEndingCodes } from '../model/consent-verdict';
import { consentRoute } from '../model/format';

export function ReadError({
  error,
  what,
  profile,
  consentId,
  onRetry,
  bankLink,
}: {
  error: unknown;
  /** What could not be read, e.g. "the accounts". */
  what: string;
  profile: BankProfile;
  consentId: string;
  onRetry?: () => void;
  /** The bank's own `_links` member the read followed (next, download…), when it did not build the URL itself. */
  bankLink?: { name: string; href: string };
}) {
  const queryClient = useQueryClient();
  const endsConsent = consentEndingCodes.some((code) => hasCode(error, code));
  // The bank says the consent may be over: read its status again, so the page flags it if it is no longer valid.
  useEffect(() => {
    if (endsConsent) void queryClient.invalidateQueries({ queryKey: consentKeys.status(profile.id, consentId) });
  }, [endsConsent, queryClient, profile.id, consentId]);

  const description = bankLinkDescription(describeXs2aError(error), error, bankLink);
  const advice = consentAdviceForError(error, { refused: 'this read' }).join(' ');
  return (
    <ErrorCallout {...description} title={`Could not read ${what}: ${description.title}`}>
      {advice && (
        <p className="mb-2 text-sm text-slate-900">
          {advice}{' '}
          <Link to={consentRoute(consentId)} className="font-medium text-blue-800 underline">
            Open the consent
          </Link>
        </p>
      )}
      {onRetry && (
        <Button size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
    </ErrorCallout>
  );
}

/**
 * A 404 without an error body on a link the bank gave is the bank's link leading nowhere: the console did not build
 * that URL from the base_url, so advice about the base_url would mislead.
 */
export function bankLinkDescription(
  description: Xs2aErrorDescription,
  error: unknown,
  bankLink: { name: string; href: string } | undefined,
): Xs2aErrorDescription {
  if (!bankLink || !(error instanceof Xs2aError) || error.status !== 404 || description.messages.length > 0) {
    return description;
  }
  return {
    ...description,
    summary:
      `The bank answered ${[error.status, error.statusText].filter(Boolean).join(' ')} to its own “${bankLink.name}” ` +
      `link (${bankLink.href}): the link the bank gave led nowhere. The console followed it as sent; the base_url ` +
      'played no part.',
  };
}
