// Helpers for the fetch layer's tests: a stubbed fetch that answers with real Response objects, and a profile.
import { vi } from 'vitest';
import { builtInSandboxProfile, type BankProfile } from './profiles/bank-profile';

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function testProfile(changes: Partial<BankProfile> = {}): BankProfile {
  return { ...builtInSandboxProfile('https://console.example'), ...changes };
}

/** The X-Request-ID of `jsonResponse` answers, which `stubFetch` replaces with the one the request was sent with. */
export const ECHOED_REQUEST_ID = '00000000-0000-4000-8000-000000000000';

/** A JSON answer as a bank sends it, echoing an X-Request-ID (the request's, when `stubFetch` answers with it). */
export function jsonResponse(body: unknown, init: ResponseInit = {}, contentType = 'application/json'): Response {
  const headers = new Headers(init.headers);
  if (!headers.has('Content-Type')) headers.set('Content-Type', contentType);
  if (!headers.has('X-Request-ID')) headers.set('X-Request-ID', ECHOED_REQUEST_ID);
  return new Response(JSON.stringify(body), { status: 200, ...init, headers });
}

/** The request's own X-Request-ID in place of ECHOED_REQUEST_ID, as a bank echoes it. */
function echoRequestId(response: Response, init: RequestInit | undefined): Response {
  if (response.headers.get('X-Request-ID') !== ECHOED_REQUEST_ID) return response;
  const sent = new Headers(init?.headers).get('X-Request-ID');
  if (sent) response.headers.set('X-Request-ID', sent);
  return response;
}

/** Replaces the global fetch; each test queues answers with `mockResolvedValueOnce` or `mockImplementation`. */
export function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    fetchMock(input, init).then((response) => echoRequestId(response, init)),
  );
  return {
    fetchMock,
    /** The n-th request as sent: URL, init and headers. */
    sent(index = 0): { url: string; method: string; headers: Record<string, string>; body: unknown } {
      const call = fetchMock.mock.calls[index];
      if (!call) throw new Error(`fetch was called ${fetchMock.mock.calls.length} times, not ${index + 1}`);
      const init = call[1] ?? {};
      return {
        url: call[0] as string,
        method: init.method ?? 'GET',
        headers: init.headers as Record<string, string>,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body,
      };
    },
  };
}

/** A fetch that never answers by itself and rejects as a real one does when its signal aborts. */
export function hangingFetch(_url: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    const signal = init?.signal;
    if (signal?.aborted) reject(signal.reason as Error);
    signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
}
