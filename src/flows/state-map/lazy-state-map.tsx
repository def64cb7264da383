// The state map loads with its first showing, so the pages that have one do not carry its code up front.
import { lazy, Suspense } from 'react';
import { ErrorBoundary, LoadingText } from '../../components/ui';
import type { StateMapProps } from './state-map';

const StateMap = lazy(() => import('./state-map'));

export function StateMapPanel(props: StateMapProps) {
  return (
    <ErrorBoundary what="the state map">
      <Suspense fallback={<LoadingText>Drawing the state map…</LoadingText>}>
        <StateMap {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
