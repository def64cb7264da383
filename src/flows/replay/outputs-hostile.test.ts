// The files a flow is saved as, from a hostile bank's flow (a single payment, and a bulk whose creditors' names,
// remittances and the bank's messages are hostile): the SVG picture is well-formed XML by a strict parser (python3's
// expat) with no script, the Mermaid text keeps one statement per line, a replay file has one script block (its data,
// inert) and reads back exactly.
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { PLAIN_DISPLAY } from '../../api';
import { hostileString } from '../../testing/hostile-strings';
import { buildFlowStory, renderFlowSvg } from '../story';
import { exchange, initiate, PAYMENT, resetKit, status } from '../story/story-test-kit';
import { BULK_ENTRIES, BULK_FLOW, bulkFlow } from '../test-export/testing/bulk-and-card-flows';
import { toMermaid } from '../story/to-mermaid';
import { buildReplay } from './build-replay';
import { readReplayFile } from './replay-data';
import { replayHtml } from './replay-html';

beforeEach(resetKit);

function hostilePayment(text: string) {
  return [
    initiate('RCVD', { creditorName: text, remittanceInformationUnstructured: text, [`m${text}`]: text }),
    exchange('getPaymentInitiationStatus', {
      status: 400,
      body: { tppMessages: [{ category: 'ERROR', code: text, text }] },
    }),
    status(text),
  ];
}

/** A bulk whose every creditor's name and remittance, and the bank's messages, are `text`. */
function hostileBulk(text: string) {
  const entries = BULK_ENTRIES.map((entry) => ({ ...entry, creditorName: text, remittance: text }));
  return bulkFlow({ entries, bankText: text });
}

/** Each kind of flow with the hostile text in every place the bank or the person writes. */
const FLOWS = [
  { kind: 'a payment', flow: PAYMENT, exchanges: hostilePayment },
  { kind: 'a bulk payment', flow: BULK_FLOW, exchanges: hostileBulk },
];

/** Which of `documents` a strict XML parser (expat) refuses, with its words. */
function xmlProblems(documents: string[]): (string | null)[] {
  const script = `
import json, sys, xml.parsers.expat
problems = []
for document in json.load(sys.stdin):
    parser = xml.parsers.expat.ParserCreate()
    try:
        parser.Parse(document.encode("utf-8", "surrogatepass"), True)
        problems.append(None)
    except Exception as error:
        problems.append(str(error))
print(json.dumps(problems))
`;
  return JSON.parse(execFileSync('python3', ['-c', script], { input: JSON.stringify(documents) }).toString()) as (
    string | null
  )[];
}

const RUNS = 100;

describe.each(FLOWS)('a hostile bank’s flow saved as files: $kind', ({ flow, exchanges }) => {
  it('SVG: well-formed XML by a strict parser, no script, every text kept', () => {
    const texts = fc.sample(hostileString(), RUNS);
    const svgs = texts.map((text) => {
      resetKit();
      return renderFlowSvg(buildFlowStory({ flow, exchanges: exchanges(text), events: [] }));
    });
    const problems = xmlProblems(svgs);
    expect(problems.filter(Boolean), JSON.stringify(texts[problems.findIndex(Boolean)])).toEqual([]);
    for (const svg of svgs) expect(svg).not.toMatch(/<script|\son\w+=/i);
  });

  it('Mermaid: one statement per line, whatever line terminator the bank sent', () => {
    fc.assert(
      fc.property(hostileString(), (text) => {
        resetKit();
        const mermaid = toMermaid(buildFlowStory({ flow, exchanges: exchanges(text), events: [] }));
        for (const line of mermaid.trimEnd().split('\n').slice(1)) {
          expect(line).toMatch(/^ {2}(participant|Note|TPP|Bank|PSU|rect|end|loop|alt|else|opt|%%)/);
        }
        expect(mermaid).not.toMatch(/[\r\u0085\u2028\u2029]/);
      }),
      { numRuns: RUNS },
    );
  });

  it('replay: one inert script block, and the data reads back exactly', () => {
    fc.assert(
      fc.property(hostileString(), (text) => {
        resetKit();
        const data = buildReplay({
          flow,
          title: text,
          exchanges: exchanges(text),
          events: [],
          secrets: [],
          display: PLAIN_DISPLAY,
          stateMap: { kind: 'transactionStatus', timeline: [text] },
        });
        const file = replayHtml(data);
        expect(file.match(/<script/gi)).toHaveLength(1);
        expect(file.match(/<\/script/gi)).toHaveLength(1);
        expect(file).toMatch(/<script type="application\/json"/);
        const read = readReplayFile(file);
        expect(read.ok && read.data).toEqual(JSON.parse(JSON.stringify(data)));
      }),
      { numRuns: RUNS },
    );
  });
});
