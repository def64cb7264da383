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

describe('the sandbox admin API', () => {
  it('is on by default on loopback (strict mode turns it off in the sandbox), and off elsewhere without a token', () => {
    expect(read([]).sandbox.admin).toEqual({ enabled: null, token: null });
    expect(read(['--host', '0.0.0.0']).sandbox.admin).toEqual({ enabled: false, token: null });
    const token = 'a-long-admin-token-123';
    expect(read(['--host', '0.0.0.0'], { SANDBOX_ADMIN_TOKEN: token }).sandbox.admin).toEqual({ enabled: null, token });
  });

  it('follows --admin or SANDBOX_ADMIN, and wants a token of 16 characters or more', () => {
    expect(read(['--admin', '0']).sandbox.admin?.enabled).toBe(false);
    expect(read(['--host', '0.0.0.0'], { SANDBOX_ADMIN: '1' }).sandbox.admin?.enabled).toBe(true);
    expect(() => read([], { SANDBOX_ADMIN: 'maybe' })).toThrow(/SANDBOX_ADMIN/);
    expect(() => read([], { SANDBOX_ADMIN_TOKEN: 'short' })).toThrow(/at least 16/);
  });
});

describe('test benches', () => {
  it('are off by default, and as many as --benches or SANDBOX_BENCHES say', () => {
    expect(read([]).benches).toBe(0);
    expect(read(['--benches', '8']).benches).toBe(8);
    expect(read([], { SANDBOX_BENCHES: '24' }).benches).toBe(24);
    expect(() => read([], { SANDBOX_BENCHES: 'many' })).toThrow(/SANDBOX_BENCHES/);
  });
});
