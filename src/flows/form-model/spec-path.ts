// The `path` of a bank's tppMessage or a schema finding, read the same way whichever notation the bank used.

/**
 * A path as "access.accounts.0.iban". Banks also write "$.access.accounts[0].iban", "/access/accounts/0/iban" or
 * "creditorAccount[iban]"; all are read the same way.
 */
export function normaliseSpecPath(path: string): string {
  return path
    .trim()
    .replace(/^\$/, '')
    .replace(/\[['"]?([^\]'"]+)['"]?\]/g, '.$1')
    .replace(/\//g, '.')
    .replace(/^\.+|\.+$/g, '')
    .replace(/\.{2,}/g, '.');
}
