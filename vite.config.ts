import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import type { mountSandbox } from './server/dev-mount';

/**
 * `npm run dev` mounts the embedded sandbox bank under its prefix, so the dev server answers like `npm start`.
 * The server code is loaded at dev-server start through tsx, not bundled into this config.
 */
function sandbox(): Plugin {
  return {
    name: 'xs2a-sandbox',
    apply: 'serve',
    async configureServer(server) {
      const { tsImport } = await import('tsx/esm/api');
      const mod = (await tsImport('./server/dev-mount.ts', import.meta.url)) as { mountSandbox: typeof mountSandbox };
      await mod.mountSandbox(server);
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    sandbox(),
    // Every text asset also as .br and .gz beside it, compressed once at build time; the server sends the one the
    // browser accepts.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  // The console is written against React's API and ships on preact/compat (about 60 kB less gzipped JS on every page).
  // The component tests run on React itself; the e2e suite and the first-load bench run the Preact build.
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The console's own modules only declare things (zod schemas, components); none acts on import. Saying so lets
      // a page leave out schemas it never uses instead of everything its imports' barrels re-export.
      treeshake: { moduleSideEffects: (id: string) => !/\/src\/(xs2a|api|components|flows|features)\//.test(id) },
      // Nothing imports the entry's exports, so what it shares with the pages may be exported from its own chunk
      // rather than from chunks of their own (fewer, larger files on every first load).
      preserveEntrySignatures: false,
      onLog(level, log, handler) {
        // React Router looks for React 19's useOptimistic and does without it when it is missing, as in preact/compat.
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
        handler(level, log);
      },
    },
  },
});
