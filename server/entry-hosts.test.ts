// The real entry points (`npm start`'s server/main.ts and `npm run sandbox`'s server/sandbox-main.ts, each in its own
// process) answer only the host names they serve: a page on a rebound DNS name gets a plain 421, never the app, while
// loopback names and the names in ALLOWED_HOSTS work.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');

function freePort(): Promise<number> {
  return new Promise((resolvePort) => {
    const server = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}

interface Run {
  ready: Promise<void>;
  stop: () => Promise<void>;
}

function start(entry: string, port: number, env: NodeJS.ProcessEnv): Run {
  const child = spawn(process.execPath, [tsx, entry], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), DATA_DIR: ':memory:', NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolveExit) => child.on('exit', () => resolveExit()));
  const ready = new Promise<void>((resolveReady, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (/XS2A Console ready|Sandbox bank ready/.test(output)) resolveReady();
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    void exited.then(() => reject(new Error(`${entry} exited: ${output}`)));
  });
  return {
    ready,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A request with the Host header a browser would send for `host`. */
function get(port: number, host: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolveAnswer, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { Host: host, ...headers } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolveAnswer({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

let consolePort: number;
let sandboxPort: number;
let consoleRun: Run;
let sandboxRun: Run;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'entry-hosts-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>XS2A Console</title>');
  [consolePort, sandboxPort] = await Promise.all([freePort(), freePort()]);
  consoleRun = start('server/main.ts', consolePort, { CONSOLE_DIST: dist, ALLOWED_HOSTS: 'console.example' });
  sandboxRun = start('server/sandbox-main.ts', sandboxPort, { ALLOWED_HOSTS: '.bank.example' });
  await Promise.all([consoleRun.ready, sandboxRun.ready]);
}, 60_000);

afterAll(async () => {
  await Promise.all([consoleRun.stop(), sandboxRun.stop()]);
});

describe('npm start’s server', () => {
  it('answers a rebound host name with 421 on every path, never the console, the sandbox or the relay', async () => {
    const rebound = `rebind.attacker.example:${consolePort}`;
    for (const path of ['/', '/payments', '/sandbox/health', '/relay']) {
      const answer = await get(consolePort, rebound, path, {
        Origin: `http://${rebound}`,
        'Sec-Fetch-Site': 'same-origin',
      });
      expect(answer.status, path).toBe(421);
      expect(answer.headers['content-type']).toMatch(/^text\/plain/);
      expect(answer.body).not.toContain('XS2A Console');
    }
  });

  it('serves its loopback names on its port and ALLOWED_HOSTS, with the console page’s headers', async () => {
    for (const host of [`127.0.0.1:${consolePort}`, `localhost:${consolePort}`, 'console.example']) {
      const answer = await get(consolePort, host, '/');
      expect(answer.status, host).toBe(200);
      expect(answer.body).toContain('XS2A Console');
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(answer.headers['x-frame-options']).toBe('DENY');
    }
  });
});

describe('npm run sandbox', () => {
  it('answers a rebound host name with 421, and its loopback names and ALLOWED_HOSTS with the bank', async () => {
    expect((await get(sandboxPort, `rebind.attacker.example:${sandboxPort}`, '/sandbox/health')).status).toBe(421);
    expect((await get(sandboxPort, `localhost:${sandboxPort}`, '/sandbox/health')).status).toBe(200);
    expect((await get(sandboxPort, 'psd2.bank.example', '/sandbox/health')).status).toBe(200);
  });
});
