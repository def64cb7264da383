// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKeyedEntries, createListeners, webStorage } from './web-storage';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

interface Entry {
  createdAt: number;
}

const isEntry = (value: unknown, now: number): value is Entry =>
  typeof value === 'object' && value !== null && typeof (value as Entry).createdAt === 'number' && now >= 0;

describe('webStorage', () => {
  it('gives the storage of each area', () => {
    expect(webStorage('local')).toBe(localStorage);
    expect(webStorage('session')).toBe(sessionStorage);
  });

  it('gives none when the browser blocks storage', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(webStorage('local')).toBeUndefined();
  });
});

describe('createListeners', () => {
  it('notifies subscribed listeners until they unsubscribe', () => {
    const listeners = createListeners();
    const listener = vi.fn();
    const unsubscribe = listeners.subscribe(listener);
    listeners.notify();
    unsubscribe();
    listeners.notify();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('createKeyedEntries', () => {
  const entries = createKeyedEntries({
    storageKey: 'test.entries',
    area: 'session',
    keep: (value, now): value is Entry => isEntry(value, now) && value.createdAt > now - 10,
  });

  it('reads back what it wrote, dropping entries that are no longer kept', () => {
    entries.write({ fresh: { createdAt: 100 }, stale: { createdAt: 50 } });
    expect(JSON.parse(sessionStorage.getItem('test.entries') ?? '')).toEqual({
      fresh: { createdAt: 100 },
      stale: { createdAt: 50 },
    });
    expect(entries.read(105)).toEqual({ fresh: { createdAt: 100 } });
  });

  it('removes the item when no entry is left', () => {
    entries.write({ one: { createdAt: 1 } });
    entries.write({});
    expect(sessionStorage.getItem('test.entries')).toBeNull();
  });

  it('reads corrupt or foreign content as no entry', () => {
    for (const stored of ['{not json', '[1]', '"text"', 'null', '']) {
      sessionStorage.setItem('test.entries', stored);
      expect(entries.read(0)).toEqual({});
    }
  });

  it('never fails a write on a full storage', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => entries.write({ one: { createdAt: 1 } })).not.toThrow();
  });
});
