// Copy as code against a hostile bank: whatever its ids, names, remittance texts and member names hold, the code in
// every language parses with the language's own tool, runs, runs nothing of the bank's, and sends exactly the values
// it was made from.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileHeaderValue, hostileName, hostileString, HOSTILE_PIECES } from '../../testing/hostile-strings';
import type { RequestParts } from './har-request';
import { snippetFor } from './snippets';
import {
  commandRuns,
  recordingBank,
  runJava,
  runJavaScript,
  runNode,
  runPython,
  runShell,
  type RunResult,
  type SentRequest,
} from './testing/run-snippets';

const BANK = 'https://bank.example/psd2';

/** Lone surrogates cannot be sent in a URL: the console's URLs never hold them. */
const wellFormed = (text: string) =>
  text.replace(/[\ud800-\udfff]/g, (char, at: number, all: string) => {
    const code = char.charCodeAt(0);
    const pairedAfter = code < 0xdc00 && /[\udc00-\udfff]/.test(all.charAt(at + 1));
    const pairedBefore = code >= 0xdc00 && /[\ud800-\udbff]/.test(all.charAt(at - 1));
    return pairedAfter || pairedBefore ? char : '\ufffd';
  });

interface HostileValues {
  id: string;
  query: string;
  psuId: string;
  consentId: string;
  creditor: string;
  member: string;
  value: string;
  remittance: string;
}

const hostileValues: fc.Arbitrary<HostileValues> = fc.record({
  id: hostileString(),
  query: hostileString(),
  psuId: hostileHeaderValue(),
  consentId: hostileHeaderValue(),
  creditor: hostileString(),
  member: hostileName(),
  value: hostileString(),
  remittance: hostileString(),
});

/** The request the console would have sent with these values from the bank: ids in the path, the rest as given. */
function hostileRequest(values: HostileValues, base = BANK): RequestParts {
  const url = new URL(`${base}/v1/payments/sepa-credit-transfers/${encodeURIComponent(wellFormed(values.id))}`);
  url.searchParams.set('note', values.query);
  return {
    method: 'POST',
    url: url.href,
    headers: {
      'X-Request-ID': '99999999-8888-4777-8666-555555555555',
      'Content-Type': 'application/json',
      'PSU-ID': values.psuId,
      'Consent-ID': values.consentId,
    },
    body: {
      instructedAmount: { currency: 'EUR', amount: '12.50' },
      creditorName: values.creditor,
      [values.member]: values.value,
      remittanceInformationUnstructured: values.remittance,
      flags: [true, false, null, 7],
    },
  };
}

/** What the program sent, against what it was made from: method, URL, every header and the body, exactly. */
function expectSentAsMade(result: RunResult, request: RequestParts) {
  expect(result.error).toBeUndefined();
  expect(result.ok).toBe(true);
  expect(result.pwned ?? false).toBe(false);
  expect(result.requests).toHaveLength(1);
  const sent = result.requests[0] as SentRequest;
  expect(sent.method).toBe(request.method);
  expect(sent.url).toBe(request.url);
  expect(sent.headers).toEqual(request.headers);
  if (sent.bodyValue !== undefined) expect(sent.bodyValue).toEqual(request.body);
  else expect(sent.bodyText).toBe(JSON.stringify(request.body));
}

/** Java runs where the JDK is installed (it is on the project's machines). */
const HAS_JAVAC = commandRuns('javac', ['-version']);

const RUNS = Number(process.env.HOSTILE_RUNS ?? 200);

