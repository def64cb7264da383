// Several flows as one Playwright test suite a QA team can keep in a repository: a spec per flow, one shared fixture
// (xs2a.ts) with the helpers and the 1.3.12 schemas of them all, a config, a package.json with only @playwright/test, a
// README, a .env.example and a GitHub Actions workflow. The files are plain text here (suite-files); formatting with
// Prettier and packing as a zip happen when the user downloads (export-suite.ts), so pages never load either.
import { flowSchemas } from './flow-schemas';
import { schemaKeysOf, testFileName, type FlowTest } from './export-test';
import { fixedVariables, flowVariables, renderFixture, renderSpec, type EnvVariable } from './render-test';

/** The version of @playwright/test the suite asks for: the one XS2A Console's own tests run with. */
export const PLAYWRIGHT_VERSION = '^1.65.1';

/** A file of the suite: its path inside the folder and its text. */
export interface SuiteFile {
  path: string;
  text: string;
}

/** Each test's file name, unique within the suite (`-2`, `-3`… after a repeated slug). */
function fileNames(tests: readonly FlowTest[]): string[] {
  const seen = new Map<string, number>();
  return tests.map((test) => {
    const count = (seen.get(test.slug) ?? 0) + 1;
    seen.set(test.slug, count);
    return testFileName(count === 1 ? test.slug : `${test.slug}-${count}`);
  });
}

/** The type check, with TypeScript fetched by npx (it is no dependency of the suite). */
export const TYPECHECK = 'npx --yes --package=typescript tsc --noEmit';

const PACKAGE_JSON = (): string =>
  `${JSON.stringify(
    {
      name: 'xs2a-tests',
      private: true,
      description: 'NextGenPSD2 XS2A 1.3.12 tests exported from XS2A Console',
      // TypeScript is fetched for the type check only: the tests themselves need nothing but @playwright/test.
      scripts: { test: 'playwright test', typecheck: TYPECHECK },
      devDependencies: { '@playwright/test': PLAYWRIGHT_VERSION },
    },
    null,
    2,
  )}\n`;

const TSCONFIG = `{
  "compilerOptions": {
    "target": "ES2022",
    "module": "ESNext",
    "moduleResolution": "Bundler",
    "lib": ["ES2022", "DOM"],
    "strict": true,
    "noEmit": true,
    "skipLibCheck": true,
    "types": []
  },
  "include": ["*.ts"]
}
`;

const CONFIG = `// Playwright's configuration for the exported XS2A tests. The tests use the \`request\` fixture only; a browser is
// configured for tests added later, and a system Chromium is used when the machine has one.
import { defineConfig } from "@playwright/test";
import { existsSync } from "node:fs";

const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
const systemChromium = [env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].find(
  (path) => path !== undefined && path !== "" && existsSync(path),
);

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  fullyParallel: true,
  retries: 0,
  reporter: env.CI ? [["list"], ["junit", { outputFile: "test-results/junit.xml" }], ["html", { open: "never" }]] : [["list"]],
  use: {
    baseURL: env.XS2A_BASE_URL,
    launchOptions: systemChromium ? { executablePath: systemChromium } : {},
  },
});
`;

/** `node:fs` as the config uses it, so `tsc --noEmit` needs no @types/node (the declarations merge with it when present). */
const NODE_SHIM = `// The one Node.js API the config uses, declared so that type checking needs nothing besides @playwright/test.
declare module "node:fs" {
  export function existsSync(path: string): boolean;
}
`;

const GITIGNORE = `node_modules/
test-results/
playwright-report/
.env
`;

/** Variables a CI run takes from the repository's secrets; the others from its variables. */
const SECRET = /PASSWORD|OTP|AUTHORIZATION|TOKEN|KEY|SECRET|IBAN|PAN/;

function workflow(variables: readonly EnvVariable[]): string {
  const lines = variables.map(([name]) =>
    SECRET.test(name) ? `      ${name}: \${{ secrets.${name} }}` : `      ${name}: \${{ vars.${name} }}`,
  );
  return `# Runs the exported XS2A tests on every push and by hand. Set the bank's base_url and the PSU as repository
# variables (Settings → Secrets and variables → Actions → Variables) and the passwords, one-time password and IBANs as
# secrets; an unset one takes the default the tests name.
name: XS2A tests

on:
  push:
  workflow_dispatch:

jobs:
  test:
    runs-on: ubuntu-latest
    timeout-minutes: 30
    env:
${lines.join('\n')}
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      - run: npm install
      - run: npm run typecheck
      - run: npx playwright test
      - uses: actions/upload-artifact@v4
        if: always()
        with:
          name: playwright-report
          path: |
            playwright-report/
            test-results/
`;
}

/** A value written into .env.example only when it is plain (letters, digits and `.:/-_@`), else left for the user. */
const plain = (value: string) => /^[A-Za-z0-9.:/_@-]{1,200}$/.test(value);

/** The variables' defaults, from the words of each ("… (default: X)"), when plain. */
function envExample(variables: readonly EnvVariable[]): string {
  const lines = variables.map(([name, words]) => {
    const fallback = /\(default: ([^)]*)\)$/.exec(words)?.[1] ?? '';
    return `# ${name}=${plain(fallback) ? fallback : ''}`;
  });
  return `# The environment the tests read: copy to .env and load it in your shell (set -a; . ./.env; set +a), or set
# them in CI. Each commented-out line shows the default the tests use when the variable is unset or empty.
${lines.join('\n')}
`;
}

