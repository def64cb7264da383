// "Export as Playwright suite": the chosen flows as one folder, formatted with Prettier's defaults and packed as a zip.
// Prettier and the zip writer are loaded only here, when the user downloads a suite.
import { exchangeLog, presenterMode, type Exchange } from '../../api';
import { knownSecrets } from '../replay/save-replay';
import { flowTest } from './export-test';
import { suiteFiles, type SuiteFile } from './suite';

/**
 * The parser Prettier formats each of the suite's files with. The JSON files are written as Prettier writes them
 * (suite.ts), which saves loading its JSON parser.
 */
function parserOf(path: string): string | undefined {
  // Babel's TypeScript parser: the same formatting as Prettier's \`typescript\` parser for these files (the e2e test
  // checks the folder with the CLI), at a third of the size to fetch.
  if (path.endsWith('.ts')) return 'babel-ts';
  if (path.endsWith('.md')) return 'markdown';
  if (path.endsWith('.yml')) return 'yaml';
  return undefined;
}

/** The files as Prettier's defaults write them, so `prettier --check .` passes in the folder as it is. */
export async function formatted(files: readonly SuiteFile[]): Promise<SuiteFile[]> {
  const [prettier, babel, estree, markdown, yaml] = await Promise.all([
    import('prettier/standalone'),
    import('prettier/plugins/babel'),
    import('prettier/plugins/estree'),
    import('prettier/plugins/markdown'),
    import('prettier/plugins/yaml'),
  ]);
  const plugins = [babel, estree, markdown, yaml];
  return Promise.all(
    files.map(async (file) => {
      const parser = parserOf(file.path);
      return parser ? { ...file, text: await prettier.format(file.text, { parser, plugins }) } : file;
    }),
  );
}

export interface SuiteInput {
  flows: readonly string[];
  /** The tab's exchanges, oldest first. */
  exchanges: readonly Exchange[];
  secrets?: readonly string[];
  masked?: boolean;
}

/** The suite of `flows`, formatted: one spec per flow (in the order given), the fixture and the project's files. */
export async function playwrightSuite({
  flows,
  exchanges,
  secrets = [],
  masked = false,
}: SuiteInput): Promise<SuiteFile[]> {
  const tests = flows.map((flow) => flowTest({ flow, exchanges, secrets, masked }));
  return formatted(suiteFiles(tests));
}

/** The folder's files as a zip, all under `folder/`. */
export async function zipOf(files: readonly SuiteFile[], folder: string): Promise<Uint8Array> {
  const { strToU8, zipSync } = await import('fflate');
  const entries = Object.fromEntries(files.map((file) => [`${folder}/${file.path}`, strToU8(file.text)]));
  return zipSync(entries, { level: 6, mtime: new Date('2000-01-01T00:00:00Z') });
}

export const SUITE_FOLDER = 'xs2a-tests';

/** Downloads the suite of `flows` as `xs2a-tests.zip`; the flows are kept in the log from then on. */
export async function savePlaywrightSuite(flows: readonly string[]): Promise<{ fileName: string; specs: number }> {
  const files = await playwrightSuite({
    flows,
    exchanges: exchangeLog.list(),
    secrets: knownSecrets(),
    masked: presenterMode.isOn(),
  });
  const zip = await zipOf(files, SUITE_FOLDER);
  const fileName = `${SUITE_FOLDER}.zip`;
  const url = URL.createObjectURL(new Blob([zip.slice().buffer], { type: 'application/zip' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  exchangeLog.keep([...flows]);
  return { fileName, specs: flows.length };
}
