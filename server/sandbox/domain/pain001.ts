// pain.001 Customer Credit Transfer Initiation documents (the `pain.001-*` payment products): read with a strict,
// non-validating XML parser that processes no DTD and expands no entity beyond XML's five, checked against the bank's
// limits, and mapped onto the JSON initiation body of the same service, so the domain handles an XML payment as it
// handles a JSON one.
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { formatError } from '../rules/bank-error';

/** The pain.001 versions this bank reads: 1.3.12 names .03 for SCT; .09 is the current ISO 20022 one. */
export const PAIN001_NAMESPACES: readonly string[] = [
  'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03',
  'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09',
];
/** The largest pain.001 document this bank reads: half the XS2A body limit, so a multipart envelope fits around it. */
export const MAX_PAIN001_BYTES = 128 * 1024;
/** The most credit transfers one document may order (a bulk's payments). */
export const MAX_PAIN001_TRANSACTIONS = 500;
/** How deep elements may nest: the deepest path of a credit transfer is about ten levels. */
const MAX_DEPTH = 16;
const MAX_ELEMENTS = 40 * MAX_PAIN001_TRANSACTIONS + 200;

interface XmlElement {
  name: string;
  text: string;
  attributes: Record<string, string>;
  children: XmlElement[];
}

/** One credit transfer of a pain.001 document (a CdtTrfTxInf). */
export interface Pain001Transfer {
  endToEndId: string | undefined;
  amount: string;
  currency: string;
  creditorName: string;
  creditorIban: string;
  creditorAgent: string | undefined;
  remittance: string | undefined;
}

/** What this bank reads of a pain.001 document: one debtor account (one PmtInf) and its credit transfers. */
export interface Pain001 {
  namespace: string;
  debtorIban: string;
  debtorCurrency: string | undefined;
  requestedExecutionDate: string | undefined;
  batchBooking: boolean | undefined;
  transfers: Pain001Transfer[];
}

const refuse = (text: string) => formatError(`The pain.001 document ${text}`);

