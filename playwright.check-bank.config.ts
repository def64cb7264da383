// `npm run check:bank -- <check file>`: the bank check suite (e2e/check-bank) through a console of its own, against the
// bank the check file names (CHECK_BANK_FILE; without it the committed sandbox check). Reports in check-bank-report/.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { checkFilePath, loadCheckFileOrThrow, relayConfigFor, resolvedBaseUrl } from './e2e/check-bank/check-file';
import { systemChromium } from './e2e/system-chromium';

// CHECK_BANK_PORT (or E2E_PORT) lets the check run beside other suites; each port builds into its own folder.
const port = Number(process.env.CHECK_BANK_PORT ?? process.env.E2E_PORT ?? 4338);
const outDir = `.e2e-dist-${port}`;
const baseURL = `http://127.0.0.1:${port}`;

const check = loadCheckFileOrThrow(checkFilePath());

// With a "relay" in the check file the console's server forwards the profile's requests to the bank (mutual TLS,
// signing): one target, written here because its baseUrl may follow the port (a path on the console's sandbox).
const relayConfig = relayConfigFor(check, baseURL);
const relayConfigFile = join(tmpdir(), `xs2a-check-bank-relay-${port}.json`);
if (relayConfig) writeFileSync(relayConfigFile, JSON.stringify(relayConfig, null, 2));

const browser = systemChromium(process.env.CHECK_BANK_CHROMIUM_PATH);

export default defineConfig({
  testDir: 'e2e/check-bank',
  testMatch: '*.spec.ts',
  // One bank and one PSU: the flows run one after the other, as a person would, and stay within the bank's limits.
  fullyParallel: false,
  workers: 1,
  retries: 0,
  outputDir: 'check-bank-results',
  reporter: [
    ['list'],
    ['html', { open: 'never', outputFolder: 'check-bank-report' }],
    // After the HTML reporter, which empties its folder when it writes.
    ['./e2e/check-bank/deviation-reporter.ts', { outputFolder: 'check-bank-report' }],
  ],
  metadata: { checkBank: { bank: resolvedBaseUrl(check, baseURL), checkFile: check.file } },
  use: {
    baseURL,
    // Traces record what is typed, the PSU's password included: only on request (CHECK_BANK_TRACE=on).
    trace: process.env.CHECK_BANK_TRACE === 'on' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // A step of the check's own (a click, a field) never waits long; waiting for a person has its own, stated limit.
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        ...(browser.executablePath && { launchOptions: browser }),
      },
    },
  ],
  webServer: {
    command: `npx vite build --outDir ${outDir} && npm run build:server && node build/server/main.js`,
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(port),
      DATA_DIR: ':memory:',
      CONSOLE_DIST: outDir,
      SANDBOX_SETTLEMENT_DELAY_MS: '3000',
      RELAY_CONFIG: relayConfig ? relayConfigFile : '',
    },
  },
});
