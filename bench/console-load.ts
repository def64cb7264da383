// The console in Chromium: how much JavaScript a first visit to a page downloads, counted from the browser's own
// requests (the index chunk plus every lazily loaded chunk the page pulls in), each body gzipped as a server would.
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';

export interface ScriptFile {
  path: string;
  bytes: number;
  gzipBytes: number;
}

export interface FirstLoad {
  route: string;
  files: ScriptFile[];
  gzipBytes: number;
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

/** Opens each route in a fresh context (empty cache) and adds up the scripts it loaded until the network was idle. */
export async function measureFirstLoads(browser: Browser, origin: string, routes: string[]): Promise<FirstLoad[]> {
  const loads: FirstLoad[] = [];
  for (const route of routes) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const pending: Promise<ScriptFile>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.body().then((body) => ({
          path: new URL(response.url()).pathname,
          bytes: body.length,
          gzipBytes: gzipSync(body).length,
        })),
      );
    });
    await page.goto(`${origin}${route}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const files = await Promise.all(pending);
    if (files.length === 0) throw new Error(`${route} loaded no script.`);
    loads.push({ route, files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) });
    await context.close();
  }
  return loads;
}
