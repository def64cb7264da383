import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'e2e/check-bank/*.unit.ts'],
    exclude: ['node_modules/**', 'dist/**'],
    environment: 'node',
    // Restart and seeding tests open real databases; a busy 2-core CI machine can take several seconds for one.
    testTimeout: 15_000,
    // Vitest's default leaves one core to the main process, which on a 2-core machine means one test file at a time.
    maxWorkers: 2,
    setupFiles: ['./vitest.setup.ts'],
  },
});
