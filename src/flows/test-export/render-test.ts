// Writes a replay plan as one Playwright test file (TypeScript, `@playwright/test` and its `request` fixture) that runs
// on its own: the helpers of runtime.ts and the flow's 1.3.12 answer schemas are copied into it.
import { statusMachines, type StatusMachine } from '../../xs2a/status-maps';
import { commentText, jsString } from '../code-export/literals';
import type { FlowSchemas } from './flow-schemas';
import type { CallStep, Code, EmbeddedStep, FinalState, RecordedBulkPayment, ReplayPlan, ScaStep } from './plan';

/** runtime.ts as written (type-checked and tested like any module), for copying into the file. */
const runtimeSource =
  Object.values(import.meta.glob<string>('./runtime.ts', { query: '?raw', import: 'default', eager: true }))[0] ?? '';

const q = (text: string): Code => jsString(text);

/** A list of strings as an array literal. */
const strings = (list: readonly string[]): Code => `[${list.map(q).join(', ')}]`;

/** The runtime's code as it goes into the file: without its own header comment, imports and exports. */
export function runtimeCode(source: string = runtimeSource): string {
  const lines = source.split('\n');
  const start = lines.findIndex((line) => !line.startsWith('//') && !line.startsWith('import '));
  return lines
    .slice(start)
    .filter((line) => !line.startsWith('import '))
    .map((line) => line.replace(/^export /, ''))
    .join('\n')
    .trim();
}

/**
 * The states a resource may be found in at the end when the flow ended in `seen`: that one, or one the usual moves
 * lead on to without failing or ending (a payment seen ACTC may have settled to ACSC since, but not been rejected).
 */
export function acceptedFinalStates(member: FinalState['member'] | 'basketStatus', seen: string): string[] {
  // A bulk partially accepted: which of its payments the bank accepts depends on the run's creditors and money, so a
  // bulk accepted whole counts too (one rejected whole does not).
  if (member === 'transactionStatus' && seen === 'PART') return ['PART', ...acceptedFinalStates(member, 'ACTC')];
  // A basket partly accepted likewise: which of its payments the bank accepts depends on the run too.
  if (member === 'basketStatus' && seen === 'PATC') return ['PATC', ...acceptedFinalStates(member, 'ACTC')];
  const machine: StatusMachine = statusMachines[member];
  const toneOf = new Map(machine.states.map((state) => [state.code, state.tone]));
  if (!toneOf.has(seen)) return [seen];
  const accepted = [seen];
  for (let i = 0; i < accepted.length; i += 1) {
    for (const move of machine.transitions) {
      const tone = toneOf.get(move.to);
      if (move.from === accepted[i] && tone !== 'failure' && tone !== 'ended' && !accepted.includes(move.to)) {
        accepted.push(move.to);
      }
    }
  }
  return accepted;
}

function indent(code: string, by: number): string {
  const pad = ' '.repeat(by);
  return code
    .split('\n')
    .map((line) => (line === '' ? line : pad + line))
    .join('\n');
}

function headersCode(headers: readonly [string, Code][]): Code {
  if (headers.length === 0) return '{}';
  return `{\n${headers.map(([name, code]) => `  ${q(name)}: ${code},`).join('\n')}\n}`;
}

