// Turning zod's findings about a request body into the spec's FORMAT_ERROR messages: the domain parses what it is
// given, and a body that does not fit its schema is a BankError like any other.
import * as z from 'zod/mini';
import { httpStatusFor } from '../../../src/xs2a';
import { BankError, type Area, type TppMessageOut } from '../rules/bank-error';

export function issuePath(path: readonly PropertyKey[]): string {
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i > 0 ? '.' : ''}${String(part)}`))
    .join('');
}

export function zodError(error: z.core.$ZodError, area: Area): BankError {
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

export function parseWith<T extends z.core.$ZodType>(schema: T, value: unknown, area: Area): z.infer<T> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw zodError(result.error, area);
  return result.data;
}
