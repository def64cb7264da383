// The relay's config file: what is accepted, and the one-line message for what is not.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRelayConfig, parseRelayConfig, RelayConfigError } from './config';

function messageOf(document: unknown): string {
  try {
    parseRelayConfig(document, 'relay.json');
  } catch (error) {
    expect(error).toBeInstanceOf(RelayConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the config to be refused');
}

describe('relay config', () => {
  it('reads targets, with a default timeout and the folder of the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'relay-config-'));
    const file = join(dir, 'relay.json');
    writeFileSync(
      file,
      JSON.stringify({
        targets: [
          { id: 'bank-a', baseUrl: 'https://api.bank.example/psd2/', timeoutMs: 5000 },
          { id: 'bank-b', baseUrl: 'http://127.0.0.1:9000' },
        ],
      }),
    );
    expect(loadRelayConfig(file)).toEqual({
      dir,
      targets: [
        { id: 'bank-a', baseUrl: 'https://api.bank.example/psd2', timeoutMs: 5000 },
        { id: 'bank-b', baseUrl: 'http://127.0.0.1:9000', timeoutMs: 30_000 },
      ],
    });
  });

  it('names the field and the problem in one line', () => {
    expect(messageOf({ targets: [{ id: 'bank-a', baseUrl: 'ftp://bank.example' }] })).toBe(
      'Relay config relay.json: targets[0].baseUrl must be an http:// or https:// URL without ?query or #fragment, e.g. https://api.bank.example/psd2',
    );
    expect(messageOf({ targets: [{ id: 'bank a', baseUrl: 'https://bank.example' }] })).toMatch(
      /targets\[0\]\.id must be letters/,
    );
    expect(messageOf({ targets: [{ id: 'a', baseUrl: 'https://bank.example', timeoutMs: -1 }] })).toMatch(
      /targets\[0\]\.timeoutMs must be a positive number/,
    );
    expect(
      messageOf({
        targets: [
          { id: 'a', baseUrl: 'https://a.example' },
          { id: 'a', baseUrl: 'https://b.example' },
        ],
      }),
    ).toMatch(/targets\[1\]\.id "a" is used twice/);
    expect(messageOf({})).toMatch(/^Relay config relay.json: targets /);
    expect(parseRelayConfig({ targets: [] }, 'relay.json').targets).toEqual([]);
  });

  it('refuses unknown keys instead of ignoring them', () => {
    expect(messageOf({ targets: [{ id: 'a', baseUrl: 'https://bank.example', tsl: {} }] })).toMatch(
      /targets\[0\].*tsl/,
    );
    expect(messageOf({ targets: [], proxy: 'x' })).toMatch(/proxy/);
  });

  it('explains a missing file and a file that is not JSON', () => {
    expect(() => loadRelayConfig('/nonexistent/relay.json')).toThrow(
      'Relay config /nonexistent/relay.json cannot be read: no such file.',
    );
    const file = join(mkdtempSync(join(tmpdir(), 'relay-config-')), 'relay.json');
    writeFileSync(file, '{ "targets": [ ');
    expect(() => loadRelayConfig(file)).toThrow(/is not valid JSON/);
  });
});
