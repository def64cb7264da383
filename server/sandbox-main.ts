// `npm run sandbox`: the sandbox bank on its own port, e.g. `npm run sandbox -- --port 8080 --prefix /psd2`.
import { serve } from '@hono/node-server';
import { createSandbox } from './sandbox/app';
import { openStore } from './sandbox/store/db';
import { describeDatabase, readServerOptions } from './options';
import { displayHost, exitOnListenError, shutdownOn } from './serve-util';

const options = readServerOptions(process.argv.slice(2), process.env, 4320);
const store = await openStore({ location: options.database });
const sandbox = await createSandbox({ store, config: options.sandbox, onUnexpectedError: (e) => console.error(e) });
const server = serve(
  { fetch: (request) => sandbox.fetch(request), port: options.port, hostname: options.host },
  (info) => {
    const base = `http://${displayHost(options.host)}:${info.port}${sandbox.config.prefix}`;
    console.log(`Sandbox bank ready. base_url: ${base}  (database: ${describeDatabase(options.database)})`);
  },
);
exitOnListenError(server, options.port);
shutdownOn(server, store);
