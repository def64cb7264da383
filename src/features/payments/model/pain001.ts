// The pain.001 payment products in the console: the document written from the payment form (or the bulk's table), a
// document read back in plain words (the browser's DOMParser: well-formedness, then the fields a bank reads), a standing
// order's multipart body, and a payment read's multipart answer taken apart. Loaded with the XML editor, on demand.
import type { SentDocument } from '../../../api';
import { decimalSum, PAIN001_NAMESPACE, writePain001, type Pain001Transfer } from '../../../xs2a/pain001';
import type { BulkFormValues } from './bulk-payment-form';
import { buildPaymentBody, type FormPaymentProduct, type PaymentFormValues } from './payment-form';

const compactIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();

/** The members of a standing order's JSON part (json_standingorderType). */
const scheduleMembers = ['startDate', 'endDate', 'executionRule', 'frequency', 'dayOfExecution', 'monthsOfExecution'];

/** What a template is written from: the payment form's values, or the bulk's table. */
export type TemplateSource = (
  | { service: 'payments' | 'periodic-payments'; values: PaymentFormValues }
  | { service: 'bulk-payments'; bulk: BulkFormValues }
) & {
  /** The debtor's name: the test PSU's, when one was chosen. */
  debtorName?: string | undefined;
};

/** A pain.001 document filled from the form (today as its execution date when the form names none). */
export function pain001Template(source: TemplateSource, today: string, now = new Date()): string {
  const transfers: Pain001Transfer[] =
    source.service === 'bulk-payments'
      ? source.bulk.rows.map((row) => ({
          amount: row.amount.trim() || '0.00',
          currency: row.currency.trim() || 'EUR',
          creditorName: row.creditorName.trim(),
          creditorIban: compactIban(row.creditorIban),
          remittance: row.remittance.trim() || undefined,
        }))
      : [
          {
            endToEndId: source.values.endToEndIdentification.trim() || undefined,
            amount: source.values.amount.trim() || '0.00',
            currency: source.values.currency.trim() || 'EUR',
            creditorName: source.values.creditorName.trim(),
            creditorIban: compactIban(source.values.creditorIban),
            creditorAgent: source.values.creditorAgent.trim().toUpperCase() || undefined,
            remittance: source.values.remittanceInformationUnstructured.trim() || undefined,
          },
        ];
  const debtorIban = source.service === 'bulk-payments' ? source.bulk.debtorIban : source.values.debtorIban;
  const date = source.service === 'bulk-payments' ? source.bulk.requestedExecutionDate.trim() : '';
  const stamp = now.toISOString();
  return writePain001({
    messageId: `MSG-${stamp.replace(/\D/g, '').slice(0, 14)}`,
    createdAt: stamp.slice(0, 19),
    debtorIban: compactIban(debtorIban),
    debtorName: source.debtorName,
    requestedExecutionDate: date || today,
    ...(source.service === 'bulk-payments' && { batchBooking: source.bulk.batchBookingPreferred }),
    transfers,
  });
}

/** A standing order's json_standingorderType part: the schedule members of the form's periodic body. */
export function standingOrderPart(values: PaymentFormValues, product: FormPaymentProduct): Record<string, unknown> {
  const body = buildPaymentBody(values, 'periodic-payments', product) as Record<string, unknown>;
  return Object.fromEntries(scheduleMembers.flatMap((key) => (body[key] === undefined ? [] : [[key, body[key]]])));
}

