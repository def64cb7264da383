// @vitest-environment happy-dom
// On its own file: one module instance, so exactly one pagehide listener writes.
import { expect, it, vi } from 'vitest';
import { EXCHANGES_STORAGE_KEY, recordExchange, updateExchange } from './exchange-log';

it('gathers storage writes while requests come in quickly, and writes what is pending when the page is left', () => {
  const setItem = vi.spyOn(sessionStorage, 'setItem');
  for (let n = 0; n < 50; n++) {
    const id = recordExchange({
      operationId: 'getTransactionList',
      requestId: `r${n}`,
      startedAt: n,
      request: { method: 'GET', url: `https://bank.example/v1/accounts/a/transactions?page=${n}`, headers: {} },
    });
    updateExchange(id, {
      durationMs: 2,
      response: { status: 200, statusText: 'OK', headers: {}, body: { n }, bodyText: `{"n":${n}}` },
    });
  }
  expect(setItem).not.toHaveBeenCalled();
  window.dispatchEvent(new Event('pagehide'));
  expect(setItem).toHaveBeenCalledTimes(1);
  const stored = (JSON.parse(sessionStorage.getItem(EXCHANGES_STORAGE_KEY) ?? '{}') as { exchanges: unknown[] })
    .exchanges as { response?: unknown }[];
  expect(stored).toHaveLength(50);
  expect(stored.every((entry) => entry.response)).toBe(true);
});
