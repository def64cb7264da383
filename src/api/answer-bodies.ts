// Reading a bank's answer as the exchange log keeps it: header names in lower case, the body parsed when it is JSON, and
// an error body read as far as it goes (tppMessages, an RFC 7807 problem, or a bank's own form).
import type { ProblemJson, TppMessage } from '../xs2a/errors';
import type { BodyError } from './errors';

function isJsonContentType(contentType: string): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type.endsWith('+json');
}

/** The parsed body when the answer is JSON by its content type or its looks; undefined otherwise. */
export function parseBody(text: string, contentType: string): { json: boolean; body?: unknown } {
  const trimmed = text.trim();
  if (!trimmed) return { json: false };
  if (!isJsonContentType(contentType) && !/^[[{]/.test(trimmed)) return { json: false };
  try {
    return { json: true, body: JSON.parse(trimmed) as unknown };
  } catch {
    return { json: false };
  }
}

type ErrorBodyParts = { tppMessages?: TppMessage[]; problem?: ProblemJson; bodyError?: BodyError };

/** The first member of `names` that holds a non-empty string: its name and value. */
function firstText(record: Record<string, unknown>, names: readonly string[]): [string, string] | undefined {
  for (const name of names) {
    const value = record[name];
    if (typeof value === 'string' && value.trim()) return [name, value];
  }
  return undefined;
}

/**
 * An error body in neither of 1.3.12's forms, read as far as it goes: `{ code, message }` (or description, detail…),
 * an RFC 7807 problem without a code (title, detail), OAuth's `{ error, error_description }`, or a lone message.
 */
function bodyErrorOf(record: Record<string, unknown>, isProblem: boolean): BodyError | undefined {
  const code = firstText(record, ['code', 'errorCode', 'error_code']);
  if (code) {
    const text = firstText(record, ['message', 'text', 'description', 'detail', 'title', 'errorMessage']);
    const sent = text ? `"${code[0]}" and "${text[0]}"` : `only "${code[0]}"`;
    return { code: code[1], text: text?.[1], deviation: `the bank sent ${sent} instead of tppMessages.` };
  }
  const oauth = firstText(record, ['error']);
  if (oauth) {
    const description = firstText(record, ['error_description']);
    return {
      code: oauth[1],
      text: description?.[1],
      deviation: `the bank sent "error"${description ? ' and "error_description"' : ''} instead of tppMessages.`,
    };
  }
  const title = firstText(record, ['title']);
  const detail = firstText(record, ['detail']);
  if (isProblem && (title || detail)) {
    return {
      text: [title?.[1], detail?.[1]].filter(Boolean).join(': '),
      deviation: 'the bank sent an RFC 7807 problem (title, detail) without the "code" 1.3.12 requires in it.',
    };
  }
  const message = firstText(record, ['message', 'description', 'detail', 'title']);
  if (message) return { text: message[1], deviation: `the bank sent only "${message[0]}", without tppMessages.` };
  return undefined;
}

export function errorBodyParts(body: unknown, contentType: string): ErrorBodyParts {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const record = body as Record<string, unknown>;
  const parts: ErrorBodyParts = {};
  if (Array.isArray(record.tppMessages)) {
    parts.tppMessages = record.tppMessages.filter(
      (message): message is TppMessage =>
        typeof message === 'object' && message !== null && typeof (message as { code?: unknown }).code === 'string',
    );
  }
  const isProblem = contentType.toLowerCase().includes('problem+json') || typeof record.type === 'string';
  if (isProblem && typeof record.code === 'string') parts.problem = record as ProblemJson;
  if ((parts.tppMessages?.length ?? 0) === 0 && parts.problem === undefined) {
    const bodyError = bodyErrorOf(record, isProblem);
    if (bodyError) parts.bodyError = bodyError;
  }
  return parts;
}

/** The answer as the exchange log keeps it: header names in lower case, the body parsed when it is JSON. */
export function answerOf(response: Response, text: string) {
  // Names in lower case, as browsers give them (not every Headers implementation does).
  const responseHeaders = Object.fromEntries(
    [...response.headers.entries()].map(([name, value]) => [name.toLowerCase(), value]),
  );
  const contentType = responseHeaders['content-type'] ?? '';
  const parsed = parseBody(text, contentType);
  const recorded = {
    status: response.status,
    statusText: response.statusText,
    headers: responseHeaders,
    body: parsed.body,
    bodyText: text,
  };
  return { responseHeaders, contentType, parsed, recorded };
}
