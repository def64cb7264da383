// Playwright's `test` with the console's fixtures: the bank profile the console starts with, the sandbox's API with XS2A
// headers, and a consent authorised over that API that the console starts with as its active one.
import { test as base, type APIRequestContext } from '@playwright/test';
import { validConsentViaApi, type ApiConsentInput } from './accounts-helpers';
import { storeActiveConsent, storeProfile, type StoredProfile } from './console-storage';
import { SANDBOX, xs2aHeaders } from './fixtures';

export { expect, type Locator, type Page } from '@playwright/test';
export { sandboxProfile, type StoredProfile } from './console-storage';

/** The sandbox's XS2A API as a TPP without a browser calls it: each request with a fresh X-Request-ID. */
export interface SandboxApi {
  readonly request: APIRequestContext;
  /** X-Request-ID (fresh), PSU-IP-Address and Content-Type, then `extra`. */
  headers(extra?: Record<string, string>): Record<string, string>;
  get(path: string, headers?: Record<string, string>): ReturnType<APIRequestContext['get']>;
  post(path: string, data: unknown, headers?: Record<string, string>): ReturnType<APIRequestContext['post']>;
  delete(path: string, headers?: Record<string, string>): ReturnType<APIRequestContext['delete']>;
}

interface ConsoleFixtures {
  /** The bank profile the console starts with (`test.use({ bankProfile })`); none: the built-in sandbox profile. */
  bankProfile: StoredProfile | undefined;
  sandboxApi: SandboxApi;
  /**
   * Creates a consent over the sandbox's API, authorises it with embedded SCA and makes it the console's active consent
   * (of `profileId`, default the built-in sandbox profile) before the next navigation. Returns its consentId.
   */
  authorisedConsent: (input: ApiConsentInput & { profileId?: string }) => Promise<string>;
}

export const test = base.extend<ConsoleFixtures>({
  bankProfile: [undefined, { option: true }],
  page: async ({ page, bankProfile }, use) => {
    if (bankProfile) await storeProfile(page, bankProfile);
    await use(page);
  },
  sandboxApi: async ({ request }, use) => {
    const headers = xs2aHeaders;
    await use({
      request,
      headers,
      get: (path, extra) => request.get(`${SANDBOX}${path}`, { headers: headers(extra) }),
      post: (path, data, extra) => request.post(`${SANDBOX}${path}`, { headers: headers(extra), data }),
      delete: (path, extra) => request.delete(`${SANDBOX}${path}`, { headers: headers(extra) }),
    });
  },
  authorisedConsent: async ({ page, request }, use) => {
    await use(async ({ profileId, ...input }) => {
      const consentId = await validConsentViaApi(request, input);
      await storeActiveConsent(page, consentId, profileId);
      return consentId;
    });
  },
});
