// `npm run sandbox -- --strict …` for real: the entry point over HTTPS, the client certificate taken from the TLS
// handshake, and one plain line (exit 1) for a bad flag combination.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest } from '../signing/xs2a-signature';
import { writeTestPki, type TestPkiFiles } from '../testing/test-pki';

const entry = ['--import', 'tsx', 'server/sandbox-main.ts'];

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Starts the sandbox with `args`; resolves with its base_url once it prints it, or its output when it exits. */
function start(args: string[]): Promise<{ child: ChildProcess; baseUrl: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...entry, '--port', '0', '--data-dir', ':memory:', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SANDBOX_STRICT: '', SANDBOX_SCA_REDIRECT: '' },
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /base_url: (\S+)/.exec(output);
      if (match?.[1]) resolve({ child, baseUrl: match[1] });
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (code) => reject(new Error(`exit ${code}: ${output}`)));
  });
}

/** Runs the sandbox with `args` to its end; its exit code and output. */
function run(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...entry, '--data-dir', ':memory:', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('the strict sandbox over HTTPS', () => {
  let dir: string;
  let pki: TestPkiFiles;
  let child: ChildProcess | undefined;
  let baseUrl: string;
  const read = (file: string) => readFileSync(file, 'utf8');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'xs2a-strict-server-'));
    pki = writeTestPki(dir);
    ({ child, baseUrl } = await start([
      '--strict',
      '--tls-cert',
      pki.serverCert,
      '--tls-key',
      pki.serverKey,
      '--client-ca',
      pki.caCert,
    ]));
  }, 60_000);
  afterAll(() => {
    child?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  /** One HTTPS request; `client` names the certificate files to present, if any. */
  function send(
    method: string,
    path: string,
    { client, body, signed = false }: { client?: { cert: string; key: string }; body?: unknown; signed?: boolean } = {},
  ): Promise<Answer> {
    const url = new URL(`${baseUrl}${path}`);
    const bytes = body === undefined ? undefined : new TextEncoder().encode(JSON.stringify(body));
    const headers = new Headers({ 'X-Request-ID': randomUUID(), 'PSU-IP-Address': '192.168.8.78' });
    if (bytes) headers.set('Content-Type', 'application/json');
    if (signed) {
      signRequest(
        { method, path: url.pathname, headers, body: bytes },
        { keyPem: read(pki.sealKey), certificatePem: read(pki.sealCert) },
      );
    }
    return new Promise((resolve, reject) => {
      const req = request(
        url,
        {
          method,
          headers: Object.fromEntries(headers),
          ca: read(pki.caCert),
          ...(client ? { cert: read(client.cert), key: read(client.key) } : {}),
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        },
      );
      req.on('error', reject);
      req.end(bytes);
    });
  }

  const code = (answer: Answer) =>
    (JSON.parse(answer.body) as { tppMessages: { code: string }[] }).tppMessages[0]?.code;

  it('prints an https base_url', () => {
    expect(baseUrl).toMatch(/^https:\/\/localhost:\d+\/sandbox$/);
  });

  it('answers a request without a client certificate with 401 CERTIFICATE_MISSING', async () => {
    const answer = await send('GET', '/v1/consents/unknown/status');
    expect(answer.status).toBe(401);
    expect(code(answer)).toBe('CERTIFICATE_MISSING');
    expect(answer.headers['x-request-id']).toBeTruthy();
  });

  it('answers a certificate of an unknown CA with 401 CERTIFICATE_INVALID', async () => {
    const answer = await send('GET', '/v1/consents/unknown/status', {
      client: { cert: pki.rogueClientCert, key: pki.rogueClientKey },
    });
    expect(answer.status).toBe(401);
    expect(code(answer)).toBe('CERTIFICATE_INVALID');
  });

  it('answers an expired certificate with 401 CERTIFICATE_EXPIRED', async () => {
    const answer = await send('GET', '/v1/consents/unknown/status', {
      client: { cert: pki.expiredClientCert, key: pki.expiredClientKey },
    });
    expect(code(answer)).toBe('CERTIFICATE_EXPIRED');
  });

  it('with the QWAC: unsigned → SIGNATURE_MISSING, signed → the consent is created', async () => {
    const client = { cert: pki.clientCert, key: pki.clientKey };
    const consent = {
      access: { allPsd2: 'allAccounts' },
      recurringIndicator: true,
      validUntil: '2099-01-31',
      frequencyPerDay: 4,
      combinedServiceIndicator: false,
    };
    const unsigned = await send('POST', '/v1/consents', { client, body: consent });
    expect(unsigned.status).toBe(401);
    expect(code(unsigned)).toBe('SIGNATURE_MISSING');
    const created = await send('POST', '/v1/consents', { client, body: consent, signed: true });
    expect(created.status, created.body).toBe(201);
    expect(JSON.parse(created.body)).toMatchObject({ consentStatus: 'received' });
  });

  it('serves the PSU pages and the health check without a client certificate', async () => {
    expect((await send('GET', '/app')).status).toBe(200);
    expect((await send('GET', '/health')).status).toBe(200);
  });

  it('stops with one plain line for --strict without the certificate files', async () => {
    const { code: exit, output } = await run(['--strict']);
    expect(exit).toBe(1);
    expect(output.trim().split('\n')).toHaveLength(1);
    expect(output).toMatch(/--tls-cert <file> --tls-key <file>/);
  });

  it('stops with one plain line for an unreadable file', async () => {
    const { code: exit, output } = await run([
      '--strict',
      '--tls-cert',
      join(dir, 'missing.pem'),
      '--tls-key',
      pki.serverKey,
      '--client-ca',
      pki.caCert,
    ]);
    expect(exit).toBe(1);
    expect(output.trim()).toBe(
      `Cannot read the TLS certificate (--tls-cert) ${join(dir, 'missing.pem')}: no such file.`,
    );
  });
});
