// Reading back what the console keeps in storage, without zod: readers for the few shapes its histories hold. Like a
// schema, a reader checks a value and gives a typed copy of it (members it does not know left out); unlike one, it is a
// plain function, so the pages that list what this browser created load no validation library.
import { isRecord } from '../../api';

export type Read<T> = { ok: true; value: T } | { ok: false };

export type Reader<T> = (value: unknown) => Read<T>;

/** A member that may be missing: absent, it stays absent; present but unreadable, it reads as undefined. */
export type OptionalReader<T> = Reader<T | undefined> & { readonly optional: true };

export type Infer<R> = R extends Reader<infer T> ? T : never;

type Shape = Record<string, Reader<unknown>>;
type OptionalKeys<S extends Shape> = { [K in keyof S]: S[K] extends { optional: true } ? K : never }[keyof S];
type Simplify<T> = { [K in keyof T]: T[K] } & {};
export type ObjectOf<S extends Shape> = Simplify<
  { [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]> } & { [K in OptionalKeys<S>]?: Infer<S[K]> }
>;

const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const failed: Read<never> = { ok: false };

function is<T>(check: (value: unknown) => boolean): Reader<T> {
  return (value) => (check(value) ? ok(value as T) : failed);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (!isRecord(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

export const string: Reader<string> = is((value) => typeof value === 'string');
export const number: Reader<number> = is((value) => typeof value === 'number' && Number.isFinite(value));
export const boolean: Reader<boolean> = is((value) => typeof value === 'boolean');
export const unknown: Reader<unknown> = ok;

export function literal<const L extends readonly (string | number | boolean)[]>(values: L): Reader<L[number]> {
  return is((value) => values.includes(value as L[number]));
}

export function optional<T>(reader: Reader<T>): OptionalReader<T> {
  const read: Reader<T | undefined> = (value) => {
    if (value === undefined) return ok(undefined);
    const result = reader(value);
    return result.ok ? result : ok(undefined);
  };
  return Object.assign(read, { optional: true } as const);
}

/** `fallback` where the value cannot be read (or is missing). */
export function withDefault<T>(reader: Reader<T>, fallback: T): Reader<T> {
  return (value) => {
    const result = reader(value);
    return result.ok ? result : ok(fallback);
  };
}

/** The reader's value changed by `change`. */
export function map<T, U>(reader: Reader<T>, change: (value: T) => U): Reader<U> {
  return (value) => {
    const result = reader(value);
    return result.ok ? ok(change(result.value)) : failed;
  };
}

export function union<A, B>(first: Reader<A>, second: Reader<B>): Reader<A | B> {
  return (value) => {
    const result: Read<A | B> = first(value);
    return result.ok ? result : second(value);
  };
}

function readMembers<S extends Shape>(shape: S, input: Record<string, unknown>, into: Record<string, unknown>) {
  for (const [key, reader] of Object.entries(shape)) {
    const present = key in input;
    const result = reader(input[key]);
    if (!result.ok) return false;
    if (result.value !== undefined || present) into[key] = result.value;
  }
  return true;
}

/** An object with the shape's members; others are left out. */
export function object<S extends Shape>(shape: S): Reader<ObjectOf<S>> {
  return (value) => {
    if (!isRecord(value)) return failed;
    const read: Record<string, unknown> = {};
    return readMembers(shape, value, read) ? ok(read as ObjectOf<S>) : failed;
  };
}

/** An object with the shape's members, and any others as they are. */
export function looseObject<S extends Shape>(shape: S): Reader<ObjectOf<S> & Record<string, unknown>> {
  return (value) => {
    if (!isRecord(value)) return failed;
    const read: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) if (key !== '__proto__' && !(key in shape)) read[key] = member;
    return readMembers(shape, value, read) ? ok(read as ObjectOf<S> & Record<string, unknown>) : failed;
  };
}

/** An object whose every member `member` reads. */
export function record<T>(member: Reader<T>): Reader<Record<string, T>> {
  return (value) => {
    if (!isPlainObject(value)) return failed;
    const read: Record<string, T> = {};
    for (const [key, entry] of Object.entries(value)) {
      if (key === '__proto__') continue;
      const result = member(entry);
      if (!result.ok) return failed;
      read[key] = result.value;
    }
    return ok(read);
  };
}

/** A list that keeps the items `item` reads and drops the others; anything but a list reads as empty. */
export function listOf<T>(item: Reader<T>): Reader<T[]> {
  return (value) => {
    if (!Array.isArray(value)) return ok([]);
    const read: T[] = [];
    for (const entry of value) {
      const result = item(entry);
      if (result.ok) read.push(result.value);
    }
    return ok(read);
  };
}

/** The value `reader` reads, or undefined. */
export function readValue<T>(reader: Reader<T>, value: unknown): T | undefined {
  const result = reader(value);
  return result.ok ? result.value : undefined;
}

/** The value `reader` reads; throws when it cannot read it (a value the console itself made). */
export function parse<T>(reader: Reader<T>, value: unknown): T {
  const result = reader(value);
  if (!result.ok) throw new TypeError('The value has not the shape it is read with.');
  return result.value;
}
