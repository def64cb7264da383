// State of "Load all pages": the pages read so far, where to continue, and how it ended.
import { linkHref, type Deviation, type GetTransactionsData, type Xs2aResult } from '../../../api';
import type { FollowPagesOutcome } from './follow-pages';
import type { ReportRows } from './transaction-rows';

export type AllPagesStatus = 'idle' | 'loading' | 'stopped' | 'complete' | 'cut-off' | 'error';

export interface AllPagesState {
  status: AllPagesStatus;
  pages: ReportRows[];
  /** The last page's answer (its balances when withBalance was asked for). */
  last?: Xs2aResult<GetTransactionsData>;
  /** Where to continue after a stop or an error: the next page not read yet (undefined: the first). */
  resumeHref?: string;
  error?: unknown;
  cutOffReason?: string;
  /** Deviations from 1.3.12 of every page, each kind once. */
  deviations: Deviation[];
}

export type AllPagesAction =
  | { type: 'start' }
  | { type: 'resume' }
  | { type: 'page'; rows: ReportRows; result: Xs2aResult<GetTransactionsData> }
  | { type: 'done'; outcome: FollowPagesOutcome }
  | { type: 'error'; error: unknown };

export const initialAllPages: AllPagesState = { status: 'idle', pages: [], deviations: [] };

const MAX_DEVIATIONS = 50;

export function allPagesReducer(state: AllPagesState, action: AllPagesAction): AllPagesState {
  switch (action.type) {
    case 'start':
      return { ...initialAllPages, status: 'loading' };
    case 'resume':
      return { ...state, status: 'loading', error: undefined };
    case 'page': {
      const deviations = [...state.deviations];
      for (const d of action.result.deviations) {
        if (deviations.length >= MAX_DEVIATIONS) break;
        // Page-independent form: "booked[17].x" and "booked[3].x" are the same finding.
        const path = d.path.replace(/\[\d+\]/g, '[]');
        if (!deviations.some((known) => known.path === path && known.message === d.message)) {
          deviations.push({ path, message: d.message });
        }
      }
      return {
        ...state,
        pages: [...state.pages, action.rows],
        last: action.result,
        resumeHref: linkHref(action.result.body.transactions?._links?.next),
        deviations,
      };
    }
    case 'done':
      switch (action.outcome.kind) {
        case 'complete':
          return { ...state, status: 'complete', resumeHref: undefined };
        case 'stopped':
          return { ...state, status: 'stopped', resumeHref: action.outcome.resumeHref ?? state.resumeHref };
        case 'cut-off':
          return { ...state, status: 'cut-off', cutOffReason: action.outcome.reason };
      }
      return state;
    case 'error':
      return { ...state, status: 'error', error: action.error };
  }
}
