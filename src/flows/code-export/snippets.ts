// Code in the languages TPP developers use, each a whole program that runs as pasted: curl, JavaScript fetch, Node,
// Python requests, Java (a class with `main`) and C# (a top-level program). Every value of the request goes in as a
// literal of the target language (literals.ts), so a bank's ids, names and texts reach the bank again exactly as
// they were, and nothing in them can end a literal and run.
import { headerValue, requestBodyText, type RequestParts } from './har-request';
import { csharpString, javaString, jsString, pyString, shellQuote, valueLiteral, type ValueLanguage } from './literals';

export const codeLanguages = [
  { id: 'curl', label: 'curl', extension: 'sh' },
  { id: 'fetch', label: 'JavaScript fetch', extension: 'js' },
  { id: 'node', label: 'Node.js', extension: 'mjs' },
  { id: 'python', label: 'Python requests', extension: 'py' },
  { id: 'java', label: 'Java (java.net.http)', extension: 'java' },
  { id: 'csharp', label: 'C# HttpClient', extension: 'cs' },
] as const;

export type CodeLanguage = (typeof codeLanguages)[number]['id'];

/** The Java snippet's class: `java Xs2aRequest.java` runs it. */
export const JAVA_CLASS = 'Xs2aRequest';

/** Headers every client sets itself from the request, and that Java's and browsers' clients refuse to be given. */
const CLIENT_HEADERS = new Set(['host', 'content-length', 'connection', 'expect', 'upgrade', 'transfer-encoding']);

interface Parts {
  method: string;
  url: string;
  headers: [string, string][];
  /** The body as sent, when there is one. */
  text?: string;
  /** The body as a JSON value, when it is one (an object or array the console sent as JSON). */
  json?: unknown;
}

function partsOf(request: RequestParts): Parts {
  const headers = Object.entries(request.headers).filter(([name]) => !CLIENT_HEADERS.has(name.toLowerCase()));
  const text = requestBodyText(request.body);
  const isJson = typeof request.body === 'object' && request.body !== null;
  return {
    method: request.method.toUpperCase(),
    url: request.url,
    headers,
    ...(text !== undefined && { text }),
    ...(isJson && { json: request.body }),
  };
}

/** Indents every line after the first by `pad`, for a literal written inside a block. */
const indentRest = (code: string, pad: string) => code.replace(/\n/g, `\n${pad}`);

function curl(parts: Parts): string {
  const lines = [`curl --request ${shellQuote(parts.method)}`, `  --url ${shellQuote(parts.url)}`];
  for (const [name, value] of parts.headers) lines.push(`  --header ${shellQuote(`${name}: ${value}`)}`);
  if (parts.text !== undefined) lines.push(`  --data-raw ${shellQuote(parts.text)}`);
  // No line break at the end: options typed after a pasted command still belong to it.
  return lines.join(' \\\n');
}

function jsBody(parts: Parts, language: ValueLanguage = 'js'): string | undefined {
  if (parts.text === undefined) return undefined;
  return parts.json === undefined
    ? jsString(parts.text)
    : `JSON.stringify(${indentRest(valueLiteral(parts.json, language), '  ')})`;
}

function jsOptions(parts: Parts): string {
  const headers = parts.headers.map(([name, value]) => `    ${jsString(name)}: ${jsString(value)},`);
  const body = jsBody(parts);
  return [
    '{',
    `  method: ${jsString(parts.method)},`,
    ...(headers.length > 0 ? ['  headers: {', ...headers, '  },'] : []),
    ...(body !== undefined ? [`  body: ${body},`] : []),
    '}',
  ].join('\n');
}

/** For a browser's console or a page's script: no top-level await needed. */
function fetchCode(parts: Parts): string {
  return `fetch(${jsString(parts.url)}, ${jsOptions(parts)})
  .then(async (response) => console.log(response.status, await response.text()))
  .catch((error) => console.error(error));
`;
}

/** For Node.js 18 or later as an ES module (`node request.mjs`). */
function nodeCode(parts: Parts): string {
  return `const response = await fetch(${jsString(parts.url)}, ${jsOptions(parts)});
console.log(response.status);
console.log(await response.text());
`;
}

function pythonCode(parts: Parts): string {
  const headers = parts.headers.map(([name, value]) => `    ${pyString(name)}: ${pyString(value)},`);
  const lines = ['import requests', '', `url = ${pyString(parts.url)}`];
  lines.push(headers.length > 0 ? `headers = {\n${headers.join('\n')}\n}` : 'headers = {}');
  let body = '';
  if (parts.json !== undefined) {
    lines.push(`payload = ${valueLiteral(parts.json, 'python')}`);
    body = ', json=payload';
  } else if (parts.text !== undefined) {
    lines.push(`payload = ${pyString(parts.text)}`);
    body = ', data=payload.encode("utf-8")';
  }
  lines.push(
    '',
    `response = requests.request(${pyString(parts.method)}, url, headers=headers${body})`,
    'print(response.status_code)',
    'print(response.text)',
  );
  return `${lines.join('\n')}\n`;
}

function javaCode(parts: Parts): string {
  const headers = parts.headers.map(([name, value]) => `\n        .header(${javaString(name)}, ${javaString(value)})`);
  const publisher =
    parts.text === undefined
      ? 'HttpRequest.BodyPublishers.noBody()'
      : `HttpRequest.BodyPublishers.ofString(${javaString(parts.text)})`;
  return `import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

public class ${JAVA_CLASS} {
    public static void main(String[] args) throws Exception {
        HttpRequest request = HttpRequest.newBuilder()
        .uri(URI.create(${javaString(parts.url)}))${headers.join('')}
        .method(${javaString(parts.method)}, ${publisher})
        .build();
        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
        System.out.println(response.statusCode());
        System.out.println(response.body());
    }
}
`;
}

function csharpCode(parts: Parts): string {
  const contentType = headerValue(Object.fromEntries(parts.headers), 'content-type');
  const lines = [
    'using System;',
    'using System.Net.Http;',
    'using System.Text;',
    '',
    'using var client = new HttpClient();',
    `using var request = new HttpRequestMessage(new HttpMethod(${csharpString(parts.method)}), ${csharpString(parts.url)});`,
  ];
  for (const [name, value] of parts.headers) {
    if (name.toLowerCase() === 'content-type') continue;
    lines.push(`request.Headers.TryAddWithoutValidation(${csharpString(name)}, ${csharpString(value)});`);
  }
  if (parts.text !== undefined) {
    lines.push(`request.Content = new StringContent(${csharpString(parts.text)}, Encoding.UTF8);`);
    if (contentType !== undefined) {
      lines.push(
        'request.Content.Headers.Remove("Content-Type");',
        `request.Content.Headers.TryAddWithoutValidation("Content-Type", ${csharpString(contentType)});`,
      );
    }
  }
  lines.push(
    'using var response = await client.SendAsync(request);',
    'Console.WriteLine((int)response.StatusCode);',
    'Console.WriteLine(await response.Content.ReadAsStringAsync());',
  );
  return `${lines.join('\n')}\n`;
}

const writers: Record<CodeLanguage, (parts: Parts) => string> = {
  curl,
  fetch: fetchCode,
  node: nodeCode,
  python: pythonCode,
  java: javaCode,
  csharp: csharpCode,
};

/** The snippet of `request` in `language`. */
export function snippetFor(request: RequestParts, language: CodeLanguage): Promise<string> {
  const write = writers[language] ?? curl;
  return Promise.resolve(write(partsOf(request)));
}
