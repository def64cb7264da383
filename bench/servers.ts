// The servers the bench starts: the built sandbox on a SQLite file, the bare node:http baseline and the built console,
// each in a process of its own, all stopped at the end even when the bench fails.
import { freePort, startServer, type ServerProcess } from './processes';

export const PREFIX = '/sandbox';

const running = new Set<ServerProcess>();

/** Stops a server with SIGTERM and says so when it did not end cleanly. */
export async function stop(server: ServerProcess, name: string): Promise<void> {
  running.delete(server);
  const end = await server.stop();
  if (end.killed || end.code !== 0) {
    console.log(
      `note: ${name} did not stop cleanly on SIGTERM (exit ${end.code ?? end.signal}${end.killed ? ', killed' : ''})`,
    );
  }
}

/** Stops whatever is still running (after a failure). */
export async function stopAll(): Promise<void> {
  for (const leftover of [...running]) await stop(leftover, 'leftover server');
}

async function started(server: Promise<ServerProcess>): Promise<ServerProcess> {
  const process = await server;
  running.add(process);
  return process;
}

export interface RunningSandbox {
  server: ServerProcess;
  /** The bank's base_url (with its prefix). */
  base: string;
}

/** The built sandbox entry point (as `npm run sandbox` runs it) on a file-backed SQLite database in `dataDir`. */
export async function startSandbox(dataDir: string): Promise<RunningSandbox> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}${PREFIX}`;
  const args = ['build/server/sandbox-main.js', '--port', String(port), '--host', '127.0.0.1'];
  const server = await started(
    startServer({
      args: [...args, '--prefix', PREFIX, '--data-dir', dataDir],
      env: { DATABASE_URL: '' },
      readyLine: /Sandbox bank ready\. base_url: /,
      probeUrl: `${base}/health`,
    }),
  );
  return { server, base };
}

/** The baseline: plain node:http answering `body` to every request. */
export async function startBare(body: string): Promise<{ server: ServerProcess; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const server = await started(
    startServer({
      args: ['bench/bare-server.ts'],
      env: { BENCH_PORT: String(port), BENCH_BODY: body },
      readyLine: /Bare server ready/,
      probeUrl: url,
    }),
  );
  return { server, url };
}

/** The built console (`npm start`'s server, in-memory sandbox), serving the console built into `dist`. */
export async function startConsole(dist = 'dist'): Promise<{ server: ServerProcess; origin: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await started(
    startServer({
      args: ['build/server/main.js'],
      env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: ':memory:', DATABASE_URL: '', CONSOLE_DIST: dist },
      readyLine: /XS2A Console ready/,
      probeUrl: `${origin}/`,
    }),
  );
  return { server, origin };
}
