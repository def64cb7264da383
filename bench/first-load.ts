// `npx tsx bench/first-load.ts`: the console built into a folder of its own (so a running `npm start` keeps its dist/)
// and served with its sandbox as `npm start` serves it; prints each page's first-load JavaScript (gzip), its time to
// heading and its scripts, and checks each against the budget. `npm run bench` measures the same pages among its figures.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUDGET_ROUTES, firstLoadChecks } from './checks';
import { launchChromium, measurePagesWithResources, measureFirstLoads, printFirstLoads } from './console-load';
import { repoRoot } from './processes';
import { checkLine } from './report';
import { startConsole, stop, stopAll } from './servers';

function run(command: string, args: string[]) {
  const done = spawnSync(command, args, { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  if (done.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${done.status ?? done.signal}).`);
}

async function main() {
  const dist = await mkdtemp(join(tmpdir(), 'xs2a-first-load-'));
  try {
    run('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn']);
    run('npm', ['run', '--silent', 'build:server']);
    const { server, origin } = await startConsole(dist);
    const browser = await launchChromium();
    try {
      const loads = await measureFirstLoads(browser, origin, BUDGET_ROUTES);
      printFirstLoads(loads);
      const withResources = await measurePagesWithResources(browser, origin);
      printFirstLoads(withResources, 'A payment, a consent and an account the bank knows (consent active)');
      console.log('');
      for (const check of firstLoadChecks([...loads, ...withResources])) console.log(checkLine(check));
    } finally {
      await browser.close();
      await stop(server, 'console server');
    }
  } finally {
    await stopAll();
    await rm(dist, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