/** A URL taken from a bank's link (which `call` tries under the base_url when it leads nowhere without its prefix). */
const isLink = (url: Code) => /\blink(Of|At)\(/.test(url);

/** `call`'s base_url line for a link's URL; none for a URL the test builds from BASE_URL itself. */
const baseLine = (url: Code) => (isLink(url) ? '\n      baseUrl: BASE_URL,' : '');

/** A read of the status `member` at `url`, for expect.poll: the status, or words saying the answer had none. */
function readCode(url: Code, headers: readonly [string, Code][], member: string): Code {
  return `async () =>\n  statusOf(\n    await call(request, {\n      method: "GET",\n      url: ${url},${baseLine(url)}\n      headers: ${indent(
    headersCode(headers),
    6,
  ).trimStart()},\n    }),\n    ${q(member)},\n  ) ?? ${q(`(no ${member} in the answer)`)}`;
}

function callCode(step: CallStep): Code {
  const input = [
    `method: ${q(step.method)},`,
    `url: ${step.url},`,
    ...(isLink(step.url) ? ['baseUrl: BASE_URL,'] : []),
    `headers: ${headersCode(step.headers)},`,
    ...(step.body === undefined ? [] : [`body: ${step.body},`]),
  ].join('\n');
  const expectations = `expectAnswer(answer, ${step.status}, ${step.schemaKey ? q(step.schemaKey) : 'undefined'}, ${strings(step.errorCodes)});`;
  return `const a${step.n} = await step(${q(step.title)}, async () => {
  const answer = await call(request, {
${indent(input, 4)}
  });
  ${expectations}
  return answer;
});`;
}

const approachWords: Record<
  ScaStep['approach'],
  { title: string; sandbox?: (step: ScaStep) => Code; person: (step: ScaStep) => Code }
> = {
  redirect: {
    title: "SCA (redirect): the PSU decides at the bank's page",
    sandbox: (step) =>
      `await decideAtBankPage(request, linkOf(a${step.n}, "scaRedirect", BASE_URL), PSU, ${q(step.decision)});`,
    person: (step) =>
      `console.log(\`Open \${linkOf(a${step.n}, "scaRedirect", BASE_URL)} and decide as the PSU within \${SCA_WAIT_MS / 1000} s\`);`,
  },
  decoupled: {
    title: "SCA (decoupled): the PSU decides in the bank's app",
    sandbox: (step) =>
      `await decideInBankingApp(request, BASE_URL, ${step.authorisationId ?? '""'}, PSU, ${q(step.decision)});`,
    person: () => 'console.log(`Decide in the banking app as the PSU within ${SCA_WAIT_MS / 1000} s`);',
  },
  oauth: {
    title: "SCA (OAuth): the PSU decides at the bank's authorisation server",
    person: (step) =>
      `console.log(\`Authorise through \${linkOf(a${step.n}, "scaOAuth", BASE_URL)} within \${SCA_WAIT_MS / 1000} s\`);`,
  },
};

function scaCode(step: ScaStep): Code {
  const words = approachWords[step.approach];
  const person = words.person(step);
  const hand = words.sandbox
    ? `if (await offersSandboxAdmin(request, BASE_URL)) {
  // The XS2A Console sandbox bank: the PSU's part is done the sandbox's way, on its own pages, without a browser.
  ${words.sandbox(step)}
} else {
  // Any other bank: a person decides as the PSU meanwhile; the test waits for the SCA status to end.
  ${person}
}`
    : person;
  const expected = step.expected ?? (step.decision === 'approve' ? 'finalised' : 'failed');
  const wait = step.scaStatus
    ? `
await expect
  .poll(
${indent(readCode(step.scaStatus, step.headers, 'scaStatus'), 4)},
    { message: ${q(`the authorisation's scaStatus becomes ${expected}`)}, timeout: SCA_WAIT_MS },
  )
  .toBe(${q(expected)});`
    : '';
  return `await step(${q(words.title)}, async () => {
${indent(hand + wait, 2)}
});`;
}

function embeddedCode(step: EmbeddedStep): Code {
  const names = step.calls.map((call) => `a${call.n}`).join(', ');
  return `const [${names}] = await step(
  "SCA (embedded): the PSU's password and one-time password from XS2A_PSU_PASSWORD and XS2A_OTP",
  async () => {
${indent(step.calls.map(callCode).join('\n'), 4)}
    return [${names}] as const;
  },
);`;
}

function finalsCode(finals: readonly FinalState[]): Code {
  if (finals.length === 0) return '';
  const reads = finals.map((final) => {
    const accepted = acceptedFinalStates(final.machine ?? final.member, final.seen);
    const whose = final.of === undefined ? '' : `${final.of} `;
    const words = `${whose}${final.member} reaches ${accepted.join(' or ')} (the flow ended at ${final.seen})`;
    return `await expect
  .poll(
${indent(readCode(final.url, final.headers, final.member), 4)},
    { message: ${q(words)}, timeout: STATUS_WAIT_MS },
  )
  .toMatch(oneOf(${strings(accepted)}));`;
  });
  return `await step("The states the flow ended in", async () => {
${indent(reads.join('\n'), 2)}
});`;
}

/** An environment variable the tests read, and what it stands for. */
export type EnvVariable = [name: string, words: string];

/** The variables every test reads (the fixture's settings), with their defaults in words. */
export function fixedVariables(plan: Pick<ReplayPlan, 'baseUrl' | 'psuId'>): EnvVariable[] {
  return [
    ['XS2A_BASE_URL', `the bank's base_url (default: ${plan.baseUrl})`],
    ['XS2A_PSU_ID', `the PSU (default: ${plan.psuId ?? 'alice, a PSU of the sandbox'})`],
    ['XS2A_PSU_PASSWORD', "the PSU's password for SCA (sandbox default: sandbox)"],
    ['XS2A_OTP', 'the one-time password for SCA (sandbox default: 123456)'],
    [
      'XS2A_DEBTOR_IBAN',
      "the PSU's account to pay from or ask access to (default: the sandbox's test data, else the bank's list)",
    ],
    ['XS2A_ACCOUNT_IBANS', "more of the PSU's accounts, comma-separated, when a consent names several"],
    [
      'XS2A_MASKED_PANS',
      "the PSU's cards by masked PAN, comma-separated, when a consent names cards (default: the sandbox's test data, else the bank's card list)",
    ],
    ['XS2A_CREDITOR_IBAN', "the creditor's account (default: another sandbox PSU's account)"],
    ['XS2A_TPP_REDIRECT_URI', 'TPP-Redirect-URI (default: https://tpp.example/callback/ok)'],
    ['XS2A_TPP_NOK_REDIRECT_URI', 'TPP-Nok-Redirect-URI (default: https://tpp.example/callback/nok)'],
    ['XS2A_SCA_WAIT_MS', 'how long the PSU may take to decide at a bank without the sandbox admin API (300000)'],
    ['XS2A_STATUS_WAIT_MS', 'how long the final states may take to be reached (60000)'],
  ];
}

