// The payment read of a pain.001 payment: the document the bank answers with (a standing order's as multipart), read
// back in plain words and shown as text; its reading loads on demand.
import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { Xs2aResult } from '../../../api';
import { DeviationNotice, LoadingText } from '../../../components/ui';
import { PaymentReadPanel } from './payment-details-panel';

const Pain001DocumentView = lazy(() => import('./pain001-words'));

export function Pain001DocumentPanel({
  query,
  queryKey,
}: {
  query: UseQueryResult<Xs2aResult<string>>;
  queryKey: QueryKey;
}) {
  return (
    <PaymentReadPanel query={query} queryKey={queryKey}>
      {(data) => (
        <>
          <DeviationNotice deviations={data.deviations} />
          <Suspense fallback={<LoadingText>Reading the document…</LoadingText>}>
            <Pain001DocumentView text={data.body} contentType={data.headers['content-type'] ?? ''} />
          </Suspense>
        </>
      )}
    </PaymentReadPanel>
  );
}
