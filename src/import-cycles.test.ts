// The import-cycle check of `npm run check` (oxlint's import/no-cycle with the project's .oxlintrc.json): a cycle
// written into a folder of its own is reported, through two modules or three, and a chain without one is not.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Lints modules (name → what it imports) in a fresh folder; the names of the files oxlint reports a cycle in. */
function cyclesIn(modules: Record<string, string[]>): string[] {
  const folder = mkdtempSync(join(tmpdir(), 'xs2a-cycles-'));
  folders.push(folder);
  for (const [name, imports] of Object.entries(modules)) {
    const lines = imports.map((target, i) => `import { value as v${i} } from './${target}';`);
    const uses = imports.map((_, i) => `v${i}`).join(', ');
    writeFileSync(join(folder, `${name}.ts`), `${lines.join('\n')}\nexport const value = () => [${uses}];\n`);
  }
  const run = spawnSync('npx', ['oxlint', '-c', '.oxlintrc.json', '--format', 'json', folder], { encoding: 'utf8' });
  const report = JSON.parse(run.stdout) as { diagnostics: { code: string; filename: string }[] };
  return report.diagnostics
    .filter((d) => d.code.includes('no-cycle'))
    .map((d) => d.filename.replace(/^.*[\\/]/, ''))
    .sort();
}

describe('the import-cycle check', () => {
  it('reports a cycle through two modules and through three', () => {
    expect(cyclesIn({ a: ['b'], b: ['a'] })).toEqual(['a.ts', 'b.ts']);
    expect(cyclesIn({ a: ['b'], b: ['c'], c: ['a'] })).toEqual(['a.ts', 'b.ts', 'c.ts']);
  });

  it('lets a chain without a cycle pass', () => {
    expect(cyclesIn({ a: ['b', 'c'], b: ['c'], c: [] })).toEqual([]);
  });
});