/** A bulk's variables: each payment's amount, currency, creditor's name and account, numbered from 1. */
function bulkVariables(bulk: readonly RecordedBulkPayment[]): EnvVariable[] {
  return bulk.flatMap((entry, index): EnvVariable[] => {
    const n = index + 1;
    return [
      [`XS2A_AMOUNT_${n}`, `the amount of payment ${n} (default: ${entry.amount})`],
      [`XS2A_CURRENCY_${n}`, `its currency (default: ${entry.currency})`],
      ...(entry.creditorName !== undefined
        ? [[`XS2A_CREDITOR_NAME_${n}`, `its creditor's name (default: ${entry.creditorName})`] as EnvVariable]
        : []),
      [`XS2A_CREDITOR_IBAN_${n}`, "its creditor's account (default: a sandbox PSU's account, else XS2A_CREDITOR_IBAN)"],
    ];
  });
}

/** The variables this flow's test reads besides the fixed ones. */
export function flowVariables(plan: ReplayPlan): EnvVariable[] {
  const payment = plan.values.payment;
  return [
    ...bulkVariables(plan.values.bulk ?? []),
    ...(payment
      ? ([
          ['XS2A_AMOUNT', `the amount to pay (default: ${payment.amount})`],
          ['XS2A_CURRENCY', `its currency (default: ${payment.currency})`],
          ...(payment.creditorName !== undefined
            ? [['XS2A_CREDITOR_NAME', `the creditor's name (default: ${payment.creditorName})`]]
            : []),
        ] as EnvVariable[])
      : []),
    ...plan.env.entries(),
  ];
}

/** Lines of `//` comments, each line's text made safe by commentText (it may carry the flow's words). */
export function commentLines(lines: readonly string[]): string {
  return lines.map((line) => (line === '' ? '//' : `// ${commentText(line)}`)).join('\n');
}

function variableLines(variables: readonly EnvVariable[]): string[] {
  const width = Math.max(...variables.map(([name]) => name.length));
  return variables.map(([name, words]) => `  ${name.padEnd(width)}  ${words}`);
}

