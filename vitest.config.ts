import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    exclude: ['node_modules/**', 'dist/**'],
    environment: 'node',
    // Restart and seeding tests open real databases; a busy 2-core CI machine can take several seconds for one.
    testTimeout: 15_000,
    // A test file's setup (a sandbox, a PostgreSQL schema, a test PKI) waits for a machine other suites keep busy.
    hookTimeout: 30_000,
    // Vitest's default leaves one core to the main process, which on a 2-core machine means one test file at a time.
    maxWorkers: 2,
    setupFiles: ['./vitest.setup.ts'],
    projects: [
      {
        extends: true,
        // The server's tests share one module graph per worker (no isolation): each file makes its own banks,
        // databases and servers and none mocks a module, a global or the environment, so nothing one file sets is seen
        // by the next; loading the server's modules once per worker instead of once per file halves the project's time
        // (about 105 s → 55 s on a 2-core machine). Keep it so: a server test that needs a mock gets a file of its own
        // in a project that isolates.
        test: { name: 'server', include: ['server/**/*.test.ts', 'e2e/check-bank/*.unit.ts'], isolate: false },
      },
      {
        extends: true,
        // The console's modules keep state (the exchange log, tokens, the page's listeners): each file gets its own.
        test: { name: 'console', include: ['src/**/*.test.{ts,tsx}'] },
      },
    ],
  },
});
