// Turning zod's findings about a request body into the spec's FORMAT_ERROR messages.
import type * as z from 'zod';
import { BankError, type Area, type TppMessageOut } from './errors';
import { httpStatusFor } from '../../../src/xs2a';

export function issuePath(path: readonly PropertyKey[]): string {
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i > 0 ? '.' : ''}${String(part)}`))
    .join('');
}

export function zodError(error: z.ZodError, area: Area): BankError {
  const messages: TppMessageOut[] = error.issues.slice(0, 20).map((issue) => {
    const path = issuePath(issue.path);
    const message: TppMessageOut = {
      category: 'ERROR',
      code: 'FORMAT_ERROR',
      text: (path ? `${path}: ${issue.message}` : issue.message).slice(0, 500),
    };
    if (path) message.path = path;
    return message;
  });
  const [first, ...more] = messages;
  return new BankError('FORMAT_ERROR', first?.text ?? 'The request body is not valid.', {
    status: httpStatusFor('FORMAT_ERROR', area, 'payload'),
    ...(first?.path ? { path: first.path } : {}),
    more,
  });
}

export function parseWith<T extends z.ZodType>(schema: T, value: unknown, area: Area): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw zodError(result.error, area);
  return result.data;
}

/**
 * The deepest nesting of objects and arrays a JSON body may have. The 1.3.12 bodies need five levels; a body nested
 * thousands deep would overflow the stack of whatever walks it later (the schemas, JSON.stringify).
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests objects and arrays deeper than `maxDepth`, counted over the text itself (brackets outside
 * strings) before it is parsed, so no recursion ever sees a deeper value. Malformed text is left to the parser.
 */
export function nestedDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c /* \ */) i += 1;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      depth -= 1;
    }
  }
  return false;
}