function headerComment(plan: ReplayPlan, words: string, inline: boolean): string {
  const variables = inline ? [...fixedVariables(plan), ...flowVariables(plan)] : flowVariables(plan);
  // Every line goes through commentText: the base_url, the PSU, member names and the words of what was not replayed
  // came from the flow, and none of them may end the comment or start a line of code.
  return commentLines([
    `${words}: exported from XS2A Console as a Playwright test.`,
    '',
    'The steps the person took, against XS2A_BASE_URL with fresh X-Request-IDs: what the bank assigns (ids, links)',
    "comes from its answers, calendar days are counted from the bank's today, and the PSU, accounts, amount and",
    'creditor come from the environment. Each answer is checked (status, and success bodies against NextGenPSD2',
    "1.3.12); the final states are polled once, until XS2A_STATUS_WAIT_MS. SCA: embedded sends the PSU's password and",
    "one-time password from the environment; redirect and decoupled are decided the sandbox's way when the bank offers",
    'the XS2A Console sandbox admin API ({base_url}/admin), and otherwise wait for a person to decide as the PSU.',
    '',
    ...(variables.length > 0
      ? [
          inline
            ? 'Environment variables (no secret is written into this file):'
            : 'Environment variables of this test',
          ...(inline ? [] : ['(besides those of xs2a.ts; no secret is written into this file):']),
          ...variableLines(variables),
          '',
        ]
      : []),
    inline
      ? 'Run: npm install --save-dev @playwright/test && npx playwright test'
      : 'Run: npx playwright test (see README.md)',
    ...(plan.skipped.length > 0 ? ['', 'Not replayed:', ...plan.skipped.map((line) => `  ${line}`)] : []),
  ]);
}

/** The run's settings and the fixture functions that use them, which every test of a suite shares (xs2a.ts). */
function settingsCode(plan: Pick<ReplayPlan, 'baseUrl' | 'psuId'>): Code {
  return `const BASE_URL = (env("XS2A_BASE_URL") ?? ${q(plan.baseUrl)}).replace(/\\/+$/, "");
const PSU: Psu = {
  id: env("XS2A_PSU_ID") ?? ${q(plan.psuId ?? 'alice')},
  password: env("XS2A_PSU_PASSWORD") ?? "sandbox",
  otp: env("XS2A_OTP") ?? "123456",
};
const REDIRECT_URI = env("XS2A_TPP_REDIRECT_URI") ?? "https://tpp.example/callback/ok";
const NOK_REDIRECT_URI = env("XS2A_TPP_NOK_REDIRECT_URI") ?? "https://tpp.example/callback/nok";
const SCA_WAIT_MS = Number(env("XS2A_SCA_WAIT_MS") ?? 300_000);
const STATUS_WAIT_MS = Number(env("XS2A_STATUS_WAIT_MS") ?? 60_000);`;
}

