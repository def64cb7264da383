// Reading a request body that a form also edits: its JSON text, its members by dotted path, and what the form can
// hold of it (a member of another JSON type than the form shows is named, so the text is never silently changed).
import { isRecord } from '../../api';

export type JsonObject = Record<string, unknown>;

/** A plain JSON object (not null, not a list). */
export const isObject: (value: unknown) => value is JsonObject = isRecord;

/** "null", "a list", "a number"…: how a problem names a member's JSON type. */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return `a ${typeof value}`;
}

/** Dotted paths of the leaves of an object, e.g. ["debtorAccount.currency", "access.additionalInformation.ownerName"]. */
export function memberPaths(value: JsonObject, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, member]) =>
    isObject(member) && Object.keys(member).length > 0 ? memberPaths(member, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

export type JsonObjectReading = { ok: true; body: JsonObject } | { ok: false; message: string };

/** Parses the JSON view's text; the message says what is wrong when it is no JSON or no object. */
export function parseJsonObject(text: string): JsonObjectReading {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `The JSON is not valid: ${(error as Error).message}` };
  }
  if (!isObject(parsed)) return { ok: false, message: 'The body must be a JSON object ({ … }).' };
  return { ok: true, body: parsed };
}

/** The message that refuses to show a body in the form, listing what the form cannot hold. */
export function cannotShowMessage(problems: readonly string[]): string {
  return `The form cannot show this body: ${problems.join('; ')}. Fix it here or send it from the JSON view.`;
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** The JSON types a form field holds, each with how a refusal names it. */
export const memberTypes = {
  string: { is: isString, expected: 'not a string' },
  boolean: { is: (value: unknown): value is boolean => typeof value === 'boolean', expected: 'not true or false' },
  number: {
    is: (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value),
    expected: 'not a number',
  },
  strings: {
    is: (value: unknown): value is string[] => Array.isArray(value) && value.every(isString),
    expected: 'not a list of strings',
  },
} as const;

export interface MemberType<T> {
  /** Whether a member has the type. */
  is: (value: unknown) => value is T;
  /** Completes "<path> is a number, …", e.g. "not a string". */
  expected: string;
}

/**
 * A member as the form holds it: undefined when it is absent, or when it has another JSON type, which is then added
 * to `problems` ("validUntil is a number, not a date string").
 */
export function readMember<T>(value: unknown, type: MemberType<T>, path: string, problems: string[]): T | undefined {
  if (value === undefined) return undefined;
  if (type.is(value)) return value;
  problems.push(`${path} is ${describeType(value)}, ${type.expected}`);
  return undefined;
}
