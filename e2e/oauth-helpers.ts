// Helpers for the OAuth SCA specs: a bank profile for the strict bank (which authorises through OAuth where it would
// redirect), the bank's OAuth login page, and what a flow must never leave in the inspector.
import { expect, type Page, type Request } from '@playwright/test';
import { storeProfile } from './console-storage';
import { SANDBOX_PASSWORD } from './fixtures';
import { e2ePort, strictBaseUrl, strictOrigin, strictTargets } from './strict-helpers';

export { strictBaseUrl, strictOrigin, strictTargets };

/** The console's own origin in e2e. */
export const consoleOrigin = `http://127.0.0.1:${e2ePort}`;

export interface OAuthProfileInput {
  id: string;
  name: string;
  /** The relay target to reach the strict bank through; default the one with every credential. */
  relayTarget?: string;
  psuId?: string;
}

/**
 * Makes a profile for the strict bank the active one before the console's scripts run (the
 * `xs2a-console.profiles.v1` storage format of src/api), with TPP-Redirect-Preferred true, so the bank offers its
 * OAuth authorisation (scaOAuth). Only on the console's pages: the bank's pages have an origin of their own.
 */
export async function useOAuthProfile(page: Page, input: OAuthProfileInput): Promise<void> {
  const profile = {
    id: input.id,
    name: input.name,
    baseUrl: strictBaseUrl,
    relayTarget: input.relayTarget ?? strictTargets.ok,
    psuHeaders: { psuIpAddress: '192.168.0.10', ...(input.psuId && { psuId: input.psuId }) },
    sca: { redirectPreferred: true },
  };
  await storeProfile(page, profile, consoleOrigin);
}

/** The authorize URL the console sent the browser to, with its parameters, once the bank's login page is open. */
export async function atOAuthLoginPage(page: Page): Promise<URL> {
  await page.waitForURL((url) => url.origin === strictOrigin && url.pathname.endsWith('/oauth/authorize'));
  await expect(page.getByRole('heading', { name: 'Log in to approve' })).toBeVisible();
  return new URL(page.url());
}

/** On the bank's OAuth page: log in as the PSU and approve, or deny (the bank takes either only from the PSU). */
export async function decideAtOAuthPage(page: Page, psuId: string, decision: 'approve' | 'deny'): Promise<void> {
  await page.getByLabel('Online banking ID').fill(psuId);
  await page.getByLabel('Password').fill(SANDBOX_PASSWORD);
  await page.getByRole('button', { name: decision === 'approve' ? 'Approve' : 'Deny' }).click();
}

/** The secrets of OAuth round trips as they pass: the codes and verifiers sent to the token endpoint. */
export function watchTokenRequests(page: Page): { codes: string[]; verifiers: string[] } {
  const seen = { codes: [] as string[], verifiers: [] as string[] };
  page.on('request', (request: Request) => {
    const target = new URL(request.url()).searchParams.get('url') ?? '';
    if (request.method() !== 'POST' || !target.endsWith('/oauth/token')) return;
    const form = new URLSearchParams(request.postData() ?? '');
    const code = form.get('code');
    const verifier = form.get('code_verifier');
    if (code) seen.codes.push(code);
    if (verifier) seen.verifiers.push(verifier);
  });
  return seen;
}

/** The OAuth access tokens the console holds in this tab (its sessionStorage), values only. */
export async function heldTokens(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const stored = JSON.parse(window.sessionStorage.getItem('xs2a-console.oauth-tokens.v2') ?? '{}') as Record<
      string,
      { accessToken: string }[]
    >;
    return Object.values(stored).flatMap((tokens) => tokens.map((token) => token.accessToken));
  });
}

export async function openInspector(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: /Inspector/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inspector' })).toBeVisible();
}
