// An account read the bank refused: the usual error display, a plain word on consent problems, and a retry.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { consentKeys, describeXs2aError, hasCode, type BankProfile } from '../../../api';
import { Button, ErrorCallout } from '../../../components/ui';
import { consentEndingCodes } from '../model/consent-verdict';
import { consentRoute } from '../model/format';

function consentAdvice(error: unknown): string | undefined {
  if (hasCode(error, 'ACCESS_EXCEEDED')) {
    return (
      'The consent’s daily allowance of reads without the PSU present (its frequencyPerDay) is used up for today. ' +
      'Reads that carry PSU-IP-Address count as PSU-present and are not limited; otherwise try again tomorrow.'
    );
  }
  if (hasCode(error, 'CONSENT_EXPIRED')) return 'The consent has expired. Ask the PSU for a new one.';
  if (hasCode(error, 'CONSENT_UNKNOWN')) return 'The bank does not know this consent (for this TPP).';
  if (hasCode(error, 'CONSENT_INVALID')) {
    return (
      'The consent does not allow this read: it may not cover this account or this service (balances, ' +
      'transactions), or it is no longer valid.'
    );
  }
  return undefined;
}

export function ReadError({
  error,
  what,
  profile,
  consentId,
  onRetry,
}: {
  error: unknown;
  /** What could not be read, e.g. "the accounts". */
  what: string;
  profile: BankProfile;
  consentId: string;
  onRetry?: () => void;
}) {
  const queryClient = useQueryClient();
  const endsConsent = consentEndingCodes.some((code) => hasCode(error, code));
  // The bank says the consent may be over: read its status again, so the page flags it if it is no longer valid.
  useEffect(() => {
    if (endsConsent) void queryClient.invalidateQueries({ queryKey: consentKeys.status(profile.id, consentId) });
  }, [endsConsent, queryClient, profile.id, consentId]);

  const description = describeXs2aError(error);
  const advice = consentAdvice(error);
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
