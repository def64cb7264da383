// An account read the bank refused: the usual error display, a plain word on consent problems, and a retry.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import {
  consentAdviceForError,
  consentKeys,
  describeXs2aError,
  bankLinkDescription,
  hasCode,
  useBankNow,
  type BankProfile,
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
  // A day's reads come back on the bank's next day, by its clock.
  const bankNow = useBankNow(profile);
  const advice = consentAdviceForError(error, { refused: 'this read', bankNow }).join(' ');
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
