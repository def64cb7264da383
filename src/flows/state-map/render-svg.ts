// A state map as SVG markup, from its view: boxes for the states (tinted by how they end), the order the resource went
// through them, the current one standing out, faint arrows for the usual moves, bold ones for the moves made and
// dashed ones for what the TPP's user can still cause. A pure function returning a string, with every text escaped,
// so the page and a replay file (which has no script) draw the same picture.
import { withoutSpecCodes } from '../../xs2a/audience-words';
import { escapeXml } from '../story/escape-xml';
import { actionText, pathText, type StateMapEdge, type StateMapNode, type StateMapView } from './state-map-view';

const NODE_W = 128;
const NODE_H = 50;
const COL_W = 156;
const ROW_H = 80;
const MARGIN = 18;
const LINE_H = 18;

type Tone = StateMapNode['tone'];

const tones: Record<Tone, { fill: string; stroke: string; strong: string }> = {
  progress: { fill: '#f8fafc', stroke: '#64748b', strong: '#334155' },
  success: { fill: '#f0fdf4', stroke: '#15803d', strong: '#166534' },
  failure: { fill: '#fef2f2', stroke: '#b91c1c', strong: '#991b1b' },
  ended: { fill: '#fffbeb', stroke: '#b45309', strong: '#92400e' },
  unknown: { fill: '#faf5ff', stroke: '#7e22ce', strong: '#6b21a8' },
};

const edgeStyles = {
  usual: { stroke: '#cbd5e1', width: 1.5, dash: '' },
  taken: { stroke: '#1e3a8a', width: 3, dash: '' },
  outside: { stroke: '#7e22ce', width: 3, dash: '6 4' },
  action: { stroke: '#1d4ed8', width: 2, dash: '5 4' },
} as const;
type EdgeStyle = keyof typeof edgeStyles;

export { escapeXml };

interface Point {
  x: number;
  y: number;
}

const centre = (node: StateMapNode): Point => ({
  x: MARGIN + node.col * COL_W + NODE_W / 2,
  y: MARGIN + node.row * ROW_H + NODE_H / 2,
});

function inside(point: Point, node: StateMapNode, pad = 4): boolean {
  const c = centre(node);
  return Math.abs(point.x - c.x) < NODE_W / 2 + pad && Math.abs(point.y - c.y) < NODE_H / 2 + pad;
}

/** Where the line from the box's centre towards `toward` leaves the box. */
function border(node: StateMapNode, toward: Point): Point {
  const c = centre(node);
  const dx = toward.x - c.x;
  const dy = toward.y - c.y;
  const scale = 1 / Math.max(Math.abs(dx) / (NODE_W / 2 + 3), Math.abs(dy) / (NODE_H / 2 + 3), 1e-9);
  return { x: c.x + dx * scale, y: c.y + dy * scale };
}

/** A straight arrow when no other box is in the way, else one bent to the side (away from its reverse move). */
function edgePath(from: StateMapNode, to: StateMapNode, others: StateMapNode[]): { d: string; bent: boolean } {
  const a = centre(from);
  const b = centre(to);
  const blocked = others.some((node) =>
    Array.from({ length: 19 }, (_, i) => (i + 1) / 20).some((t) =>
      inside({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }, node),
    ),
  );
  const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const bend = blocked ? Math.min(60, 26 + length / 10) : 0;
  const control = {
    x: (a.x + b.x) / 2 + ((b.y - a.y) / length) * bend,
    y: (a.y + b.y) / 2 - ((b.x - a.x) / length) * bend,
  };
  const start = border(from, control);
  const end = border(to, control);
  const r = (n: number) => Math.round(n * 10) / 10;
  const d = blocked
    ? `M${r(start.x)} ${r(start.y)} Q${r(control.x)} ${r(control.y)} ${r(end.x)} ${r(end.y)}`
    : `M${r(start.x)} ${r(start.y)} L${r(end.x)} ${r(end.y)}`;
  return { d, bent: blocked };
}

