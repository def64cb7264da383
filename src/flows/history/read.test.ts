import { describe, expect, it } from 'vitest';
import * as read from './read';

describe('readers of stored values', () => {
  const entry = read.object({
    id: read.string,
    count: read.withDefault(read.number, 0),
    tag: read.optional(read.string),
    status: read.optional(read.literal([204, 202])),
  });

  it('keeps the shape’s members only, leaves an absent optional member absent and reads a broken one as undefined', () => {
    const absent = read.readValue(entry, { id: 'a', extra: true });
    expect(absent).toStrictEqual({ id: 'a', count: 0 });
    const broken = read.readValue(entry, { id: 'a', count: 'many', tag: 7, status: 200 });
    expect(broken).toStrictEqual({ id: 'a', count: 0, tag: undefined, status: undefined });
    expect(read.readValue(entry, { id: 'a', count: 3, tag: 'x', status: 202 })).toStrictEqual({
      id: 'a',
      count: 3,
      tag: 'x',
      status: 202,
    });
  });

  it('refuses what is no object of the shape, a missing required member and numbers that are not finite', () => {
    for (const value of [undefined, null, 'a', [], [{ id: 'a' }], { count: 1 }, { id: 1 }]) {
      expect(read.readValue(entry, value), JSON.stringify(value)).toBeUndefined();
    }
    expect(read.readValue(read.number, Number.NaN)).toBeUndefined();
    expect(read.readValue(read.number, Number.POSITIVE_INFINITY)).toBeUndefined();
  });

  it('reads records of plain objects only, keeps a loose object’s other members, and keeps the list items it can read', () => {
    const links = read.record(read.looseObject({ href: read.string }));
    expect(
      read.readValue(links, JSON.parse('{"a":{"href":"/a","title":"A"},"__proto__":{"href":"/p"}}')),
    ).toStrictEqual({
      a: { href: '/a', title: 'A' },
    });
    expect(read.readValue(links, { a: { title: 'no href' } })).toBeUndefined();
    expect(read.readValue(links, new Date())).toBeUndefined();
    expect(read.readValue(read.listOf(read.string), ['a', 1, 'b'])).toStrictEqual(['a', 'b']);
    expect(read.readValue(read.listOf(read.string), 'a')).toStrictEqual([]);
  });

  it('takes the first reading of a union, changes a reading, and throws where a value must be readable', () => {
    const amount = read.union(
      read.string,
      read.map(read.unknown, (value) => JSON.stringify(value ?? '')),
    );
    expect(read.readValue(amount, '1.50')).toBe('1.50');
    expect(read.readValue(amount, 1.5)).toBe('1.5');
    expect(read.readValue(amount, undefined)).toBe('""');
    expect(() => read.parse(entry, 'no entry')).toThrow(TypeError);
  });
});
