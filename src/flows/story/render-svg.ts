// A flow story drawn as a sequence diagram in SVG markup: standalone (no fonts, stylesheets or outside references;
// colours as presentation attributes, which a page's CSP allows), every text escaped, and laid out for the width it is
// given: each step's words run across the whole width above its arrows, so a phone-wide diagram stays readable.
// Polling that saw nothing new is a thin grey band between the numbered steps, and a small legend under the outcome
// says who the three lanes are.
import { escapeXml } from './escape-xml';
import { numberedSteps } from './numbering';
import { LANES, type FlowStep, type FlowStory, type Lane, type StepTone, type StoryArrow } from './story-types';

export { escapeXml };

export interface RenderFlowSvgOptions {
  /** Width in px; the height follows from the steps. */
  width?: number;
  /** The diagram's title (its accessible name). */
  title?: string;
  /** Where an API step links to (e.g. the inspector); no links when unset (an exported picture). */
  exchangeHref?: (exchangeId: string) => string;
  /** Prefix of the ids inside the SVG, unique on the page. */
  idPrefix?: string;
  /**
   * How much larger than usual the type is drawn (presenter mode's larger type): font sizes, line heights and spacing
   * grow with it, and the lanes' titles and steps' words wrap sooner. 1 by default.
   */
  scale?: number;
}

const PAD = 12;
/** The sizes at scale 1, in px. */
const BASE = { font: 13, line: 17, detailFont: 12, headerFont: 12, headerLine: 15, arrowGap: 12, smallLine: 15 };
/** The narrowest drawing at scale 1, in px. */
export const MIN_SVG_WIDTH = 300;
const FONT_FAMILY = 'system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif';
/** A generous average glyph width (in em) of the fallback fonts in bold, so wrapped lines never run past the edge. */
export const CHAR_WIDTH = 0.64;

/** Text and arrow colours per tone, each at least 4.5:1 on white. */
export const TONE_COLOURS: Record<StepTone, string> = {
  ok: '#1e3a8a',
  failed: '#b91c1c',
  waiting: '#92400e',
  neutral: '#334155',
};

/** Words wrapped into lines of at most `max` characters; a longer word is cut. */
export function wrapText(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (rest.length > max) {
      if (line) lines.push(line);
      lines.push(rest.slice(0, max));
      line = '';
      rest = rest.slice(max);
    }
    if (!line) line = rest;
    else if (line.length + 1 + rest.length <= max) line += ` ${rest}`;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [''];
}

type Metrics = typeof BASE;

interface Frame extends Metrics {
  width: number;
  /** Each lane's centre. */
  laneX: Record<Lane, number>;
  /** A lane's width. */
  column: number;
  /** Characters per full-width line at the step font. */
  maxChars: number;
}

/** Sizes rounded to tenths of a px, so the markup stays short. */
const tenths = (value: number) => Math.round(value * 10) / 10;

function frameFor(width: number, scale: number): Frame {
  const metrics = Object.fromEntries(
    Object.entries(BASE).map(([name, size]) => [name, tenths(size * scale)]),
  ) as Metrics;
  const column = (width - 2 * PAD) / LANES.length;
  const laneX = Object.fromEntries(
    LANES.map(({ lane }, index) => [lane, tenths(PAD + column * (index + 0.5))]),
  ) as Record<Lane, number>;
  const maxChars = Math.max(16, Math.floor((width - 2 * PAD) / (metrics.font * CHAR_WIDTH)));
  return { ...metrics, width, laneX, column, maxChars };
}

function textLines(
  frame: Frame,
  lines: readonly string[],
  x: number,
  y: number,
  attrs: string,
  lineHeight = frame.line,
): string {
  return lines
    .map(
      (line, index) =>
        `<text x="${x}" y="${tenths(y + index * lineHeight)}" ${attrs} stroke="#ffffff" stroke-width="3" paint-order="stroke">${escapeXml(line)}</text>`,
    )
    .join('');
}

function arrowMarkup(frame: Frame, arrow: StoryArrow, y: number, colour: string): string {
  const x1 = frame.laneX[arrow.from];
  const x2 = frame.laneX[arrow.to];
  const dash = arrow.answer ? ' stroke-dasharray="5 4"' : '';
  if (x1 === x2) {
    // The PSU on their own (still at the bank): a small loop on their lifeline.
    const loop = `M ${x1} ${tenths(y - 6)} h 22 v 12 h -18`;
    const [tipY, topY, bottomY, backX] = [y + 6, y + 2, y + 10, x1 + 8].map(tenths);
    return `<path d="${loop}" fill="none" stroke="${colour}" stroke-width="2"${dash}/><polygon points="${x1},${tipY} ${backX},${topY} ${backX},${bottomY}" fill="${colour}"/>`;
  }
  const direction = x2 > x1 ? 1 : -1;
  const tip = tenths(x2 - direction * 2);
  const back = tenths(tip - direction * 9);
  const head = `${tip},${y} ${back},${tenths(y - 5)} ${back},${tenths(y + 5)}`;
  return `<line x1="${x1}" y1="${y}" x2="${tenths(tip - direction * 8)}" y2="${y}" stroke="${colour}" stroke-width="2"${dash}/><polygon points="${head}" fill="${colour}"/>`;
}

