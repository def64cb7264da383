// A request as an HTTP Archive 1.2 request: what the inspector's HAR export writes and what the code generators read.

export interface HarNameValue {
  name: string;
  value: string;
}

export interface HarRequest {
  method: string;
  url: string;
  httpVersion: string;
  cookies: [];
  headers: HarNameValue[];
  queryString: HarNameValue[];
  postData?: { mimeType: string; text: string };
  headersSize: -1;
  bodySize: number;
}

/** A request as the exchange log keeps it. */
export interface RequestParts {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** The request body as sent: JSON for objects, the text itself for strings. */
export function requestBodyText(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  return typeof body === 'string' ? body : JSON.stringify(body);
}

export function nameValues(headers: Record<string, string>): HarNameValue[] {
  return Object.entries(headers).map(([name, value]) => ({ name, value }));
}

export function headerValue(headers: Record<string, string>, name: string): string | undefined {
  const lower = name.toLowerCase();
  return Object.entries(headers).find(([key]) => key.toLowerCase() === lower)?.[1];
}

function queryString(url: string): HarNameValue[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

const utf8 = new TextEncoder();
export const byteLength = (text: string) => utf8.encode(text).length;

export function harRequest(request: RequestParts): HarRequest {
  const body = requestBodyText(request.body);
  return {
    method: request.method,
    url: request.url,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: nameValues(request.headers),
    queryString: queryString(request.url),
    ...(body !== undefined && {
      postData: { mimeType: headerValue(request.headers, 'content-type') ?? 'application/json', text: body },
    }),
    headersSize: -1,
    bodySize: body === undefined ? 0 : byteLength(body),
  };
}
