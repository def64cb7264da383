// The Flow view of a payment or consent: its sequence diagram drawn live from this tab's exchanges and hand-overs,
// each API step a link to its exchange in the inspector, with exports (SVG picture, Mermaid text). Loaded on demand.
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { exchangeLog, useBankDataDisplay, useExchanges, useFlowEvents } from '../../api';
import {
  Button,
  CopyButton,
  cx,
  downloadText,
  focusRing,
  Panel,
  useElementWidth,
  usePresenterTypeScale,
} from '../../components/ui';
import { ExportTestButton, isExportableFlow } from '../test-export';
import { buildFlowStory } from './build-story';
import { renderFlowSvg } from './render-svg';
import type { FlowStory, StepTone } from './story-types';
import { toMermaid } from './to-mermaid';

/** The width the diagram is drawn at when exported as a picture, at the usual type size; it grows with the type. */
const EXPORT_WIDTH = 760;
/** The narrowest the diagram is drawn on the page at the usual type size; a narrower box scrolls. */
const MIN_WIDTH = 320;

/** The outcome line in the diagram's tone colours. */
const toneText: Record<StepTone, string> = {
  ok: 'text-blue-900',
  failed: 'text-red-700',
  waiting: 'text-amber-800',
  neutral: 'text-slate-700',
};

export function inspectorHref(exchangeId: string): string {
  return `/inspector?exchange=${encodeURIComponent(exchangeId)}`;
}

function titleOf(story: FlowStory): string {
  if (story.subject === 'payment') return 'The payment’s flow';
  if (story.subject === 'basket') return 'The signing basket’s flow';
  return story.subject === 'consent' ? 'The consent’s flow' : 'The flow';
}

/** A file name from the flow key: "payment:p-1" → "payment-p-1". */
function fileBase(flow: string): string {
  return `flow-${flow.replace(/[^A-Za-z0-9._-]+/g, '-')}`.slice(0, 120);
}

/** Links inside the drawn SVG open the inspector inside the console rather than loading the page again. */
function useInspectorLinks(container: React.RefObject<HTMLElement | null>) {
  const navigate = useNavigate();
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    function follow(event: MouseEvent) {
      const link = (event.target as Element | null)?.closest?.('a[data-exchange]');
      const id = link?.getAttribute('data-exchange');
      if (!id || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      void navigate(inspectorHref(id));
    }
    element.addEventListener('click', follow);
    return () => element.removeEventListener('click', follow);
  }, [container, navigate]);
}

/** `scale`: the type's scale the picture is drawn at (presenter mode's larger type), its width growing with it. */
function ExportMenu({ story, title, scale }: { story: FlowStory; title: string; scale: number }) {
  const base = fileBase(story.flow);
  const menu = useRef<HTMLDetailsElement>(null);
  // What is exported is kept in the log: a picture or text of a flow the log then dropped could not be made again.
  const kept = () => exchangeLog.keep([story.flow]);
  /** Saves the file and closes the menu, as a menu item does. */
  const save = (text: string, name: string, type: string) => {
    downloadText(text, name, type);
    kept();
    if (menu.current) menu.current.open = false;
  };
  const svgFile = () =>
    `<?xml version="1.0" encoding="UTF-8"?>\n${renderFlowSvg(story, { width: Math.round(EXPORT_WIDTH * scale), title, idPrefix: 'flow', scale })}\n`;
  return (
    <details ref={menu} className="relative">
      <summary
        className={cx(
          'cursor-pointer list-none rounded border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-800 hover:bg-slate-100',
          focusRing,
        )}
      >
        Export <span aria-hidden="true">▾</span>
      </summary>
      <div className="absolute right-0 z-10 mt-1 flex w-56 flex-col items-stretch gap-1 rounded border border-slate-200 bg-white p-2 shadow-lg">
        <Button size="sm" onClick={() => save(svgFile(), `${base}.svg`, 'image/svg+xml')}>
          Download SVG picture
        </Button>
        <Button size="sm" onClick={() => save(toMermaid(story), `${base}.mmd`, 'text/plain')}>
          Download Mermaid text
        </Button>
        <CopyButton
          size="sm"
          variant="secondary"
          text={() => {
            kept();
            return toMermaid(story);
          }}
          label="Copy Mermaid text"
        />
        {isExportableFlow(story.flow) && <ExportTestButton flow={story.flow} label="Download Playwright test" />}
      </div>
    </details>
  );
}

/** `actions`: more of what can be done with the flow, beside the export menu (e.g. save it as a replay). */
export default function FlowView({ flow, actions }: { flow: string; actions?: ReactNode }) {
  const exchanges = useExchanges();
  const events = useFlowEvents();
  const display = useBankDataDisplay();
  const story = useMemo(() => buildFlowStory({ flow, exchanges, events, display }), [flow, exchanges, events, display]);
  const title = titleOf(story);
  const { ref, width: measured } = useElementWidth(720);
  const scale = usePresenterTypeScale();
  const width = Math.max(MIN_WIDTH, measured);
  useInspectorLinks(ref);
  const idPrefix = `flow-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const svg = useMemo(
    () => renderFlowSvg(story, { width, title, exchangeHref: inspectorHref, idPrefix, scale }),
    [story, width, title, idPrefix, scale],
  );
  const outcome = story.outcome;
  return (
    <Panel
      title="Flow"
      className="flow-view"
      actions={
        <>
          {actions}
          <ExportMenu story={story} title={title} scale={scale} />
        </>
      }
    >
      <p className="text-sm text-slate-700">
        What happened in this tab, between the console, the bank’s API and the PSU. Select a step with a request to open
        it in the inspector.
      </p>
      {outcome && (
        <p role="status" className={cx('text-sm font-semibold', toneText[outcome.tone])}>
          Outcome: {outcome.label}
        </p>
      )}
      {/* The markup is built by renderFlowSvg, which escapes every text it draws. */}
      <div ref={ref} className="w-full overflow-x-auto" dangerouslySetInnerHTML={{ __html: svg }} />
    </Panel>
  );
}
