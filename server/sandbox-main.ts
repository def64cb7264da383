// `npm run sandbox`: the sandbox bank on its own port, e.g. `npm run sandbox -- --port 8080 --prefix /psd2`. With
// --tls-cert/--tls-key it serves HTTPS; with --strict as well it asks every client for a certificate and the sandbox
// demands a trusted one (and signed requests) on the XS2A routes, as a real bank's gateway does.
import { serve, type HttpBindings } from '@hono/node-server';
import { answeringOnlyServedHosts, createHostPolicy } from './host-policy';
import { createSandbox } from './sandbox/app';
import type { SandboxConfig } from './sandbox/config';
import { openStore } from './sandbox/store/db';
import {
  describeCors,
  describeDatabase,
  loadTls,
  readServerOptions,
  type ServerOptions,
  type TlsMaterial,
} from './options';
import { displayHost, exitOnListenError, peerCertificate, shutdownOn } from './serve-util';

let options: ServerOptions;
let tls: TlsMaterial | undefined;
try {
  options = readServerOptions(process.argv.slice(2), process.env, 4320, { standalone: true });
  tls = options.tls ? loadTls(options.tls) : undefined;
} catch (error) {
  // A bad setting stops the sandbox with its one-line message, not a stack trace.
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const strict = options.tls?.strict === true;
const config: Partial<SandboxConfig> = { ...options.sandbox };
if (strict && tls) config.strict = { trustedCas: tls.trustedCas };

const store = await openStore({ location: options.database });
const sandbox = await createSandbox({ store, config, onUnexpectedError: (e) => console.error(e) });
// https only when asked for: a plain start loads nothing more than before.
const https = tls
  ? {
      createServer: (await import('node:https')).createServer,
      serverOptions: {
        key: tls.key,
        cert: tls.cert,
        // The client's certificate is requested but not enforced by TLS: the sandbox answers a missing or untrusted one
        // with a 1.3.12 error body, as banks do, rather than a failed handshake.
        ...(strict && tls.clientCa ? { ca: tls.clientCa, requestCert: true, rejectUnauthorized: false } : {}),
      },
    }
  : {};
// Only the names it serves: loopback names and HOST on its port, and ALLOWED_HOSTS; a rebound DNS name gets 421.
let listeningPort: number | undefined = options.port || undefined;
const hosts = createHostPolicy({
  listenHost: options.host,
  port: () => listeningPort,
  scheme: tls ? 'https' : 'http',
  allowedHosts: options.allowedHosts,
});
const server = serve(
  {
    fetch: answeringOnlyServedHosts(
      hosts,
      strict
        ? (request: Request, env: unknown) =>
            sandbox.fetch(request, { clientCertificate: peerCertificate((env as HttpBindings).incoming) })
        : (request: Request) => sandbox.fetch(request),
    ),
    port: options.port,
    hostname: options.host,
    ...https,
  },
  (info) => {
    listeningPort = info.port;
    const base = `${tls ? 'https' : 'http'}://${displayHost(options.host)}:${info.port}${sandbox.config.prefix}`;
    const modes = [
      ...(strict ? ['strict: client certificate and signed requests on /v1'] : []),
      ...(sandbox.config.scaRedirect === 'oauth' ? ['redirect SCA through OAuth'] : []),
      ...(sandbox.adminEnabled
        ? [`admin API at ${base}/admin${sandbox.config.admin.token === null ? '' : ' (token required)'}`]
        : []),
      `database: ${describeDatabase(options.database)}`,
      describeCors(sandbox.config.corsOrigins),
    ];
    console.log(`Sandbox bank ready. base_url: ${base}  (${modes.join('; ')})`);
  },
);
exitOnListenError(server, options.port);
shutdownOn(server, store, sandbox);