const FIXTURE_FUNCTIONS = `/** A step of the test: a failure inside it names the step before the expectation that failed. */
async function step<T>(title: string, body: () => Promise<T>): Promise<T> {
  return test.step(title, async () => {
    try {
      return await body();
    } catch (error) {
      const failure = error as Partial<Error> | null;
      if (typeof failure?.message === "string" && !failure.message.startsWith("Step ")) {
        const before = failure.message;
        failure.message = \`Step "\${title}" failed: \${before}\`;
        if (typeof failure.stack === "string") failure.stack = failure.stack.replace(before, failure.message);
      }
      throw error;
    }
  });
}

/** The answer's status, its body against 1.3.12 (success answers) and the error codes the flow saw (errors). */
function expectAnswer(answer: Answer, status: number, schema: string | undefined, codes: string[]): void {
  expect(answer.status, \`HTTP status; the bank answered: \${answer.text.slice(0, 1000)}\`).toBe(status);
  if (schema !== undefined) {
    expect(schemaProblems(answer.body, SCHEMAS[schema] ?? true, SCHEMA_DEFS), "the body against 1.3.12").toEqual([]);
  }
  for (const code of codes) expect(errorCodes(answer), "the error's message codes").toContain(code);
}

/** A pattern matching exactly one of \`values\`. */
function oneOf(values: string[]): RegExp {
  return new RegExp(\`^(\${values.map((value) => value.replace(/[.*+?^\${}()|[\\]\\\\]/g, "\\\\$&")).join("|")})$\`);
}

/** The run's test data: the bank's today, and the PSU's accounts and cards and the creditors' when a test sends them. */
interface TestData {
  today: string;
  creditorIban: string;
  /** The creditor's account of a bulk's payment \`index\` (from 0). */
  creditorIbanAt: (index: number) => string;
  /** The PSU's account number \`index\` (the first when there are fewer). */
  iban: (index: number) => string;
  /** The PSU's card \`index\` by masked PAN (the first when there are fewer). */
  maskedPan: (index: number) => string;
}

/** Comma-separated values of an environment variable, trimmed, without empty ones. */
function listOf(...values: (string | undefined)[]): string[] {
  return values
    .flatMap((value) => (value ?? "").split(","))
    .map((value) => value.trim())
    .filter((value) => value !== "");
}

/** Item \`index\` of \`list\` (the first when there are fewer), or an error saying which variable to set. */
function nth(list: string[], index: number, what: string): string {
  const item = list[index] ?? list[0];
  if (item === undefined) throw new Error(what);
  return item;
}

/**
 * The PSU's accounts from XS2A_DEBTOR_IBAN and XS2A_ACCOUNT_IBANS and cards from XS2A_MASKED_PANS, else the sandbox's
 * test data ({base_url}/admin), else the bank's own lists (a consent for the available accounts); the creditors' from
 * XS2A_CREDITOR_IBAN (and XS2A_CREDITOR_IBAN_<n> for a bulk's payment n), else other sandbox PSUs' accounts.
 */
async function testData(request: APIRequestContext, needsAccounts: boolean, needsCards = false): Promise<TestData> {
  const today = await bankToday(request, BASE_URL);
  let ibans = listOf(env("XS2A_DEBTOR_IBAN"), env("XS2A_ACCOUNT_IBANS"));
  let maskedPans = listOf(env("XS2A_MASKED_PANS"));
  let creditorIban = env("XS2A_CREDITOR_IBAN");
  let creditors: string[] = [];
  const lacksAccounts = needsAccounts && (ibans.length === 0 || creditorIban === undefined);
  if (lacksAccounts || (needsCards && maskedPans.length === 0)) {
    const psus = await sandboxPsus(request, BASE_URL);
    const own = psus?.find((psu) => psu.psuId === PSU.id);
    if (needsAccounts && ibans.length === 0) ibans = own?.ibans ?? [];
    if (needsCards && maskedPans.length === 0) maskedPans = own?.maskedPans ?? [];
    creditors = (psus ?? []).flatMap((psu) => (psu.psuId === PSU.id ? [] : psu.ibans));
    creditorIban ??= creditors[0];
    const fromBank = (needsAccounts && ibans.length === 0) || (needsCards && maskedPans.length === 0);
    if (fromBank) {
      const listed = await accountsThroughBank(request, today, needsCards);
      if (ibans.length === 0) ibans = listed.ibans;
      if (maskedPans.length === 0) maskedPans = listed.maskedPans;
    }
  }
  const creditor = creditorIban ?? "DE89370400440532013000";
  return {
    today,
    creditorIban: creditor,
    creditorIbanAt: (index) =>
      env(\`XS2A_CREDITOR_IBAN_\${index + 1}\`) ?? (creditors.length > 0 ? creditors[index % creditors.length] : undefined) ?? creditor,
    iban: (index) => nth(ibans, index, "No account of the PSU: set XS2A_DEBTOR_IBAN or XS2A_ACCOUNT_IBANS"),
    maskedPan: (index) => nth(maskedPans, index, "No card of the PSU: set XS2A_MASKED_PANS"),
  };
}

/**
 * The PSU's IBANs (and, when asked, masked PANs) as the bank lists them under a consent for the available accounts,
 * which the PSU authorises.
 */
async function accountsThroughBank(
  request: APIRequestContext,
  today: string,
  withCards: boolean,
): Promise<{ ibans: string[]; maskedPans: string[] }> {
  const headers = { "PSU-ID": PSU.id, "TPP-Redirect-URI": REDIRECT_URI, "TPP-Nok-Redirect-URI": NOK_REDIRECT_URI };
  const consent = await call(request, {
    method: "POST",
    url: \`\${BASE_URL}/v1/consents\`,
    headers: { ...headers, "Content-Type": "application/json" },
    body: {
      access: { availableAccounts: "allAccounts" },
      recurringIndicator: false,
      validUntil: today,
      frequencyPerDay: 2,
      combinedServiceIndicator: false,
    },
  });
  if (consent.status >= 300) {
    throw new Error(\`Set XS2A_DEBTOR_IBAN: the bank refused a consent to list the PSU's accounts (\${consent.text})\`);
  }
  const consentId = idOf(consent, "consentId");
  if (statusOf(consent, "consentStatus") !== "valid") {
    const redirect = consent.text.includes("scaRedirect") ? linkOf(consent, "scaRedirect", BASE_URL) : undefined;
    if (redirect !== undefined && (await offersSandboxAdmin(request, BASE_URL))) {
      await decideAtBankPage(request, redirect, PSU, "approve");
    } else {
      console.log(\`Authorise the consent to list the PSU's accounts (\${redirect ?? "at the bank"}) within \${SCA_WAIT_MS / 1000} s\`);
    }
    await expect
      .poll(
        async () =>
          statusOf(
            await call(request, { method: "GET", url: \`\${BASE_URL}/v1/consents/\${consentId}/status\`, headers }),
            "consentStatus",
          ),
        { message: "the consent to list the PSU's accounts becomes valid", timeout: SCA_WAIT_MS },
      )
      .toBe("valid");
  }
  const read = (path: string) =>
    call(request, { method: "GET", url: \`\${BASE_URL}\${path}\`, headers: { ...headers, "Consent-ID": consentId } });
  return {
    ibans: ibansOf(await read("/v1/accounts")),
    maskedPans: withCards ? maskedPansOf(await read("/v1/card-accounts")) : [],
  };
}`;

