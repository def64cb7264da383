// An exported Playwright test from a flow with a hostile bank (a payment, a bulk, a signing basket with its members):
// whatever the bank's ids, names, texts, codes, member names and link paths hold, the file compiles, runs, runs nothing
// of the bank's, and sends exactly the values the flow sent.
import fc from 'fast-check';
import { check } from 'prettier';
import { describe, expect, it } from 'vitest';
import { REDACTED, type Exchange } from '../../api';
import { hostileHeaderValue, hostileName, hostileString, HOSTILE_PIECES } from '../../testing/hostile-strings';
import { playwrightTest } from './export-test';
import { playwrightSuite } from './export-suite';
import { PLAYWRIGHT_VERSION, TYPECHECK } from './suite';
import { BULK, BULK_ENTRIES, BULK_FLOW, bulkFlow, DEBTOR_IBAN } from './testing/bulk-and-card-flows';
import {
  basketBank,
  basketFlow,
  CREDITOR as BASKET_CREDITOR,
  DEBTOR as BASKET_DEBTOR,
  type BasketFlowValues,
} from './testing/basket-flow';
import { runExportedTest, type SentCall } from './testing/run-exported-test';

const BANK = 'https://bank.example/psd2';
const PAY = `${BANK}/v1/payments/sepa-credit-transfers`;

interface Hostile {
  paymentId: string;
  creditor: string;
  remittance: string;
  member: string;
  secretMember: string;
  psuId: string;
  header: string;
  method: string;
  code: string;
  text: string;
  path: string;
}

const hostile: fc.Arbitrary<Hostile> = fc.record({
  paymentId: hostileString().map((id) => `p${id}`),
  creditor: hostileString(),
  remittance: hostileString(),
  member: hostileName(),
  secretMember: hostileName(),
  psuId: hostileHeaderValue(),
  header: hostileHeaderValue(),
  // 1.3.12 allows an authenticationMethodId of 35 characters at most.
  method: hostileString().map((id) => `m${Array.from(id).slice(0, 30).join('')}`),
  code: hostileString(),
  text: hostileString(),
  path: hostileString(),
});

/** Lone surrogates cannot be sent in a URL: the console's URLs never hold them. */
const segment = (text: string) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'));

