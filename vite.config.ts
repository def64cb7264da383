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
    },
  },
});
