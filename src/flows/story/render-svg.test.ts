// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { bankDataDisplay } from '../../api/presenter';
import { buildFlowStory } from './build-story';
import { CHAR_WIDTH, renderFlowSvg, TONE_COLOURS, wrapText } from './render-svg';
import { event, exchange, initiate, PAYMENT, resetKit, status } from './story-test-kit';
import { toMermaid } from './to-mermaid';

beforeEach(resetKit);

function redirectStory() {
  const exchanges = [
    initiate('RCVD', { creditorName: 'Bob <script>alert(1)</script> & "Co"' }),
    status('RCVD'),
    status('RCVD'),
  ];
  const handOver = event({
    kind: 'hand-over',
    flow: PAYMENT,
    via: 'redirect',
    purpose: 'authorisation',
    returnTo: '/p',
  });
  const back = event({ kind: 'return', flow: PAYMENT, via: 'redirect', outcome: 'nok' });
  return buildFlowStory({ flow: PAYMENT, exchanges: [...exchanges, status('RJCT')], events: [handOver, back] });
}

function parse(svg: string): Document {
  return new DOMParser().parseFromString(svg, 'image/svg+xml');
}

describe('renderFlowSvg', () => {
  it('is well-formed standalone SVG with every text escaped and no outside reference', () => {
    const svg = renderFlowSvg(redirectStory());
    const doc = parse(svg);
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.documentElement.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg');
    expect(svg).not.toContain('<script');
    expect(doc.documentElement.textContent).toContain('Bob <script>alert(1)</script> & "Co"');
    expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    expect(svg).not.toMatch(/<style|style=|@import|url\(|<image|<foreignObject/i);
    expect(doc.querySelector('title')?.textContent).toBe(`Flow of ${PAYMENT}`);
  });

  it('draws failures red and the outcome in its tone', () => {
    const doc = parse(renderFlowSvg(redirectStory()));
    const failed = [...doc.querySelectorAll('g[data-tone="failed"]')];
    expect(failed.map((g) => g.textContent)).toEqual([
      expect.stringContaining('The PSU does not complete the authorisation at the bank'),
      expect.stringContaining('Back from the bank: not approved'),
      expect.stringContaining('Status → RJCT, rejected'),
    ]);
    for (const group of failed) {
      expect(group.querySelector('polygon')?.getAttribute('fill')).toBe(TONE_COLOURS.failed);
    }
    expect(doc.querySelector('[data-outcome="failed"]')?.textContent).toBe(
      'Outcome: Rejected: the PSU did not complete the authorisation at the bank (RJCT)',
    );
  });

  it('draws polling that saw nothing new as a thin grey band with no number, between the numbered steps', () => {
    const doc = parse(renderFlowSvg(redirectStory()));
    const band = doc.querySelector('g[data-kind="waiting"]');
    expect(band?.textContent).toBe('Waiting · Status read 2 times, unchanged: RCVD');
    expect(band?.querySelector('text')?.getAttribute('fill')).toBe('#475569');
    expect(band?.querySelector('text')?.getAttribute('font-weight')).toBeNull();
    expect(Number(band?.querySelector('rect')?.getAttribute('height'))).toBeLessThanOrEqual(4);
    expect(band?.innerHTML).not.toMatch(/#92400e|#fef3c7/);
    // The steps around it are numbered on without it.
    const numbers = [...doc.querySelectorAll('g[data-step]:not([data-kind]) text[font-weight="600"]')]
      .map((text) => /^(\d+)\. /.exec(text.textContent)?.[1])
      .filter(Boolean);
    expect(numbers).toEqual(['1', '2', '3', '4', '5']);
  });

  it('for an audience numbers only the steps that changed something, in plain words', () => {
    const exchanges = [
      initiate('RCVD'),
      exchange('getPaymentInitiationAuthorisation', {
        path: '/payments/sepa-credit-transfers/p1/authorisations',
        body: { authorisationIds: ['a1'] },
      }),
      status('RCVD'),
      status('ACTC'),
    ];
    const story = buildFlowStory({ flow: PAYMENT, exchanges, events: [], display: bankDataDisplay(true) });
    const doc = parse(renderFlowSvg(story));
    const lines = [...doc.querySelectorAll('g[data-step]')].map((g) => g.querySelector('text')?.textContent);
    expect(lines).toEqual([
      '1. Initiate payment → received',
      'List authorisations → done',
      'Waiting: nothing new from the bank (checked 1 time)',
      '2. Status → technically valid',
    ]);
  });

  it('numbers a story kept before steps carried their numbers (an older replay) as the drawing did then', () => {
    const story = redirectStory();
    const older = {
      ...story,
      steps: story.steps.map(({ number: _number, changed: _changed, ...step }) => step),
    };
    const numbers = (svg: string) =>
      [...parse(svg).querySelectorAll('g[data-step] text[font-weight="600"]')].flatMap(
        (text) => /^(\d+)\. /.exec(text.textContent)?.[1] ?? [],
      );
    expect(numbers(renderFlowSvg(older))).toEqual(numbers(renderFlowSvg(story)));
    expect(numbers(renderFlowSvg(older))).toEqual(['1', '2', '3', '4', '5']);
  });

  it('says under the outcome who the TPP, the bank and the PSU are, in plain words', () => {
    const doc = parse(renderFlowSvg(redirectStory()));
    const legend = doc.querySelector('g[data-legend="lanes"]');
    expect(legend?.textContent).toContain('TPP: this console');
    expect(legend?.textContent).toContain('Bank: the bank’s interface');
    expect(legend?.textContent).toContain('PSU: the account holder, who approves at their bank');
    const last = doc.querySelector('g[data-outcome]');
    expect(Number(legend?.querySelector('text')?.getAttribute('y'))).toBeGreaterThan(
      Number(last?.querySelector('rect')?.getAttribute('y')),
    );
  });

  it('links each API step to its exchange, with an accessible name, only when asked', () => {
    const story = redirectStory();
    const linked = parse(renderFlowSvg(story, { exchangeHref: (id) => `/inspector?exchange=${id}` }));
    const links = [...linked.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/inspector?exchange=exchange-1',
      '/inspector?exchange=exchange-6',
    ]);
    expect(links[0]?.getAttribute('aria-label')).toBe(
      'Step 1: Initiate payment → 201, received. Open the exchange in the inspector',
    );
    expect(parse(renderFlowSvg(story)).querySelectorAll('a')).toHaveLength(0);
  });

  it('wraps the words to the width it is given, so a phone-wide diagram stays inside its width', () => {
    const story = redirectStory();
    const narrow = parse(renderFlowSvg(story, { width: 340 }));
    expect(narrow.documentElement.getAttribute('width')).toBe('340');
    const longest = Math.max(
      ...[...narrow.querySelectorAll('text[font-weight="600"]')].map((t) => t.textContent.length),
    );
    expect(longest * 13 * CHAR_WIDTH).toBeLessThanOrEqual(340 - 2 * 12);
    expect(wrapText('a bb ccc dddddddddd', 4)).toEqual(['a bb', 'ccc', 'dddd', 'dddd', 'dd']);
  });
});

describe('toMermaid', () => {
  it('writes a sequenceDiagram with the three participants, crossed failures and notes for waiting', () => {
    const text = toMermaid(redirectStory());
    expect(text.split('\n').slice(0, 4)).toEqual([
      'sequenceDiagram',
      '  participant TPP as TPP (this console)',
      '  participant Bank as Bank (XS2A API)',
      '  participant PSU as PSU',
    ]);
    expect(text).toContain('  TPP->>Bank: Initiate payment\n  Bank-->>TPP: 201, received\n');
    expect(text).toContain('  Note over TPP,Bank: Waiting · Status read 2 times, unchanged: RCVD\n');
    expect(text).toContain('  PSU-xTPP: ✗ Back from the bank: not approved\n');
    expect(text).toContain('  TPP->>Bank: Status\n  Bank--xTPP: ✗ RJCT, rejected\n');
    expect(text).toContain(
      '  Note over TPP,PSU: Outcome: Rejected: the PSU did not complete the authorisation at the bank (RJCT)\n',
    );
  });

  it('writes what Mermaid would read as syntax as entity codes, on one line', () => {
    const story = buildFlowStory({
      flow: PAYMENT,
      exchanges: [exchange('someBankExtension', { method: 'POST', path: '/x;y' })],
      events: [],
    });
    story.steps[0] = { ...story.steps[0]!, detail: 'a <b>\n%%{init}%% #c' };
    const text = toMermaid(story);
    expect(text).toContain('TPP->>Bank: POST /v1/x#59;y\n');
    expect(text).toContain('Note right of Bank: a #60;b#62; #37;#37;#123;init#125;#37;#37; #35;c\n');
  });
});

describe('renderFlowSvg at a larger type scale', () => {
  it('draws every size larger and wraps sooner, with taller lane titles', () => {
    const story = redirectStory();
    const usual = parse(renderFlowSvg(story, { width: 300 }));
    const large = parse(renderFlowSvg(story, { width: 300, scale: 1.25 }));
    const fonts = (doc: Document) => [...doc.querySelectorAll('text')].map((t) => Number(t.getAttribute('font-size')));
    expect(Math.max(...fonts(usual))).toBe(13);
    expect(Math.max(...fonts(large))).toBe(16.3);
    expect(Math.min(...fonts(large))).toBe(15);
    // The lanes keep the width they are given, and their titles take more lines.
    expect(Number(large.documentElement.getAttribute('width'))).toBe(300);
    const lane = (doc: Document) => Number(doc.querySelector('rect[rx="6"]')?.getAttribute('height'));
    expect(lane(large)).toBeGreaterThan(lane(usual));
    expect(Number(large.documentElement.getAttribute('height'))).toBeGreaterThan(
      Number(usual.documentElement.getAttribute('height')),
    );
    expect(large.querySelectorAll('text').length).toBeGreaterThanOrEqual(usual.querySelectorAll('text').length);
  });
});
