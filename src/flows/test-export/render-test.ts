// Writes a replay plan as one Playwright test file (TypeScript, `@playwright/test` and its `request` fixture) that runs
// on its own: the helpers of runtime.ts and the flow's 1.3.12 answer schemas are copied into it.
import { statusMachines, type StatusMachine } from '../../xs2a/status-maps';
import { commentText, jsString } from '../code-export/literals';
import type { FlowSchemas } from './flow-schemas';
import type { CallStep, Code, EmbeddedStep, FinalState, ReplayPlan, ScaStep } from './plan';

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
export function acceptedFinalStates(member: FinalState['member'], seen: string): string[] {
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

function readCode(url: Code, headers: readonly [string, Code][], member: string): Code {
  return `async () =>\n  statusOf(\n    await call(request, {\n      method: "GET",\n      url: ${url},${baseLine(url)}\n      headers: ${indent(
    headersCode(headers),
    6,
  ).trimStart()},\n    }),\n    ${q(member)},\n  )`;
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
  return `const a${step.n} = await test.step(${q(step.title)}, async () => {
  const answer = await call(request, {
${indent(input, 4)}
  });
  ${expectations}
  return answer;
});`;
}

const FINAL_SCA = ['finalised', 'failed', 'exempted'];

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
const scaStatus = await waitForStatus(
${indent(readCode(step.scaStatus, step.headers, 'scaStatus'), 2)},
  ${strings(FINAL_SCA)},
  SCA_WAIT_MS,
);
expect(scaStatus, "the authorisation's scaStatus").toBe(${q(expected)});`
    : '';
  return `await test.step(${q(`${words.title} ──────────`)}, async () => {
${indent(hand + wait, 2)}
});`;
}

function embeddedCode(step: EmbeddedStep): Code {
  const names = step.calls.map((call) => `a${call.n}`).join(', ');
  return `const [${names}] = await test.step(
  "SCA (embedded): the PSU's password and one-time password from XS2A_PSU_PASSWORD and XS2A_OTP ──────────",
  async () => {
${indent(step.calls.map(callCode).join('\n'), 4)}
    return [${names}] as const;
  },
);`;
}

function finalsCode(finals: readonly FinalState[]): Code {
  if (finals.length === 0) return '';
  const reads = finals.map((final, index) => {
    const accepted = acceptedFinalStates(final.member, final.seen);
    return `const state${index} = await waitForStatus(
${indent(readCode(final.url, final.headers, final.member), 2)},
  ${strings(accepted)},
  STATUS_WAIT_MS,
);
expect(${strings(accepted)}, ${q(`${final.member} (the flow ended at ${final.seen})`)}).toContain(state${index});`;
  });
  return `await test.step("The states the flow ended in", async () => {
${indent(reads.join('\n'), 2)}
});`;
}

function headerComment(plan: ReplayPlan, title: string, fileName: string, savedAt: number): string {
  const variables: [string, string][] = [
    ['XS2A_BASE_URL', `the bank's base_url (default: ${plan.baseUrl})`],
    ['XS2A_PSU_ID', `the PSU (default: ${plan.psuId ?? 'alice, a PSU of the sandbox'})`],
    ['XS2A_PSU_PASSWORD', "the PSU's password for SCA (sandbox default: sandbox)"],
    ['XS2A_OTP', 'the one-time password for SCA (sandbox default: 123456)'],
    ['XS2A_SCA_WAIT_MS', 'how long the PSU may take to decide at a bank without the sandbox admin API (300000)'],
    ['XS2A_STATUS_WAIT_MS', 'how long the final states may take to be reached (60000)'],
    ...plan.env.entries(),
  ];
  const width = Math.max(...variables.map(([name]) => name.length));
  // Every line goes through commentText: the title, the base_url, the PSU, member names and the words of what was
  // not replayed came from the flow, and none of them may end the comment or start a line of code.
  const lines = [
    `${title}: exported from XS2A Console as a Playwright test (${new Date(savedAt).toISOString()}).`,
    '',
    "Replays the flow's API calls against XS2A_BASE_URL with fresh X-Request-IDs and the flow's PSU headers, following",
    "the bank's _links (ids come from the previous answers), and checks each answer's status, each success body",
    'against the NextGenPSD2 1.3.12 schema (embedded below), and the states the flow ended in. SCA steps are marked',
    "── : embedded SCA sends the PSU's password and one-time password from the environment; redirect and decoupled",
    "SCA are decided the sandbox's way when the bank offers the XS2A Console sandbox admin API ({base_url}/admin),",
    'and otherwise wait for a person to decide as the PSU, polling the SCA status.',
    '',
    'Secrets are never written into this file: they are read from these environment variables.',
    ...variables.map(([name, words]) => `  ${name.padEnd(width)}  ${words}`),
    '',
    `Run: npm install --save-dev @playwright/test && npx playwright test ${fileName}`,
    ...(plan.skipped.length > 0 ? ['', 'Not replayed:', ...plan.skipped.map((words) => `  ${words}`)] : []),
  ];
  return lines.map((line) => (line === '' ? '//' : `// ${commentText(line)}`)).join('\n');
}

export interface RenderOptions {
  title: string;
  fileName: string;
  savedAt: number;
  schemas: FlowSchemas;
}

/** The test file's text. */
export function renderTest(plan: ReplayPlan, { title, fileName, savedAt, schemas }: RenderOptions): string {
  const steps = plan.steps.map((step) => {
    if (step.kind === 'call') return callCode(step);
    return step.kind === 'sca' ? scaCode(step) : embeddedCode(step);
  });
  return `${headerComment(plan, title, fileName, savedAt)}
import { expect, test } from "@playwright/test";
import type { APIRequestContext, APIResponse } from "@playwright/test";

const BASE_URL = (env("XS2A_BASE_URL") ?? ${q(plan.baseUrl)}).replace(/\\/+$/, "");
const PSU: Psu = {
  id: env("XS2A_PSU_ID") ?? ${q(plan.psuId ?? 'alice')},
  password: env("XS2A_PSU_PASSWORD") ?? "sandbox",
  otp: env("XS2A_OTP") ?? "123456",
};
const SCA_WAIT_MS = Number(env("XS2A_SCA_WAIT_MS") ?? 300_000);
const STATUS_WAIT_MS = Number(env("XS2A_STATUS_WAIT_MS") ?? 60_000);

test(${q(title)}, async ({ request }) => {
  test.setTimeout(SCA_WAIT_MS + STATUS_WAIT_MS + 60_000);
${indent([...steps, finalsCode(plan.finals)].filter(Boolean).join('\n\n'), 2)}
});

/** The answer's status, its body against 1.3.12 (success answers) and the error codes the flow saw (errors). */
function expectAnswer(answer: Answer, status: number, schema: string | undefined, codes: string[]): void {
  expect(answer.status, \`HTTP status; the bank answered: \${answer.text.slice(0, 1000)}\`).toBe(status);
  if (schema !== undefined) {
    expect(schemaProblems(answer.body, SCHEMAS[schema] ?? true, SCHEMA_DEFS), "the body against 1.3.12").toEqual([]);
  }
  for (const code of codes) expect(errorCodes(answer), "the error's message codes").toContain(code);
}

// ── Helpers ─────────────────────────────────────────────────────────────────────────────────────────────────────

${runtimeCode()}

// ── The 1.3.12 schemas of the answers this flow checks (generated from XS2A Console's model) ────────────────────

const SCHEMAS: Record<string, Schema> = ${JSON.stringify(schemas.schemas)};

const SCHEMA_DEFS: Record<string, Schema> = ${JSON.stringify(schemas.defs)};
`;
}