/** An embedded payment flow as a hostile bank would answer it, with every bank-controlled position hostile. */
function hostileFlow(values: Hostile): { flow: string; exchanges: Exchange[] } {
  const flow = `payment:${values.paymentId}`;
  const resource = `/psd2/v1/payments/sepa-credit-transfers/${segment(values.paymentId)}`;
  const auth = `${resource}/authorisations/au-9`;
  const absolute = (path: string) => new URL(path, BANK).href;
  let sequence = 0;
  const exchange = (
    operationId: string,
    method: string,
    url: string,
    answer: { status: number; body: unknown } | undefined,
    requestBody?: unknown,
  ): Exchange => {
    sequence += 1;
    return {
      id: `exchange-${sequence}`,
      flow,
      operationId,
      requestId: `req-${sequence}`,
      startedAt: sequence * 1000,
      durationMs: 10,
      request: {
        method,
        url,
        headers: {
          'X-Request-ID': `req-${sequence}`,
          'PSU-ID': values.psuId,
          'X-Bank-Note': values.header,
          ...(requestBody !== undefined && { 'Content-Type': 'application/json' }),
        },
        ...(requestBody !== undefined && { body: requestBody }),
      },
      ...(answer
        ? {
            response: {
              status: answer.status,
              statusText: '',
              headers: { 'x-request-id': `req-${sequence}` },
              body: answer.body,
              bodyText: JSON.stringify(answer.body),
            },
          }
        : { error: { kind: 'network', message: values.text } }),
      deviations: [],
    };
  };
  const payment = {
    debtorAccount: { iban: 'DE16990100000010010001' },
    instructedAmount: { currency: 'EUR', amount: '12.50' },
    creditorAccount: { iban: 'DE49990100000020020001' },
    creditorName: values.creditor,
    remittanceInformationUnstructured: values.remittance,
    [values.member]: values.text,
  };
  return {
    flow,
    exchanges: [
      exchange(
        'initiatePayment',
        'POST',
        PAY,
        { status: 400, body: { tppMessages: [{ category: 'ERROR', code: values.code, text: values.text }] } },
        { ...payment, [values.secretMember]: REDACTED },
      ),
      exchange(
        'initiatePayment',
        'POST',
        PAY,
        {
          status: 201,
          body: {
            transactionStatus: 'RCVD',
            paymentId: values.paymentId,
            _links: {
              self: { href: resource },
              status: { href: `${resource}/status` },
              startAuthorisationWithPsuAuthentication: { href: auth },
              scaStatus: { href: auth },
            },
          },
        },
        payment,
      ),
      exchange(
        'updatePaymentPsuData',
        'PUT',
        absolute(auth),
        {
          status: 200,
          body: {
            scaStatus: 'psuAuthenticated',
            authorisationId: 'au-9',
            scaMethods: [{ authenticationType: 'SMS_OTP', authenticationMethodId: values.method }],
            _links: { selectAuthenticationMethod: { href: auth } },
          },
        },
        { psuData: { password: REDACTED } },
      ),
      exchange(
        'updatePaymentPsuData',
        'PUT',
        absolute(auth),
        { status: 200, body: { scaStatus: 'scaMethodSelected', _links: { authoriseTransaction: { href: auth } } } },
        { authenticationMethodId: values.method },
      ),
      exchange(
        'updatePaymentPsuData',
        'PUT',
        absolute(auth),
        { status: 200, body: { scaStatus: 'finalised', _links: { scaStatus: { href: auth } } } },
        { scaAuthenticationData: REDACTED },
      ),
      exchange('getPaymentInitiationScaStatus', 'GET', absolute(auth), {
        status: 200,
        body: { scaStatus: 'finalised' },
      }),
      exchange('getPaymentInitiationStatus', 'GET', absolute(`${resource}/status`), {
        status: 200,
        body: { transactionStatus: 'ACSC' },
      }),
      // Never answered: goes into the file's "Not replayed" words, with the path the console asked for.
      exchange('somethingElse', 'GET', absolute(`/psd2/v1/other/${segment(values.path)}`), undefined),
    ],
  };
}

/** A sent value against the recorded one: a redacted member may be anything the environment gave, or absent. */
function matches(sent: unknown, recorded: unknown): boolean {
  if (recorded === REDACTED) return true;
  if (typeof recorded !== 'object' || recorded === null) return sent === recorded;
  if (typeof sent !== 'object' || sent === null || Array.isArray(sent) !== Array.isArray(recorded)) return false;
  const keys = new Set([...Object.keys(sent), ...Object.keys(recorded)]);
  return [...keys].every((key) =>
    matches((sent as Record<string, unknown>)[key], (recorded as Record<string, unknown>)[key]),
  );
}

const withoutRequestId = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'x-request-id'));

/** The fake bank answers each request as the flow's first exchange not yet answered with the same method, URL and body. */
function bankOf(exchanges: readonly Exchange[]) {
  const answered = new Set<Exchange>();
  return (call: SentCall) => {
    const recorded = exchanges.find(
      (exchange) =>
        exchange.response &&
        !answered.has(exchange) &&
        exchange.request.method === call.method &&
        exchange.request.url === call.url &&
        matches(call.body, exchange.request.body),
    );
    if (recorded && recorded.request.method !== 'GET') answered.add(recorded);
    return recorded?.response && { status: recorded.response.status, body: recorded.response.body };
  };
}

/** Every replayed request sent as recorded (URL, headers and body), nothing else to the bank, and no injection. */
async function expectReplayedExactly(values: Hostile) {
  const { flow, exchanges } = hostileFlow(values);
  const file = playwrightTest({ flow, exchanges, savedAt: 0 });
  await expectRunSendsTheFlow(values, exchanges, file.text);
}

