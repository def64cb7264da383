// A bank that answers the PSU's login with a redirect to another origin: the browser must not carry the password and
// PSU-ID there, and the console says in plain words that the bank redirected and that it did not follow.
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { SANDBOX_PASSWORD, testAccounts } from './fixtures';
import { createPayment } from './payments-helpers';
import { authorisePanel } from './sca-helpers';
import { redirectedToBankPort, redirectingBankPort } from './strict-helpers';

test.describe.configure({ timeout: 60_000 });

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** Lets any origin call, with any method and header: the attacker wants the browser's requests. */
function allowCors(request: IncomingMessage, response: ServerResponse): void {
  response.setHeader('Access-Control-Allow-Origin', '*');
  response.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
  response.setHeader('Access-Control-Allow-Headers', request.headers['access-control-request-headers'] ?? '*');
  response.setHeader('Access-Control-Expose-Headers', '*');
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Headers the bank's own answer keeps on its way back through the in-test bank. */
const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding']);

test('a bank’s 307 to another origin does not carry the PSU’s password there; the console says it did not follow', async ({
  page,
  baseURL,
}) => {
  // Records everything that reaches it, preflights included.
  const received: Received[] = [];
  let reached: () => void = () => undefined;
  const reachedCollector = new Promise<void>((resolve) => (reached = resolve));
  const collector = createServer((request, response) => {
    allowCors(request, response);
    void bodyOf(request).then((body) => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      reached();
      response.writeHead(request.method === 'OPTIONS' ? 204 : 200, { 'Content-Type': 'application/json' });
      response.end(request.method === 'OPTIONS' ? undefined : '{}');
    });
  });
  const collectorPort = await listen(collector);

  // A bank that is the embedded sandbox (reached through it) until the PSU logs in, which it answers with a 307 to
  // the collector: a POST redirected with 307 keeps its method and body.
  const bank = createServer((request, response) => {
    allowCors(request, response);
    void bodyOf(request).then((body) => {
      if (request.method === 'OPTIONS') {
        response.writeHead(204).end();
        return;
      }
      if (request.method === 'POST' && body.includes('psuData')) {
        response.writeHead(307, { Location: `http://127.0.0.1:${collectorPort}/collect` }).end();
        return;
      }
      // To the embedded sandbox with node:http (fetch refuses some ports, such as 6000, that E2E_PORT may name).
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(([name]) => !['host', 'origin', 'referer'].includes(name)),
      );
      const upstream = httpRequest(`${baseURL}${request.url}`, { method: request.method, headers }, (answer) => {
        const answerHeaders = Object.entries(answer.headers).filter(([name]) => !hopByHop.has(name));
        response.writeHead(answer.statusCode ?? 502, Object.fromEntries(answerHeaders));
        answer.pipe(response);
      });
      upstream.on('error', () => response.writeHead(502).end());
      upstream.end(body || undefined);
    });
  });
  const bankPort = await listen(bank);

  try {
    await page.addInitScript((baseUrl) => {
      const profile = {
        id: 'e2e-redirecting-bank',
        name: 'Redirecting bank',
        baseUrl,
        psuHeaders: { psuIpAddress: '192.168.0.10' },
        sca: { redirectPreferred: false },
      };
      window.localStorage.setItem('xs2a-console.profiles.v1', JSON.stringify({ profiles: [profile] }));
      window.localStorage.setItem('xs2a-console.active-profile.v1', profile.id);
    }, `http://127.0.0.1:${bankPort}/sandbox`);

    await createPayment(page, { debtorIban: testAccounts['alice-main'].iban, amount: '3.07' });
    const panel = authorisePanel(page);
    await expect(panel.getByRole('heading', { name: 'Log in to start the authorisation' })).toBeVisible();
    await panel.getByLabel('PSU-ID').fill('alice');
    await panel.getByLabel('Password').fill(SANDBOX_PASSWORD);
    await panel.getByRole('button', { name: 'Log in' }).click();

    const alert = panel.getByRole('alert');
    const shown = expect(alert).toContainText('The bank answered with a redirect, which the console does not follow');
    // Whichever comes first: the console's message, or the browser reaching the other origin.
    await Promise.race([shown, reachedCollector]);
    // Nothing reached the other origin: no preflight, no POST, no password, no PSU-ID.
    expect(received.map((request) => `${request.method} ${request.url} ${request.body}`.trim())).toEqual([]);
    await shown;
    await expect(alert).toContainText('Check the base_url');
    // The password stays in its field for another try.
    await expect(panel.getByLabel('Password')).toHaveValue(SANDBOX_PASSWORD);

    // The inspector lists the login as a redirect that was not followed.
    await page
      .getByRole('navigation', { name: 'Console sections' })
      .getByRole('link', { name: /Inspector/ })
      .click();
    const login = page.getByRole('button', { name: /POST .*\/authorisations.*redirect, not followed/ });
    await expect(login).toHaveCount(1);
    await login.click();
    await expect(
      page.getByText('Redirect, not followed (the browser does not show its status or location)'),
    ).toBeVisible();

    expect(received).toEqual([]);
  } finally {
    for (const server of [collector, bank]) server.closeAllConnections(); // the browser keeps its connections open
    await Promise.all([collector, bank].map((server) => new Promise((resolve) => server.close(resolve))));
  }
});

