// The last check before a request leaves the console: no token it holds goes to an origin it was not given for.
// Whatever put the Authorization header on a request (the client's own headers, the sandbox admin calls, an edited
// request of the explorer, a bank's link to another host, a stale copy of a profile), a token of this tab travels only
// to the origin the stores keep with it. The stores hand a token out only for its origin in the first place; this
// second check trusts nothing the request was built from.
import { sessionTokens } from './oauth/session-tokens';
import { profileStore } from './profiles/profile-store';
import { adminTokens } from './sandbox-admin/admin-token';
import { originOf } from './urls';

/**
 * Every token this tab holds, each with the origins it was given for, read from where the stores keep them (not from
 * the profile a request names, which could be a stale or altered copy).
 */
function heldTokens(): Map<string, Set<string>> {
  const held = new Map<string, Set<string>>();
  const add = (token: string | undefined, origin: string | undefined) => {
    const value = token?.trim();
    if (!value) return;
    const origins = held.get(value) ?? new Set<string>();
    // A token without an origin is held all the same: it may go nowhere.
    if (origin) origins.add(origin);
    held.set(value, origins);
  };
  for (const { bearerToken, bearerTokenOrigin } of profileStore.list()) add(bearerToken, bearerTokenOrigin);
  for (const token of sessionTokens.all()) add(token.accessToken, token.origin);
  for (const token of adminTokens.all()) add(token.token, token.origin);
  return held;
}

/**
 * The headers of a request for `url` (the bank's URL, also when the request goes through the relay: the relay sends it
 * there and nowhere else) without an Authorization header that carries a token held for another origin. A token the
 * console does not hold, such as one the user typed into an edited request, is left as it is.
 */
export function withoutForeignTokens(url: string, headers: Record<string, string>): Record<string, string> {
  const names = Object.keys(headers).filter((name) => name.toLowerCase() === 'authorization');
  if (names.length === 0) return headers;
  const target = originOf(url);
  const held = heldTokens();
  const kept = { ...headers };
  for (const name of names) {
    const value = (headers[name] ?? '').trim();
    // `Bearer <token>`, or the token with another scheme or none.
    for (const token of new Set([value, value.replace(/^\S+\s+/, '').trim()])) {
      const origins = held.get(token);
      if (origins && (target === undefined || !origins.has(target))) delete kept[name];
    }
  }
  return kept;
}
