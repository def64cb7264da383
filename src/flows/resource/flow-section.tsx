// The Flow view on a payment's or consent's page, loaded when first shown so the console's first load stays small.
import { lazy, Suspense } from 'react';
import { ErrorBoundary, LoadingText, Panel } from '../../components/ui';

const FlowView = lazy(() => import('../story/flow-view'));

/** The sequence diagram of the flow `flow` (the exchange log's key, e.g. 'payment:<paymentId>'). */
export function FlowSection({ flow }: { flow: string }) {
  return (
    <ErrorBoundary what="the flow diagram">
      <Suspense
        fallback={
          <Panel title="Flow">
            <LoadingText>Loading the flow diagram…</LoadingText>
          </Panel>
        }
      >
        <FlowView flow={flow} />
      </Suspense>
    </ErrorBoundary>
  );
}
