// Runs an exported Playwright test file without Playwright, for the property tests: TypeScript's compiler turns it
// into JavaScript (a syntax error fails), V8 runs it in a context of its own with a stand-in for `@playwright/test`
// (test, test.step, and vitest's expect in place of Playwright's) and a recording fake bank in place of the `request`
// fixture. The context has no require, no file system and a `process` whose exit is only recorded, so a value that
// broke out of its literal could only fail the run or set a marker.
import ts from 'typescript';
import vm from 'node:vm';
import { expect } from 'vitest';

/** A request the test sent. */
export interface SentCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Playwright's `data` or `form`. */
  body?: unknown;
}

/** The fake bank's answer to a request; undefined answers 404. */
export type FakeBank = (
  call: SentCall,
) => { status: number; headers?: Record<string, string>; body?: unknown } | undefined;

export interface ExportedRun {
  /** TypeScript's syntax diagnostics, in words. */
  diagnostics: string[];
  /** The test's titles, as registered. */
  titles: string[];
  ok: boolean;
  error?: string;
  calls: SentCall[];
  pwned: boolean;
  exited: boolean;
  /** What the test printed. */
  logs: string[];
}

function fakeResponse(url: string, answer: ReturnType<FakeBank>) {
  const status = answer?.status ?? 404;
  const text = answer?.body === undefined ? '' : JSON.stringify(answer.body);
  return {
    status: () => status,
    ok: () => status < 400,
    url: () => url,
    headers: () => ({ 'content-type': 'application/json', ...answer?.headers }),
    text: () => Promise.resolve(text),
    json: () => Promise.resolve(answer?.body),
  };
}

function transpiled(text: string) {
  const output = ts.transpileModule(text, {
    reportDiagnostics: true,
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS },
  });
  const diagnostics = (output.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  return { code: output.outputText, diagnostics };
}

/**
 * Compiles and runs `text` (an exported test file) against `bank`, with `env` as its environment; `modules` are the
 * suite's own modules it may import (`./xs2a`), compiled and run in the same context.
 */
export async function runExportedTest(
  text: string,
  bank: FakeBank,
  env: Record<string, string> = {},
  modules: Record<string, string> = {},
): Promise<ExportedRun> {
  const compiled = transpiled(text);
  const own = Object.entries(modules).map(([name, source]) => ({ name, ...transpiled(source) }));
  const diagnostics = [...compiled.diagnostics, ...own.flatMap((module) => module.diagnostics)];
  const run: ExportedRun = { diagnostics, titles: [], ok: false, calls: [], pwned: false, exited: false, logs: [] };
  if (diagnostics.length > 0) return run;

  const tests: { title: string; body: (fixtures: unknown) => Promise<void> }[] = [];
  const test = Object.assign(
    (title: string, body: (fixtures: unknown) => Promise<void>) => {
      tests.push({ title, body });
    },
    {
      step: (_title: string, body: () => Promise<unknown>) => body(),
      setTimeout: () => undefined,
    },
  );
  const send = (method: string, url: string, options: Record<string, unknown> = {}) => {
    const call: SentCall = {
      method: typeof options.method === 'string' ? options.method : method,
      url,
      headers: { ...(options.headers as Record<string, string> | undefined) },
      ...(options.data !== undefined && { body: options.data }),
      ...(options.form !== undefined && { body: options.form }),
    };
    run.calls.push(call);
    return Promise.resolve(fakeResponse(url, bank(call)));
  };
  const request = {
    fetch: (url: string, options?: Record<string, unknown>) => send('GET', url, options),
    get: (url: string, options?: Record<string, unknown>) => send('GET', url, options),
    post: (url: string, options?: Record<string, unknown>) => send('POST', url, options),
    put: (url: string, options?: Record<string, unknown>) => send('PUT', url, options),
    delete: (url: string, options?: Record<string, unknown>) => send('DELETE', url, options),
  };
  const module = { exports: {} };
  const loaded = new Map<string, unknown>();
  const context = vm.createContext({
    module,
    exports: module.exports,
    require: (name: string) => {
      if (name === '@playwright/test') return { test, expect };
      const source = own.find((candidate) => candidate.name === name);
      if (!source) throw new Error(`The exported test may import only @playwright/test, not ${name}`);
      if (!loaded.has(name)) {
        const exports = {};
        loaded.set(name, exports);
        const wrapper = `(function (exports, module) {${source.code}\n})`;
        const run = new vm.Script(wrapper, { filename: `${name}.js` }).runInContext(context) as (
          exports: unknown,
          module: unknown,
        ) => void;
        run(exports, { exports });
      }
      return loaded.get(name);
    },
    process: {
      env,
      exit: () => {
        run.exited = true;
      },
    },
    console: { log: (...words: unknown[]) => run.logs.push(words.join(' ')), error: () => undefined },
    crypto: { randomUUID: () => crypto.randomUUID() },
    URL,
    setTimeout,
  });
  try {
    new vm.Script(compiled.code, { filename: 'exported.spec.js' }).runInContext(context, { timeout: 5000 });
    run.titles = tests.map((entry) => entry.title);
    for (const entry of tests) await entry.body({ request });
    run.ok = true;
  } catch (error) {
    const actual = (error as { actual?: unknown } | null)?.actual;
    run.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    if (actual !== undefined) run.error += ` (actual: ${JSON.stringify(actual)})`;
  }
  run.pwned = 'pwned' in context;
  return run;
}
