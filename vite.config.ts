/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';
import { sandboxDevPlugin } from './server/dev-plugin';

// The embedded sandbox bank, mounted under its prefix in `npm run dev` so the dev server answers like `npm start`.
const sandbox: PluginOption[] = [sandboxDevPlugin()];

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