/** The fixture's exported names, which a spec of a suite imports from ./xs2a when it uses them. */
const FIXTURE_NAMES = [
  'BASE_URL',
  'PSU',
  'REDIRECT_URI',
  'NOK_REDIRECT_URI',
  'SCA_WAIT_MS',
  'STATUS_WAIT_MS',
  'env',
  'step',
  'expectAnswer',
  'oneOf',
  'testData',
  'call',
  'statusOf',
  'linkOf',
  'linkAt',
  'idOf',
  'idAt',
  'methodOf',
  'day',
  'offersSandboxAdmin',
  'decideAtBankPage',
  'decideInBankingApp',
];

/** A flow's test as it reads: the name of what it shows, the person's choices and its steps. */
export interface SpecParts {
  /** Words for the header comment. */
  words: string;
  /** The test's title, as code. */
  title: Code;
}

/** What the person chose (a payment's or each of a bulk's payments' amount, currency and creditor), as `CHOSEN`. */
function chosenCode(plan: ReplayPlan): Code {
  const { payment, bulk } = plan.values;
  if (bulk) {
    const entries = bulk.map(
      (entry, index) => `    {
      amount: env("XS2A_AMOUNT_${index + 1}") ?? ${q(entry.amount)},
      currency: env("XS2A_CURRENCY_${index + 1}") ?? ${q(entry.currency)},
      creditorName: env("XS2A_CREDITOR_NAME_${index + 1}") ?? ${q(entry.creditorName ?? '')},
    },`,
    );
    return `const CHOSEN = {
  payments: [
${entries.join('\n')}
  ],
} as const;

`;
  }
  return payment
    ? `const CHOSEN = {
  amount: env("XS2A_AMOUNT") ?? ${q(payment.amount)},
  currency: env("XS2A_CURRENCY") ?? ${q(payment.currency)},
  creditorName: env("XS2A_CREDITOR_NAME") ?? ${q(payment.creditorName ?? '')},
};

`
    : '';
}

