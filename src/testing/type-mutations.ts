// Answers a bank sends with one field of another JSON type than 1.3.12 gives it: a member of a valid answer picked by
// its path and replaced by a string, number, boolean, list, object or null, or left out. For the generative tests of
// the panels that show bank data, and the fixed cases they found.
import fc from 'fast-check';

/** The JSON types a member can have, and "absent" for a member left out (an entry of a list: taken out of it). */
export const VALUE_KINDS = ['string', 'number', 'boolean', 'array', 'object', 'null', 'absent'] as const;
export type ValueKind = (typeof VALUE_KINDS)[number];

/** A member's place in a body: keys and list positions from the root ([] is the body itself). */
export type MemberPath = readonly (string | number)[];

/** One answer changed at one member. */
export interface TypeMutation {
  path: MemberPath;
  kind: ValueKind;
  /** The value put there; undefined for "absent". */
  value?: unknown;
}

/** The replacement values of each kind: plain ones and the odd ones real banks send. */
export const VALUES_BY_KIND: Record<Exclude<ValueKind, 'absent'>, readonly unknown[]> = {
  string: ['text', '', '12.50', 'true'],
  number: [12.5, 0, -1, 1e21],
  boolean: [true, false],
  array: [[], ['text'], [1, { a: 'b' }]],
  object: [{}, { text: 'x' }, { href: '/x', reference: 'RF18' }],
  null: [null],
};

/** The kind of a JSON value. */
export function kindOf(value: unknown): Exclude<ValueKind, 'absent'> {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean') return type;
  return 'object';
}

/** `accounts[0].name` for ['accounts', 0, 'name']; '(body)' for the body itself. */
export function pathText(path: MemberPath): string {
  let text = '';
  for (const segment of path) text += typeof segment === 'number' ? `[${segment}]` : text ? `.${segment}` : segment;
  return text || '(body)';
}

/** The path `pathText` writes, read back: 'accounts[0].name' → ['accounts', 0, 'name']; '(body)' → []. */
export function parsePath(text: string): MemberPath {
  if (text === '(body)') return [];
  return [...text.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map(([, key, index]) =>
    index === undefined ? (key ?? '') : Number(index),
  );
}

/** A member set to `value` ('accounts[0].name', 12.5). */
export function setTo(path: string, value: unknown): TypeMutation {
  return { path: parsePath(path), kind: kindOf(value), value };
}

/** A member left out (an entry of a list: taken out of it). */
export function leftOut(path: string): TypeMutation {
  return { path: parsePath(path), kind: 'absent' };
}

/** Every member of a JSON value, the value itself first, each with the path to it. */
export function memberPaths(value: unknown, path: MemberPath = []): MemberPath[] {
  const paths: MemberPath[] = [path];
  if (Array.isArray(value)) {
    value.forEach((item, index) => paths.push(...memberPaths(item, [...path, index])));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, member] of Object.entries(value)) paths.push(...memberPaths(member, [...path, key]));
  }
  return paths;
}

/** The value at a path, undefined when there is none. */
export function valueAt(value: unknown, path: MemberPath): unknown {
  let current = value;
  for (const segment of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[segment];
  }
  return current;
}

/** A copy of `body` with the mutation made; the body itself is left as it is. */
export function mutate(body: unknown, { path, kind, value }: TypeMutation): unknown {
  if (path.length === 0) return kind === 'absent' ? undefined : value;
  const copy = structuredClone(body);
  const parentPath = path.slice(0, -1);
  const last = path[path.length - 1] as string | number;
  const parent = valueAt(copy, parentPath) as Record<string | number, unknown> | unknown[];
  if (kind !== 'absent') (parent as Record<string | number, unknown>)[last] = value;
  else if (Array.isArray(parent)) parent.splice(last as number, 1);
  else delete parent[last];
  return copy;
}

/** "accounts[0].name → number 12.5": a mutation in words, for test names and failure messages. */
export function mutationText({ path, kind, value }: TypeMutation): string {
  return `${pathText(path)} → ${kind === 'absent' || kind === 'null' ? kind : `${kind} ${JSON.stringify(value)}`}`;
}

/**
 * Mutations of `body`: a member picked from its paths (the body itself included) and a value of another kind than it
 * has. Shrinks towards the first paths and the plainest values.
 */
export function typeMutations(body: unknown): fc.Arbitrary<TypeMutation> {
  const paths = memberPaths(body);
  return fc
    .record({ path: fc.constantFrom(...paths), kind: fc.constantFrom(...VALUE_KINDS), pick: fc.nat() })
    .filter(({ path, kind }) => kind !== kindOf(valueAt(body, path)) && !(kind === 'absent' && path.length === 0))
    .map(({ path, kind, pick }) => {
      if (kind === 'absent') return { path, kind };
      const values = VALUES_BY_KIND[kind];
      return { path, kind, value: values[pick % values.length] };
    });
}
