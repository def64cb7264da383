// `npm run check:bank -- <check file> [Playwright options]`: checks the file, then runs the bank check suite through a
// console of its own (playwright.check-bank.config.ts). The exit code is Playwright's; 2 for a file that cannot be used.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { loadCheckFile } from './check-file';

const USAGE = `Usage: npm run check:bank -- <check file> [Playwright options, e.g. --headed]

The check file names the bank (a console profile), the PSU and what to check; see e2e/check-bank/sandbox.check.json.
Reports: check-bank-report/index.html (Playwright) and check-bank-report/deviations.md.`;

const [file, ...playwrightArgs] = process.argv.slice(2);
if (!file || file === '--help' || file === '-h' || file.startsWith('-')) {
  console.error(USAGE);
  process.exit(file === '--help' || file === '-h' ? 0 : 2);
}

const checkFile = resolve(file);
const result = loadCheckFile(checkFile);
if (!result.ok) {
  console.error(`The check file ${file} cannot be used:`);
  for (const problem of result.problems) console.error(`  - ${problem}`);
  process.exit(2);
}
const { check } = result;
console.log(
  `Bank check: ${check.profile.name} (${check.profile.baseUrl}), PSU ${check.psu.id} with ${check.psu.approach} SCA; ` +
    `${check.consent ? `${check.consent.access} consent` : 'no consent'}, ${check.payments ? `a ${check.payments.service === 'periodic-payments' ? 'standing order' : 'payment'}` : 'no payments'}.`,
);

const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
const child = spawn(
  process.execPath,
  [cli, 'test', '--config', resolve(import.meta.dirname, '../../playwright.check-bank.config.ts'), ...playwrightArgs],
  { stdio: 'inherit', env: { ...process.env, CHECK_BANK_FILE: checkFile } },
);
// Ctrl-C reaches Playwright through the terminal, which then stops the console's server; wait for it. A SIGTERM meant
// for this process (a CI job cancelled) is passed on. Playwright's exit code is ours.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
