// `npm start`: serves the built console and mounts the sandbox bank under its prefix on the same origin.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createConsoleServer } from './console-server';
import { createHostPolicy } from './host-policy';
import { createSandbox } from './sandbox/app';
import { benchStorage, createBenches } from './sandbox-benches';
import { adminEnabled, defaultAdminConfig } from './sandbox/admin/http';
import { durationInWords } from './sandbox/admin/clock-routes';
import { openStore } from './sandbox/store/db';
import { describeCors, describeDatabase, readServerOptions, type ServerOptions } from './options';
import { describeRelayTarget, emptyRelayConfig, loadRelayConfig, type RelayConfig } from './relay/config';
import { createRelay, RELAY_PREFIX } from './relay/relay';
import { displayHost, exitOnListenError, shutdownOn } from './serve-util';

let options: ServerOptions;
let relayConfig: RelayConfig;
try {
  options = readServerOptions(process.argv.slice(2), process.env, 4318);
  relayConfig = options.relayConfigFile ? loadRelayConfig(options.relayConfigFile) : emptyRelayConfig;
} catch (error) {
  // A bad setting stops the server with its one-line message, not a stack trace.
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
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
const logError = (e: unknown) => console.error(e);
// Private benches: only beside a sandbox whose admin API is on, since they are started and kept through it.
const benchStore = benchStorage(options.database);
const benches =
  options.benches.max > 0 && adminEnabled({ admin: options.sandbox.admin ?? defaultAdminConfig, strict: null })
    ? createBenches({
        ...options.benches,
        config: options.sandbox,
        registry: store.db,
        storage: benchStore,
        onUnexpectedError: logError,
      })
    : undefined;
const sandbox = await createSandbox({
  store,
  config: options.sandbox,
  onUnexpectedError: logError,
  ...(benches ? { benches: benches.admin } : {}),
});
const prefix = sandbox.config.prefix;

// The names the server answers for: loopback names and HOST on its port, and ALLOWED_HOSTS (see host-policy.ts).
let listeningPort: number | undefined = options.port || undefined;
const hosts = createHostPolicy({
  listenHost: options.host,
  port: () => listeningPort,
  allowedHosts: options.allowedHosts,
});
const relay = createRelay(relayConfig, { hosts });
for (const warning of relayConfig.warnings) console.warn(warning);
const app = createConsoleServer({ dist, sandbox, relay, hosts, benches });

const server = serve({ fetch: app.fetch, port: options.port, hostname: options.host }, (info) => {
  listeningPort = info.port;
  const origin = `http://${displayHost(options.host)}:${info.port}`;
  console.log(`XS2A Console ready: ${origin}/`);
  const database = describeDatabase(options.database);
  console.log(
    `Sandbox bank base_url: ${origin}${prefix}  (database: ${database}; ${describeCors(sandbox.config.corsOrigins)})`,
  );
  console.log(`Deviating banks: ${origin}${prefix}/deviating/<mode>  (modes: ${origin}${prefix}/deviating)`);
  if (benches) {
    const { max, idleMs } = options.benches;
    const idle = idleMs === null ? 'kept until deleted' : `deleted after ${durationInWords(idleMs)} unused`;
    console.log(
      `Private benches: ${origin}${benches.prefix}/<name>  (up to ${max}, ${idle}; ${benchStore.description}; managed at ${origin}${prefix}/admin/benches)`,
    );
  }
  const targets = relayConfig.targets.map(describeRelayTarget).join(', ');
  console.log(`Relay: ${origin}${RELAY_PREFIX}  (${targets ? `targets: ${targets}` : 'no targets: set RELAY_CONFIG'})`);
});
exitOnListenError(server, options.port);
server.on('close', () => void relay.close());
// The benches close (their last use written down) before the shared bank, whose database records them.
shutdownOn(server, store, {
  close: async () => {
    await benches?.close();
    await sandbox.close();
  },
});
