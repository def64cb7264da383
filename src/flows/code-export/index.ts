// Copy as code: a request as curl, fetch, Node, Python, Java or C#, for the explorer and the inspector.
export { CodeExport, type CodeExportProps } from './code-export';
export { codeRequest, type CodeRequestOptions } from './code-request';
export {
  byteLength,
  harRequest,
  headerValue,
  nameValues,
  requestBodyText,
  type HarNameValue,
  type HarRequest,
  type RequestParts,
} from './har-request';
export { codeLanguages, snippetFor, type CodeLanguage } from './snippets';
