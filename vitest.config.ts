import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'e2e/check-bank/*.unit.ts'],
    exclude: ['node_modules/**', 'dist/**'],
    environment: 'node',
    // Restart and seeding tests open real databases; a busy 2-core CI machine can take several seconds for one.
    testTimeout: 15_000,
    setupFiles: ['./vitest.setup.ts'],
  },
});
