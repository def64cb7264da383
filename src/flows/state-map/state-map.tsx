// The state map of a payment or a consent: its 1.3.12 status machine with the path this resource took, where it is
// now and what the TPP's user can still do, drawn as SVG with the same words beside it for every reader.
import { useId, useMemo } from 'react';
import { Panel, useAudienceWords, usePresenterView } from '../../components/ui';
import { renderStateMapSvg } from './render-svg';
import { actionText, pathText, stateMapView, type StateMapInput } from './state-map-view';

export type StateMapProps = StateMapInput;

export default function StateMap({ kind, timeline, current }: StateMapProps) {
  // React's ids carry colons, which an SVG url(#…) reference does not take.
  const idPrefix = `state-map-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const view = useMemo(() => stateMapView({ kind, timeline, current }), [kind, timeline, current]);
  const presenting = usePresenterView();
  const svg = useMemo(() => renderStateMapSvg(view, { idPrefix, codes: !presenting }), [view, idPrefix, presenting]);
  const now = view.current;
  const words = useAudienceWords();

  return (
    <Panel title="State map" description={`${view.title} in the 1.3.12 model, and the path this one took.`}>
      <p className="text-sm">
        <span className="font-semibold">Seen: </span>
        <span data-testid="state-map-path">{words(pathText(view))}</span>
      </p>
      <div
        role="region"
        aria-label="State map diagram"
        // Scrolls sideways on a narrow screen; focusable so a keyboard can scroll it too.
        tabIndex={0}
        className="overflow-x-auto rounded border border-slate-100 [&>svg]:h-auto [&>svg]:max-w-none md:[&>svg]:max-w-full"
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      {now?.unknown && !presenting && (
        <p className="text-sm text-purple-900">
          The bank reports <code className="font-mono">{now.code}</code>, a status 1.3.12 does not define here, so the
          map cannot say what comes next.
        </p>
      )}
      <StateMapActions actions={view.actions.map((action) => words(actionText(action)))} final={now?.final === true} />
    </Panel>
  );
}

function StateMapActions({ actions, final }: { actions: string[]; final: boolean }) {
  const headingId = useId();
  if (actions.length === 0) {
    return (
      <p className="text-sm text-slate-700">
        {final ? 'Final: nothing can change it any more.' : 'No action of yours changes it from here.'}
      </p>
    );
  }
  return (
    <div>
      <h3 id={headingId} className="text-sm font-semibold text-slate-800">
        What you can still do
      </h3>
      <ul aria-labelledby={headingId} className="mt-1 list-disc space-y-1 pl-5 text-sm">
        {actions.map((action) => (
          <li key={action}>{action}</li>
        ))}
      </ul>
    </div>
  );
}
