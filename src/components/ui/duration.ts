// Counts and durations in plain words, with the singular for one: "1 hour", "2 days 3 hours".

/** A count with its unit, singular for one: "1 day", "2 days", "3 pending entries" (with `plural`). */
export function counted(n: number, unit: string, plural = `${unit}s`): string {
  return `${n} ${n === 1 ? unit : plural}`;
}

const UNITS: readonly [number, string][] = [
  [86_400_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
];

/**
 * A duration in words to the minute (its sign left out), largest units first and at most `units` of them, each next
 * to the one before: "5 days", "1 day 3 hours", "2 hours 5 minutes"; under half a minute is "0 minutes".
 */
export function durationInWords(ms: number, units = 2): string {
  let rest = Math.round(Math.abs(ms) / 60_000) * 60_000;
  const parts: string[] = [];
  for (const [size, unit] of UNITS) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    // Once a unit is said, the next ones follow it whether or not they are zero, up to `units` (then zeros dropped).
    if (n > 0 || parts.length > 0) parts.push(n > 0 ? counted(n, unit) : '');
    if (parts.length === units) break;
  }
  const said = parts.filter(Boolean);
  return said.length > 0 ? said.join(' ') : counted(0, 'minute');
}
