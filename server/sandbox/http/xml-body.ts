// Reading the body of a pain.001 payment product: the XML document (application/xml) of a single payment or a bulk,
// and the multipart/form-data of a standing order (its pain.001 in `xml_sct`, its schedule in
// `json_standingorderType`). What is read becomes the JSON initiation body the domain checks (domain/pain001.ts).
import type { Context } from 'hono';
import { pain001Body, readPain001 } from '../domain/pain001';
import { BankError, formatError } from '../rules/bank-error';
import type { Env } from './respond';
import { MAX_JSON_DEPTH, nestedDeeperThan } from './validation';

/** A pain.001 initiation as read: the document as sent, and the JSON initiation body it orders. */
export interface XmlInitiation {
  document: string;
  body: object;
}

const XML_TYPE = /^(application|text)\/([a-z0-9.+-]+\+)?xml\b/;
const MULTIPART_TYPE = /^multipart\/form-data\b/;

const wrongType = (wanted: string, type: string) =>
  new BankError('FORMAT_ERROR', `Send the body as Content-Type: ${wanted}${type ? `, not ${type}` : ''}.`, {
    status: 415,
  });

function utf8(bytes: Uint8Array, what: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw formatError(`${what} is not UTF-8 text.`);
  }
}

/** A multipart part's text, whether it came as a field or as a file. */
async function partText(form: FormData, name: string): Promise<string | undefined> {
  const value = form.get(name);
  if (value === null) return undefined;
  return typeof value === 'string' ? value : utf8(new Uint8Array(await value.arrayBuffer()), `The ${name} part`);
}

function parseStandingOrder(text: string): unknown {
  if (nestedDeeperThan(text, MAX_JSON_DEPTH)) {
    throw formatError(`The json_standingorderType part is nested deeper than ${MAX_JSON_DEPTH} levels.`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const detail = error instanceof Error ? `: ${error.message}` : '';
    throw formatError(`The json_standingorderType part is not valid JSON${detail}.`, 'json_standingorderType');
  }
}

/**
 * The pain.001 initiation of `service`: XML for payments and bulk payments, multipart/form-data for periodic payments.
 * A body of another type is refused with 415, anything unreadable with 400 FORMAT_ERROR.
 */
export async function readXmlInitiation(c: Context<Env>, service: string): Promise<XmlInitiation> {
  const type = (c.req.header('Content-Type') ?? '').toLowerCase();
  const bytes = await c.req.bytes();
  if (service !== 'periodic-payments') {
    if (!XML_TYPE.test(type)) throw wrongType('application/xml (a pain.001 document)', type);
    const document = utf8(bytes, 'The pain.001 document');
    return { document, body: pain001Body(service, readPain001(document)) };
  }
  if (!MULTIPART_TYPE.test(type)) {
    throw wrongType('multipart/form-data (parts xml_sct and json_standingorderType)', type);
  }
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), {
      headers: { 'Content-Type': c.req.header('Content-Type') ?? '' },
    }).formData();
  } catch {
    throw formatError('The multipart/form-data body cannot be read.');
  }
  const document = await partText(form, 'xml_sct');
  if (document === undefined) throw formatError('The body lacks its xml_sct part (the pain.001 document).', 'xml_sct');
  const schedule = await partText(form, 'json_standingorderType');
  if (schedule === undefined) {
    throw formatError('The body lacks its json_standingorderType part (the standing order).', 'json_standingorderType');
  }
  return { document, body: pain001Body(service, readPain001(document), parseStandingOrder(schedule)) };
}