function styleOf(edge: StateMapEdge): EdgeStyle {
  if (edge.taken) return edge.outsideModel ? 'outside' : 'taken';
  return edge.action !== undefined ? 'action' : 'usual';
}

/** `all`: the whole machine is drawn, where a bent usual move would only cross the picture. */
function renderEdge(edge: StateMapEdge, nodes: Map<string, StateMapNode>, idPrefix: string, all: boolean): string {
  const from = nodes.get(edge.from);
  const to = nodes.get(edge.to);
  if (!from || !to) return '';
  const style = styleOf(edge);
  const { stroke, width, dash } = edgeStyles[style];
  const others = [...nodes.values()].filter((node) => node !== from && node !== to);
  const { d, bent } = edgePath(from, to, others);
  // In the whole machine a usual move that skips over other states would cross the picture, and the states it skips
  // tell the usual way; drawn with only the states one move away, every one of them keeps its arrow.
  if (bent && style === 'usual' && all) return '';
  return (
    `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}"` +
    (dash ? ` stroke-dasharray="${dash}"` : '') +
    ` marker-end="url(#${idPrefix}-${style})" data-from="${escapeXml(edge.from)}" data-to="${escapeXml(edge.to)}"` +
    ` data-edge="${style}"${edge.action ? ` data-action="${escapeXml(edge.action)}"` : ''}/>`
  );
}

/** Long labels are cut to fit the box; the full text is in the box's title. */
function fit(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The label in at most two lines of `max` characters, broken between words. */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length > 2 ? [lines[0] ?? '', fit(lines.slice(1).join(' '), max)] : lines.map((line) => fit(line, max));
}

/**
 * The label (one or two lines) and under it the code, or "not in 1.3.12", centred in the box. Without codes (presenter
 * mode) an unknown status says "unknown status" instead.
 */
function labelLines(node: StateMapNode, x: number, y: number, ink: string, codes: boolean): string {
  const code = node.label === node.code ? '' : node.code;
  const second = node.unknown ? (codes ? 'not in 1.3.12' : 'unknown status') : codes ? code : '';
  const label = wrap(node.label, 16);
  const lines = [...label.map((text) => ({ text, code: false })), ...(second ? [{ text: second, code: true }] : [])];
  const top = y + NODE_H / 2 - ((lines.length - 1) * 13) / 2 + 4;
  return lines
    .map(
      (line, index) =>
        `<text x="${x + NODE_W / 2}" y="${top + index * 13}" text-anchor="middle" fill="${ink}"` +
        (line.code
          ? ` font-size="10.5" font-family="ui-monospace, monospace">`
          : ` font-size="12" font-weight="600">`) +
        `${escapeXml(line.code ? fit(line.text, 21) : line.text)}</text>`,
    )
    .join('');
}

function renderNode(node: StateMapNode, codes: boolean): string {
  const { x, y } = { x: MARGIN + node.col * COL_W, y: MARGIN + node.row * ROW_H };
  const tone = tones[node.tone];
  const fill = node.current ? tone.strong : tone.fill;
  const ink = node.current ? '#ffffff' : '#0f172a';
  const strokeWidth = node.current ? 3 : node.visits.length > 0 ? 2 : 1;
  const dash = node.unknown ? ' stroke-dasharray="5 3"' : '';
  const code = codes && node.label !== node.code ? ` (${node.code})` : '';
  const unknown = node.unknown ? (codes ? ': a status 1.3.12 does not define' : ': a status the bank invented') : '';
  const title = `${node.label}${code}${unknown}${node.final ? ', final' : ''}${node.current ? ', now' : ''}`;
  const badges = node.visits
    .slice(0, 3)
    .map(
      (visit, index) =>
        `<circle cx="${x + 4 + index * 18}" cy="${y}" r="9" fill="#1e3a8a"/>` +
        `<text x="${x + 4 + index * 18}" y="${y + 4}" text-anchor="middle" font-size="11" font-weight="700" fill="#ffffff">${visit}</text>`,
    )
    .join('');
  return (
    `<g data-state="${escapeXml(node.code)}" data-current="${node.current}" data-visits="${node.visits.join(' ')}"` +
    ` data-final="${node.final}" data-unknown="${node.unknown}"><title>${escapeXml(title)}</title>` +
    `<rect x="${x}" y="${y}" width="${NODE_W}" height="${NODE_H}" rx="8" fill="${fill}" stroke="${tone.stroke}"` +
    ` stroke-width="${strokeWidth}"${dash}/>` +
    (node.final
      ? `<rect x="${x + 3}" y="${y + 3}" width="${NODE_W - 6}" height="${NODE_H - 6}" rx="6" fill="none" stroke="${node.current ? '#ffffff' : tone.stroke}" stroke-width="1"/>`
      : '') +
    labelLines(node, x, y, ink, codes) +
    badges +
    `</g>`
  );
}

