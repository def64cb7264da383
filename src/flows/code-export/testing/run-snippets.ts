// Runs generated code with its own language's tools and reports the request it sent, for the property tests:
// JavaScript in V8 (a vm context with a recording fetch), Python in python3 with a recording `requests`, a curl line in
// bash with a recording `curl`, Java with the JDK's source launcher against a real HTTP server. Nothing reaches a
// network: the recorders answer 200 with an empty JSON object.
import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import vm from 'node:vm';

/** The request a program sent, as the recorder saw it. */
export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The body as text, when the program sent text. */
  bodyText?: string;
  /** The body as a value, when the program handed the client a value to serialise (Python's `json=`). */
  bodyValue?: unknown;
}

export interface RunResult {
  /** Whether the program parsed, ran and ended normally. */
  ok: boolean;
  error?: string;
  requests: SentRequest[];
  /** Whether the program touched the marker a hostile value would set (`globalThis.pwned`). */
  pwned?: boolean;
}

function run(command: string, args: string[], input?: string, timeout = 60_000) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(command, args, { timeout, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
    if (input !== undefined) child.stdin?.end(input);
  });
}

/**
 * A JavaScript snippet (a script or a module's body with top-level await) in a V8 context of its own, with a
 * recording `fetch` and no `process`, `require` or import: a value that broke out of its literal could do nothing but
 * fail or set the marker.
 */
export async function runJavaScript(code: string): Promise<RunResult> {
  const requests: SentRequest[] = [];
  const context = vm.createContext({
    console: { log: () => undefined, error: () => undefined },
    fetch: (url: unknown, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) => {
      requests.push({
        method: init.method ?? 'GET',
        url: String(url),
        headers: { ...init.headers },
        ...(typeof init.body === 'string' && { bodyText: init.body }),
      });
      return Promise.resolve({
        ok: true,
        status: 200,
        headers: new Map(),
        text: () => Promise.resolve('{}'),
        json: () => Promise.resolve({}),
      });
    },
  });
  try {
    const script = new vm.Script(`(async () => {\n${code}\n})()`, { filename: 'snippet.js' });
    await (script.runInContext(context, { timeout: 5000 }) as Promise<unknown>);
    return { ok: true, requests, pwned: 'pwned' in context };
  } catch (error) {
    return { ok: false, error: String(error), requests, pwned: 'pwned' in context };
  }
}

const PYTHON_RUNNER = String.raw`
import contextlib, io, json, sys, types
sources = json.load(sys.stdin)
results = []
for source in sources:
    requests_sent = []
    class Response:
        status_code = 200
        text = "{}"
        headers = {}
        def json(self):
            return {}
    def request(method, url, **options):
        sent = {"method": method, "url": url, "headers": dict(options.get("headers") or {})}
        if "json" in options:
            sent["bodyValue"] = options["json"]
        data = options.get("data")
        if isinstance(data, bytes):
            data = data.decode("utf-8", "surrogatepass")
        if data is not None:
            sent["bodyText"] = data
        requests_sent.append(sent)
        return Response()
    module = types.ModuleType("requests")
    module.request = request
    for name in ("get", "post", "put", "delete", "patch", "head"):
        setattr(module, name, (lambda verb: lambda url, **options: request(verb, url, **options))(name.upper()))
    sys.modules["requests"] = module
    try:
        code = compile(source, "snippet.py", "exec")
        with contextlib.redirect_stdout(io.StringIO()):
            exec(code, {"__name__": "__main__"})
        results.append({"ok": True, "requests": requests_sent})
    except BaseException as error:
        results.append({"ok": False, "error": repr(error), "requests": requests_sent})
print(json.dumps(results))
`;

/** Python snippets, each compiled and run by python3 with a recording `requests` module, in one process. */
export async function runPython(sources: readonly string[]): Promise<RunResult[]> {
  const { code, stdout, stderr } = await run('python3', ['-c', PYTHON_RUNNER], JSON.stringify(sources));
  if (code !== 0) throw new Error(`python3 ended with ${code}: ${stderr}`);
  return JSON.parse(stdout) as RunResult[];
}

