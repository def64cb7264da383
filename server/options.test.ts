// Server settings from flags and the environment: the sandbox's deviation modes.
import { describe, expect, it } from 'vitest';
import { readServerOptions } from './options';

const read = (argv: string[], env: NodeJS.ProcessEnv = {}) =>
  readServerOptions(argv, { DATA_DIR: ':memory:', ...env }, 4318);

describe('deviation modes', () => {
  it('are off unless asked for', () => {
    expect(read([]).sandbox.deviations).toBeUndefined();
  });

  it('come from --deviations as a comma-separated list, before SANDBOX_DEVIATIONS', () => {
    const options = read(['--deviations', 'amounts-as-numbers, string-links'], { SANDBOX_DEVIATIONS: 'slow' });
    expect(options.sandbox.deviations).toEqual(['amounts-as-numbers', 'string-links']);
    expect(read([], { SANDBOX_DEVIATIONS: 'Lowercase-Statuses,slow' }).sandbox.deviations).toEqual([
      'lowercase-statuses',
      'slow',
    ]);
  });

  it('refuse an unknown mode, naming it and the modes there are', () => {
    expect(() => read(['--deviations', 'amounts-as-numbers,amounts-as-strings'])).toThrow(
      /"amounts-as-strings".*amounts-as-numbers, lowercase-statuses/,
    );
  });

  it('take the slow delay from --slow-ms or SANDBOX_SLOW_MS', () => {
    expect(read(['--slow-ms', '250']).sandbox.slowMs).toBe(250);
    expect(read([], { SANDBOX_SLOW_MS: '3000' }).sandbox.slowMs).toBe(3000);
    expect(read([]).sandbox.slowMs).toBeUndefined();
    expect(() => read([], { SANDBOX_SLOW_MS: 'soon' })).toThrow(/SANDBOX_SLOW_MS/);
  });
});