test('a relay target’s bank answering with a relative 302 does not move the request to another relay target', async ({
  page,
}) => {
  // Another relay target's bank, which records what reaches it.
  const received: string[] = [];
  const other = createServer((request, response) => {
    void bodyOf(request).then(() => {
      received.push(`${request.method} ${request.url}`);
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"consentStatus":"valid"}');
    });
  });
  // Points the browser, relative to the console's origin, at that other relay target.
  const otherTarget = `http://127.0.0.1:${redirectedToBankPort}/psd2/v1/consents/x/status`;
  const bank = createServer((request, response) => {
    void bodyOf(request).then(() =>
      response.writeHead(302, { Location: `/relay/bank-redirected-to?url=${encodeURIComponent(otherTarget)}` }).end(),
    );
  });
  await Promise.all([
    new Promise<void>((resolve) => other.listen(redirectedToBankPort, '127.0.0.1', resolve)),
    new Promise<void>((resolve) => bank.listen(redirectingBankPort, '127.0.0.1', resolve)),
  ]);

  try {
    await page.addInitScript(
      ({ baseUrl }) => {
        const profile = {
          id: 'e2e-redirecting-relay-bank',
          name: 'Redirecting bank via relay',
          baseUrl,
          psuHeaders: { psuIpAddress: '192.168.0.10' },
          sca: {},
          relayTarget: 'bank-redirects',
        };
        window.localStorage.setItem('xs2a-console.profiles.v1', JSON.stringify({ profiles: [profile] }));
      },
      { baseUrl: `http://127.0.0.1:${redirectingBankPort}/psd2` },
    );
    await page.goto('/settings');
    const item = page
      .getByRole('list', { name: 'Bank profiles' })
      .getByRole('listitem', { name: 'Redirecting bank via relay', exact: true });
    await item.getByRole('button', { name: 'Check connection' }).click();
    const verdict = item.getByRole('status');
    await expect(verdict).toContainText('X-Request-ID'); // the check has ended

    expect(received).toEqual([]);
    // The relay answers the bank's redirect as BANK_REDIRECT (a browser would hide any 3xx behind an opaque answer), so
    // the bank's status and where it pointed are shown, as text.
    await expect(verdict).toContainText('The bank answered with a redirect (302), which the console does not follow');
    await expect(verdict).toContainText('/relay/bank-redirected-to?url=');
  } finally {
    for (const server of [other, bank]) server.closeAllConnections();
    await Promise.all([other, bank].map((server) => new Promise((resolve) => server.close(resolve))));
  }
});
