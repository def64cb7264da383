// The state map of a payment or a consent: its 1.3.12 status machine with the path this resource took, where it is
// now and what the TPP's user can still do, drawn as SVG with the same words beside it for every reader. It draws the
// path and the states one move away; "All states" draws the whole machine. On a narrow screen the drawing scrolls
// sideways inside its box, which keeps the current state in view.
import { useId, useLayoutEffect, useMemo, useState, type RefObject } from 'react';
import { Button, Panel, useAudienceWords, useElementWidth, usePresenterView } from '../../components/ui';
import { renderStateMapSvg } from './render-svg';
import { actionText, pathText, stateMapView, type StateMapInput } from './state-map-view';

export type StateMapProps = Omit<StateMapInput, 'all'>;

/** Scrolls the box sideways (never the page) so the current state's box is inside it, centred when it was not. */
function useCurrentInView(ref: RefObject<HTMLDivElement | null>, drawing: string, width: number): void {
  useLayoutEffect(() => {
    const box = ref.current;
    const current = box?.querySelector('g[data-current="true"] rect');
    if (!box || !current) return;
    const outer = box.getBoundingClientRect();
    const inner = current.getBoundingClientRect();
    if (inner.left >= outer.left && inner.right <= outer.right) return;
    box.scrollLeft += inner.left - outer.left - (outer.width - inner.width) / 2;
  }, [ref, drawing, width]);
}

export default function StateMap({ kind, timeline, current }: StateMapProps) {
  // React's ids carry colons, which an SVG url(#…) reference does not take.
  const idPrefix = `state-map-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [all, setAll] = useState(false);
  const view = useMemo(() => stateMapView({ kind, timeline, current, all }), [kind, timeline, current, all]);
  const presenting = usePresenterView();
  const svg = useMemo(() => renderStateMapSvg(view, { idPrefix, codes: !presenting }), [view, idPrefix, presenting]);
  const now = view.current;
  const words = useAudienceWords();
  const { ref, width } = useElementWidth(0);
  useCurrentInView(ref, svg, width);
  // Offered while it would show more, or to go back once it does.
  const toggle = (view.hidden > 0 || all) && (
    <Button size="sm" aria-pressed={all} onClick={() => setAll((shown) => !shown)}>
      All states
    </Button>
  );

  return (
    <Panel
      title="State map"
      description={`${view.title} in the 1.3.12 model, and the path this one took.`}
      actions={toggle}
    >
      <p className="text-sm">
        <span className="font-semibold">Seen: </span>
        <span data-testid="state-map-path">{words(pathText(view))}</span>
      </p>
      <p className="text-sm text-slate-700">{shownText(all, now?.final === true)}</p>
      <div
        ref={ref}
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

/** What the drawing holds, in a sentence. */
function shownText(all: boolean, final: boolean): string {
  if (all) return 'Shown: every state of the model, the path taken in bold.';
  return final ? 'Shown: the path taken.' : 'Shown: the path taken and the states it can move to from here.';
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
