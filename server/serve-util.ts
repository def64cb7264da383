// Small helpers shared by the two entry points.
import { X509Certificate } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { ServerType } from '@hono/node-server';
import type { Store } from './sandbox/store/db';

const peerCertificates = new WeakMap<TLSSocket, X509Certificate | null>();

/**
 * The certificate the client presented in the TLS handshake of this request's connection, or null for none. Read once
 * per connection: keep-alive requests share it.
 */
export function peerCertificate(incoming: IncomingMessage): X509Certificate | null {
  const socket = incoming.socket as TLSSocket;
  if (!socket.encrypted) return null;
  const known = peerCertificates.get(socket);
  if (known !== undefined) return known;
  const peer = socket.getPeerCertificate();
  let certificate: X509Certificate | null = null;
  if (peer && 'raw' in peer && peer.raw) {
    try {
      certificate = new X509Certificate(peer.raw);
    } catch {
      certificate = null;
    }
  }
  peerCertificates.set(socket, certificate);
  return certificate;
}

export function displayHost(host: string): string {
  return host === '0.0.0.0' || host === '::' || host === '127.0.0.1' ? 'localhost' : host;
}

/** Explains a failure to listen (a port in use, say) in one line instead of a stack trace. */
export function exitOnListenError(server: ServerType, port: number) {
  server.on('error', (error: NodeJS.ErrnoException) => {
    const reason =
      error.code === 'EADDRINUSE'
        ? `port ${port} is already in use; set PORT (or --port) to another port`
        : error.code === 'EACCES'
          ? `no permission to listen on port ${port}`
          : error.message;
    console.error(`Cannot start: ${reason}.`);
    process.exit(1);
  });
}

/** Closes the server and the database on Ctrl-C or a stop signal, so the SQLite file is left clean. */
export function shutdownOn(server: ServerType, store: Store, sandbox: { close(): Promise<void> }) {
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    server.close();
    // The bank's scheduler stops (a run in progress finishes) before the database closes.
    void sandbox
      .close()
      .then(() => store.close())
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