function readme(specs: readonly string[], variables: readonly EnvVariable[]): string {
  return `# XS2A tests

Playwright tests of a NextGenPSD2 XS2A 1.3.12 bank, exported from XS2A Console. Each spec is one flow a person
went through in the console, written as the steps they took; \`xs2a.ts\` is the fixture they share: the settings
from the environment, sending requests with a fresh X-Request-ID and following the bank's \`_links\`, the PSU's part of
SCA (embedded with a password and one-time password; redirect and decoupled decided on the sandbox's own pages when the
bank offers the XS2A Console sandbox admin API, otherwise by a person while the test waits), and the checks of every
answer against 1.3.12.

Nothing the bank assigns or that goes stale is written in: ids and links come from the bank's answers, calendar
days count from the bank's today, and the PSU, accounts, cards, amounts and creditors (a bulk's payments numbered from
1: \`XS2A_AMOUNT_1\`, \`XS2A_CREDITOR_IBAN_1\`…) come from the environment, with the sandbox's test data
(\`{base_url}/admin\`) or the bank's own account and card lists as defaults.

## Run

\`\`\`sh
npm install
XS2A_BASE_URL=https://bank.example/psd2 XS2A_PSU_ID=alice npx playwright test
npm run typecheck   # tsc --noEmit (strict), TypeScript fetched by npx
\`\`\`

Node.js 20 or later. Only \`@playwright/test\` is installed; the tests use its \`request\` fixture, so no browser is
downloaded (\`npx playwright install chromium\` only for tests you add that open pages).

## Tests

${specs.map((spec) => `- \`${spec}\``).join('\n')}

## Environment

| Variable | What it is |
| --- | --- |
${variables.map(([name]) => `| \`${name}\` | ${README_WORDS[name] ?? 'see the header of the spec that reads it'} |`).join('\n')}

\`.env.example\` lists them with their defaults; Playwright does not read a \`.env\` file by itself, so load one in
your shell (\`set -a; . ./.env; set +a\`) or set the variables there. In CI (\`.github/workflows/xs2a-tests.yml\`) they come from the repository's variables and
secrets.

A test fails naming its step and what was expected: an HTTP status, a body that breaks 1.3.12 (an amount sent as a
number, a status in lower case, a link that is not an object), an error the bank answered, or a final status not
reached within \`XS2A_STATUS_WAIT_MS\`.
`;
}

/** The README's words per variable: fixed text, never the flow's values (they stay in the specs' literals). */
const README_WORDS: Record<string, string> = {
  XS2A_BASE_URL: "the bank's base_url, with its prefix",
  XS2A_PSU_ID: 'the PSU',
  XS2A_PSU_PASSWORD: "the PSU's password for embedded SCA and the sandbox's pages",
  XS2A_OTP: 'the one-time password for SCA',
  XS2A_DEBTOR_IBAN: "the PSU's account to pay from or ask access to",
  XS2A_ACCOUNT_IBANS: "more of the PSU's accounts, comma-separated",
  XS2A_CREDITOR_IBAN: "the creditor's account (of every payment of a bulk without its own XS2A_CREDITOR_IBAN_<n>)",
  XS2A_MASKED_PANS: "the PSU's cards by masked PAN, comma-separated",
  XS2A_CREDITOR_NAME: "the creditor's name",
  XS2A_AMOUNT: 'the amount to pay',
  XS2A_CURRENCY: 'its currency',
  XS2A_TPP_REDIRECT_URI: 'TPP-Redirect-URI',
  XS2A_TPP_NOK_REDIRECT_URI: 'TPP-Nok-Redirect-URI',
  XS2A_SCA_WAIT_MS: 'how long the PSU may take to decide (ms)',
  XS2A_STATUS_WAIT_MS: 'how long a final status may take (ms)',
};

/** Environment variable names are the test's own (`XS2A_` and letters, digits, underscores); others are left out. */
const isVariableName = (name: string) => /^XS2A_[A-Z0-9_]{1,80}$/.test(name);

/** The suite's files, unformatted (export-suite.ts formats them with Prettier's defaults). */
export function suiteFiles(tests: readonly FlowTest[]): SuiteFile[] {
  const first = tests[0]?.plan;
  const settings = {
    baseUrl: first?.baseUrl ?? 'http://localhost:4318/sandbox',
    ...(first?.psuId !== undefined && { psuId: first.psuId }),
  };
  const schemas = flowSchemas(tests.flatMap((test) => schemaKeysOf(test.plan)));
  const names = fileNames(tests);
  const variables = new Map<string, string>(fixedVariables(settings));
  for (const test of tests) {
    for (const [name, words] of flowVariables(test.plan)) {
      const before = variables.get(name);
      // Tests whose defaults differ: each names its own (in its header), the suite none.
      variables.set(
        name,
        before === undefined || before === words ? words : words.replace(/\(default: [^)]*\)$/, '(default: per test)'),
      );
    }
  }
  const listed = [...variables.entries()].filter(([name]) => isVariableName(name));
  return [
    { path: 'package.json', text: PACKAGE_JSON() },
    { path: 'tsconfig.json', text: TSCONFIG },
    { path: 'playwright.config.ts', text: CONFIG },
    { path: 'node-shims.d.ts', text: NODE_SHIM },
    { path: '.gitignore', text: GITIGNORE },
    { path: '.env.example', text: envExample(listed) },
    { path: 'README.md', text: readme(names, listed) },
    { path: '.github/workflows/xs2a-tests.yml', text: workflow(listed) },
    { path: 'xs2a.ts', text: renderFixture(settings, schemas) },
    ...tests.map((test, index) => ({ path: names[index] ?? 'flow.spec.ts', text: renderSpec(test.plan, test) })),
  ];
}
