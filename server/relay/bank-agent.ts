// The connection pool the relay uses for one target: its TLS client certificate and bank CA on every connection.
import { Agent, buildConnector } from 'undici';
import type { RelayTarget } from './config';

/**
 * In TLS 1.3 a bank checks the client certificate after the client has finished its handshake, so a refusal (the
 * "certificate required" alert) arrives as an error on a socket undici already counts as open; undici then reports
 * only "other side closed", which would hide why. Ending the socket at once on such an error makes that error the
 * request's failure, with its alert code.
 */
function keepingTlsAlerts(connector: buildConnector.connector): buildConnector.connector {
  return (options, callback) => {
    connector(options, (error, socket) => {
      if (socket) {
        socket.on('error', (socketError: NodeJS.ErrnoException) => {
          if (socketError.code?.startsWith('ERR_SSL_')) socket.destroy();
        });
      }
      if (error) callback(error, null);
      else callback(null, socket);
    });
  };
}

export function createBankAgent(target: Pick<RelayTarget, 'tls'>): Agent {
  const tls = target.tls ?? {};
  return new Agent({
    connect: keepingTlsAlerts(
      buildConnector({
        ...(tls.cert && { cert: tls.cert }),
        ...(tls.key && { key: tls.key }),
        ...(tls.pfx && { pfx: tls.pfx }),
        ...(tls.passphrase !== undefined && { passphrase: tls.passphrase }),
        ...(tls.ca && { ca: tls.ca }),
      }),
    ),
  });
}
