/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';

// Slot for the embedded sandbox bank: a plugin whose configureServer mounts it under /sandbox in `npm run dev`,
// so the dev server answers like `npm start` without a proxy. Filled in once server/ provides the mount.
const sandbox: PluginOption[] = [];

export default defineConfig({
  plugins: [react(), tailwindcss(), ...sandbox],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    environment: 'node',
  },
});
