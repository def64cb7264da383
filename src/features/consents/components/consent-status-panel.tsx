// The consent's consentStatus: badge and meaning, whether it can be read with, refresh, and the bank's message.
import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import type { GetConsentStatusData, Xs2aResult } from '../../../api';
import { StatusPanelFrame, statusText } from '../../../flows/resource';
import { consentStatusMeaning } from '../model/consent-status-meaning';
import { ConsentErrorCallout } from './consent-error-callout';
import { ConsentStatusBadge } from './consent-status-badge';

interface Props {
  queryKey: QueryKey;
  query: UseQueryResult<Xs2aResult<GetConsentStatusData>>;
  following: boolean;
}

export function ConsentStatusPanel({ query, queryKey, following }: Props) {
  const data = query.data?.body;
  const status = statusText(data?.consentStatus);
  return (
    <StatusPanelFrame
      queryKey={queryKey}
      query={query}
      renderError={(error, retry) => <ConsentErrorCallout error={error}>{retry}</ConsentErrorCallout>}
      following={
        following ? 'Checking the status every 2 seconds while the bank finishes the authorisation.' : undefined
      }
    >
      {status && (
        // A live region, so a status that changes while it is followed is announced.
        <div role="status" aria-label="Consent status" className="space-y-2">
          <p className="flex flex-wrap items-center gap-2">
            {/* The plain name beside the code, which an audience reads in the badge itself. */}
            <ConsentStatusBadge status={status} withLabel />
          </p>
          <p className="text-sm text-slate-800">{consentStatusMeaning(status)}</p>
        </div>
      )}
      {data?.psuMessage && (
        <p className="rounded border border-slate-200 bg-slate-50 p-2 text-sm">
          <span className="font-medium">Message from the bank:</span> {data.psuMessage}
        </p>
      )}
    </StatusPanelFrame>
  );
}