function markers(idPrefix: string): string {
  return (Object.keys(edgeStyles) as EdgeStyle[])
    .map(
      (style) =>
        `<marker id="${idPrefix}-${style}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="10" markerHeight="10" markerUnits="userSpaceOnUse" orient="auto-start-reverse">` +
        `<path d="M0 0 L10 5 L0 10 z" fill="${edgeStyles[style].stroke}"/></marker>`,
    )
    .join('');
}

/** The legend under the machine: how to read it, and what the user can still do (for a picture without the page). */
function legendLines(view: StateMapView): string[] {
  const lines = ['Numbers: the order the states were seen. Dark box: now. Double border: final.'];
  if (!view.all) lines.push('Shown: the path taken and the states it can move to from here.');
  if (view.actions.length === 0) {
    lines.push(view.current?.final ? 'Nothing can change it any more.' : 'No action of yours changes it from here.');
  } else {
    lines.push('What you can still do (dashed arrows):', ...view.actions.map((action) => `• ${actionText(action)}`));
  }
  return lines;
}

export interface StateMapSvgOptions {
  /** Prefix of the ids inside the SVG, unique in the document that shows it. */
  idPrefix: string;
  /** Writes the legend and the actions under the machine (for a picture shown without the page's text). */
  legend?: boolean;
  /** Writes each state's 1.3.12 code under its name; off in presenter mode, which shows no spec codes. */
  codes?: boolean;
}

export function renderStateMapSvg(
  view: StateMapView,
  { idPrefix, legend = false, codes = true }: StateMapSvgOptions,
): string {
  const id = escapeXml(idPrefix);
  const nodes = new Map(view.nodes.map((node) => [node.code, node]));
  const cols = Math.max(...view.nodes.map((node) => node.col)) + 1;
  const rows = Math.max(...view.nodes.map((node) => node.row)) + 1;
  const lines = legend ? legendLines(view).map((line) => (codes ? line : withoutSpecCodes(line))) : [];
  const width = MARGIN * 2 + (cols - 1) * COL_W + NODE_W;
  const machineHeight = MARGIN * 2 + (rows - 1) * ROW_H + NODE_H;
  const height = machineHeight + lines.length * LINE_H + (lines.length > 0 ? 6 : 0);
  // Taken moves are drawn last, over the faint ones.
  const edges = [...view.edges].sort((a, b) => Number(a.taken) - Number(b.taken));
  const text = lines
    .map(
      (line, index) =>
        `<text x="${MARGIN}" y="${machineHeight + index * LINE_H}" font-size="12" fill="#0f172a">${escapeXml(line)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"` +
    ` role="img" aria-label="${escapeXml(`State map: ${view.title}`)}" font-family="system-ui, sans-serif"` +
    ` data-kind="${view.kind}"><title>${escapeXml(`State map: ${view.title}`)}</title>` +
    `<desc>${escapeXml(codes ? pathText(view) : withoutSpecCodes(pathText(view)))}</desc>` +
    `<defs>${markers(id)}</defs>` +
    edges.map((edge) => renderEdge(edge, nodes, id, view.all)).join('') +
    view.nodes.map((node) => renderNode(node, codes)).join('') +
    text +
    `</svg>`
  );
}
