// Seeded randomness and hashing: the seed must come out byte-identical for the same anchor date.

/** 64-bit string hash (cyrb53's two lanes) as 16 hex digits. */
export function hashHex(input: string, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < input.length; i++) {
    const ch = input.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 >>> 0).toString(16).padStart(8, '0') + (h1 >>> 0).toString(16).padStart(8, '0');
}

const fmix32 = (value: number) => {
  let h = value;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
};

/**
 * 16 hex digits from a salt and a number, without building a string to hash. The first half is a bijection of
 * `n` for a given salt, so ids under one salt never collide.
 */
export function mixHex(salt: number, n: number): string {
  return hex32(fmix32((n ^ salt) >>> 0)) + hex32(fmix32((n + Math.imul(salt, 0x9e3779b1)) >>> 0));
}

const byteHex = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function hex32(value: number): string {
  return (
    (byteHex[value >>> 24] ?? '') +
    (byteHex[(value >>> 16) & 0xff] ?? '') +
    (byteHex[(value >>> 8) & 0xff] ?? '') +
    (byteHex[value & 0xff] ?? '')
  );
}

/** A digit string of `length` derived from a name, for made-up account numbers. */
export function hashDigits(input: string, length: number): string {
  let digits = '';
  for (let round = 0; digits.length < length; round++) {
    digits += BigInt(`0x${hashHex(input, round)}`)
      .toString()
      .slice(1);
  }
  return digits.slice(0, length);
}

/** mulberry32: small, fast and good enough for test data. */
export class Random {
  private state: number;

  constructor(key: string) {
    this.state = Number.parseInt(hashHex(key).slice(0, 8), 16) >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** A reusable weighted pick over a fixed list: entries are [item, weight]. Draws like `weighted`. */
  picker<T>(entries: readonly (readonly [T, number])[]): () => T {
    const cumulative: number[] = [];
    let total = 0;
    for (const [, w] of entries) cumulative.push((total += w));
    return () => {
      const r = this.next() * total;
      let i = 0;
      while (i < cumulative.length - 1 && r >= (cumulative[i] ?? 0)) i++;
      const entry = entries[i];
      if (!entry) throw new Error('weighted pick from an empty list');
      return entry[0];
    };
  }

  /** Pick by weight: entries are [item, weight]. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of entries) total += w;
    let r = this.next() * total;
    for (const [item, w] of entries) {
      r -= w;
      if (r < 0) return item;
    }
    const last = entries[entries.length - 1];
    if (!last) throw new Error('weighted pick from an empty list');
    return last[0];
  }

  /** An amount in minor units between min and max (major units), skewed towards min by `skew` (1 = uniform). */
  amount(min: number, max: number, skew = 1): number {
    return Math.round((min + (max - min) * this.next() ** skew) * 100);
  }

  /** Upper-case hex characters, for references. */
  hex(length: number): string {
    let out = '';
    while (out.length < length)
      out += Math.floor(this.next() * 0x100000000)
        .toString(16)
        .padStart(8, '0');
    return out.slice(0, length).toUpperCase();
  }

  digits(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += String(Math.floor(this.next() * 10));
    return out;
  }

  /** A minute of the day between two clock times given as hours. */
  minute(fromHour: number, toHour: number): number {
    return this.int(fromHour * 60, toHour * 60 - 1);
  }
}
