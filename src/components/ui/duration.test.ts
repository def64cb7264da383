import { describe, expect, it } from 'vitest';
import { counted, durationInWords } from './duration';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('durations in words', () => {
  it('say one of a unit in the singular', () => {
    expect(counted(1, 'hour')).toBe('1 hour');
    expect(counted(2, 'hour')).toBe('2 hours');
    expect(counted(1, 'pending entry', 'pending entries')).toBe('1 pending entry');
    expect(durationInWords(HOUR)).toBe('1 hour');
    expect(durationInWords(DAY + MINUTE, 3)).toBe('1 day 1 minute');
  });

  it('give the largest units first, at most two next to each other, to the nearest minute, without the sign', () => {
    expect(durationInWords(5 * DAY)).toBe('5 days');
    expect(durationInWords(-(5 * DAY) + 400)).toBe('5 days');
    expect(durationInWords(DAY + 3 * HOUR + 20 * MINUTE)).toBe('1 day 3 hours');
    expect(durationInWords(DAY + 20 * MINUTE)).toBe('1 day');
    expect(durationInWords(2 * HOUR + 5 * MINUTE)).toBe('2 hours 5 minutes');
    expect(durationInWords(45 * MINUTE + 29_000)).toBe('45 minutes');
    expect(durationInWords(DAY + 3 * HOUR, 1)).toBe('1 day');
    expect(durationInWords(20_000)).toBe('0 minutes');
  });
});
