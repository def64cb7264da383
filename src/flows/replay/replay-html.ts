// A replay as one HTML file that opens by double-click in any browser, offline: inline CSS, no script, no outside
// reference, and a CSP that forbids every fetch. It shows the flow diagram, the state map and the steps in plain words
// with their exchanges; "Step by step" shows one step at a time (links to the previous and next one) and lights up its
// part of the diagram, "All steps" shows them all. The console reads the file back from its JSON data block only.
import { renderStateMapSvg } from '../state-map/render-svg';
import { stateMapView } from '../state-map/state-map-view';
import { escapeXml, numberedSteps, renderFlowSvg } from '../story';
import { replayDataBlock, type ReplayData, type ReplayExchange } from './replay-data';

/** Nothing may load or connect; only the file's own styles apply. */
export const REPLAY_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

const html = escapeXml;

/** A text as a CSS string: quotes, backslashes and line breaks escaped, and `<` too, so it cannot end the style. */
function cssString(text: string): string {
  return `"${text
    .replace(/[\\"]/g, '\\$&')
    .replace(/[\n\r\f]/g, ' ')
    .replace(/</g, '\\3c ')}"`;
}

export function replayDate(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#0f172a;background:#f8fafc}
header,main{max-width:60rem;margin:0 auto;padding:1rem}
header{border-bottom:1px solid #e2e8f0;background:#fff;max-width:none}
header>*{max-width:58rem;margin-left:auto;margin-right:auto}
h1{font-size:1.5rem;margin:.25rem auto}
h2{font-size:1.15rem;margin:0 0 .5rem}
h3{font-size:1rem;margin:0}
section{background:#fff;border:1px solid #e2e8f0;border-radius:.375rem;padding:1rem;margin:0 0 1rem}
a{color:#1e40af}
a:focus-visible,.picture:focus-visible{outline:2px solid #1d4ed8;outline-offset:2px}
.note{color:#334155;font-size:.9rem}
.outcome{border-left:4px solid #334155;padding:.5rem .75rem;background:#f1f5f9;font-weight:600}
.outcome.ok{border-color:#1e3a8a;background:#eff6ff}.outcome.failed{border-color:#b91c1c;background:#fef2f2;color:#7f1d1d}
.outcome.waiting{border-color:#92400e;background:#fffbeb}
.modes{display:flex;flex-wrap:wrap;gap:.5rem 1rem;margin:.5rem auto}
.picture{overflow-x:auto}.picture svg{max-width:100%;height:auto}
@media (max-width:40rem){.picture svg{width:40rem;max-width:none}}
ol.steps{list-style:none;margin:0;padding:0}
.step{border:1px solid #e2e8f0;border-left:4px solid #94a3b8;border-radius:.375rem;padding:.75rem;margin:0 0 .5rem;scroll-margin-top:1rem}
.step.ok{border-left-color:#1e3a8a}.step.failed{border-left-color:#b91c1c}.step.waiting{border-left-color:#92400e}
.step:target{outline:3px solid #1d4ed8;background:#eff6ff}
.step p{margin:.25rem 0}
.stepnav{display:none;gap:1rem;flex-wrap:wrap;margin-top:.5rem}
body:has(.step:target) .step:not(:target){display:none}
body:has(.step:target) .stepnav{display:flex}
body:has(.step:target) svg g[data-step]{opacity:.3}
details{margin-top:.5rem}summary{cursor:pointer;color:#1e40af}
pre{white-space:pre-wrap;word-break:break-all;background:#f1f5f9;border-radius:.25rem;padding:.5rem;font-size:.8rem;margin:.25rem 0}
`;

/** The status reads the log folded into an exchange, in words; undefined when it stands for itself only. */
function foldedText({ foldedReads: folded }: ReplayExchange): string | undefined {
  if (!folded) return undefined;
  const time = (epochMs: number) => new Date(epochMs).toISOString().slice(11, 19);
  const when =
    folded.count === 1 ? `at ${time(folded.firstAt)}` : `from ${time(folded.firstAt)} to ${time(folded.lastAt)}`;
  const reads = folded.count === 1 ? 'one more read' : `${folded.count} more reads`;
  return `The bank gave the same answer to ${reads} of this status before this one (sent ${when} UTC); they were counted, not kept one by one.`;
}

/**
 * An exchange as two texts, the request and the answer, each with its headers and body, and a note of the reads
 * folded into it.
 */
export function exchangeTexts(exchange: ReplayExchange): { request: string; answer: string; folded?: string } {
  const headers = (list: Record<string, string> | undefined) =>
    Object.entries(list ?? {})
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n');
  const joined = (parts: (string | undefined)[]) => parts.filter((part) => part).join('\n\n');
  return {
    request: joined([`${exchange.method} ${exchange.url}`, headers(exchange.requestHeaders), exchange.requestBody]),
    answer:
      exchange.status !== undefined
        ? joined([
            `${exchange.status} ${exchange.statusText ?? ''}`.trim(),
            headers(exchange.responseHeaders),
            exchange.responseBody,
          ])
        : (exchange.error ?? 'No answer.'),
    ...(exchange.foldedReads && { folded: foldedText(exchange) }),
  };
}

function exchangeText(exchange: ReplayExchange): string {
  const { request, answer, folded } = exchangeTexts(exchange);
  return (
    `<p class="note">Request (X-Request-ID ${html(exchange.requestId)})</p><pre>${html(request)}</pre>` +
    `<p class="note">Answer</p><pre>${html(answer)}</pre>` +
    (folded ? `<p class="note">${html(folded)}</p>` : '')
  );
}

function stepItem(data: ReplayData, index: number): string {
  const step = numberedSteps(data.story)[index];
  if (!step) return '';
  const number = index + 1;
  const count = data.story.steps.length;
  const ids = [...(step.exchangeId ? [step.exchangeId] : []), ...(step.exchangeIds ?? [])];
  const exchanges = ids.flatMap((id) => data.exchanges.filter((exchange) => exchange.id === id));
  const label = step.label || (step.kind === 'waiting' ? 'Waiting' : step.kind);
  const nav = [
    number > 1 ? `<a href="#step-${number - 1}">← Previous step</a>` : '',
    number < count ? `<a href="#step-${number + 1}">Next step →</a>` : '',
    `<a href="#steps">All steps</a>`,
  ].join('');
  return (
    // The diagram's number, when it gives the step one (a waiting span has none).
    `<li class="step ${step.tone}" id="step-${number}"><h3>${step.number === undefined ? '' : `${step.number}. `}${html(label)}</h3>` +
    (step.detail ? `<p>${html(step.detail)}</p>` : '') +
    (exchanges.length > 0
      ? `<details><summary>What was sent and answered${exchanges.length > 1 ? ` (${exchanges.length} requests)` : ''}</summary>${exchanges.map(exchangeText).join('')}</details>`
      : '') +
    `<p class="stepnav">${nav}</p></li>`
  );
}

/** Per step: while it is the one shown, its part of the diagram stands out. */
function stepHighlights(data: ReplayData): string {
  return data.story.steps
    .map((step, index) => `body:has(#step-${index + 1}:target) svg g[data-step=${cssString(step.id)}]{opacity:1}`)
    .join('\n');
}

/** The width the diagram is drawn at; a narrow screen scrolls it. */
const DIAGRAM_WIDTH = 760;

/** The story's sequence diagram; each request's arrow leads to its step below. */
export function replayDiagram(data: ReplayData, options: { width: number; idPrefix: string; linked: boolean }): string {
  const stepOf = new Map(
    data.story.steps.flatMap((step, index) =>
      [...(step.exchangeId ? [step.exchangeId] : []), ...(step.exchangeIds ?? [])].map((id) => [id, index + 1]),
    ),
  );
  return renderFlowSvg(data.story, {
    width: options.width,
    title: `The flow: ${data.title}`,
    idPrefix: options.idPrefix,
    ...(options.linked && { exchangeHref: (id: string) => `#step-${stepOf.get(id) ?? 1}` }),
  });
}

/** The whole replay file. Every text in it is escaped; the data block is the only part the console reads back. */
export function replayHtml(data: ReplayData): string {
  const { story } = data;
  const diagramSvg =
    story.steps.length > 0
      ? replayDiagram(data, { width: DIAGRAM_WIDTH, idPrefix: 'replay-flow', linked: true })
      : undefined;
  const what = story.subject === 'resource' ? 'flow' : `${story.subject} flow`;
  const stateMap = data.stateMap
    ? renderStateMapSvg(stateMapView(data.stateMap), {
        idPrefix: 'replay-state-map',
        legend: true,
        // A replay saved in presenter mode is shown to the same audience: no spec codes.
        codes: !data.masked,
      })
    : undefined;
  const steps = story.steps.map((_, index) => stepItem(data, index)).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${REPLAY_CSP}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(`Replay: ${data.title} · XS2A Console`)}</title>
<style>${STYLE}${stepHighlights(data)}</style>
</head>
<body>
<header>
<p class="note">XS2A Console · replay saved ${html(replayDate(data.savedAt))}</p>
<h1>${html(data.title)}</h1>
<p class="note">A replay of a ${html(what)}: what the console sent, what the bank answered and what the PSU did, step by step. Passwords, one-time codes, tokens and keys were removed${data.masked ? '; account numbers and names are masked' : ''}.</p>
<nav class="modes" aria-label="Replay">${story.steps.length > 0 ? '<a href="#step-1">Step by step</a><a href="#steps">All steps</a>' : ''}</nav>
</header>
<main>
${story.outcome ? `<p class="outcome ${story.outcome.tone}">${html(story.outcome.label)}</p>` : ''}
${diagramSvg ? `<section aria-labelledby="h-flow"><h2 id="h-flow">The flow</h2><div class="picture" role="region" aria-label="Flow diagram" tabindex="0">${diagramSvg}</div></section>` : ''}
${stateMap ? `<section aria-labelledby="h-state"><h2 id="h-state">State map</h2><div class="picture" role="region" aria-label="State map diagram" tabindex="0">${stateMap}</div></section>` : ''}
<section id="steps" aria-labelledby="h-steps"><h2 id="h-steps">Steps (${story.steps.length})</h2>
${story.steps.length > 0 ? `<ol class="steps">${steps}</ol>` : '<p>Nothing happened in this flow yet.</p>'}
</section>
</main>
${replayDataBlock(data)}
</body>
</html>
`;
}
