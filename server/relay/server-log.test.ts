// The real server (server/main.ts in its own process) never writes a secret to its output: not the relay's PKCS#12
// passphrase or keys, not a bearer token or a PSU password that passes through it, not even when its config is wrong.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTestPki, type TestPkiFiles } from '../testing/test-pki';

const root = resolve(import.meta.dirname, '../..');
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');

const TOKEN = 'bearer-Tok3n-5a1f0c';
const PASSWORD = 'psu-Passw0rd-77c2e1';
const OTP = '918273';

let pki: TestPkiFiles;
let dist: string;
let bank: Server;
let bankOrigin: string;

/** Lines of the key files: none may appear anywhere. */
function keyLines(): string[] {
  return [pki.clientKey, pki.sealKey, pki.serverKey]
    .flatMap((file) => readFileSync(file, 'utf8').split(/\r?\n/))
    .filter((line) => line.length > 20 && !line.startsWith('-----'));
}

function secrets(): string[] {
  return [pki.clientP12Passphrase, TOKEN, PASSWORD, OTP, ...keyLines()];
}

function expectNoSecret(text: string) {
  for (const secret of secrets()) expect(text).not.toContain(secret);
}

function freePort(): Promise<number> {
  return new Promise((resolvePort) => {
    const server = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}

interface Run {
  output: () => string;
  exited: Promise<number | null>;
  stop: () => Promise<void>;
}

/** Starts server/main.ts with a relay config and collects everything it writes to stdout and stderr. */
function startServer(relayConfig: string, port: number, env: NodeJS.ProcessEnv = {}): Run {
  const child = spawn(process.execPath, [tsx, 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      DATA_DIR: ':memory:',
      CONSOLE_DIST: dist,
      RELAY_CONFIG: relayConfig,
      NODE_OPTIONS: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolveExit) => child.on('exit', (code) => resolveExit(code)));
  return {
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function waitFor(run: Run, text: string, timeoutMs = 45_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!run.output().includes(text)) {
    if (Date.now() > until) throw new Error(`the server did not print "${text}"; it printed:\n${run.output()}`);
    const exited = await Promise.race([run.exited.then(() => true), new Promise((r) => setTimeout(r, 100))]);
    if (exited === true && !run.output().includes(text)) {
      throw new Error(`the server exited; it printed:\n${run.output()}`);
    }
  }
}

beforeAll(async () => {
  pki = writeTestPki(mkdtempSync(join(tmpdir(), 'server-log-')));
  dist = join(pki.dir, 'dist');
  mkdirSync(dist);
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>');
  // A bank that needs the relay's client certificate; it answers a 401 that echoes nothing.
  bank = createServer(
    {
      cert: readFileSync(pki.serverCert),
      key: readFileSync(pki.serverKey),
      ca: readFileSync(pki.caCert),
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.url?.includes('/drop')) {
          req.socket.destroy(); // the relay then reports a failure of its own
          return;
        }
        res.writeHead(401, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ tppMessages: [{ category: 'ERROR', code: 'PSU_CREDENTIALS_INVALID' }] }));
      });
    },
  );
  await new Promise<void>((done) => bank.listen(0, '127.0.0.1', done));
  bankOrigin = `https://127.0.0.1:${(bank.address() as AddressInfo).port}`;
});

afterAll(async () => {
  bank.closeAllConnections();
  await new Promise((done) => bank.close(done));
});

