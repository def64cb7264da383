// The console's own pages under their Content-Security-Policy: every area runs without a single violation (scripts and
// styles from the console's origin only), and a page of another origin cannot frame the console.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from './test';
import { dedicated } from './accounts-helpers';
import { testAccounts } from './fixtures';
import { createPayment, transactionStatus } from './payments-helpers';

test.describe.configure({ timeout: 90_000 });

/** Every CSP violation the browser reports, as a `securitypolicyviolation` event or a console error. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

// The router's areas (src/app/routes.tsx and each feature's routes).
const areas = [
  '/',
  '/payments',
  '/payments/new',
  '/consents',
  '/consents/new',
  '/accounts',
  '/inspector',
  '/settings',
  '/callback/ok',
  '/callback/nok',
  '/callback/oauth',
];

test('every area of the console runs under its Content-Security-Policy without a violation', async ({ page }) => {
  const violations = await watchViolations(page);
  for (const path of areas) {
    const response = await page.goto(path);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp, path).toContain("script-src 'self'");
    expect(csp, path).toContain("frame-ancestors 'none'");
    await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(violations, path).toEqual([]);
  }
});

test('a payment, the inspector and an account with its balance chart run without a violation', async ({
  page,
  authorisedConsent,
}) => {
  const aliceMain = testAccounts['alice-main'];
  await authorisedConsent({ psu: 'alice', access: dedicated(aliceMain.iban) });
  const violations = await watchViolations(page);

  await createPayment(page, { debtorIban: aliceMain.iban, amount: '3.10' });
  await expect(transactionStatus(page)).toContainText('RCVD');
  await page.goto('/inspector');
  await page
    .getByRole('button', { name: /POST .*payments\/sepa-credit-transfers/ })
    .first()
    .click();
  await expect(page.getByText('sepa-credit-transfers').first()).toBeVisible();

  await page.goto(`/accounts/${aliceMain.resourceId}`);
  await expect(page.getByRole('region', { name: 'Balances' })).toBeVisible();
  await page.getByRole('button', { name: 'Show balance chart' }).click();
  await expect(page.getByRole('region', { name: 'Balance over the period' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test.describe('framing', () => {
  let framer: Server;
  let framerOrigin: string;

  test.beforeAll(async ({ baseURL }) => {
    // A page of another origin (another port) that frames the console.
    framer = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(`<!doctype html><title>framer</title><iframe name="console" src="${baseURL}/settings"></iframe>`);
    });
    await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
    framerOrigin = `http://127.0.0.1:${(framer.address() as AddressInfo).port}`;
  });

  test.afterAll(async () => {
    framer.closeAllConnections();
    await new Promise((resolve) => framer.close(resolve));
  });

  test('a page of another origin that frames the console gets a blocked frame', async ({ page, baseURL }) => {
    const blocked = page.waitForEvent('console', (message) => /frame-ancestors|X-Frame-Options/i.test(message.text()));
    const consoleAnswer = page.waitForResponse((response) => response.url() === `${baseURL}/settings`);
    await page.goto(framerOrigin);
    const answer = await consoleAnswer;
    expect(answer.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(answer.headers()['x-frame-options']).toBe('DENY');
    await blocked;
    // The frame shows the browser's error page (a headless shell may leave it without a document), never the console.
    expect(page.frame({ name: 'console' })?.url()).not.toBe(`${baseURL}/settings`);
    await expect(page.frameLocator('iframe[name="console"]').getByRole('heading', { level: 1 })).toHaveCount(0);
  });
});