/** `text` (a test, importing `modules` when a suite's) runs against the fake bank and sends exactly the flow's values. */
async function expectRunSendsTheFlow(
  values: Hostile,
  exchanges: Exchange[],
  text: string,
  modules: Record<string, string> = {},
) {
  // The accounts the flow used, as a user names them; the amount, currency and creditor's name are the file's defaults.
  const env = {
    XS2A_STATUS_WAIT_MS: '0',
    XS2A_SCA_WAIT_MS: '0',
    XS2A_DEBTOR_IBAN: 'DE16990100000010010001',
    XS2A_CREDITOR_IBAN: 'DE49990100000020020001',
  };
  const run = await runExportedTest(text, bankOf(exchanges), env, modules);
  expect(run.diagnostics).toEqual([]);
  expect(run.error).toBeUndefined();
  expect(run.ok).toBe(true);
  expect(run.pwned).toBe(false);
  expect(run.exited).toBe(false);
  expect(run.titles).toEqual([
    `${values.psuId} pays 12.50 EUR to a creditor (sepa-credit-transfers) with embedded SCA`,
  ]);
  // Besides the flow's requests: the bank's today (its admin clock, else its Date header) and its admin API.
  const xs2a = run.calls.filter((call) => call.url !== BANK && !/\/admin(\/clock)?$/.test(call.url));
  for (const call of xs2a) {
    const recorded = exchanges.find(
      (exchange) =>
        exchange.response &&
        exchange.request.method === call.method &&
        exchange.request.url === call.url &&
        matches(call.body, exchange.request.body),
    );
    expect(recorded, `${call.method} ${call.url} was sent as the flow sent it`).toBeDefined();
    expect(withoutRequestId(call.headers)).toEqual(withoutRequestId(recorded?.request.headers ?? {}));
  }
  for (const exchange of exchanges.filter((candidate) => candidate.response)) {
    expect(xs2a.some((call) => call.method === exchange.request.method && call.url === exchange.request.url)).toBe(
      true,
    );
  }
}

const RUNS = Number(process.env.HOSTILE_RUNS ?? 60);

/** The suite's files that carry no value of the flow's: the fixed ones, and those written from variable names. */
const WITHOUT_BANK_TEXT = [
  'package.json',
  'tsconfig.json',
  'playwright.config.ts',
  'node-shims.d.ts',
  '.gitignore',
  'README.md',
  '.github/workflows/xs2a-tests.yml',
];

let plainFiles: Promise<Map<string, string>> | undefined;

/** The suite's files for a flow of plain values (made once). */
function plainSuiteFiles(): Promise<Map<string, string>> {
  plainFiles ??= writePlainSuite();
  return plainFiles;
}

async function writePlainSuite(): Promise<Map<string, string>> {
  const plain = fc.sample(hostile, { numRuns: 1, seed: 3 })[0]!;
  const { flow, exchanges } = hostileFlow({
    ...plain,
    paymentId: 'p-1',
    creditor: 'Kiosk',
    remittance: 'Invoice 1',
    member: 'note',
    secretMember: 'pin',
    psuId: 'alice',
    header: 'x',
    method: 'sms',
    code: 'FORMAT_ERROR',
    text: 'Wrong',
    path: 'x',
  });
  return new Map((await playwrightSuite({ flows: [flow], exchanges })).map((file) => [file.path, file.text]));
}

