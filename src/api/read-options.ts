// What a page may tune on a read hook; the key and the fetch stay the operation's.
import type { QueryState } from '@tanstack/react-query';
import type { Xs2aResult } from './client';

export interface ReadOptions<T> {
  enabled?: boolean;
  /** Polling: milliseconds, or a function of the query's state giving milliseconds, or false to stop. */
  refetchInterval?: number | false | ((query: { state: QueryState<Xs2aResult<T>> }) => number | false | undefined);
  refetchIntervalInBackground?: boolean;
  staleTime?: number;
}