/** The document as a tree of elements in its one namespace; refuses what is not well-formed or not allowed. */
function parseTree(xml: string): { root: XmlElement; namespace: string } {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let namespace = '';
  let count = 0;
  parser.on('error', (error) => {
    throw refuse(`is not well-formed XML: ${error.message}`);
  });
  parser.on('doctype', () => {
    throw refuse('has a DOCTYPE: this bank reads no document type declarations or entities.');
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    count += 1;
    if (count > MAX_ELEMENTS) throw refuse(`has more than ${MAX_ELEMENTS} elements.`);
    if (stack.length >= MAX_DEPTH) throw refuse(`nests elements deeper than ${MAX_DEPTH} levels.`);
    if (!root && !PAIN001_NAMESPACES.includes(tag.uri)) {
      throw refuse(
        `is in the namespace "${tag.uri.slice(0, 100)}"; this bank reads ${PAIN001_NAMESPACES.join(' and ')}.`,
      );
    }
    if (root && tag.uri !== namespace) throw refuse(`has the element ${tag.local} outside its pain.001 namespace.`);
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) attributes[attribute.local] = attribute.value;
    if (!root) namespace = tag.uri;
    const element: XmlElement = { name: tag.local, text: '', attributes, children: [] };
    stack.at(-1)?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  const addText = (text: string) => {
    const current = stack.at(-1);
    if (current) current.text += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(xml).close();
  if (!root) throw refuse('is empty.');
  return { root, namespace };
}

const child = (element: XmlElement | undefined, name: string) => element?.children.find((c) => c.name === name);
const children = (element: XmlElement | undefined, name: string) =>
  element?.children.filter((c) => c.name === name) ?? [];
/** The trimmed text at a path of child elements, if every step is there. */
function textAt(element: XmlElement | undefined, ...path: string[]): string | undefined {
  let at = element;
  for (const name of path) at = child(at, name);
  const text = at?.text.trim();
  return text === undefined || text === '' ? undefined : text;
}
function required(element: XmlElement | undefined, where: string, ...path: string[]): string {
  const text = textAt(element, ...path);
  if (text === undefined) throw refuse(`lacks ${where}/${path.join('/')}.`);
  return text;
}

/** A decimal count (NbOfTxs) as a number. */
function countOf(text: string, where: string): number {
  if (!/^[0-9]{1,15}$/.test(text)) throw refuse(`has ${where}/NbOfTxs "${text.slice(0, 20)}", which is no count.`);
  return Number(text);
}

const DECIMAL = /^[0-9]{1,18}(\.[0-9]{1,5})?$/;
/** A decimal amount in hundred-thousandths, exactly (CtrlSum and InstdAmt have at most five decimals). */
function scaled(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 100_000n + BigInt(fraction.padEnd(5, '0'));
}

function readTransfer(tx: XmlElement, index: number): Pain001Transfer {
  const where = `CdtTrfTxInf ${index + 1}`;
  const amountElement = child(child(tx, 'Amt'), 'InstdAmt');
  const amount = amountElement?.text.trim() ?? '';
  if (!amountElement || amount === '') throw refuse(`lacks Amt/InstdAmt in ${where}.`);
  if (!DECIMAL.test(amount)) throw refuse(`has the amount "${amount.slice(0, 30)}" in ${where}, which is no amount.`);
  const currency = amountElement.attributes['Ccy'] ?? '';
  if (!/^[A-Z]{3}$/.test(currency)) throw refuse(`lacks a currency (InstdAmt Ccy) in ${where}.`);
  const agent = child(child(tx, 'CdtrAgt'), 'FinInstnId');
  return {
    endToEndId: textAt(tx, 'PmtId', 'EndToEndId'),
    amount,
    currency,
    creditorName: required(tx, where, 'Cdtr', 'Nm'),
    creditorIban: required(tx, where, 'CdtrAcct', 'Id', 'IBAN').replace(/\s+/g, ''),
    creditorAgent: textAt(agent, 'BIC') ?? textAt(agent, 'BICFI'),
    remittance: textAt(tx, 'RmtInf', 'Ustrd'),
  };
}

/** NbOfTxs and, when given, CtrlSum must agree with the credit transfers at `where`. */
function checkTotals(element: XmlElement, where: string, transfers: readonly Pain001Transfer[]) {
  const count = countOf(required(element, where, 'NbOfTxs'), where);
  if (count !== transfers.length) {
    throw refuse(`says ${where}/NbOfTxs ${count}, but holds ${transfers.length} credit transfers.`);
  }
  const sum = textAt(element, 'CtrlSum');
  if (sum === undefined) return;
  if (!DECIMAL.test(sum)) throw refuse(`has ${where}/CtrlSum "${sum.slice(0, 30)}", which is no amount.`);
  const total = transfers.reduce((all, t) => all + scaled(t.amount), 0n);
  if (scaled(sum) !== total) throw refuse(`says ${where}/CtrlSum ${sum}, but its amounts add up to another sum.`);
}

/** A date element of either version: a date in .03 (ReqdExctnDt), a Dt or DtTm child in .09. */
function dateIn(element: XmlElement | undefined): string | undefined {
  const text = textAt(element) ?? textAt(element, 'Dt') ?? textAt(element, 'DtTm');
  return text?.slice(0, 10);
}

/**
 * Reads a pain.001 document: one PmtInf (this bank takes one debtor account per initiation) with its credit
 * transfers, the counts and control sums checked on both levels. Every refusal is a FORMAT_ERROR in words.
 */
export function readPain001(xml: string): Pain001 {
  if (new TextEncoder().encode(xml).length > MAX_PAIN001_BYTES) {
    throw refuse(`is larger than ${MAX_PAIN001_BYTES / 1024} kB, the most this bank reads.`);
  }
  if (xml.trim() === '') throw refuse('is empty: send the pain.001 XML as the body.');
  const { root, namespace } = parseTree(xml);
  if (root.name !== 'Document') throw refuse(`starts with ${root.name}, not Document.`);
  const initiation = child(root, 'CstmrCdtTrfInitn');
  if (!initiation) throw refuse('lacks Document/CstmrCdtTrfInitn.');
  const header = child(initiation, 'GrpHdr');
  if (!header) throw refuse('lacks CstmrCdtTrfInitn/GrpHdr.');
  const infos = children(initiation, 'PmtInf');
  if (infos.length !== 1) {
    throw refuse(
      `holds ${infos.length} PmtInf blocks; this bank takes exactly one (one debtor account) per initiation.`,
    );
  }
  const info = infos[0] as XmlElement;
  const txs = children(info, 'CdtTrfTxInf');
  if (txs.length === 0) throw refuse('holds no credit transfer (CdtTrfTxInf).');
  if (txs.length > MAX_PAIN001_TRANSACTIONS) {
    throw refuse(`holds ${txs.length} credit transfers; this bank takes at most ${MAX_PAIN001_TRANSACTIONS}.`);
  }
  const transfers = txs.map(readTransfer);
  checkTotals(header, 'GrpHdr', transfers);
  checkTotals(info, 'PmtInf', transfers);
  const batch = textAt(info, 'BtchBookg');
  if (batch !== undefined && batch !== 'true' && batch !== 'false') {
    throw refuse(`has BtchBookg "${batch.slice(0, 20)}"; it is true or false.`);
  }
  return {
    namespace,
    debtorIban: required(info, 'PmtInf', 'DbtrAcct', 'Id', 'IBAN').replace(/\s+/g, ''),
    debtorCurrency: textAt(info, 'DbtrAcct', 'Ccy'),
    requestedExecutionDate: dateIn(child(info, 'ReqdExctnDt')),
    batchBooking: batch === undefined ? undefined : batch === 'true',
    transfers,
  };
}

/** The members of a standing order's JSON part (periodicPaymentInitiation_xml-Part2-standingorderType_json). */
export const STANDING_ORDER_MEMBERS: readonly string[] = [
  'startDate',
  'endDate',
  'executionRule',
  'frequency',
  'dayOfExecution',
  'monthsOfExecution',
];

/** The standing order's JSON part: an object of schedule members only (its schema checks them with the body's). */
function scheduleOf(part: unknown): object {
  if (part === undefined) return {};
  if (typeof part !== 'object' || part === null || Array.isArray(part)) {
    throw formatError('The json_standingorderType part must be a JSON object.', 'json_standingorderType');
  }
  for (const key of Object.keys(part)) {
    if (!STANDING_ORDER_MEMBERS.includes(key)) {
      throw formatError(
        `json_standingorderType has ${key.slice(0, 40)}, which is no member of a standing order's schedule.`,
        'json_standingorderType',
      );
    }
  }
  return part;
}

const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

function paymentOf(t: Pain001Transfer) {
  return defined({
    endToEndIdentification: t.endToEndId,
    instructedAmount: { currency: t.currency, amount: t.amount },
    creditorAccount: { iban: t.creditorIban },
    creditorAgent: t.creditorAgent,
    creditorName: t.creditorName,
    remittanceInformationUnstructured: t.remittance,
  });
}

/**
 * The JSON initiation body a pain.001 document orders for `service`: a single payment or standing order holds exactly
 * one credit transfer (a standing order's schedule comes from its JSON part), a bulk one payment per transfer with the
 * requested execution date and batch booking it names for all. A single payment's JSON body has no execution date, so
 * its ReqdExctnDt is kept in the document only.
 */
export function pain001Body(service: string, doc: Pain001, standingOrder?: unknown): object {
  const debtorAccount = defined({ iban: doc.debtorIban, currency: doc.debtorCurrency });
  if (service === 'bulk-payments') {
    return defined({
      batchBookingPreferred: doc.batchBooking,
      debtorAccount,
      requestedExecutionDate: doc.requestedExecutionDate,
      payments: doc.transfers.map(paymentOf),
    });
  }
  const [only, ...more] = doc.transfers;
  if (!only || more.length > 0) {
    throw refuse(
      `holds ${doc.transfers.length} credit transfers; a ${service === 'payments' ? 'single payment' : 'standing order'} holds exactly one (send several as bulk-payments).`,
    );
  }
  return { ...scheduleOf(standingOrder), debtorAccount, ...paymentOf(only) };
}