describe('Copy as code with a hostile bank’s values', () => {
  it.each(['fetch', 'node'] as const)('%s: parses and runs in V8 and sends exactly the values', async (language) => {
    await fc.assert(
      fc.asyncProperty(hostileValues, async (values) => {
        const request = hostileRequest(values);
        expectSentAsMade(await runJavaScript(await snippetFor(request, language)), request);
      }),
      { numRuns: RUNS },
    );
  });

  it('python: compiles and runs in python3 and sends exactly the values', async () => {
    // One python3 process per batch of programs: the property's runs are batched by sampling.
    const samples = fc.sample(hostileValues, RUNS);
    const requests = samples.map((values) => hostileRequest(values));
    const results = await runPython(await Promise.all(requests.map((request) => snippetFor(request, 'python'))));
    results.forEach((result, index) => expectSentAsMade(result, requests[index] as RequestParts));
  }, 60_000);

  it('curl: parses and runs in bash, nothing expands, and it sends exactly the values', async () => {
    const samples = fc.sample(hostileValues, RUNS);
    const requests = samples.map((values) => hostileRequest(values));
    const results = await runShell(await Promise.all(requests.map((request) => snippetFor(request, 'curl'))));
    results.forEach((result, index) => expectSentAsMade(result, requests[index] as RequestParts));
  }, 60_000);

  it('every piece at once, in every position, for every language with a tool here', async () => {
    const all = HOSTILE_PIECES.join('');
    const headerAll = `h${HOSTILE_PIECES.filter((piece) => /^[\x20-\x7e]+$/.test(piece)).join('')}h`;
    const values: HostileValues = {
      id: all,
      query: all,
      psuId: headerAll,
      consentId: headerAll,
      creditor: all,
      member: `m${all}`,
      value: all,
      remittance: all,
    };
    const request = hostileRequest(values);
    expectSentAsMade(await runJavaScript(await snippetFor(request, 'fetch')), request);
    expectSentAsMade(await runJavaScript(await snippetFor(request, 'node')), request);
    const [python] = await runPython([await snippetFor(request, 'python')]);
    expectSentAsMade(python as RunResult, request);
    const [shell] = await runShell([await snippetFor(request, 'curl')]);
    expectSentAsMade(shell as RunResult, request);
  });
});

describe('Copy as code, run as pasted by the language’s own runtime against a local bank', () => {
  const samples = [
    {
      id: HOSTILE_PIECES.join(''),
      query: '"; exit 5; "',
      psuId: `h${'\\\'\\"$(exit 5)`${'}h`,
      consentId: 'h\\u0022h',
      creditor: HOSTILE_PIECES.join(''),
      member: 'm"\\u0022*/\u2028',
      value: '\\u000a");System.exit(5);//',
      remittance: 'Ω😀\u0000\u2029',
    },
    ...fc.sample(hostileValues, { numRuns: 2, seed: 42 }),
  ];

  it('node: `node request.mjs` sends exactly the values', async () => {
    const bank = await recordingBank();
    try {
      for (const values of samples) {
        const request = hostileRequest(values, `${bank.url}/psd2`);
        const before = bank.requests.length;
        const result = await runNode(await snippetFor(request, 'node'));
        expect(result.error).toBeUndefined();
        expect(bank.requests.length).toBe(before + 1);
        const sent = bank.requests[before] as SentRequest;
        expect(`${bank.url}${sent.url}`).toBe(request.url);
        expect(sent.bodyText).toBe(JSON.stringify(request.body));
        expect(sent.headers['PSU-ID'] ?? sent.headers['psu-id']).toBe(values.psuId);
      }
    } finally {
      await bank.close();
    }
  }, 60_000);

  it.runIf(HAS_JAVAC)(
    'java: a complete class that `java Request.java` compiles and runs, sending exactly the values',
    async () => {
      const bank = await recordingBank();
      try {
        for (const values of samples) {
          const request = hostileRequest(values, `${bank.url}/psd2`);
          const before = bank.requests.length;
          const result = await runJava(await snippetFor(request, 'java'), 'Xs2aRequest');
          expect(result.error).toBeUndefined();
          expect(bank.requests.length).toBe(before + 1);
          const sent = bank.requests[before] as SentRequest;
          expect(`${bank.url}${sent.url}`).toBe(request.url);
          expect(sent.method).toBe('POST');
          expect(sent.bodyText).toBe(JSON.stringify(request.body));
          expect(sent.headers['PSU-ID']).toBe(values.psuId);
          expect(sent.headers['Consent-ID']).toBe(values.consentId);
        }
      } finally {
        await bank.close();
      }
    },
    120_000,
  );
});
