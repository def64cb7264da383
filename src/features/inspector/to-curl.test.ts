import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellQuote, toCurl } from './to-curl';
import { BEARER, failedExchange, scaExchange, secretValues } from '../../api/test-exchanges';

/** What a POSIX shell makes of the quoted word. */
function throughShell(quoted: string): string {
  const result = spawnSync('sh', ['-c', `printf '%s' ${quoted}`], { encoding: 'utf8' });
  expect(result.status).toBe(0);
  return result.stdout;
}

describe('shellQuote', () => {
  it.each([
    ['plain'],
    ["it's"],
    ["''"],
    ['line one\nline two'],
    ['$HOME `id` $(id) "double" \\ back'],
    ['!event *glob ?x [a] ~tilde #hash ;semi &amp |pipe'],
    [''],
  ])('keeps %j literal in sh', (word) => {
    expect(throughShell(shellQuote(word))).toBe(word);
  });
});

describe('toCurl', () => {
  it('writes method, URL, headers and the JSON body, with secrets redacted', () => {
    const curl = toCurl(scaExchange());
    expect(curl.split(' \\\n  ')[0]).toBe(
      "curl -X 'PUT' 'https://bank.example/psd2/v1/payments/sepa-credit-transfers/pay-123/authorisations/auth-9?lang=en'",
    );
    expect(curl).toContain("-H 'Authorization: [redacted]'");
    expect(curl).toContain("-H 'PSU-ID: alice'");
    expect(curl).toContain("-H 'Content-Type: application/json'");
    expect(curl).toContain(`--data-raw '{"psuData":{"password":"[redacted]"`);
    for (const secret of secretValues) expect(curl).not.toContain(secret);
  });

  it('survives the shell: the body argument comes out as the JSON sent, quote and newline included', () => {
    const curl = toCurl(scaExchange());
    const bodyArgument = curl.slice(curl.indexOf('--data-raw ') + '--data-raw '.length);
    const body = JSON.parse(throughShell(bodyArgument)) as { note: string };
    expect(body.note).toBe("it's a\nmulti-line note");
  });

  it('runs as a whole in sh and passes curl the right arguments', () => {
    // Replace curl with a function that prints its arguments one per line.
    const script = `curl() { for a in "$@"; do printf '%s\\n--\\n' "$a"; done; }\n${toCurl(scaExchange())}`;
    const result = spawnSync('sh', ['-c', script], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    const args = result.stdout.split('\n--\n').slice(0, -1);
    expect(args.slice(0, 3)).toEqual([
      '-X',
      'PUT',
      'https://bank.example/psd2/v1/payments/sepa-credit-transfers/pay-123/authorisations/auth-9?lang=en',
    ]);
    expect(args).toContain('Authorization: [redacted]');
    expect(args.at(-2)).toBe('--data-raw');
  });

  it('has no body for a GET and removes known secrets from the URL', () => {
    const exchange = failedExchange();
    exchange.request.url = `https://bank.example/psd2/v1/accounts?x=${BEARER}`;
    const curl = toCurl(exchange, { secrets: [BEARER] });
    expect(curl).not.toContain('--data-raw');
    expect(curl).not.toContain(BEARER);
  });
});