/** A multipart/form-data body of text parts, written as its text with a fresh boundary. */
export function multipartDocument(parts: readonly { name: string; type: string; text: string }[]): SentDocument {
  const boundary = `xs2a-console-${crypto.randomUUID()}`;
  const text = parts
    .map(
      (part) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\nContent-Type: ${part.type}\r\n\r\n${part.text}\r\n`,
    )
    .join('');
  return { text: `${text}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The body a pain.001 product sends: the document, or a standing order's multipart with its schedule. */
export function pain001Request(
  service: string,
  xml: string,
  schedule: Record<string, unknown> | undefined,
): SentDocument {
  if (service !== 'periodic-payments') return { text: xml, contentType: 'application/xml' };
  return multipartDocument([
    { name: 'xml_sct', type: 'application/xml', text: xml },
    { name: 'json_standingorderType', type: 'application/json', text: JSON.stringify(schedule ?? {}) },
  ]);
}

/** The named parts of a multipart/form-data answer, read as text; undefined when it cannot be taken apart. */
export function multipartParts(text: string, contentType: string): Record<string, string> | undefined {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return undefined;
  const parts: Record<string, string> = {};
  for (const chunk of text.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break;
    const split = chunk.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = chunk.slice(0, split);
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    if (name !== undefined) parts[name] = chunk.slice(split + 4).replace(/\r\n$/, '');
  }
  return parts;
}

/** One credit transfer as a document orders it, read for display. */
export interface TransferWords {
  creditorName: string;
  creditorIban: string;
  amount: string;
  currency: string;
  remittance: string;
}

/** A pain.001 document read back: what it orders, and what a bank would object to. */
export interface Pain001Reading {
  namespace: string;
  debtorName: string;
  debtorIban: string;
  requestedExecutionDate: string;
  transfers: TransferWords[];
  /** The sum of the amounts, per currency. */
  totals: { currency: string; amount: string }[];
  /** What does not add up, in plain words (counts, sums, missing fields, another namespace). */
  problems: string[];
}

export type Pain001Check = { ok: true; reading: Pain001Reading } | { ok: false; error: string };

/** The text of the first element at a path of local names under `from`. */
function textAt(from: Element | undefined, ...path: string[]): string {
  let at: Element | undefined = from;
  for (const name of path) at = at ? [...at.children].find((c) => c.localName === name) : undefined;
  return at?.textContent?.trim() ?? '';
}

const all = (from: Element | undefined, name: string) =>
  from ? [...from.children].filter((c) => c.localName === name) : [];

/** Why a text is not well-formed XML, in plain words; undefined when it is. */
export function wellFormedError(text: string): string | undefined {
  if (text.trim() === '') return 'The XML is empty. Write the pain.001 document, or fill it from the form.';
  if (/<!DOCTYPE/i.test(text)) return 'The XML has a DOCTYPE. Banks refuse document type declarations and entities.';
  const parsed = new DOMParser().parseFromString(text, 'application/xml');
  const error = parsed.getElementsByTagName('parsererror')[0];
  if (!error) return undefined;
  const detail = (error.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 300);
  return `The XML is not well-formed: ${detail || 'the browser could not read it.'}`;
}

function problemsOf(
  root: Element,
  initiation: Element | undefined,
  info: Element | undefined,
  transfers: readonly TransferWords[],
): string[] {
  const problems: string[] = [];
  if (
    root.namespaceURI !== PAIN001_NAMESPACE &&
    !root.namespaceURI?.startsWith('urn:iso:std:iso:20022:tech:xsd:pain.001.')
  ) {
    problems.push(`The document is in the namespace "${root.namespaceURI ?? 'none'}", not a pain.001 one.`);
  }
  const header = all(initiation, 'GrpHdr')[0];
  for (const [where, at] of [
    ['GrpHdr', header],
    ['PmtInf', info],
  ] as const) {
    const count = textAt(at, 'NbOfTxs');
    if (count !== String(transfers.length)) {
      problems.push(`${where}/NbOfTxs says ${count || 'nothing'}, but the document orders ${transfers.length}.`);
    }
    const sum = textAt(at, 'CtrlSum');
    const total = decimalSum(transfers.map((t) => t.amount));
    if (sum && Number(sum) !== Number(total))
      problems.push(`${where}/CtrlSum says ${sum}, but the amounts add up to ${total}.`);
  }
  transfers.forEach((t, index) => {
    const missing = [
      ...(t.creditorName ? [] : ['the creditor name']),
      ...(t.creditorIban ? [] : ['the creditor IBAN']),
      ...(t.amount ? [] : ['the amount']),
    ];
    if (missing.length > 0) problems.push(`Payment ${index + 1} lacks ${missing.join(', ')}.`);
  });
  return problems;
}

/** A pain.001 document checked for well-formedness and read back: the fields a bank reads, and what does not add up. */
export function readPain001Document(text: string): Pain001Check {
  const error = wellFormedError(text);
  if (error) return { ok: false, error };
  const root = new DOMParser().parseFromString(text, 'application/xml').documentElement;
  const initiation = all(root, 'CstmrCdtTrfInitn')[0];
  const infos = all(initiation, 'PmtInf');
  const info = infos[0];
  const transfers = all(info, 'CdtTrfTxInf').map((tx) => {
    const amount = all(all(tx, 'Amt')[0], 'InstdAmt')[0];
    return {
      creditorName: textAt(tx, 'Cdtr', 'Nm'),
      creditorIban: textAt(tx, 'CdtrAcct', 'Id', 'IBAN').replace(/\s+/g, ''),
      amount: amount?.textContent?.trim() ?? '',
      currency: amount?.getAttribute('Ccy') ?? '',
      remittance: textAt(tx, 'RmtInf', 'Ustrd'),
    };
  });
  const currencies = [...new Set(transfers.map((t) => t.currency))];
  const problems = problemsOf(root, initiation, info, transfers);
  if (root.localName !== 'Document' || !initiation) problems.unshift('The document has no Document/CstmrCdtTrfInitn.');
  if (infos.length !== 1) problems.push(`The document has ${infos.length} PmtInf blocks; banks here take exactly one.`);
  const date = all(info, 'ReqdExctnDt')[0];
  return {
    ok: true,
    reading: {
      namespace: root.namespaceURI ?? '',
      debtorName: textAt(info, 'Dbtr', 'Nm'),
      debtorIban: textAt(info, 'DbtrAcct', 'Id', 'IBAN').replace(/\s+/g, ''),
      requestedExecutionDate: (textAt(date, 'Dt') || date?.textContent?.trim()) ?? '',
      transfers,
      totals: currencies.map((currency) => ({
        currency,
        amount: decimalSum(transfers.filter((t) => t.currency === currency).map((t) => t.amount)),
      })),
      problems,
    },
  };
}

/** The payment a document orders as the console's history keeps it (the JSON members of the same initiation). */
export function historyBody(service: string, reading: Pain001Reading): Record<string, unknown> {
  const payment = (t: TransferWords) => ({
    instructedAmount: { currency: t.currency, amount: t.amount },
    creditorAccount: { iban: t.creditorIban },
    creditorName: t.creditorName,
  });
  const debtorAccount = { iban: reading.debtorIban };
  if (service === 'bulk-payments') return { debtorAccount, payments: reading.transfers.map(payment) };
  const [first] = reading.transfers;
  return { debtorAccount, ...(first && payment(first)) };
}
