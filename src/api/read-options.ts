// What a page may tune on a read hook; the key and the fetch stay the operation's.
import type { Xs2aResult } from './client';

export interface ReadOptions<T> {
  enabled?: boolean;
  /** Polling: milliseconds, or a function of the latest result giving milliseconds, or false to stop. */
  refetchInterval?:
    number | false | ((query: { state: { data: Xs2aResult<T> | undefined } }) => number | false | undefined);
  refetchIntervalInBackground?: boolean;
  staleTime?: number;
}
