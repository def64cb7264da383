// The basket's status: badge and meaning, refresh, the bank's refusal with a retry.
import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import { describeXs2aError, type GetBasketStatusData, type Xs2aResult } from '../../../api';
import { CodeBadge, ErrorCallout } from '../../../components/ui';
import { StatusPanelFrame, statusText } from '../../../flows/resource';
import { basketStatusLabel, basketStatusMeaning, basketTone } from '../model/basket-status';

interface Props {
  queryKey: QueryKey;
  query: UseQueryResult<Xs2aResult<GetBasketStatusData>>;
  following: boolean;
}

export function BasketStatusPanel({ query, queryKey, following }: Props) {
  const status = statusText(query.data?.body.transactionStatus);
  return (
    <StatusPanelFrame
      queryKey={queryKey}
      query={query}
      renderError={(error, retry) => <ErrorCallout {...describeXs2aError(error)}>{retry}</ErrorCallout>}
      following={
        following ? 'Checking the status every 2 seconds while the bank applies the authorisation.' : undefined
      }
    >
      {status && (
        // A live region, so a status that changes while it is followed is announced.
        <div role="status" aria-label="Basket status" className="space-y-2">
          <CodeBadge code={status} plainName={basketStatusLabel(status)} tone={basketTone(status)} />
          <p className="text-sm text-slate-800">{basketStatusMeaning(status)}</p>
        </div>
      )}
    </StatusPanelFrame>
  );
}
