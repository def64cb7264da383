import { describe, expect, it, vi } from 'vitest';
import { createHistory, linkMapReader, memoryStorage, read, type Infer, type KeyValueStorage } from '.';

const note = read.object({
  id: read.string,
  createdAt: read.number,
  tag: read.optional(read.string),
  links: read.withDefault(linkMapReader, {}),
  seen: read.listOf(read.number),
});
type Note = Infer<typeof note>;

function notes(storage: KeyValueStorage, limit = 3) {
  return createHistory<Note, string>(() => storage, {
    prefix: 'notes:',
    limit,
    read: note,
    refOf: (entry) => entry.id,
    matches: (entry, id) => entry.id === id,
  });
}

const entry = (id: string, createdAt: number, changes: Partial<Note> = {}): Note => ({
  id,
  createdAt,
  links: {},
  seen: [],
  ...changes,
});

describe('a per-profile history', () => {
  it('keeps profiles apart, lists newest first, replaces an entry with the same reference and keeps the limit', () => {
    const storage = memoryStorage();
    const history = notes(storage);
    history.add('a', entry('n1', 1));
    history.add('a', entry('n2', 3));
    history.add('a', entry('n3', 2));
    history.add('b', entry('m1', 9));
    history.add('a', entry('n1', 1, { tag: 'again' }));
    expect(history.list('a').map((e) => e.id)).toEqual(['n2', 'n3', 'n1']);
    expect(history.get('a', 'n1')?.tag).toBe('again');
    history.add('a', entry('n4', 4));
    expect(history.list('a').map((e) => e.id)).toEqual(['n4', 'n2', 'n3']);
    expect(history.list('b').map((e) => e.id)).toEqual(['m1']);
    expect(notes(storage).list('a')).toEqual(history.list('a'));
  });

  it('updates, removes and clears, telling its listeners, and writes nothing for an unchanged entry', () => {
    const history = notes(memoryStorage());
    const listener = vi.fn();
    const unsubscribe = history.subscribe(listener);
    history.add('a', entry('n1', 1));
    expect(history.update('a', 'n1', (e) => ({ ...e, tag: 'x' }))).toBe(true);
    expect(history.update('a', 'none', (e) => e)).toBe(false);
    const before = history.list('a');
    expect(history.update('a', 'n1', (e) => e)).toBe(true);
    expect(history.list('a')).toBe(before);
    expect(listener).toHaveBeenCalledTimes(2);
    history.remove('a', 'n1');
    expect(history.get('a', 'n1')).toBeUndefined();
    history.add('a', entry('n2', 2));
    history.clear('a');
    expect(history.list('a')).toEqual([]);
    unsubscribe();
  });

  it('reads storage through the schema: broken entries go, broken optional members and list items are dropped', () => {
    const storage = memoryStorage();
    storage.data.set(
      'notes:a',
      JSON.stringify([
        { id: 'ok', createdAt: 1, tag: 7, links: { x: { href: '/x', title: 'X' } }, seen: [1, 'two', 3] },
        { id: 'bad-links', createdAt: 2, links: 'x', seen: 'x' },
        { id: 9, createdAt: 3 },
        'junk',
      ]),
    );
    expect(notes(storage).list('a')).toEqual([
      { id: 'ok', createdAt: 1, links: { x: { href: '/x', title: 'X' } }, seen: [1, 3] },
      { id: 'bad-links', createdAt: 2, links: {}, seen: [] },
    ]);
    storage.data.set('notes:a', '{not json');
    expect(notes(storage).list('a')).toEqual([]);
  });
});
