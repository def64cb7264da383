// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { escapeXml, renderStateMapSvg } from './render-svg';
import { actionText, pathText, stateMapView } from './state-map-view';

const payment = (timeline: string[], current?: string, all = false) =>
  stateMapView({ kind: 'transactionStatus', timeline, all, ...(current !== undefined && { current }) });

describe('a state map view', () => {
  it('marks the states a payment went through in order, the last one as current', () => {
    const view = payment(['RCVD', 'RCVD', 'ACTC'], 'ACSC');
    expect(view.path.map((step) => step.code)).toEqual(['RCVD', 'ACTC', 'ACSC']);
    const visits = Object.fromEntries(view.nodes.filter((n) => n.visits.length).map((n) => [n.code, n.visits]));
    expect(visits).toEqual({ RCVD: [1], ACTC: [2], ACSC: [3] });
    expect(view.current).toMatchObject({ code: 'ACSC', final: true, current: true });
    expect(view.nodes.filter((node) => node.current)).toHaveLength(1);
    expect(view.edges.filter((edge) => edge.taken).map((e) => `${e.from}→${e.to}`)).toEqual(['RCVD→ACTC', 'ACTC→ACSC']);
    expect(view.actions).toEqual([]);
    expect(pathText(view)).toBe('Received (RCVD) → Technically valid (ACTC) → Settled (ACSC) (now, final)');
  });

  it('names what the user can still cause from the current state, and draws those moves', () => {
    const view = payment(['RCVD']);
    expect(view.actions.map(actionText)).toEqual([
      'Authorise the payment → Technically valid (ACTC) or Partially authorised (PATC)',
      'Cancel payment → Cancelled (CANC)',
    ]);
    expect(view.edges.find((edge) => edge.from === 'RCVD' && edge.to === 'CANC')?.action).toBe('Cancel payment');
    expect(payment(['RCVD', 'ACTC']).actions.map(actionText)).toEqual([
      'Cancel payment → Cancelled (CANC); the bank may ask for a cancellation authorisation first',
    ]);
  });

  it('draws moves into rejected or cancelled only from the current state or when made', () => {
    const view = payment(['RCVD', 'ACTC']);
    const intoEnds = view.edges.filter((edge) => edge.to === 'RJCT' || edge.to === 'CANC');
    expect(intoEnds.every((edge) => edge.from === 'ACTC')).toBe(true);
    expect(intoEnds.map((edge) => edge.to).sort()).toEqual(['CANC', 'RJCT']);
  });

  it('shows a status the model does not know as such, in the path and as a state of its own', () => {
    const view = payment(['RCVD', 'ACCEPTED_BY_BANK']);
    expect(view.current).toMatchObject({ code: 'ACCEPTED_BY_BANK', unknown: true, tone: 'unknown', visits: [2] });
    expect(view.path[1]).toEqual({ code: 'ACCEPTED_BY_BANK', label: 'ACCEPTED_BY_BANK', unknown: true });
    expect(view.edges).toContainEqual({ from: 'RCVD', to: 'ACCEPTED_BY_BANK', taken: true, outsideModel: true });
    expect(view.actions).toEqual([]);
    expect(pathText(view)).toContain('ACCEPTED_BY_BANK, not in 1.3.12');
  });

  it('follows a consent from received to deleted, and offers deletion while valid', () => {
    const valid = stateMapView({ kind: 'consentStatus', timeline: ['received'], current: 'valid' });
    expect(valid.actions.map(actionText)).toEqual(['Delete consent → Deleted by the TPP (terminatedByTpp)']);
    const deleted = stateMapView({ kind: 'consentStatus', timeline: ['received', 'valid', 'terminatedByTpp'] });
    expect(deleted.current).toMatchObject({ code: 'terminatedByTpp', final: true });
    expect(deleted.actions).toEqual([]);
  });

  it('starts empty when no status was seen', () => {
    const view = payment([]);
    expect(view.current).toBeUndefined();
    expect(view.path).toEqual([]);
    expect(pathText(view)).toBe('No status seen yet.');
  });
});

