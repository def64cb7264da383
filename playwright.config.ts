import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// E2E_PORT lets several suites run side by side; each then builds into its own folder.
const port = Number(process.env.E2E_PORT ?? 4319);
const outDir = process.env.E2E_PORT ? `.e2e-dist-${port}` : 'dist';
const baseURL = `http://127.0.0.1:${port}`;

// The relay's targets for e2e/relay.spec.ts: the server's own sandbox (its port follows E2E_PORT, so the file is
// written here rather than committed) and a bank that is down: nothing listens on port 2 (a privileged port, and not
// one of those fetch refuses to call).
const relayConfig = join(tmpdir(), `xs2a-console-e2e-relay-${port}.json`);
writeFileSync(
  relayConfig,
  JSON.stringify({
    targets: [
      { id: 'sandbox-via-relay', baseUrl: `${baseURL}/sandbox` },
      { id: 'bank-down', baseUrl: 'http://127.0.0.1:2/psd2', timeoutMs: 5000 },
    ],
  }),
);

// A system Chromium (CHROMIUM_PATH, or Debian's) when there is one; otherwise Playwright's own build, which
// `npx playwright install chromium` provides.
const executablePath = process.env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

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
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        ...(executablePath && {
          launchOptions: {
            executablePath,
            args: [
              '--no-sandbox',
              '--disable-gpu',
              '--disable-background-networking',
              '--disable-component-update',
              '--disable-sync',
            ],
          },
        }),
      },
    },
  ],
  webServer: {
    command: `npx vite build --outDir ${outDir} && npm run build:server && node build/server/main.js`,
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    // A fresh in-memory sandbox database per run: every run starts from the deterministic seed.
    // Settlement after 3 s, so flows reach ACSC within a test.
    env: {
      PORT: String(port),
      DATA_DIR: ':memory:',
      CONSOLE_DIST: outDir,
      SANDBOX_SETTLEMENT_DELAY_MS: '3000',
      RELAY_CONFIG: relayConfig,
    },
  },
});
