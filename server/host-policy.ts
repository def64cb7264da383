/**
 * Which host names a server of this package answers for, and which pages' origins count as its own.
 *
 * A browser sends a request to whatever address a name resolves to at that moment, with that name in Host. A page
 * served from an attacker's name that later resolves to 127.0.0.1 (DNS rebinding) is then "same origin" with the
 * server as far as the browser knows, and could drive the relay with the TPP's certificates. So the servers answer
 * only names they serve: the loopback names and the listen address on the listening port, and the public names the
 * operator lists (`--allowed-hosts` / `ALLOWED_HOSTS`). An attacker cannot make a browser send one of those in Host
 * while talking to a server of its own.
 */
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/** A public name the server is reached under, e.g. behind a reverse proxy. */
export interface AllowedHost {
  /** Lower case; an IPv6 address in brackets. */
  hostname: string;
  /** `.bank.example`: the name and every name under it. */
  subdomains: boolean;
  /** Only this port; undefined: any (a proxy in front decides the port the browser sees). */
  port: number | undefined;
}

/** A host name (or address) and its port, as a Host header or a URL's host has them; undefined when it is not one. */
function splitHost(text: string): { hostname: string; port: number | undefined } | undefined {
  const match = /^(\[[0-9A-Fa-f:.]+\]|[^:[\]/\\@?#\s]+)(?::(\d{1,5}))?$/.exec(text);
  if (!match?.[1]) return undefined;
  let hostname: string;
  try {
    hostname = new URL(`http://${match[1]}`).hostname; // lower case, IDNs in punycode, IPv6 compressed
  } catch {
    return undefined;
  }
  if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/.test(hostname)) return undefined;
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && (port < 1 || port > 65535)) return undefined;
  return { hostname, port };
}

/**
 * The comma-separated list of `--allowed-hosts` / `ALLOWED_HOSTS`: names (`console.example`), names with a port
 * (`console.example:8443`) and domains with their subdomains (`.example`). A wrong entry throws a one-line Error.
 */
export function parseAllowedHosts(text: string | undefined): AllowedHost[] {
  const entries = (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    const subdomains = entry.startsWith('.');
    const host = splitHost(subdomains ? entry.slice(1) : entry);
    if (!host) {
      throw new Error(
        `ALLOWED_HOSTS (--allowed-hosts) lists host names, each with an optional port, separated by commas (e.g. console.example,.bank.example,10.0.0.5:4318), not "${entry}".`,
      );
    }
    return { ...host, subdomains };
  });
}

export interface HostPolicyOptions {
  /** The address the server listens on (HOST): a name or an address; 0.0.0.0 or :: also serve the machine's own addresses. */
  listenHost: string;
  /** The listening port; a function when it is known only once the server listens (port 0, Vite's dev server). */
  port: number | (() => number | undefined);
  /** Whether the server itself speaks TLS. */
  scheme?: 'http' | 'https';
  allowedHosts?: readonly AllowedHost[];
}

export interface HostPolicy {
  /** Whether a request's Host (a name or address with an optional port, as in the header) is one the server serves. */
  allowsHost: (host: string | null | undefined, scheme?: string) => boolean;
  /** Whether an Origin header names a page of this server (one of its hosts). */
  allowsOrigin: (origin: string | null | undefined) => boolean;
  /** Whether the request's Host is one the server serves. */
  allowsRequest: (request: Request) => boolean;
}

const WILDCARD = new Set(['', '0.0.0.0', '::', '[::]']);

function normalizedName(host: string): string {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  return isIP(bare) === 6 ? `[${bare.toLowerCase()}]` : host.toLowerCase();
}

function isLoopbackName(hostname: string): boolean {
  return (
    hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '127.0.0.1' || hostname === '[::1]'
  );
}

/** The machine's own addresses: a browser that sent one in Host reached this machine by it; no name was involved. */
function isOwnAddress(hostname: string): boolean {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare) === 0) return false;
  return Object.values(networkInterfaces()).some((addresses) =>
    (addresses ?? []).some((address) => address.address.toLowerCase() === bare.toLowerCase()),
  );
}

function defaultPort(scheme: string): number {
  return scheme === 'https' || scheme === 'https:' ? 443 : 80;
}

export function createHostPolicy(options: HostPolicyOptions): HostPolicy {
  const scheme = options.scheme ?? 'http';
  const listenName = WILDCARD.has(options.listenHost) ? undefined : normalizedName(options.listenHost);
  const wildcard = listenName === undefined;
  const allowed = options.allowedHosts ?? [];
  const listeningPort = () => (typeof options.port === 'function' ? options.port() : options.port);

  /** `hostname` and `port` as a browser's URL has them; `ownScheme`: reached with the server's own scheme. */
  const serves = (hostname: string, port: number, ownScheme: boolean): boolean => {
    const listening = listeningPort();
    if (ownScheme && listening !== undefined && port === listening) {
      if (isLoopbackName(hostname) || hostname === listenName) return true;
      if (wildcard && isOwnAddress(hostname)) return true;
    }
    return allowed.some(
      (entry) =>
        (entry.hostname === hostname || (entry.subdomains && hostname.endsWith(`.${entry.hostname}`))) &&
        (entry.port === undefined || entry.port === port),
    );
  };

  const decide = (host: string | null | undefined, requestScheme: string): boolean => {
    const split = host ? splitHost(host) : undefined;
    if (!split) return false;
    const protocol = requestScheme.replace(/:$/, '');
    return serves(split.hostname, split.port ?? defaultPort(protocol), protocol === scheme);
  };
  // Every request asks with one of a handful of Host values: each is decided once (parsing it costs a URL), and the
  // cache is bounded so a client sending ever new Host values cannot grow it.
  const decided = new Map<string, boolean>();
  const allowsHost = (host: string | null | undefined, requestScheme: string = scheme): boolean => {
    const key = `${requestScheme} ${host ?? ''}`;
    const known = decided.get(key);
    if (known !== undefined) return known;
    const answer = decide(host, requestScheme);
    // Before the server listens its port may be unknown; decide again once it is.
    if (listeningPort() !== undefined && decided.size < 256) decided.set(key, answer);
    return answer;
  };

  const allowsOrigin = (origin: string | null | undefined): boolean => {
    if (!origin) return false;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin) return false;
    return serves(url.hostname, url.port ? Number(url.port) : defaultPort(url.protocol), url.protocol === `${scheme}:`);
  };

  return {
    allowsHost,
    allowsOrigin,
    allowsRequest: (request) => {
      const protocol = request.url.startsWith('https:') ? 'https' : 'http';
      return allowsHost(request.headers.get('host') ?? new URL(request.url).host, protocol);
    },
  };
}

/** What a request for a host the server does not serve gets: a short plain text, never the app. */
export function misdirectedRequest(): Response {
  return new Response(
    'Misdirected request: this server does not answer for this host name. To serve it under a public name, list that name in ALLOWED_HOSTS (--allowed-hosts).\n',
    {
      status: 421,
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
      },
    },
  );
}

/** A fetch handler that answers only the hosts of `policy`, and the misdirected answer otherwise. */
export function answeringOnlyServedHosts<Args extends unknown[]>(
  policy: HostPolicy,
  handler: (request: Request, ...rest: Args) => Response | Promise<Response>,
): (request: Request, ...rest: Args) => Response | Promise<Response> {
  return (request, ...rest) => (policy.allowsRequest(request) ? handler(request, ...rest) : misdirectedRequest());
}
