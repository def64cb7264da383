// The frame of a resource's status panel (payments, consents): refresh, reading, the bank's refusal with a retry, the
// deviations of the answer and whether the page follows the status.
import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Xs2aResult } from '../../api';
import { Button, DeviationNotice, LoadingText, Panel, Spinner } from '../../components/ui';
import { ReadWaitNotice } from './read-wait';

export interface StatusPanelFrameProps {
  query: UseQueryResult<Xs2aResult<unknown>>;
  /** The query's key: a read the bank asked to hold back shows its countdown here. */
  queryKey: QueryKey;
  /** Shows the bank's refusal; gets the retry button as its child. */
  renderError: (error: unknown, retry: ReactNode) => ReactNode;
  /** Says how the page follows the status, while it does. */
  following: string | undefined;
  /** The status and what else the bank said. */
  children: ReactNode;
  /** Below the deviations (e.g. the timeline this browser saw). */
  footer?: ReactNode;
}

export function StatusPanelFrame({ query, queryKey, renderError, following, children, footer }: StatusPanelFrameProps) {
  const refresh = () => void query.refetch();
  return (
    <Panel
      title="Status"
      actions={
        <Button size="sm" onClick={refresh} disabled={query.isFetching}>
          {query.isFetching ? <Spinner /> : null}
          Refresh status
        </Button>
      }
    >
      {query.isPending && <LoadingText>Reading the status…</LoadingText>}
      <ReadWaitNotice queryKey={queryKey} />
      {query.isError &&
        renderError(
          query.error,
          <Button size="sm" onClick={refresh}>
            Try again
          </Button>,
        )}
      {children}
      {query.data && <DeviationNotice deviations={query.data.deviations} />}
      {following && (
        <p className="flex items-center gap-2 text-xs text-slate-600">
          <Spinner />
          {following}
        </p>
      )}
      {footer}
    </Panel>
  );
}
