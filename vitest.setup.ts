// Testing Library waits up to 1 s by default for lazily loaded pages and answers; a busy 2-core CI machine needs more.
import { configure } from '@testing-library/dom';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetHttp, server } from './src/testing/http';

configure({ asyncUtilTimeout: 5_000 });

// The console's tests run against the HTTP stub, and a request no test answers fails the test. The server's tests talk
// to real sockets and run without it.
let stubbed = false;
// Vitest hands the suite second and wants the first argument, its fixtures, destructured.
// eslint-disable-next-line no-empty-pattern
beforeAll(({}, suite) => {
  stubbed = /[\\/]src[\\/]/.test(suite.file.filepath);
  if (stubbed) server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  if (stubbed) resetHttp();
});
afterAll(() => {
  if (stubbed) server.close();
});
