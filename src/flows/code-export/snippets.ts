// Code in the languages TPP developers use, generated from a HAR request by httpsnippet. The generator loads on
// demand, so it never enters the console's first load.
import { harRequest, type RequestParts } from './har-request';

export const codeLanguages = [
  { id: 'curl', label: 'curl', target: 'shell', client: 'curl', extension: 'sh' },
  { id: 'fetch', label: 'JavaScript fetch', target: 'javascript', client: 'fetch', extension: 'js' },
  { id: 'node', label: 'Node.js', target: 'node', client: 'fetch', extension: 'mjs' },
  { id: 'python', label: 'Python requests', target: 'python', client: 'requests', extension: 'py' },
  { id: 'java', label: 'Java (java.net.http)', target: 'java', client: 'nethttp', extension: 'java' },
  { id: 'csharp', label: 'C# HttpClient', target: 'csharp', client: 'httpclient', extension: 'cs' },
] as const;

export type CodeLanguage = (typeof codeLanguages)[number]['id'];

/** The snippet of `request` in `language`. */
export async function snippetFor(request: RequestParts, language: CodeLanguage): Promise<string> {
  const { HTTPSnippet } = await import('@readme/httpsnippet');
  const spec = codeLanguages.find((candidate) => candidate.id === language) ?? codeLanguages[0];
  const har = harRequest(request);
  // The generator's type wants postData on every request; without a body it writes none.
  const snippet = new HTTPSnippet({ ...har, postData: har.postData ?? { mimeType: 'application/octet-stream' } });
  const converted = snippet.convert(spec.target, spec.client);
  const text = Array.isArray(converted) ? converted[0] : converted;
  if (typeof text !== 'string') throw new Error(`No ${spec.label} code could be made for this request.`);
  return text;
}
