// Bundles the two server entry points into build/server/, so `npm start` and `npm run sandbox` start in plain Node:
// loading Kysely's hundreds of modules and compiling TypeScript at every start would cost most of a second.
import { build } from 'esbuild';

await build({
  entryPoints: ['server/main.ts', 'server/sandbox-main.ts'],
  outdir: 'build/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Native (libsql) and optional (pg, loaded only for DATABASE_URL) drivers stay in node_modules.
  external: ['libsql', 'pg'],
  // Bundled CommonJS dependencies may call require(); an ES module has none unless it is made.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