/** Characters per line of the small type (details, waiting bands, the legend). */
const smallChars = (frame: Frame) => Math.floor((frame.maxChars * frame.font) / frame.detailFont);

/** Grey, and at least 4.5:1 on white: the words of a waiting band and of the legend. */
const QUIET = '#475569';

/**
 * Polling that saw nothing new: its words in small grey type over a thin band between the console and the bank, with
 * no number, so the steps that matter stand out.
 */
function waitingMarkup(frame: Frame, step: FlowStep, top: number) {
  const words = /^waiting\b/i.test(step.label) ? step.label : `Waiting · ${step.label}`;
  const lines = wrapText(words, smallChars(frame));
  const attrs = `font-size="${frame.detailFont}" fill="${QUIET}"`;
  let markup = textLines(frame, lines, PAD, top + frame.detailFont, attrs, frame.smallLine);
  const y = top + lines.length * frame.smallLine + 2;
  const x1 = frame.laneX.tpp;
  markup += `<rect x="${x1}" y="${tenths(y)}" width="${tenths(frame.laneX.bank - x1)}" height="4" rx="2" fill="#cbd5e1"/>`;
  return {
    markup: `<g data-step="${escapeXml(step.id)}" data-tone="${step.tone}" data-kind="waiting">${markup}</g>`,
    // Room under the band, so the next step's words do not sit on it.
    height: y + 8 - top,
  };
}

/** One step: its number and words across the width, the detail line, then its arrows. */
function stepMarkup(frame: Frame, step: FlowStep, top: number, options: RenderFlowSvgOptions) {
  if (step.kind === 'waiting') return waitingMarkup(frame, step, top);
  const colour = TONE_COLOURS[step.tone];
  const failed = step.tone === 'failed' ? '✗ ' : '';
  const number = step.number === undefined ? '' : `${step.number}. `;
  const label = wrapText(`${number}${failed}${step.label}`, frame.maxChars);
  const detail = step.detail ? wrapText(step.detail, smallChars(frame)) : [];
  let y = top + frame.font;
  // A step without a number (for an audience: one that changed nothing) is told in lighter type.
  const weight = step.number === undefined ? '400' : '600';
  let markup = textLines(frame, label, PAD, y, `font-size="${frame.font}" fill="${colour}" font-weight="${weight}"`);
  y += label.length * frame.line;
  if (detail.length > 0) {
    markup += textLines(frame, detail, PAD, y - 2, `font-size="${frame.detailFont}" fill="${QUIET}"`);
    y += detail.length * frame.line;
  }
  step.arrows.forEach((arrow, n) => {
    markup += arrowMarkup(frame, arrow, tenths(y + n * frame.arrowGap), colour);
  });
  y += step.arrows.length * frame.arrowGap + 4;
  const height = y - top;
  if (step.exchangeId && options.exchangeHref) {
    const name = `${step.number === undefined ? '' : `Step ${step.number}: `}${step.label}. Open the exchange in the inspector`;
    const hit = `<rect x="2" y="${tenths(top)}" width="${frame.width - 4}" height="${tenths(height)}" rx="4" fill="#ffffff" fill-opacity="0" stroke="none"/>`;
    markup = `<a href="${escapeXml(options.exchangeHref(step.exchangeId))}" aria-label="${escapeXml(name)}" data-exchange="${escapeXml(step.exchangeId)}">${hit}${markup}</a>`;
  }
  return { markup: `<g data-step="${escapeXml(step.id)}" data-tone="${step.tone}">${markup}</g>`, height };
}

