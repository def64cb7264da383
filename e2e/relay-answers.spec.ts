// A real browser against the relay's answers: a bank's HTML page reached through the relay never runs as a page of the
// console's origin, in a tab or a frame, and a bank's cookies never land on the console's origin.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { e2ePort } from './strict-helpers';

test.describe.configure({ timeout: 60_000 });

test('a sandbox page opened through the relay as a navigation is refused, not rendered', async ({ page, baseURL }) => {
  const bankPage = `${baseURL}/sandbox/app`;
  const response = await page.goto(`/relay/sandbox-via-relay?url=${encodeURIComponent(bankPage)}`);
  expect(response?.status()).toBe(403);
  expect(response?.headers()['x-relay-error']).toBe('FETCH_ONLY');
  expect(response?.headers()['content-security-policy']).toMatch(/(^|; )sandbox(;|$)/);
  await expect(page.locator('body')).toContainText('FETCH_ONLY');
  await expect(page.locator('form')).toHaveCount(0);
});

// A hostile bank: its page sets a cookie, writes to storage and renames the document when its script runs, and its
// answer sets a cookie too. The e2e server's relay config is shared, so this runs a console server of its own whose
// relay reaches that bank.
const HOSTILE_PAGE = `<!doctype html><title>bank page</title><script>
  document.cookie = 'script-cookie=1; path=/';
  localStorage.setItem('bank-was-here', '1');
  document.title = 'owned';
</script><p>bank page</p>`;

let bank: Server;
let bankPageUrl: string;
let server: ChildProcess;
let consoleOrigin: string;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  bank = createServer((_req, res) => {
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Set-Cookie': 'bank-cookie=1; Path=/',
      'Clear-Site-Data': '"storage"',
    });
    res.end(HOSTILE_PAGE);
  });
  await new Promise<void>((resolve) => bank.listen(0, '127.0.0.1', resolve));
  const bankOrigin = `http://127.0.0.1:${(bank.address() as AddressInfo).port}`;
  bankPageUrl = `${bankOrigin}/psd2/page`;

  const dir = mkdtempSync(join(tmpdir(), 'relay-answers-'));
  const relayConfig = join(dir, 'relay.json');
  writeFileSync(relayConfig, JSON.stringify({ targets: [{ id: 'hostile-bank', baseUrl: `${bankOrigin}/psd2` }] }));
  const port = await freePort();
  consoleOrigin = `http://127.0.0.1:${port}`;
  // The server and the console build playwright.config.ts's webServer made for this run.
  server = spawn(process.execPath, ['build/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: ':memory:',
      RELAY_CONFIG: relayConfig,
      CONSOLE_DIST: process.env.E2E_PORT ? `.e2e-dist-${e2ePort}` : 'dist',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('XS2A Console ready')) resolve();
    });
    server.on('exit', (code) => reject(new Error(`the console server exited (${code}): ${output}`)));
  });
});

test.afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.on('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  bank.closeAllConnections();
  await new Promise((resolve) => bank.close(resolve));
});

function relayUrl(): string {
  return `${consoleOrigin}/relay/hostile-bank?url=${encodeURIComponent(bankPageUrl)}`;
}

/** Nothing of the bank's on the console's origin: no cookie, no storage entry, the console's own title. */
async function expectConsoleUntouched(page: Page) {
  expect(await page.context().cookies(consoleOrigin)).toEqual([]);
  await page.goto(`${consoleOrigin}/settings`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('bank-was-here'))).toBeNull();
  expect(await page.title()).not.toBe('owned');
}

test('a bank’s HTML opened through the relay in a tab runs no script as the console and sets no cookie', async ({
  page,
}) => {
  const response = await page.goto(relayUrl());
  await page.waitForLoadState('load');
  expect(await page.title()).not.toBe('owned');
  await expectConsoleUntouched(page);
  expect(response?.status()).toBe(403);
  expect(response?.headers()['x-relay-error']).toBe('FETCH_ONLY');
});

test('a bank’s HTML framed through the relay by the console’s own page runs no script and sets no cookie', async ({
  page,
}) => {
  await page.goto(`${consoleOrigin}/settings`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const framed = page.waitForResponse((response) => response.url() === relayUrl());
  await page.evaluate(
    (src) =>
      new Promise<void>((resolve) => {
        const frame = document.createElement('iframe');
        frame.addEventListener('load', () => resolve());
        frame.src = src;
        document.body.append(frame);
      }),
    relayUrl(),
  );
  const response = await framed;
  expect(await page.title()).not.toBe('owned');
  await expectConsoleUntouched(page);
  expect(response.status()).toBe(403);
  expect(response.headers()['x-relay-error']).toBe('FETCH_ONLY');
});

test('a bank’s HTML fetched through the relay by the console arrives as inert data, without the bank’s cookie', async ({
  page,
}) => {
  await page.goto(`${consoleOrigin}/settings`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const answer = await page.evaluate(async (url) => {
    const response = await fetch(url);
    return {
      status: response.status,
      csp: response.headers.get('content-security-policy'),
      nosniff: response.headers.get('x-content-type-options'),
      body: await response.text(),
    };
  }, relayUrl());
  expect(answer.status).toBe(200);
  expect(answer.csp).toMatch(/(^|; )sandbox(;|$)/);
  expect(answer.nosniff).toBe('nosniff');
  expect(answer.body).toContain('bank-was-here');
  await expectConsoleUntouched(page);
});