/** The test itself: the person's choices, then one test of the flow's steps. */
function testCode(plan: ReplayPlan, title: Code): Code {
  const steps = plan.steps.map((step) => {
    if (step.kind === 'call') return callCode(step);
    return step.kind === 'sca' ? scaCode(step) : embeddedCode(step);
  });
  const body = [
    `const data = await testData(request, ${String(plan.usesAccounts)}${plan.usesCards ? ', true' : ''});`,
    ...steps,
    finalsCode(plan.finals),
  ];
  const code = `${chosenCode(plan)}test(${title}, async ({ request }) => {
  test.setTimeout(SCA_WAIT_MS + STATUS_WAIT_MS + 60_000);
${indent(body.filter(Boolean).join('\n\n'), 2)}
});`;
  return withoutUnusedAnswers(code);
}

/** `const a<n> = await step(…)` as `await step(…)` when no later step uses the answer. */
function withoutUnusedAnswers(code: Code): Code {
  return code.replace(/^(\s*)const (a\d+) = await step\(/gm, (whole, pad: string, name: string) =>
    code.split(new RegExp(`\\b${name}\\b`)).length > 2 ? whole : `${pad}await step(`,
  );
}

/** The test file of one flow on its own: the fixture (helpers and the 1.3.12 schemas) copied into it. */
export function renderTest(plan: ReplayPlan, parts: SpecParts, schemas: FlowSchemas): string {
  return `${headerComment(plan, parts.words, true)}
import { expect, test } from "@playwright/test";
import type { APIRequestContext, APIResponse } from "@playwright/test";

${settingsCode(plan)}

${testCode(plan, parts.title)}

// ── Helpers ─────────────────────────────────────────────────────────────────────────────────────────────────────

${FIXTURE_FUNCTIONS}

${runtimeCode()}

// ── The 1.3.12 schemas of the answers this flow checks (generated from XS2A Console's model) ────────────────────

const SCHEMAS: Record<string, Schema> = ${JSON.stringify(schemas.schemas)};

const SCHEMA_DEFS: Record<string, Schema> = ${JSON.stringify(schemas.defs)};
`;
}

/** One spec of a suite: the same test, importing the shared fixture (./xs2a) instead of carrying it. */
export function renderSpec(plan: ReplayPlan, parts: SpecParts): string {
  const code = testCode(plan, parts.title);
  const used = FIXTURE_NAMES.filter((name) => new RegExp(`\\b${name}\\b`).test(code));
  return `${headerComment(plan, parts.words, false)}
import { expect, test } from "@playwright/test";
import { ${used.join(', ')} } from "./xs2a";

${code}
`;
}

/** The suite's shared fixture: settings from the environment, the helpers and the 1.3.12 schemas of every spec. */
export function renderFixture(plan: Pick<ReplayPlan, 'baseUrl' | 'psuId'>, schemas: FlowSchemas): string {
  const exported = (code: string) => code.replace(/^(const|function|async function|interface|type) /gm, 'export $1 ');
  return `${commentLines([
    "The fixture every test of this suite imports: the run's settings from the environment, sending XS2A requests",
    "(headers, a fresh X-Request-ID each, following the bank's _links), the PSU's part of SCA per approach, the test",
    "data, and the checks of the bank's answers against NextGenPSD2 1.3.12 (schemas generated from XS2A Console's",
    'model). Written by XS2A Console; it needs only @playwright/test.',
    '',
    'Environment variables (no secret is written into these files):',
    ...variableLines(fixedVariables(plan)),
  ])}
import { expect, test } from "@playwright/test";
import type { APIRequestContext, APIResponse } from "@playwright/test";

${exported(settingsCode(plan))}

${exported(FIXTURE_FUNCTIONS)}

${exported(runtimeCode())}

// ── The 1.3.12 schemas of the answers the tests check ─────────────────────────────────────────────────────────

const SCHEMAS: Record<string, Schema> = ${JSON.stringify(schemas.schemas)};

const SCHEMA_DEFS: Record<string, Schema> = ${JSON.stringify(schemas.defs)};
`;
}
