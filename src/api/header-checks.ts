// The headers of a bank's answer checked against 1.3.12: the X-Request-ID echo on every answer, and on a success the
// headers its operation requires and the values it allows; a header the browser hides is unchecked, not missing.
import type * as Operations from '../xs2a/operations';
import type { Deviation } from './errors';

/** The SCA approach an answer shows by its body, where it shows one: its SCA links or an embedded step. */
function scaApproachShown(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const links = typeof record._links === 'object' && record._links !== null ? record._links : {};
  if ('scaRedirect' in links || 'scaOAuth' in links) return 'REDIRECT';
  if ('challengeData' in record) return 'EMBEDDED';
  if ('chosenScaMethod' in record || 'scaMethods' in record) return 'EMBEDDED or DECOUPLED';
  return undefined;
}

/**
 * Whether the page can tell that a header is absent. Same-origin answers (the relay's, the console's own sandbox) show
 * every header; a cross-origin answer shows only the headers the bank lists in Access-Control-Expose-Headers, so one
 * it does not list may be there all the same.
 */
function headerReadable(response: Response, headers: Record<string, string>, name: string): boolean {
  if (response.type !== 'cors') return true;
  const exposed = (headers['access-control-expose-headers'] ?? '').split(',').map((item) => item.trim().toLowerCase());
  return exposed.includes(name.toLowerCase()) || exposed.includes('*');
}

/**
 * The header deviations of an answer: the X-Request-ID echo (on every answer, errors included), and for a success the
 * headers the operation's 1.3.12 answer requires (Location on 201, ASPSP-SCA-Approach once the approach is fixed) and
 * the values it allows. A header the browser cannot read is listed as unchecked instead of reported missing.
 */
export function headerDeviations(
  specs: readonly Operations.ResponseHeaderSpec[],
  response: Response,
  headers: Record<string, string>,
  requestId: string,
  body: unknown,
): { deviations: Deviation[]; unchecked: string[] } {
  const deviations: Deviation[] = [];
  const unchecked: string[] = [];
  for (const spec of specs) {
    const path = `header ${spec.name}`;
    const value = headers[spec.name.toLowerCase()]?.trim();
    if (value === undefined || value === '') {
      const approach = spec.presence === 'when-sca-approach-fixed' ? scaApproachShown(body) : undefined;
      if (spec.presence === 'optional' || (spec.presence === 'when-sca-approach-fixed' && !approach)) continue;
      if (!headerReadable(response, headers, spec.name)) {
        unchecked.push(spec.name);
        continue;
      }
      let message: string;
      if (spec.name === 'X-Request-ID') {
        message = `missing: 1.3.12 echoes the request’s X-Request-ID (${requestId}) in every answer`;
      } else if (spec.name === 'Location') {
        message = 'missing: the answer does not say where the created resource is (1.3.12 has Location here)';
      } else if (approach) {
        message = `missing: the answer shows the SCA approach (${approach}), and 1.3.12 then names it in ASPSP-SCA-Approach`;
      } else {
        message = 'missing: 1.3.12 requires it here';
      }
      deviations.push({ path, message });
      continue;
    }
    if (spec.name === 'X-Request-ID' && value.toLowerCase() !== requestId.toLowerCase()) {
      deviations.push({ path, message: `${value}, not the X-Request-ID the console sent (${requestId})` });
    } else if (spec.values && !spec.values.includes(value)) {
      deviations.push({ path, message: `${value} is not one of ${spec.values.join(', ')}` });
    }
  }
  return { deviations, unchecked };
}

/** The X-Request-ID echo of an answer whose operation's headers are not at hand (an error, or no schemas loaded). */
export const ECHO_ONLY: readonly Operations.ResponseHeaderSpec[] = [{ name: 'X-Request-ID', presence: 'required' }];
