// The console in Chromium: how much JavaScript a first visit to a page downloads, counted from the browser's own
// requests (the index chunk plus every lazily loaded chunk the page pulls in), each body gzipped as a server would,
// and how long the page takes to show its heading.
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Response } from '@playwright/test';
import { testAccounts } from '../server/sandbox/seed';
import { heading, kB, ms, table } from './report';
import { activateConsent, businessConsent } from './transactions-paint';
import { PSU_IP_ADDRESS, Xs2aCaller } from './xs2a-session';

export interface ScriptFile {
  path: string;
  bytes: number;
  gzipBytes: number;
}

export interface FirstLoad {
  route: string;
  files: ScriptFile[];
  gzipBytes: number;
  /** From the start of the navigation to the first frame with the page's heading (h1) in the main region. */
  headingMs: number;
  /** The text of that heading, so a page that showed something else (a 404, an error) is seen as such. */
  heading: string;
}

/** Debian's Chromium (or CHROMIUM_PATH) when present, as the e2e suite does; Playwright's own build otherwise. */
export function launchChromium(): Promise<Browser> {
  const executablePath =
    process.env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  return chromium.launch({
    ...(executablePath && { executablePath }),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Opens each route in a fresh context (empty cache) and adds up the scripts it loaded until the network was idle.
 * The heading's time is the page's own clock (performance.now(), from the navigation's start) in the first animation
 * frame that has an h1 in <main>.
 */
export async function measureFirstLoads(
  browser: Browser,
  origin: string,
  routes: string[],
  /** Sets up each fresh context before the page opens (e.g. an active consent). */
  prepare?: (context: BrowserContext) => Promise<void>,
): Promise<FirstLoad[]> {
  const loads: FirstLoad[] = [];
  for (const route of routes) {
    const context = await browser.newContext();
    await prepare?.(context);
    const page = await context.newPage();
    const pending: Promise<ScriptFile>[] = [];
    const onResponse = (response: Response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.body().then((body) => ({
          path: new URL(response.url()).pathname,
          bytes: body.length,
          gzipBytes: gzipSync(body).length,
        })),
      );
    };
    page.on('response', onResponse);
    await page.goto(`${origin}${route}`, { waitUntil: 'commit' });
    const shown = await page.waitForFunction(
      () => {
        const h1 = document.querySelector('main h1');
        return h1 ? { at: performance.now(), text: h1.textContent ?? '' } : undefined;
      },
      undefined,
      { polling: 'raf' },
    );
    const { at, text } = (await shown.jsonValue()) ?? { at: Number.NaN, text: '' };
    await page.waitForLoadState('networkidle');
    // What arrives after the network went idle is not part of the first load.
    page.off('response', onResponse);
    const files = await Promise.all(pending);
    if (files.length === 0) throw new Error(`${route} loaded no script.`);
    const gzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0);
    loads.push({ route, files, gzipBytes, headingMs: at, heading: text.trim() });
    await context.close();
  }
  return loads;
}

/**
 * The pages as a user sees them with something to show: a payment the bank knows, an authorised consent, and the
 * account pages with that consent active (a fresh browser has none to read with). Budgeted like the routes above:
 * these pages load the schemas, readers and panels that a page of an unknown resource never needs.
 */
export async function measurePagesWithResources(browser: Browser, origin: string): Promise<FirstLoad[]> {
  const account = testAccounts['bob-business'];
  const bank = new Xs2aCaller(`${origin}/sandbox`);
  const consentId = await businessConsent(bank, account.iban);
  const payment = await bank.call(
    'POST',
    '/v1/payments/sepa-credit-transfers',
    201,
    { 'Content-Type': 'application/json', 'PSU-IP-Address': PSU_IP_ADDRESS, 'PSU-ID': 'bob' },
    {
      debtorAccount: { iban: account.iban },
      instructedAmount: { currency: 'EUR', amount: '12.50' },
      creditorAccount: { iban: 'DE02100100109307118603' },
      creditorName: 'Kiosk am Markt',
      remittanceInformationUnstructured: 'First-load bench',
    },
  );
  const paymentId = String(payment.json.paymentId);
  const routes = [
    `/payments/payments/sepa-credit-transfers/${paymentId}`,
    `/consents/${consentId}`,
    '/accounts',
    `/accounts/${account.resourceId}`,
  ];
  const loads = await measureFirstLoads(browser, origin, routes, (context) => activateConsent(context, consentId));
  // Named by their templates, so that runs compare page by page.
  const named = (route: string) =>
    route
      .replace(paymentId, '{paymentId}')
      .replace(consentId, '{consentId}')
      .replace(account.resourceId, '{account-id}');
  return loads.map((load) => ({ ...load, route: named(load.route) }));
}

/** Each page's total, time to heading and heading, then the scripts of each page (the shared ones once). */
export function printFirstLoads(
  loads: FirstLoad[],
  title = 'Console first load in Chromium: JavaScript downloaded, gzip',
): void {
  console.log(heading(title));
  const rows = loads.map((load) => [
    load.route,
    kB(load.gzipBytes),
    String(load.files.length),
    ms(load.headingMs),
    load.heading.length > 40 ? `${load.heading.slice(0, 39)}…` : load.heading,
  ]);
  console.log(table(['page', 'JS gzip', 'scripts', 'heading at', 'heading'], rows));
  const everywhere = loads
    .map((load) => new Set(load.files.map((f) => f.path)))
    .reduce((common, paths) => new Set([...common].filter((p) => paths.has(p))));
  const shared = loads[0]?.files.filter((f) => everywhere.has(f.path)) ?? [];
  const line = (file: ScriptFile) => `  ${file.path}: ${kB(file.bytes)} raw, ${kB(file.gzipBytes)} gzip`;
  console.log(`\nLoaded by each page above (${kB(shared.reduce((sum, f) => sum + f.gzipBytes, 0))} gzip):`);
  for (const file of shared) console.log(line(file));
  for (const load of loads) {
    const own = load.files.filter((f) => !everywhere.has(f.path)).sort((a, b) => b.gzipBytes - a.gzipBytes);
    console.log(`${load.route}: ${kB(load.gzipBytes)} gzip, beside those:`);
    for (const file of own) console.log(line(file));
  }
}
