// A test bench for a spec that moves the bank's clock or switches its preset: a private bench, a sandbox bank of its
// own under /bench/<name> (server/sandbox-benches.ts), started through the shared sandbox's admin API, so specs running
// in parallel on the shared /sandbox never see the move. Name a bench after the test that uses it.
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { storeProfile, type StoredProfile } from './console-storage';

export interface Bench {
  /** The bench's base_url on the console's origin, e.g. `/bench/preset-oauth-bank`. */
  readonly path: string;
  /** A bank profile of the console for this bench (PSU-IP-Address sent), with these SCA preferences and PSU headers. */
  profile(sca?: StoredProfile['sca'], psuHeaders?: Record<string, string>): StoredProfile;
  /** Switches the bench's behaviour profile (a preset or a single option) through its admin API. */
  usePreset(name: string): Promise<void>;
  /** Stops the bench's clock, so nothing that time drives (settlement, expiry) happens until `advance`. */
  freeze(): Promise<void>;
  /** Moves the bench's clock forward (`PT1M`, `P1D`, `90m`) and applies what falls due. */
  advance(by: string): Promise<void>;
}

/** A bench name from the test's title: lower-case letters, digits and dashes, unique per test and retry. */
export function benchName(testInfo: TestInfo, prefix = ''): string {
  const slug = `${prefix}${testInfo.titlePath.slice(1).join('-')}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
  return `${slug}-r${testInfo.retry}`;
}

/** Starts a fresh bench of this name through the shared sandbox's admin API. */
export async function bench(request: APIRequestContext, name: string): Promise<Bench> {
  const started = await request.post('/sandbox/admin/benches', { data: { name } });
  expect(started.status(), `POST /sandbox/admin/benches ${name}: ${await started.text()}`).toBe(201);
  const path = `/bench/${name}`;
  const admin = async (method: 'POST' | 'PUT', control: string, data: unknown) => {
    const response = await request.fetch(`${path}/admin${control}`, { method, data });
    expect(response.status(), `${method} ${path}/admin${control}: ${await response.text()}`).toBe(200);
  };
  return {
    path,
    profile: (sca = {}, psuHeaders = {}) => ({
      id: `bench-${name}`,
      name: `Bench ${name}`,
      baseUrl: path,
      psuHeaders: { psuIpAddress: '192.168.0.10', ...psuHeaders },
      sca,
    }),
    usePreset: (preset) => admin('PUT', '/profile', { name: preset }),
    freeze: () => admin('POST', '/clock/freeze', {}),
    advance: (by) => admin('POST', '/clock/advance', { by }),
  };
}

/**
 * A fresh bench for this test with its clock stopped, made the console's active bank profile before the first
 * navigation: payments accepted there settle only when the test moves the clock (`advance`), never by waiting.
 */
export async function frozenBench(
  page: Page,
  testInfo: TestInfo,
  sca: StoredProfile['sca'] = {},
  psuHeaders: Record<string, string> = {},
): Promise<Bench> {
  const b = await bench(page.request, benchName(testInfo));
  await b.freeze();
  await storeProfile(page, b.profile(sca, psuHeaders));
  return b;
}
