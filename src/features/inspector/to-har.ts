// "Export HAR": the shown exchanges as an HTTP Archive 1.2 document, secrets redacted.
import { readsOf, redactExchange, type Exchange, type FoldedReads, type RedactOptions } from '../../api';
import {
  byteLength,
  harRequest,
  headerValue,
  nameValues,
  type HarNameValue,
  type HarRequest,
} from '../../flows/code-export';

export const HAR_FILE_NAME = 'xs2a-console.har';

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: HarRequest;
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
    /** Status reads with the same answer the log folded into this one; the file holds no entry for them. */
    foldedReads?: FoldedReads;
  };
  /** HAR's free text, here what `_xs2a.foldedReads` says in words. */
  comment?: string;
}

export interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: HarEntry[];
  };
}

function entryOf(raw: Exchange, options: RedactOptions): HarEntry {
  const exchange = redactExchange(raw, options);
  const { request, response, error } = exchange;
  const time = Math.max(0, Math.round(exchange.durationMs ?? 0));
  const responseText = response?.bodyText ?? '';
  return {
    startedDateTime: new Date(exchange.startedAt).toISOString(),
    time,
    request: harRequest(request),
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
      ...(exchange.folded && { foldedReads: { ...exchange.folded } }),
    },
    ...(exchange.folded && {
      comment:
        `This status read stands for ${readsOf(exchange)} reads with the same answer: itself and ` +
        `${exchange.folded.count} earlier ones sent from ${new Date(exchange.folded.firstAt).toISOString()} to ` +
        `${new Date(exchange.folded.lastAt).toISOString()}, which were counted, not recorded one by one.`,
    }),
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
