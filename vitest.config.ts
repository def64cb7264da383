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
        // The server's tests, each file in modules of its own like the console's: sharing one module graph per worker
        // saved about 30 s, but a PostgreSQL test once found its schema gone in a run that shared them.
        test: { name: 'server', include: ['server/**/*.test.ts', 'e2e/check-bank/*.unit.ts'] },
      },
      {
        extends: true,
        // The console's modules keep state (the exchange log, tokens, the page's listeners): each file gets its own.
        test: { name: 'console', include: ['src/**/*.test.{ts,tsx}'] },
      },
    ],
  },
});
