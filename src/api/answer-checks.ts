// A bank's success answer checked against its operation's 1.3.12 answer: the status, and the body against the
// response schema (loaded with the first answer), each member read as its 1.3.12 type where it can be.
import type * as z from 'zod/mini';
import type * as Operations from '../xs2a/operations';
import type { OperationName, ResponseSchemaOptions } from '../xs2a/operations';
import { deviationInWords, readAsTyped } from '../xs2a/readers';
import type { Deviation } from './errors';

type OperationId = OperationName;

let operationsModule: Promise<typeof Operations> | undefined;

/** The response schemas weigh more than the rest of the console's first load, so they come when the first answer does. */
export function loadOperations(): Promise<typeof Operations> {
  operationsModule ??= import('../xs2a/operations').catch((error: unknown) => {
    operationsModule = undefined; // tried again with the next answer
    throw error;
  });
  return operationsModule;
}

/** `accounts.0.iban` → `accounts[0].iban`; the body itself is '(body)'. */
function readablePath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += text ? `.${String(segment)}` : String(segment);
  }
  return text || '(body)';
}

/** Whether a success answer of this operation and status has a JSON body in 1.3.12. */
export function expectsJson(
  operations: (typeof Operations)['operations'],
  operationId: OperationId,
  status: number,
): boolean {
  return status !== 204 && 'response' in operations[operationId];
}

/**
 * The answer checked against its operation's 1.3.12 answer: each deviation, and the body as the console reads it (each
 * member read as its 1.3.12 type where it can be, readAsTyped), with what was made of a member said in its deviation.
 */
export function checkAnswer(
  { operations, responseSchemaFor }: typeof Operations,
  operationId: OperationId,
  status: number,
  body: unknown,
  schemaOptions: Omit<ResponseSchemaOptions, 'status'> | undefined,
): { deviations: Deviation[]; value: unknown } {
  const deviations: Deviation[] = [];
  const expected: readonly number[] = operations[operationId].successStatus;
  if (!expected.includes(status)) {
    deviations.push({
      path: '(status)',
      message: `1.3.12 answers this operation with ${expected.join(' or ')}, not ${status}`,
    });
  }
  let schema;
  try {
    schema = responseSchemaFor(operationId, { ...schemaOptions, status });
  } catch {
    // getPaymentInformation without its payment service: nothing to check against
    return { deviations, value: body };
  }
  if (!schema) return { deviations, value: body };
  const check = (value: unknown) => schema.safeParse(value).error?.issues ?? [];
  const issues = check(body);
  const read = readAsTyped(body, check, issues);
  issues.forEach((issue, index) => {
    const note = read.notes[index];
    const message = issueMessage(issue, body);
    deviations.push({ path: readablePath(issue.path), message: note ? `${message}: ${note}` : message });
  });
  return { deviations, value: read.value };
}

/** The value at a zod issue's path, and whether its last member is absent from the object that should hold it. */
function valueAt(body: unknown, path: readonly PropertyKey[]): { value: unknown; absent: boolean } {
  let current: unknown = body;
  for (const [index, segment] of path.entries()) {
    if (typeof current !== 'object' || current === null) return { value: undefined, absent: false };
    const container = current as Record<PropertyKey, unknown>;
    if (index === path.length - 1 && !Array.isArray(container) && !(segment in container)) {
      return { value: undefined, absent: true };
    }
    current = container[segment];
  }
  return { value: current, absent: false };
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/**
 * The deviation in words: a member the schema requires and the bank left out is "missing" (not the format it would
 * have had), a date-time where 1.3.12 has a date is named as such; otherwise zod's own message.
 */
function issueMessage(issue: z.core.$ZodIssue, body: unknown): string {
  const { value, absent } = issue.path.length > 0 ? valueAt(body, issue.path) : { value: body, absent: false };
  // Whatever the schema expected there (a type, one of an enum's values, a union's branch), the member is absent.
  if (absent) return 'missing: 1.3.12 requires this field';
  const inWords = deviationInWords(issue.path, value);
  if (inWords !== undefined) return inWords;
  if (
    issue.code === 'invalid_format' &&
    issue.format === 'date' &&
    typeof value === 'string' &&
    DATE_TIME.test(value)
  ) {
    return 'a date-time where 1.3.12 has a date';
  }
  return issue.message;
}