describe('the server’s output', () => {
  it('holds no passphrase, key, token or password while the relay forwards and fails', async () => {
    const config = join(pki.dir, 'relay.json');
    writeFileSync(
      config,
      JSON.stringify({
        targets: [
          {
            id: 'strict',
            baseUrl: `${bankOrigin}/psd2`,
            tls: { pfx: 'qwac.p12', passphrase: pki.clientP12Passphrase, ca: 'ca.pem' },
            signing: { key: 'qsealc-key.pem', cert: 'qsealc.pem' },
          },
          // A bank that does not answer TLS: the relay's TLS failure.
          { id: 'no-tls', baseUrl: 'https://127.0.0.1:2/psd2', timeoutMs: 2000 },
        ],
      }),
    );
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const run = startServer(config, port);
    try {
      await waitFor(run, 'XS2A Console ready');
      const answers: string[] = [];
      const send = async (path: string, init: RequestInit = {}) => {
        const response = await fetch(`${origin}${path}`, init);
        const text = await response.text();
        answers.push(text);
        return { status: response.status, text };
      };
      const secretHeaders = {
        Authorization: `Bearer ${TOKEN}`,
        'Content-Type': 'application/json',
        'X-Request-ID': '5f0b5a8e-7c44-4d6a-9d3c-1a2b3c4d5e6f',
        'PSU-ID': 'alice',
      };
      const credentials = JSON.stringify({ psuData: { password: PASSWORD } });
      const relayed = (target: string, url: string) => `/relay/${target}?url=${encodeURIComponent(url)}`;

      // Through the relay to the strict bank, with mutual TLS and signing.
      const update = await send(relayed('strict', `${bankOrigin}/psd2/v1/consents/c1/authorisations/a1`), {
        method: 'PUT',
        headers: secretHeaders,
        body: credentials,
      });
      expect(update.status).toBe(401);
      await send(relayed('strict', `${bankOrigin}/psd2/v1/consents/c1/authorisations/a1`), {
        method: 'PUT',
        headers: secretHeaders,
        body: JSON.stringify({ scaAuthenticationData: OTP }),
      });
      // The relay's own failures.
      expect((await send(relayed('strict', `${bankOrigin}/psd2/drop`), { headers: secretHeaders })).status).toBe(502);
      expect(
        (await send(relayed('no-tls', 'https://127.0.0.1:2/psd2/v1/accounts'), { headers: secretHeaders })).status,
      ).toBe(502);
      expect((await send(relayed('strict', 'https://elsewhere.example/x'), { headers: secretHeaders })).status).toBe(
        403,
      );
      expect((await send(relayed('nope', `${bankOrigin}/psd2`), { headers: secretHeaders })).status).toBe(403);
      expect(
        (
          await send(relayed('strict', `${bankOrigin}/psd2/v1/consents`), {
            method: 'POST',
            headers: secretHeaders,
            body: 'x'.repeat(1024 * 1024 + 1),
          })
        ).status,
      ).toBe(413);
      // The embedded sandbox, with the same secrets in headers and bodies, and a body it cannot parse.
      await send('/sandbox/v1/consents/unknown/authorisations/unknown', {
        method: 'PUT',
        headers: secretHeaders,
        body: credentials,
      });
      await send('/sandbox/v1/accounts', { headers: secretHeaders });
      await send('/sandbox/v1/consents', { method: 'POST', headers: secretHeaders, body: `{"password":"${PASSWORD}"` });
      const list = await send('/relay');
      expect(JSON.parse(list.text)).toEqual({
        targets: [
          { id: 'strict', baseUrl: `${bankOrigin}/psd2`, mtls: true, signing: true, alsoAllow: [] },
          { id: 'no-tls', baseUrl: 'https://127.0.0.1:2/psd2', mtls: false, signing: false, alsoAllow: [] },
        ],
      });
      for (const answer of answers) expectNoSecret(answer);
      expect(answers.join('\n')).not.toMatch(/qwac|qsealc|\.p12|\.pem/);
    } finally {
      await run.stop();
    }
    expect(run.output()).toContain('targets: strict (mutual TLS, signing), no-tls');
    expectNoSecret(run.output());
  }, 90_000);

  it('holds no passphrase or key when the relay config is wrong and the server stops', async () => {
    const cases: { name: string; text: string; env?: NodeJS.ProcessEnv; expected: RegExp }[] = [
      {
        name: 'wrong-passphrase.json',
        // The real passphrase with a typo: close to the secret, and still never printed.
        text: JSON.stringify({
          targets: [
            {
              id: 'strict',
              baseUrl: 'https://127.0.0.1:4320/sandbox',
              tls: { pfx: 'qwac.p12', passphrase: `${pki.clientP12Passphrase}x` },
            },
          ],
        }),
        expected: /target strict: tls\.pfx cannot be opened with tls\.passphrase: wrong passphrase/,
      },
      {
        name: 'broken.json',
        text: `{ "targets": [ { "id": "strict", "tls": { "passphrase": "${pki.clientP12Passphrase}" } x ] }`,
        expected: /is not valid JSON/,
      },
      {
        name: 'broken-value.json',
        text: `{ "targets": ${pki.clientP12Passphrase} }`,
        expected: /is not valid JSON/,
      },
      {
        name: 'key-as-cert.json',
        text: JSON.stringify({
          targets: [
            {
              id: 'strict',
              baseUrl: 'https://127.0.0.1:4320/sandbox',
              signing: { key: 'qsealc-key.pem', cert: 'qsealc-key.pem' },
              tls: { cert: 'qwac-key.pem', key: 'qwac-key.pem' },
            },
          ],
        }),
        expected: /target strict: tls\.cert holds no PEM certificate/,
      },
      {
        name: 'passphrase-typed.json',
        text: JSON.stringify({
          targets: [
            { id: 'strict', baseUrl: 'https://127.0.0.1:4320/sandbox', tls: { pfx: 'qwac.p12', passphrase: 12345 } },
          ],
        }),
        expected: /targets\[0\]\.tls\.passphrase /,
      },
    ];
    const port = await freePort();
    const runs = cases.map((testCase) => {
      const file = join(pki.dir, testCase.name);
      writeFileSync(file, testCase.text);
      return { testCase, run: startServer(file, port, testCase.env) };
    });
    for (const { testCase, run } of runs) {
      expect(await run.exited).toBe(1);
      const output = run.output();
      expect(output).toMatch(testCase.expected);
      expect(output.trim().split('\n')).toHaveLength(1);
      expectNoSecret(output);
      expect(output).not.toContain('12345');
    }
  }, 90_000);
});
