// What the bank should refuse in a draft, found before it is sent: the explorer marks it and sends it all the same
// (seeing how a bank handles a wrong request is part of exploring it).
import {
  operations,
  parseStartAuthorisationBody,
  parseUpdatePsuDataBody,
  PaymentService,
  queryParameters,
  requestHeaders,
  requestSchemaFor,
} from '../../../xs2a';
import { draftHeaders, type RequestDraft } from './request-draft';

export interface Finding {
  /** 'path:<variable>', 'query:<name>', 'header:<name>' (lower case) or 'body'. */
  at: string;
  message: string;
  /** 'refuse': the bank should refuse the request; 'note': allowed, but worth knowing. */
  level: 'refuse' | 'note';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IPV4 = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** HTTP's own headers, which 1.3.12 does not list per operation. */
const HTTP_HEADERS = new Set(['accept', 'content-type', 'authorization']);

function headerFindings(draft: RequestDraft): Finding[] {
  const findings: Finding[] = [];
  const sent = new Map(Object.entries(draftHeaders(draft)).map(([name, value]) => [name.toLowerCase(), value.trim()]));
  const listed = requestHeaders[draft.operation];
  for (const header of listed) {
    const at = `header:${header.name.toLowerCase()}`;
    const value = sent.get(header.name.toLowerCase());
    if (header.required && !value) {
      findings.push({
        at,
        level: 'refuse',
        message: `1.3.12 requires ${header.name}: the bank should answer FORMAT_ERROR.`,
      });
    }
  }
  const requestId = sent.get('x-request-id');
  if (requestId && !UUID.test(requestId)) {
    findings.push({ at: 'header:x-request-id', level: 'refuse', message: 'X-Request-ID must be a UUID.' });
  }
  const ip = sent.get('psu-ip-address');
  if (ip && !IPV4.test(ip)) {
    findings.push({ at: 'header:psu-ip-address', level: 'refuse', message: 'PSU-IP-Address must be an IPv4 address.' });
  }
  const known = new Set(listed.map((header) => header.name.toLowerCase()));
  for (const name of sent.keys()) {
    if (!known.has(name) && !HTTP_HEADERS.has(name)) {
      findings.push({ at: `header:${name}`, level: 'note', message: 'Not a 1.3.12 header of this operation.' });
    }
  }
  return findings;
}

function queryFindings(draft: RequestDraft): Finding[] {
  const findings: Finding[] = [];
  const listed = queryParameters[draft.operation] ?? [];
  const sent = new Map(draft.query.filter((row) => row.name.trim()).map((row) => [row.name.trim(), row.value.trim()]));
  for (const parameter of listed) {
    const at = `query:${parameter.name}`;
    const value = sent.get(parameter.name);
    if (value === undefined || value === '') {
      if (parameter.required) findings.push({ at, level: 'refuse', message: `1.3.12 requires ${parameter.name}.` });
      continue;
    }
    if (parameter.values && !parameter.values.includes(value)) {
      findings.push({ at, level: 'refuse', message: `One of ${parameter.values.join(', ')}.` });
    } else if (parameter.format === 'date' && !DATE.test(value)) {
      findings.push({ at, level: 'refuse', message: 'A date as YYYY-MM-DD.' });
    } else if (parameter.format === 'boolean' && value !== 'true' && value !== 'false') {
      findings.push({ at, level: 'refuse', message: 'true or false.' });
    }
  }
  const delta = sent.get('deltaList') === 'true' || Boolean(sent.get('entryReferenceFrom'));
  if (
    draft.operation === 'getTransactionList' &&
    !sent.get('dateFrom') &&
    !delta &&
    sent.get('bookingStatus') !== 'information'
  ) {
    findings.push({
      at: 'query:dateFrom',
      level: 'refuse',
      message:
        '1.3.12 mandates dateFrom unless a delta (deltaList, entryReferenceFrom) or bookingStatus information is asked for.',
    });
  }
  for (const name of sent.keys()) {
    if (!listed.some((parameter) => parameter.name === name)) {
      findings.push({ at: `query:${name}`, level: 'note', message: 'Not a 1.3.12 query parameter of this operation.' });
    }
  }
  return findings;
}

function bodyFindings(draft: RequestDraft): Finding[] {
  const spec = operations[draft.operation];
  const kind = 'requestBody' in spec ? spec.requestBody : undefined;
  const text = draft.bodyText.trim();
  const refuse = (message: string): Finding[] => [{ at: 'body', level: 'refuse', message }];
  if (!kind) return text ? refuse('This operation takes no body in 1.3.12.') : [];
  if (!text) return kind === 'startAuthorisation' ? [] : refuse('1.3.12 requires a body here.');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    return refuse(`The body is not valid JSON: ${(error as Error).message}`);
  }
  if (kind === 'startAuthorisation' || kind === 'updatePsuData') {
    const result = kind === 'startAuthorisation' ? parseStartAuthorisationBody(body) : parseUpdatePsuDataBody(body);
    return result.success ? [] : refuse(`${result.error.path || '(body)'}: ${result.error.message}`);
  }
  const service = PaymentService.safeParse(draft.pathValues['payment-service']);
  if (kind === 'payment' && !service.success) return [];
  const schema = requestSchemaFor(draft.operation, service.data);
  const result = schema?.safeParse(body);
  if (!result || result.success) return [];
  return result.error.issues.map((issue) => ({
    at: 'body',
    level: 'refuse' as const,
    message: `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`,
  }));
}

function pathFindings(draft: RequestDraft): Finding[] {
  const findings: Finding[] = [];
  for (const [variable, value] of Object.entries(draft.pathValues)) {
    const at = `path:${variable}`;
    if (!value.trim()) findings.push({ at, level: 'refuse', message: 'Empty: the path names no resource.' });
    else if (variable === 'payment-service' && !PaymentService.safeParse(value).success) {
      findings.push({ at, level: 'refuse', message: `One of ${PaymentService.options.join(', ')}.` });
    }
  }
  return findings;
}

/** Everything the bank should refuse or may not expect in the draft, before it is sent. */
export function draftFindings(draft: RequestDraft): Finding[] {
  return [...pathFindings(draft), ...queryFindings(draft), ...headerFindings(draft), ...bodyFindings(draft)];
}
