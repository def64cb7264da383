// `npm run dev`: mounts the sandbox bank under its prefix and the relay under /relay in Vite's dev server, as `npm start` does.
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { ViteDevServer } from 'vite';
import { answeringOnlyServedHosts, createHostPolicy, parseAllowedHosts } from './host-policy';
import { createSandbox } from './sandbox/app';
import { openStore } from './sandbox/store/db';
import { describeDatabase, readServerOptions } from './options';
import { describeRelayTarget, emptyRelayConfig, loadRelayConfig } from './relay/config';
import { createRelay, RELAY_PREFIX } from './relay/relay';

export async function mountSandbox(server: ViteDevServer): Promise<void> {
  const options = readServerOptions([], process.env, 0);
  const store = await openStore({ location: options.database });
  const sandbox = await createSandbox({ store, config: options.sandbox, onUnexpectedError: (e) => console.error(e) });
  const prefix = sandbox.config.prefix;
  const relayConfig = options.relayConfigFile ? loadRelayConfig(options.relayConfigFile) : emptyRelayConfig;
  // Vite refuses other Host names itself (server.allowedHosts) unless it serves https or allows every host; the
  // sandbox and the relay check for themselves in any case: the loopback names and Vite's host on its port, the names
  // Vite allows, and ALLOWED_HOSTS.
  const vite = server.config.server;
  const hosts = createHostPolicy({
    listenHost: vite.host === true ? '0.0.0.0' : typeof vite.host === 'string' ? vite.host : 'localhost',
    port: () => (server.httpServer?.address() as AddressInfo | null)?.port,
    scheme: vite.https ? 'https' : 'http',
    allowedHosts: [
      ...options.allowedHosts,
      ...(Array.isArray(vite.allowedHosts) ? parseAllowedHosts(vite.allowedHosts.join(',')) : []),
    ],
  });
  const relay = createRelay(relayConfig, { hosts });
  const listener = getRequestListener(answeringOnlyServedHosts(hosts, (request: Request) => sandbox.fetch(request)));
  const relayListener = getRequestListener((request) => relay.fetch(request));
  const under = (path: string, base: string) =>
    path === base || path.startsWith(`${base}/`) || path.startsWith(`${base}?`);
  server.middlewares.use((req, res, next) => {
    const path = req.url ?? '';
    if (under(path, prefix)) {
      void listener(req, res);
      return;
    }
    if (under(path, RELAY_PREFIX)) {
      void relayListener(req, res);
      return;
    }
    next();
  });
  server.httpServer?.once('listening', () => {
    server.config.logger.info(`  Sandbox bank mounted at ${prefix} (database: ${describeDatabase(options.database)})`);
    const targets = relayConfig.targets.map(describeRelayTarget).join(', ');
    if (targets) server.config.logger.info(`  Relay mounted at ${RELAY_PREFIX} (targets: ${targets})`);
    for (const warning of relayConfig.warnings) server.config.logger.warn(`  ${warning}`);
  });
  server.httpServer?.once('close', () => {
    void store.close();
    void relay.close();
  });
}
