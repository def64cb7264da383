// `npm run dev`: mounts the sandbox bank in Vite's dev server under its prefix, as `npm start` does.
import { getRequestListener } from '@hono/node-server';
import type { ViteDevServer } from 'vite';
import { createSandbox } from './sandbox/app';
import { openStore } from './sandbox/store/db';
import { describeDatabase, readServerOptions } from './options';

export async function mountSandbox(server: ViteDevServer): Promise<void> {
  const options = readServerOptions([], process.env, 0);
  const store = await openStore({ location: options.database });
  const sandbox = await createSandbox({ store, config: options.sandbox, onUnexpectedError: (e) => console.error(e) });
  const prefix = sandbox.config.prefix;
  const listener = getRequestListener((request) => sandbox.fetch(request));
  server.middlewares.use((req, res, next) => {
    const path = req.url ?? '';
    if (path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`)) {
      void listener(req, res);
      return;
    }
    next();
  });
  server.httpServer?.once('listening', () => {
    server.config.logger.info(`  Sandbox bank mounted at ${prefix} (database: ${describeDatabase(options.database)})`);
  });
  server.httpServer?.once('close', () => void store.close());
}
