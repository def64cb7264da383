// The request a code snippet sends: secrets redacted (tokens, PSU passwords, OTPs) unless the user asks for the
// profile's credentials in this one copy, and always a fresh X-Request-ID, so the code can be run as it is.
import { originOf, redactExchange } from '../../api';
import { maskBankData, maskIbansInText } from '../../xs2a/masking';
import type { RequestParts } from './har-request';

export interface CodeRequestOptions {
  /**
   * The profile's bearer token, only when the user ticked "include credentials from this profile", and the origin it
   * was given for: it goes into the code only when the request goes to that origin.
   */
  credentials?: { bearerToken?: string; origin?: string };
  /** Values known to be secret wherever they appear (the profile's tokens). */
  secrets: readonly (string | undefined)[];
  /** The X-Request-ID the snippet carries; a new UUID each time. */
  requestId: string;
}

/** A copy of `request` for a snippet; the original is left as it is. */
export function codeRequest(request: RequestParts, options: CodeRequestOptions): RequestParts {
  const redacted = redactExchange({ request }, { secrets: options.secrets }).request;
  const token = tokenFor(request.url, options.credentials);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(redacted.headers)) {
    if (name.toLowerCase() === 'x-request-id') headers[name] = options.requestId;
    else if (name.toLowerCase() === 'authorization' && token) headers[name] = `Bearer ${token}`;
    else headers[name] = value;
  }
  const hasRequestId = Object.keys(headers).some((name) => name.toLowerCase() === 'x-request-id');
  if (!hasRequestId) headers['X-Request-ID'] = options.requestId;
  const hasAuthorization = Object.keys(headers).some((name) => name.toLowerCase() === 'authorization');
  if (token && !hasAuthorization) headers.Authorization = `Bearer ${token}`;
  return { ...redacted, headers };
}

/** The token to write into the code: only for a request to the origin the token was given for. */
export function tokenFor(url: string, credentials: CodeRequestOptions['credentials']): string | undefined {
  if (!credentials?.bearerToken) return undefined;
  const target = originOf(url);
  return target !== undefined && target === credentials.origin ? credentials.bearerToken : undefined;
}

/**
 * The request as presenter mode shows it: the body masked member by member (account numbers, people's names,
 * addresses), account numbers in the URL and headers masked. Code copied in presenter mode is for showing.
 */
export function presenterRequest(request: RequestParts): RequestParts {
  const given = request.body;
  let body: unknown = given;
  if (typeof given === 'string') {
    try {
      body = JSON.stringify(maskBankData(JSON.parse(given)));
    } catch {
      body = maskBankData(given);
    }
  } else if (given !== undefined) body = maskBankData(given);
  return {
    ...request,
    url: maskIbansInText(request.url),
    headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, maskIbansInText(value)])),
    ...(body !== undefined && { body }),
  };
}