function headerMarkup(frame: Frame): { markup: string; height: number } {
  const { column, headerFont, headerLine } = frame;
  const perLine = Math.max(8, Math.floor((column - 8) / (headerFont * CHAR_WIDTH)));
  const titles = LANES.map(({ lane, title }) => ({ lane, lines: wrapText(title, perLine) }));
  const lines = Math.max(...titles.map((t) => t.lines.length));
  const height = tenths(lines * headerLine + 12);
  const markup = titles
    .map(({ lane, lines: words }) => {
      const x = frame.laneX[lane];
      const text = words
        .map(
          (line, n) =>
            `<text x="${x}" y="${tenths(PAD + headerFont + 4 + n * headerLine)}" text-anchor="middle" font-size="${headerFont}" font-weight="700" fill="#0f172a">${escapeXml(line)}</text>`,
        )
        .join('');
      return `<rect x="${tenths(x - column / 2 + 4)}" y="${PAD}" width="${tenths(column - 8)}" height="${height}" rx="6" fill="#f1f5f9" stroke="#94a3b8"/>${text}`;
    })
    .join('');
  return { markup, height: height + PAD + 14 };
}

/** Who the lanes are, in plain words, in small type under the outcome (on a white ground over the lifelines). */
function legendMarkup(frame: Frame, top: number): { markup: string; height: number } {
  const lines = LANES.flatMap(({ who }) => wrapText(who, smallChars(frame)));
  const height = lines.length * frame.smallLine + 8;
  const ground = `<rect x="${PAD}" y="${tenths(top)}" width="${frame.width - 2 * PAD}" height="${tenths(height)}" fill="#ffffff"/>`;
  const attrs = `font-size="${frame.detailFont}" fill="${QUIET}"`;
  const words = textLines(frame, lines, PAD, top + frame.detailFont + 2, attrs, frame.smallLine);
  return { markup: `<g data-legend="lanes">${ground}${words}</g>`, height };
}

/** The story as standalone SVG markup. */
export function renderFlowSvg(story: FlowStory, options: RenderFlowSvgOptions = {}): string {
  const scale = options.scale ?? 1;
  // The narrowest drawing stays the same at any scale: on a phone the lanes share the screen's width, and grow taller.
  const frame = frameFor(Math.max(MIN_SVG_WIDTH, Math.round(options.width ?? 720)), scale);
  const prefix = options.idPrefix ?? 'flow';
  const title = options.title ?? `Flow of ${story.flow}`;
  const header = headerMarkup(frame);
  let y = header.height;
  const drawn = numberedSteps(story);
  const steps = drawn.map((step) => {
    const drawn = stepMarkup(frame, step, y, options);
    y += drawn.height + 8;
    return drawn.markup;
  });
  if (story.steps.length === 0) {
    steps.push(
      textLines(
        frame,
        ['Nothing recorded in this tab yet.'],
        PAD,
        y + frame.font,
        `font-size="${frame.font}" fill="#334155"`,
      ),
    );
    y += frame.line + 8;
  }
  const outcome = story.outcome;
  let outcomeMarkup = '';
  if (outcome) {
    const lines = wrapText(`Outcome: ${outcome.label}`, frame.maxChars - 2);
    const boxHeight = lines.length * frame.line + 12;
    const colour = TONE_COLOURS[outcome.tone];
    const words = textLines(
      frame,
      lines,
      PAD + 8,
      y + 6 + frame.font,
      `font-size="${frame.font}" font-weight="700" fill="${colour}"`,
    );
    outcomeMarkup = `<g data-outcome="${outcome.tone}"><rect x="${PAD}" y="${tenths(y)}" width="${frame.width - 2 * PAD}" height="${tenths(boxHeight)}" rx="6" fill="#ffffff" stroke="${colour}" stroke-width="2"/>${words}</g>`;
    y += boxHeight + 8;
  }
  const legend = legendMarkup(frame, y);
  y += legend.height;
  const height = Math.ceil(y + PAD);
  const lifelines = LANES.map(
    ({ lane }) =>
      `<line x1="${frame.laneX[lane]}" y1="${tenths(header.height - 14)}" x2="${frame.laneX[lane]}" y2="${height - PAD}" stroke="#94a3b8" stroke-dasharray="3 4"/>`,
  ).join('');
  const description = outcome ? `Outcome: ${outcome.label}.` : 'No outcome yet.';
  const count = drawn.filter((step) => step.number !== undefined).length;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${frame.width}" height="${height}" viewBox="0 0 ${frame.width} ${height}" role="group" aria-labelledby="${prefix}-title ${prefix}-desc" font-family="${FONT_FAMILY}">` +
    `<title id="${prefix}-title">${escapeXml(title)}</title>` +
    `<desc id="${prefix}-desc">${escapeXml(`${count} step${count === 1 ? '' : 's'}. ${description}`)}</desc>` +
    `<rect width="${frame.width}" height="${height}" fill="#ffffff"/>` +
    `${header.markup}${lifelines}${steps.join('')}${outcomeMarkup}${legend.markup}</svg>`
  );
}
