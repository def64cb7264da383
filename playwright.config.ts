import { defineConfig, devices } from '@playwright/test';
import {
  e2ePort as port,
  hangingBankPort,
  makeStrictPki,
  redirectedToBankPort,
  redirectingBankPort,
  relayConfigFile,
  strictBaseUrl,
  strictPki,
  strictPort,
  writeRelayConfig,
} from './e2e/strict-helpers';
import { sandboxAdminRelayTargets } from './e2e/sandbox-admin-helpers';
import { systemChromium } from './e2e/system-chromium';

// E2E_PORT lets several suites run side by side; each then builds into its own folder.
const outDir = process.env.E2E_PORT ? `.e2e-dist-${port}` : 'dist';
const baseURL = `http://127.0.0.1:${port}`;

// Playwright's runner makes a fresh test PKI for the strict bank and writes the relay config once per run. Its workers
// (and a test loader process, in UI and watch modes) evaluate this file again: they inherit the runner's environment,
// and with it the mark that says the PKI is made, so they only read it.
const madeByRunner = Boolean(process.env.TEST_WORKER_INDEX || process.env.XS2A_E2E_PKI_MADE);
const pki = madeByRunner ? strictPki() : makeStrictPki();
process.env.XS2A_E2E_PKI_MADE = '1';
if (!madeByRunner) {
  // The relay's targets: the server's own sandbox (its port follows E2E_PORT, so the file is written here rather than
  // committed), a bank that is down (nothing listens on port 2, a privileged port fetch does not refuse), a bank that never
  // answers (e2e/relay.spec.ts holds its port open), a bank that answers with redirects (e2e/bank-redirect.spec.ts),
  // and the strict bank's targets (e2e/strict-helpers.ts).
  writeRelayConfig(pki, [
    { id: 'sandbox-via-relay', baseUrl: `${baseURL}/sandbox` },
    { id: 'bank-down', baseUrl: 'http://127.0.0.1:2/psd2', timeoutMs: 5000 },
    { id: 'bank-hangs', baseUrl: `http://127.0.0.1:${hangingBankPort}/psd2`, timeoutMs: 2000 },
    { id: 'bank-redirects', baseUrl: `http://127.0.0.1:${redirectingBankPort}/psd2`, timeoutMs: 5000 },
    { id: 'bank-redirected-to', baseUrl: `http://127.0.0.1:${redirectedToBankPort}/psd2`, timeoutMs: 5000 },
    // The Sandbox page's specs: an impatient way to the console's own sandbox (a bank slower than the relay waits).
    ...sandboxAdminRelayTargets(baseURL),
  ]);
}

const browser = systemChromium();

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Side-by-side runs (E2E_PORT) keep their traces and reports apart.
  outputDir: process.env.E2E_PORT ? `test-results-${port}` : 'test-results',
  reporter: [
    ['list'],
    ['html', { open: 'never', outputFolder: process.env.E2E_PORT ? `playwright-report-${port}` : 'playwright-report' }],
  ],
  use: {
    baseURL,
    // Recording a trace of every test costs about a quarter of the suite's time; a failing test's screenshot is kept,
    // and `npx playwright test --trace retain-on-failure` records traces when one is needed.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          ...(browser.executablePath && { executablePath: browser.executablePath }),
          args: [
            ...browser.args,
            // Chromium refuses a few ports (6000, 6665–6669…) as unsafe; E2E_PORT may name one of them.
            `--explicitly-allowed-ports=${port},${strictPort},${hangingBankPort},${redirectingBankPort},${redirectedToBankPort}`,
          ],
        },
      },
    },
  ],
  // Started in this order, each once the one before answers: the first builds build/server, which the second runs.
  webServer: [
    {
      command: `npx vite build --outDir ${outDir} && npm run build:server && node build/server/main.js`,
      url: `${baseURL}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      // A fresh in-memory sandbox database per run: every run starts from the deterministic seed.
      // Settlement after 3 s, so flows reach ACSC within a test. Private benches (/bench/<name>, e2e/bench.ts): a bank
      // of its own for a spec that moves the clock or switches the preset, so parallel specs never see it; one per test,
      // each dropped once unused for 10 minutes, so a run never reaches the limit.
      env: {
        PORT: String(port),
        DATA_DIR: ':memory:',
        CONSOLE_DIST: outDir,
        SANDBOX_SETTLEMENT_DELAY_MS: '3000',
        // The slow deviation mode's delay: every answer late, the flows still finish (e2e/deviating-banks.spec.ts).
        SANDBOX_SLOW_MS: '600',
        SANDBOX_BENCHES: '64',
        SANDBOX_BENCH_IDLE: '10m',
        RELAY_CONFIG: relayConfigFile,
      },
    },
    {
      // The strict bank: HTTPS with the test PKI's server certificate, client certificates from the test CA, signed
      // requests, OAuth where it would redirect. Only the relay reaches it.
      command: [
        'node build/server/sandbox-main.js',
        `--port ${strictPort} --prefix /sandbox --strict --sca-redirect oauth`,
        `--tls-cert ${pki.serverCert} --tls-key ${pki.serverKey} --client-ca ${pki.caCert}`,
      ].join(' '),
      url: `${strictBaseUrl}/health`,
      // Its certificate is from the test CA, which the health check does not know.
      ignoreHTTPSErrors: true,
      reuseExistingServer: false,
      timeout: 60_000,
      // Like a real bank's gateway it has no admin API, so no spec can move its clock: its payments settle at once
      // instead (ACTC reads ACSC on the next read), and no spec waits real time for settlement.
      env: { DATA_DIR: ':memory:', SANDBOX_SETTLEMENT_DELAY_MS: '0' },
    },
  ],
});
