// The Flow view on a payment's or consent's page, loaded when first shown so the console's first load stays small.
import { lazy, Suspense } from 'react';
import { ErrorBoundary, LoadingText, Panel } from '../../components/ui';
import { SaveReplayButton, type SaveReplayInput } from '../replay';

const FlowView = lazy(() => import('../story/flow-view'));

/**
 * The sequence diagram of the flow `flow` (the exchange log's key, e.g. 'payment:<paymentId>'), with "Save as replay"
 * when `replay` says what to call it.
 */
export function FlowSection({ flow, replay }: { flow: string; replay?: SaveReplayInput }) {
  return (
    <ErrorBoundary what="the flow diagram">
      <Suspense
        fallback={
          <Panel title="Flow">
            <LoadingText>Loading the flow diagram…</LoadingText>
          </Panel>
        }
      >
        <FlowView flow={flow} actions={replay && <SaveReplayButton {...replay} />} />
      </Suspense>
    </ErrorBoundary>
  );
}