describe('a state map of the path and what can come next', () => {
  const codes = (view: ReturnType<typeof payment>) => view.nodes.map((node) => node.code);

  it('draws only the states a payment visited once it is final: three boxes in a row for a settled one', () => {
    const settled = payment(['RCVD', 'ACTC', 'ACSC']);
    expect(codes(settled)).toEqual(['RCVD', 'ACTC', 'ACSC']);
    expect(settled.nodes.map((node) => [node.col, node.row])).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
    ]);
    expect(settled.hidden).toBe(11);
    expect(settled.all).toBe(false);
    expect(settled.edges.map((edge) => `${edge.from}→${edge.to}`)).toEqual(['RCVD→ACTC', 'ACTC→ACSC']);
    expect(codes(payment(['RCVD', 'RJCT']))).toEqual(['RCVD', 'RJCT']);
  });

  it('adds the states one move away from the current one, with only the moves from it and those made', () => {
    const view = payment(['RCVD', 'ACTC']);
    expect(codes(view).sort()).toEqual(['ACCP', 'ACFC', 'ACSC', 'ACSP', 'ACTC', 'ACWC', 'CANC', 'RCVD', 'RJCT']);
    expect(view.edges.every((edge) => edge.from === 'ACTC' || edge.taken)).toBe(true);
    // Closed up: no empty column or row is left between the states drawn.
    for (const axis of ['col', 'row'] as const) {
      const used = [...new Set(view.nodes.map((node) => node[axis]))].sort((a, b) => a - b);
      expect(used).toEqual(used.map((_, index) => index));
    }
  });

  it('draws an arrow to every state one move away, even one that bends around another; PART for a bulk only', () => {
    const targetsFrom = (kind: 'transactionStatus' | 'bulkTransactionStatus') => {
      const svg = renderStateMapSvg(stateMapView({ kind, timeline: ['RCVD'], all: false }), { idPrefix: 'm0' });
      const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
      return [...doc.querySelectorAll('path[data-from="RCVD"]')].map((path) => path.getAttribute('data-to')).sort();
    };
    expect(targetsFrom('transactionStatus')).toEqual(['ACCP', 'ACTC', 'ACWC', 'CANC', 'PATC', 'PDNG', 'RJCT']);
    expect(targetsFrom('bulkTransactionStatus')).toEqual([
      'ACCP',
      'ACTC',
      'ACWC',
      'CANC',
      'PART',
      'PATC',
      'PDNG',
      'RJCT',
    ]);
  });

  it('draws every state when asked, or when no status was seen yet', () => {
    expect(payment(['RCVD', 'RJCT'], undefined, true).nodes).toHaveLength(14);
    expect(payment(['RCVD', 'RJCT'], undefined, true).hidden).toBe(0);
    expect(payment([]).nodes).toHaveLength(14);
  });
});

describe('the state map as SVG', () => {
  it('draws every state, marks the current one and the order, and escapes what the bank sent', () => {
    const svg = renderStateMapSvg(payment(['RCVD', '<script>alert(1)</script>'], undefined, true), {
      idPrefix: 'm1',
      legend: true,
    });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    const states = [...doc.querySelectorAll('g[data-state]')];
    expect(states).toHaveLength(15);
    const current = doc.querySelectorAll('g[data-current="true"]');
    expect(current).toHaveLength(1);
    expect(current[0]?.getAttribute('data-unknown')).toBe('true');
    expect(doc.querySelector('g[data-state="RCVD"]')?.getAttribute('data-visits')).toBe('1');
    expect(doc.querySelector('title')?.textContent).toBe("State map: The payment's status");
  });

  it('writes the actions into the legend when asked, and points arrows at its own markers', () => {
    const svg = renderStateMapSvg(payment(['RCVD']), { idPrefix: 'm2', legend: true });
    expect(svg).toContain('• Cancel payment → Cancelled (CANC)');
    expect(svg).toContain('data-action="Cancel payment"');
    const markerRefs = [...svg.matchAll(/marker-end="url\(#([^)]+)\)"/g)].map((match) => match[1]);
    for (const ref of new Set(markerRefs)) expect(svg).toContain(`<marker id="${ref}"`);
    expect(renderStateMapSvg(payment(['RCVD']), { idPrefix: 'm2' })).not.toContain('Cancel payment →');
  });

  it('leaves the 1.3.12 codes out when asked (presenter mode): in the boxes, their titles and the legend', () => {
    const withCodes = renderStateMapSvg(payment(['RCVD', 'ACTC']), { idPrefix: 'm3', legend: true });
    expect(withCodes).toContain('>ACTC</text>');
    const svg = renderStateMapSvg(payment(['RCVD', 'ACTC']), { idPrefix: 'm3', legend: true, codes: false });
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    const shown = [...doc.querySelectorAll('g[data-state] text, g[data-state] title, svg > text')]
      .map((node) => node.textContent ?? '')
      .join(' | ');
    for (const code of ['RCVD', 'ACTC', 'ACSC', 'CANC', 'RJCT']) expect(shown).not.toContain(code);
    expect(shown).toContain('Cancel payment → Cancelled');
  });

  it('escapes the five markup characters', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
  });
});