/** A suite of the hostile flow: its spec and fixture run as the single file does, and no other file holds bank text. */
async function expectSuiteSafe(values: Hostile) {
  const { flow, exchanges } = hostileFlow(values);
  // Formatting with Prettier parses every file (TypeScript, JSON, Markdown, YAML): a value that broke out fails it.
  const files = new Map((await playwrightSuite({ flows: [flow], exchanges })).map((file) => [file.path, file.text]));
  const spec = [...files.keys()].find((path) => path.endsWith('.spec.ts')) ?? '';
  expect(spec).toBe('payment-embedded-sepa-credit-transfers.spec.ts');
  await expectRunSendsTheFlow(values, exchanges, files.get(spec) ?? '', { './xs2a': files.get('xs2a.ts') ?? '' });
  expect(JSON.parse(files.get('package.json') ?? '')).toEqual({
    name: 'xs2a-tests',
    private: true,
    description: 'NextGenPSD2 XS2A 1.3.12 tests exported from XS2A Console',
    scripts: { test: 'playwright test', typecheck: TYPECHECK },
    devDependencies: { '@playwright/test': PLAYWRIGHT_VERSION },
  });
  // The JSON files are written in Prettier's style without it (export-suite.ts formats the others).
  for (const path of ['package.json', 'tsconfig.json']) {
    expect(await check(files.get(path) ?? '', { parser: 'json' }), path).toBe(true);
  }
  // Formatted with Babel's TypeScript parser, as Prettier's CLI checks them with its own.
  for (const [path, text] of files) {
    if (path.endsWith('.ts')) expect(await check(text, { parser: 'typescript' }), path).toBe(true);
  }
  const hostileValues = (Object.values(values) as string[]).filter((value) => value.length >= 4);
  // The same files of a plain flow: a value that is in them anyway (a word such as "name") came from no bank.
  const plain = await plainSuiteFiles();
  for (const path of WITHOUT_BANK_TEXT) {
    const text = files.get(path) ?? '';
    expect(text, path).not.toBe('');
    for (const value of hostileValues.filter((candidate) => !plain.get(path)?.includes(candidate))) {
      expect(text.includes(value), `${path} holds ${JSON.stringify(value)}`).toBe(false);
    }
  }
  // .env.example: comments and `# NAME=value` lines only, a value of the flow only when it is plain.
  for (const line of (files.get('.env.example') ?? '').trimEnd().split('\n')) {
    expect(line).toMatch(/^# ([^\r\n\u2028\u2029]*|XS2A_[A-Z0-9_]+=[A-Za-z0-9.:/_@-]*)$/);
  }
}

describe('an exported Playwright test from a hostile bank’s flow', () => {
  it('compiles, runs against the fake bank, sends exactly the flow’s values and runs nothing of the bank’s', async () => {
    await fc.assert(fc.asyncProperty(hostile, expectReplayedExactly), { numRuns: RUNS });
  }, 120_000);

  it('every hostile piece at once, in every position', async () => {
    const all = HOSTILE_PIECES.join('');
    const header = `h${HOSTILE_PIECES.filter((piece) => /^[\x20-\x7e]+$/.test(piece)).join('')}h`;
    await expectReplayedExactly({
      paymentId: `p${all}`,
      creditor: all,
      remittance: all,
      member: `m${all}`,
      secretMember: `s${all}`,
      psuId: header,
      header,
      method: `m'"\\\u2028*/\${`,
      code: all,
      text: all,
      path: all,
    });
  });

  it('as a suite: the spec runs with the shared fixture, and the README, workflow, package.json and .env.example hold no bank text', async () => {
    await fc.assert(fc.asyncProperty(hostile, expectSuiteSafe), { numRuns: Math.max(3, Math.round(RUNS / 10)) });
    const all = HOSTILE_PIECES.join('');
    await expectSuiteSafe({
      ...fc.sample(hostile, { numRuns: 1, seed: 2 })[0]!,
      creditor: all,
      psuId: `h${HOSTILE_PIECES.filter((piece) => /^[\x20-\x7e]+$/.test(piece)).join('')}h`,
    });
  }, 120_000);

  it('the id that ran code through the file’s header comment stays in the comment and the title', async () => {
    const values = fc.sample(hostile, { numRuns: 1, seed: 1 })[0] as Hostile;
    for (const breaker of ['\n', '\r', '\u2028', '\u2029', '\u0085', '*/']) {
      await expectReplayedExactly({ ...values, paymentId: `p2${breaker}globalThis.pwned=1;process.exit(5)//` });
    }
  });
});

interface HostileBulk {
  /** Each payment's creditor's name (one to three payments). */
  names: string[];
  remittance: string;
  /** The bank's messages: the creation's warning, the rejected payment's text, the status's psuMessage. */
  text: string;
}

const hostileBulk: fc.Arbitrary<HostileBulk> = fc.record({
  names: fc.array(hostileString(), { minLength: 1, maxLength: 3 }),
  remittance: hostileString(),
  text: hostileString(),
});

/**
 * A hostile bulk's test, on its own and as a suite's spec: it compiles, runs against the fake bank, sends the bulk
 * exactly as the flow sent it (each creditor's account from XS2A_CREDITOR_IBAN_<n>) and runs nothing of the bank's.
 */
async function expectBulkSafe({ names, remittance, text }: HostileBulk) {
  // Within 1.3.12's lengths, which the bulk's GET answer is checked against.
  const upTo = (value: string, length: number) => Array.from(value).slice(0, length).join('');
  const entries = names.map((creditorName, index) => ({
    ...(BULK_ENTRIES[index] ?? BULK_ENTRIES[0]!),
    creditorName: upTo(creditorName, 70),
    remittance: upTo(remittance, 140),
  }));
  const exchanges = bulkFlow({ entries, bankText: text });
  const env = {
    XS2A_STATUS_WAIT_MS: '300',
    XS2A_SCA_WAIT_MS: '300',
    XS2A_DEBTOR_IBAN: DEBTOR_IBAN,
    ...Object.fromEntries(entries.map((entry, index) => [`XS2A_CREDITOR_IBAN_${index + 1}`, entry.creditorIban])),
  };
  const single = playwrightTest({ flow: BULK_FLOW, exchanges, savedAt: 0 }).text;
  const files = new Map(
    (await playwrightSuite({ flows: [BULK_FLOW], exchanges })).map((file) => [file.path, file.text]),
  );
  const spec = [...files.keys()].find((path) => path.endsWith('.spec.ts')) ?? '';
  for (const [text, modules] of [
    [single, {}],
    [files.get(spec) ?? '', { './xs2a': files.get('xs2a.ts') ?? '' }],
  ] as const) {
    const run = await runExportedTest(text, bankOf(exchanges), env, modules);
    expect(run.diagnostics).toEqual([]);
    expect(run.error).toBeUndefined();
    expect(run.pwned).toBe(false);
    expect(run.exited).toBe(false);
    expect(run.titles).toEqual([
      `alice pays a bulk of ${entries.length} payment${entries.length === 1 ? '' : 's'} (sepa-credit-transfers) with redirect SCA`,
    ]);
    const sent = run.calls.filter((call) => call.method === 'POST' && call.url === BULK);
    expect(sent.map((call) => call.body)).toEqual([exchanges[0]?.request.body]);
  }
  for (const [path, text] of files) {
    if (path.endsWith('.ts')) expect(await check(text, { parser: 'typescript' }), path).toBe(true);
  }
}

describe('an exported Playwright test from a hostile bank’s bulk payment', () => {
  it('compiles, runs, sends each payment as the flow did and runs nothing of the creditors’ names, remittances or the bank’s text', async () => {
    await fc.assert(fc.asyncProperty(hostileBulk, expectBulkSafe), { numRuns: Math.max(3, Math.round(RUNS / 6)) });
  }, 120_000);

  it('every hostile piece at once, in every payment', async () => {
    const all = HOSTILE_PIECES.join('');
    // Each name a different part of the pieces, as 1.3.12's 70 characters hold only some of them.
    const names = [0, 1, 2].map((part) => HOSTILE_PIECES.slice(part * 18, part * 18 + 18).join(''));
    await expectBulkSafe({ names, remittance: all, text: all });
  }, 60_000);
});

/** Lone surrogates cannot be sent in a URL: a bank's ids in its links never hold them. */
const urlSafe = (text: string) => text.replace(/[\ud800-\udfff]/g, '\ufffd');

const hostileBasket: fc.Arbitrary<BasketFlowValues> = fc.record({
  paymentIds: fc.tuple(
    hostileString().map((id) => urlSafe(`p${id}`)),
    hostileString().map((id) => urlSafe(`q${id}`)),
  ),
  consentId: hostileString().map((id) => urlSafe(`c${id}`)),
  basketId: hostileString().map((id) => urlSafe(`b${id}`)),
  creditorName: hostileString(),
  bankText: hostileString(),
  approach: fc.constantFrom('redirect' as const, 'decoupled' as const),
});

/**
 * A hostile signing basket's test, on its own and as a suite's spec: it compiles, runs against a bank that gives ids of
 * its own, creates the members as the flow did (the creditor's name as typed), names this run's ids in the basket and
 * runs nothing of the bank's ids, names or messages.
 */
async function expectBasketSafe(values: BasketFlowValues) {
  const { flow, exchanges } = basketFlow(values);
  const single = playwrightTest({ flow, exchanges, savedAt: 0 }).text;
  const files = new Map((await playwrightSuite({ flows: [flow], exchanges })).map((file) => [file.path, file.text]));
  const spec = [...files.keys()].find((path) => path.endsWith('.spec.ts')) ?? '';
  const env = {
    XS2A_STATUS_WAIT_MS: '300',
    XS2A_SCA_WAIT_MS: '300',
    XS2A_DEBTOR_IBAN: BASKET_DEBTOR,
    XS2A_CREDITOR_IBAN: BASKET_CREDITOR,
  };
  for (const [text, modules] of [
    [single, {}],
    [files.get(spec) ?? '', { './xs2a': files.get('xs2a.ts') ?? '' }],
  ] as const) {
    const { bank, run: made } = basketBank(values);
    const run = await runExportedTest(text, bank, env, modules);
    expect(run.diagnostics).toEqual([]);
    expect(run.error).toBeUndefined();
    expect(run.ok).toBe(true);
    expect(run.pwned).toBe(false);
    expect(run.exited).toBe(false);
    expect(run.titles).toEqual([`alice signs a basket of 2 payments and 1 consent with ${values.approach} SCA`]);
    const payments = run.calls.filter((call) => call.method === 'POST' && /\/v1\/payments\//.test(call.url));
    expect(payments.map((call) => (call.body as { creditorName?: unknown }).creditorName)).toEqual([
      values.creditorName,
      values.creditorName,
    ]);
    expect(made.basketMembers).toEqual({ paymentIds: made.payments, consentIds: made.consents });
    expect(made.payments).toHaveLength(2);
  }
  for (const [path, text] of files) {
    if (path.endsWith('.ts')) expect(await check(text, { parser: 'typescript' }), path).toBe(true);
  }
}

describe('an exported Playwright test from a hostile bank’s signing basket', () => {
  it('compiles, runs, names the run’s members in the basket and runs nothing of the bank’s ids, names or messages', async () => {
    await fc.assert(fc.asyncProperty(hostileBasket, expectBasketSafe), { numRuns: Math.max(3, Math.round(RUNS / 6)) });
  }, 120_000);

  it('every hostile piece at once, in every id, the creditor’s name and the bank’s message', async () => {
    const all = HOSTILE_PIECES.join('');
    for (const approach of ['redirect', 'decoupled'] as const) {
      await expectBasketSafe({
        paymentIds: [urlSafe(`p${all}`), urlSafe(`q${all}`)],
        consentId: urlSafe(`c${all}`),
        basketId: urlSafe(`b${all}`),
        creditorName: all,
        bankText: all,
        approach,
      });
    }
  }, 60_000);
});