/** Reads a recorded curl command line back into the request it sends. */
function curlRequest(args: string[], stdin: string): SentRequest {
  const sent: SentRequest = { method: 'GET', url: '', headers: {} };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    const next = args[i + 1] ?? '';
    if (arg === '--request' || arg === '-X') sent.method = next;
    else if (arg === '--url') sent.url = next;
    else if (arg === '--header' || arg === '-H') {
      const colon = next.indexOf(':');
      sent.headers[next.slice(0, colon)] = next.slice(colon + 1).replace(/^ /, '');
    } else if (/^(--data|--data-raw|--data-binary|-d)$/.test(arg)) {
      sent.bodyText = next === '@-' ? stdin.replace(/\n$/, '') : next;
      if (sent.method === 'GET') sent.method = 'POST';
    } else if (!arg.startsWith('-') && sent.url === '') sent.url = arg;
    else continue;
    if (arg.startsWith('-')) i += 1;
  }
  return sent;
}

/**
 * curl snippets, each sourced by bash in a subshell of its own with a recording `curl` function (its arguments and
 * standard input written to files): nothing in a value may expand, run or end the snippet early.
 */
export function runShell(sources: readonly string[]): Promise<RunResult[]> {
  return inTempFolder('xs2a-curl-', async (folder) => {
    await Promise.all(sources.map((source, index) => writeFile(join(folder, `s${index}.sh`), source)));
    const script = `
curl() { : > "$OUT.args"; for arg in "$@"; do printf '%s\\0' "$arg" >> "$OUT.args"; done; cat > "$OUT.stdin"; }
for i in $(seq 0 ${sources.length - 1}); do
  export OUT="${folder}/r$i"
  ( source "${folder}/s$i.sh" ) < /dev/null > /dev/null 2> "$OUT.err"
  echo $? > "$OUT.code"
done
`;
    const { code, stderr } = await run('bash', ['-c', script]);
    if (code !== 0) throw new Error(`bash ended with ${code}: ${stderr}`);
    return await Promise.all(
      sources.map(async (_, index) => {
        const out = join(folder, `r${index}`);
        const exitCode = Number((await readFile(`${out}.code`, 'utf8')).trim());
        const error = await readFile(`${out}.err`, 'utf8');
        let args: string[] = [];
        let stdin = '';
        try {
          args = (await readFile(`${out}.args`, 'utf8')).split('\0').slice(0, -1);
          stdin = await readFile(`${out}.stdin`, 'utf8');
        } catch {
          // curl was never called
        }
        const requests = args.length > 0 ? [curlRequest(args, stdin)] : [];
        return { ok: exitCode === 0 && error === '', requests, ...(error && { error }) };
      }),
    );
  });
}

/** Whether a command runs here (`javac -version`, `bash --version`…). */
export function commandRuns(command: string, args: string[] = ['--version']): boolean {
  return spawnSync(command, args, { stdio: 'ignore', timeout: 20_000 }).status === 0;
}

/** A local HTTP server that records every request and answers 200 `{}`; `url` is its origin. */
export async function recordingBank() {
  const requests: SentRequest[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers: Record<string, string> = {};
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        headers[request.rawHeaders[i] ?? ''] = request.rawHeaders[i + 1] ?? '';
      }
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers,
        ...(chunks.length > 0 && { bodyText: Buffer.concat(chunks).toString('utf8') }),
      });
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Runs `work` in a new temporary folder, removed afterwards. */
async function inTempFolder<T>(prefix: string, work: (folder: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), prefix));
  try {
    return await work(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A Java snippet (a complete class), compiled and run by the JDK's source launcher; it sends to a real server. */
export function runJava(source: string, className: string): Promise<RunResult> {
  return inTempFolder('xs2a-java-', async (folder) => {
    const file = join(folder, `${className}.java`);
    await writeFile(file, source);
    const { code, stderr } = await run('java', ['-Dfile.encoding=UTF-8', file]);
    return { ok: code === 0, requests: [], ...(code !== 0 && { error: stderr }) };
  });
}

/** A Node module run by node itself (`node file.mjs`), for the snippets meant for Node. */
export function runNode(source: string): Promise<RunResult> {
  return inTempFolder('xs2a-node-', async (folder) => {
    const file = join(folder, 'request.mjs');
    await writeFile(file, source);
    const check = await run(process.execPath, ['--check', file]);
    if (check.code !== 0) return { ok: false, error: check.stderr, requests: [] };
    const { code, stderr } = await run(process.execPath, [file]);
    return { ok: code === 0, requests: [], ...(code !== 0 && { error: stderr }) };
  });
}
