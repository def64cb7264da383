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

describe('private benches', () => {
  it('are 10 at most by default, as many as --benches or SANDBOX_BENCHES say, none with 0', () => {
    expect(read([]).benches.max).toBe(10);
    expect(read(['--benches', '8']).benches.max).toBe(8);
    expect(read([], { SANDBOX_BENCHES: '24' }).benches.max).toBe(24);
    expect(read([], { SANDBOX_BENCHES: '0' }).benches.max).toBe(0);
    expect(() => read([], { SANDBOX_BENCHES: 'many' })).toThrow(/SANDBOX_BENCHES/);
  });

  it('are deleted after 7 days unused by default, after --bench-idle or SANDBOX_BENCH_IDLE, or never', () => {
    expect(read([]).benches.idleMs).toBe(7 * 86_400_000);
    expect(read(['--bench-idle', '12h']).benches.idleMs).toBe(12 * 3_600_000);
    expect(read([], { SANDBOX_BENCH_IDLE: 'P2D' }).benches.idleMs).toBe(2 * 86_400_000);
    expect(read(['--bench-idle', '30m'], { SANDBOX_BENCH_IDLE: 'P2D' }).benches.idleMs).toBe(30 * 60_000);
    expect(read([], { SANDBOX_BENCH_IDLE: '0' }).benches.idleMs).toBeNull();
    expect(read([], { SANDBOX_BENCH_IDLE: 'never' }).benches.idleMs).toBeNull();
    expect(() => read([], { SANDBOX_BENCH_IDLE: 'soon' })).toThrow(/SANDBOX_BENCH_IDLE .*"soon"/);
  });
});

describe('the sandbox’s CORS origins', () => {
  it('name no origin by default: the bank allows its own and the loopback origins only', () => {
    expect(read([]).sandbox.corsOrigins).toBeUndefined();
  });

  it('come from --cors-origin, repeated or comma-separated, before SANDBOX_CORS_ORIGINS', () => {
    const flags = [
      '--cors-origin',
      'https://console.example',
      '--cors-origin',
      'https://a.example,http://b.example:8080',
    ];
    expect(read(flags, { SANDBOX_CORS_ORIGINS: 'https://env.example' }).sandbox.corsOrigins).toEqual([
      'https://console.example',
      'https://a.example',
      'http://b.example:8080',
    ]);
    expect(read([], { SANDBOX_CORS_ORIGINS: ' https://a.example , https://b.example ' }).sandbox.corsOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });

  it('are written as browsers send them: lower case, without a default port or a trailing slash', () => {
    expect(read(['--cors-origin', 'HTTPS://Console.Example:443/']).sandbox.corsOrigins).toEqual([
      'https://console.example',
    ]);
    expect(read(['--cors-origin', 'http://[::1]:80']).sandbox.corsOrigins).toEqual(['http://[::1]']);
  });

  it('take * for every origin', () => {
    expect(read(['--cors-origin', '*']).sandbox.corsOrigins).toEqual(['*']);
    expect(read([], { SANDBOX_CORS_ORIGINS: '*' }).sandbox.corsOrigins).toEqual(['*']);
  });

  it('apply to the standalone sandbox too', () => {
    const options = readServerOptions(['--cors-origin', 'https://console.example'], { DATA_DIR: ':memory:' }, 4320, {
      standalone: true,
    });
    expect(options.sandbox.corsOrigins).toEqual(['https://console.example']);
  });

  it('refuse what is no origin, naming the option and the entry', () => {
    for (const entry of [
      'console.example',
      'ftp://console.example',
      'https://console.example/path',
      'https://console.example?x=1',
      'https://user:pw@console.example',
      'https://',
      'null',
      '*.example',
    ]) {
      expect(() => read(['--cors-origin', entry]), entry).toThrow(/SANDBOX_CORS_ORIGINS \(--cors-origin\)/);
      expect(() => read([], { SANDBOX_CORS_ORIGINS: entry }), entry).toThrow(
        new RegExp(`"${entry.replace(/[.*?+()[\]]/g, '\\$&')}"`),
      );
    }
  });
});
