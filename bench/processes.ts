// Servers under test as child processes, spawned with `node` itself (TypeScript through `--import tsx`) so the child's
// pid is the server (`npx tsx` would put a wrapper process in between and hide the server's memory).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { readStatusKb } from './proc-status';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export interface ServerProcess {
  pid: number;
  /** Milliseconds from spawn to the first successful answer of the probe URL. */
  startupMs: number;
  /** Milliseconds from spawn to the line the server prints when it listens. */
  readyLineMs: number;
  /** Peak resident memory (VmHWM) so far, in kB; undefined once the process is gone. */
  peakRssKb(): number | undefined;
  /** Stops the server with SIGTERM (SIGKILL after a grace period); resolves with how it ended. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null; killed: boolean }>;
}

export interface StartOptions {
  /** Script and arguments, relative to the repository root; a .ts script runs through tsx, a .js one as it is. */
  args: string[];
  env?: Record<string, string>;
  /** The line the server prints once it listens. */
  readyLine: RegExp;
  /** Polled from spawn on; the first 2xx answer ends the start-up time. */
  probeUrl: string;
  timeoutMs?: number;
}

/** A port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') throw new Error('Could not find a free port.');
  return address.port;
}

export async function startServer({
  args,
  env,
  readyLine,
  probeUrl,
  timeoutMs = 30_000,
}: StartOptions): Promise<ServerProcess> {
  const started = performance.now();
  const loader = args[0]?.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let readyLineMs: number | undefined;
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (readyLineMs === undefined && readyLine.test(output)) readyLineMs = performance.now() - started;
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = once(child, 'exit');

  const fail = (why: string) => {
    child.kill('SIGKILL');
    return new Error(`${args.join(' ')} ${why}.\n--- its output ---\n${output.trim()}`);
  };
  let startupMs: number | undefined;
  while (startupMs === undefined || readyLineMs === undefined) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw fail(`exited (${child.exitCode ?? child.signalCode})`);
    }
    if (performance.now() - started > timeoutMs) throw fail(`did not start within ${timeoutMs} ms`);
    if (startupMs === undefined && (await answers(probeUrl))) startupMs = performance.now() - started;
    else await sleep(startupMs === undefined ? 2 : 10);
  }
  if (child.pid === undefined) throw fail('has no pid');
  const pid = child.pid;

  return {
    pid,
    startupMs,
    readyLineMs,
    peakRssKb: () => readStatusKb(pid, 'VmHWM'),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const grace = sleep(10_000).then(() => 'timeout' as const);
        if ((await Promise.race([exited, grace])) === 'timeout') {
          child.kill('SIGKILL');
          await exited;
          return { code: child.exitCode, signal: child.signalCode, killed: true };
        }
      }
      return { code: child.exitCode, signal: child.signalCode, killed: false };
    },
  };
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}
