// `npm start`: serves the built console and mounts the sandbox bank under its prefix on the same origin.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { createSandbox } from './sandbox/app';
import { openStore } from './sandbox/store/db';
import { describeDatabase, readServerOptions } from './options';
import { displayHost, exitOnListenError, shutdownOn } from './serve-util';

const options = readServerOptions(process.argv.slice(2), process.env, 4318);
// The console's build lives at the package root, whether this runs from server/ (tsx) or build/server/ (npm start).
// CONSOLE_DIST names another build folder (the e2e suite builds into its own when several run side by side).
let root = import.meta.dirname;
while (!existsSync(resolve(root, 'package.json')) && dirname(root) !== root) root = dirname(root);
const dist = resolve(root, process.env.CONSOLE_DIST || 'dist');
if (!existsSync(resolve(dist, 'index.html'))) {
  console.error('The console is not built yet: run `npm run build` (npm start does this for you).');
  process.exit(1);
}
const store = await openStore({ location: options.database });
const sandbox = await createSandbox({ store, config: options.sandbox, onUnexpectedError: (e) => console.error(e) });
const prefix = sandbox.config.prefix;

const app = new Hono();
if (prefix) {
  app.all(prefix, (c) => sandbox.fetch(c.req.raw));
  app.all(`${prefix}/*`, (c) => sandbox.fetch(c.req.raw));
}
app.use('/*', serveStatic({ root: dist }));
// Client-side routes of the console all answer with its index page.
app.get('*', serveStatic({ root: dist, path: 'index.html' }));

const server = serve({ fetch: app.fetch, port: options.port, hostname: options.host }, (info) => {
  const origin = `http://${displayHost(options.host)}:${info.port}`;
  console.log(`XS2A Console ready: ${origin}/`);
  console.log(`Sandbox bank base_url: ${origin}${prefix}  (database: ${describeDatabase(options.database)})`);
});
exitOnListenError(server, options.port);
shutdownOn(server, store);
