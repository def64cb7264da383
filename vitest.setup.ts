// The console's tests run against the HTTP stub, and a request no test answers fails the test. The server's tests talk
// to real sockets and run without it, and without loading the stub or Testing Library at all.
import { afterAll, afterEach, beforeAll } from 'vitest';
import type * as HttpStub from './src/testing/http';

let stub: typeof HttpStub | undefined;

// happy-dom's IntersectionObserver never reports anything, so what a page loads as the user scrolls near it (the Flow
// section) would never come. The component tests read a page as a whole, as on a screen tall enough to hold it: every
// element observed is near at once. (useNearView's own test puts an observer of its own in place.)
if (typeof window !== 'undefined' && 'IntersectionObserver' in window) {
  window.IntersectionObserver = class {
    readonly root = null;
    readonly rootMargin = '0px';
    readonly thresholds = [0];
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(target: Element) {
      const entry = { target, isIntersecting: true, intersectionRatio: 1 } as unknown as IntersectionObserverEntry;
      queueMicrotask(() => this.callback([entry], this as unknown as IntersectionObserver));
    }
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  } as unknown as typeof IntersectionObserver;
}

// Vitest hands the suite second and wants the first argument, its fixtures, destructured.
// eslint-disable-next-line no-empty-pattern
beforeAll(async ({}, suite) => {
  if (!/[\\/]src[\\/]/.test(suite.file.filepath)) return;
  // Testing Library waits up to 1 s by default for lazily loaded pages and answers; a busy 2-core CI machine needs more.
  const [{ configure }, http] = await Promise.all([import('@testing-library/dom'), import('./src/testing/http')]);
  configure({ asyncUtilTimeout: 5_000 });
  stub = http;
  stub.server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  stub?.resetHttp();
});
afterAll(() => {
  stub?.server.close();
});
