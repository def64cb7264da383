// Where the bank may send the PSU's browser after SCA or OAuth: the TPP's redirect URIs, checked when given and again
// when used.

/** Host names that always mean this machine: localhost and its subdomains (RFC 6761), 127.0.0.1 and [::1]. */
function isLoopbackHost(hostname: string): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(hostname) || hostname.endsWith('.localhost');
}

/**
 * Whether the bank may send the PSU's browser to this URL after SCA: https, or http on a loopback host, where a console
 * on the TPP's own machine has no certificate. Any other scheme (javascript:, data:, file:…) would run or open something
 * in the PSU's browser in the bank's name.
 */
export function isSafeRedirectTarget(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

/**
 * A stored TPP redirect URI the PSU's browser may be sent to, or undefined. The headers are checked when given; checking
 * again at the moment of use keeps a row stored before that check (a kept database) from sending the PSU to javascript:.
 */
export function safeRedirectTarget(uri: string | null | undefined): string | undefined {
  if (!uri) return undefined;
  try {
    return isSafeRedirectTarget(new URL(uri)) ? uri : undefined;
  } catch {
    return undefined;
  }
}
