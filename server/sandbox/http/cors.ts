// Which pages may read the sandbox's answers from a browser (CORS): the bank's own origin, loopback origins (a console or
// a TPP's app on the developer's machine), and the origins the operator names; `*` for every origin. The admin API is
// never offered to other origins, whatever the list says.

/** The entry of `corsOrigins` that allows every origin. */
export const ANY_ORIGIN = '*';

/**
 * http and https on localhost, 127.0.0.1 and [::1], on any port, exactly as browsers write an Origin header. Names under
 * localhost are not among them: not every resolver keeps them on the machine.
 */
const LOOPBACK_ORIGIN = /^https?:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/;

export interface CorsPolicy {
  /** Every origin is allowed: answers carry `Access-Control-Allow-Origin: *`, with or without an Origin. */
  any: boolean;
  /** Whether a page of `origin` may read the answer to a request for `url` (a serialized absolute URL). */
  allows(origin: string, url: string): boolean;
}

/** The origin of a serialized absolute URL, without parsing it: everything before the path's first slash. */
function originOf(url: string): string {
  const end = url.indexOf('/', url.indexOf('//') + 2);
  return end === -1 ? url : url.slice(0, end);
}

/**
 * The policy of a list of origins (as `--cors-origin` gives them: serialized origins, or `*`). Deciding costs a Set
 * lookup, one precompiled regular expression and a string comparison; no URL is parsed.
 */
export function corsPolicy(origins: readonly string[]): CorsPolicy {
  const named = new Set(origins);
  const any = named.has(ANY_ORIGIN);
  return {
    any,
    allows: (origin, url) => any || named.has(origin) || LOOPBACK_ORIGIN.test(origin) || origin === originOf(url),
  };
}
