// The Flow view that ends a payment's or consent's page. Its code (the story's model, the SVG and Mermaid renderers,
// the exports) loads as the user scrolls towards it, so a page whose panels fill the screen opens without it.
import { lazy, Suspense } from 'react';
import { ErrorBoundary, LoadingText, Panel, useNearView } from '../../components/ui';
import { SaveReplayButton, type SaveReplayInput } from '../replay';

const FlowView = lazy(() => import('../story/flow-view'));

/**
 * The sequence diagram of the flow `flow` (the exchange log's key, e.g. 'payment:<paymentId>'), with "Save as replay"
 * when `replay` says what to call it. While `settling` (the page's first reads under way, its panels still short) it
 * waits before it decides whether it is near enough to the screen to load.
 */
export function FlowSection({ flow, replay, settling }: { flow: string; replay?: SaveReplayInput; settling: boolean }) {
  const { ref, near } = useNearView({ watching: !settling });
  const loading = (
    <Panel title="Flow">
      <LoadingText>Loading the flow diagram…</LoadingText>
    </Panel>
  );
  return (
    <div ref={ref}>
      <ErrorBoundary what="the flow diagram">
        {near ? (
          <Suspense fallback={loading}>
            <FlowView flow={flow} actions={replay && <SaveReplayButton {...replay} />} />
          </Suspense>
        ) : (
          loading
        )}
      </ErrorBoundary>
    </div>
  );
}
