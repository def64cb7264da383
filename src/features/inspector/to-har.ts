// "Export HAR": the shown exchanges as an HTTP Archive 1.2 document, secrets redacted.
import { redactExchange, type Exchange, type RedactOptions } from '../../api';
import { requestBodyText } from './to-curl';

export const HAR_FILE_NAME = 'xs2a-console.har';

interface HarNameValue {
  name: string;
  value: string;
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: [];
    headers: HarNameValue[];
    queryString: HarNameValue[];
    postData?: { mimeType: string; text: string };
    headersSize: -1;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: [];
    headers: HarNameValue[];
    content: { size: number; mimeType: string; text?: string };
    redirectURL: string;
    headersSize: -1;
    bodySize: number;
    _error?: string;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  _xs2a: {
    operationId: string;
    requestId: string;
    flow?: string;
    deviations: { path: string; message: string }[];
    /** 1.3.12 headers a cross-origin answer hid from the browser, so they were not checked. */
    uncheckedHeaders?: string[];
  };
}

export interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: HarEntry[];
  };
}

function nameValues(headers: Record<string, string>): HarNameValue[] {
  return Object.entries(headers).map(([name, value]) => ({ name, value }));
}

function headerValue(headers: Record<string, string>, name: string): string | undefined {
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
const byteLength = (text: string) => utf8.encode(text).length;

function entryOf(raw: Exchange, options: RedactOptions): HarEntry {
  const exchange = redactExchange(raw, options);
  const { request, response, error } = exchange;
  const body = requestBodyText(request.body);
  const time = Math.max(0, Math.round(exchange.durationMs ?? 0));
  const responseText = response?.bodyText ?? '';
  return {
    startedDateTime: new Date(exchange.startedAt).toISOString(),
    time,
    request: {
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
    },
    response: {
      // HAR writers record a request that got no answer with status 0.
      status: response?.status ?? 0,
      statusText: response?.statusText ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValues(response?.headers ?? {}),
      content: {
        size: byteLength(responseText),
        mimeType: (response && headerValue(response.headers, 'content-type')) ?? 'x-unknown',
        ...(response && { text: responseText }),
      },
      redirectURL:
        (response &&
          (headerValue(response.headers, 'location') ?? headerValue(response.headers, 'x-relay-location'))) ??
        '',
      headersSize: -1,
      bodySize: response ? byteLength(responseText) : -1,
      ...(error && { _error: `${error.kind}: ${error.message}` }),
    },
    cache: {},
    timings: { send: 0, wait: time, receive: 0 },
    _xs2a: {
      operationId: exchange.operationId,
      requestId: exchange.requestId,
      ...(exchange.flow !== undefined && { flow: exchange.flow }),
      deviations: exchange.deviations,
      ...(exchange.uncheckedHeaders && { uncheckedHeaders: exchange.uncheckedHeaders }),
    },
  };
}

export function toHar(exchanges: readonly Exchange[], options: RedactOptions & { version?: string } = {}): Har {
  return {
    log: {
      version: '1.2',
      creator: { name: 'XS2A Console', version: options.version ?? '0.1.0' },
      entries: exchanges.map((exchange) => entryOf(exchange, options)),
    },
  };
}
