// Writing a pain.001.001.03 Customer Credit Transfer Initiation (the body of the `pain.001-*` payment products) from a
// payment's fields: one PmtInf for the debtor account, one CdtTrfTxInf per credit transfer, NbOfTxs and CtrlSum on both
// levels. Every value is escaped for XML text and attributes. Pure: no DOM.

export const PAIN001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03';

/** One credit transfer of a pain.001 draft. */
export interface Pain001Transfer {
  endToEndId?: string | undefined;
  amount: string;
  currency: string;
  creditorName: string;
  creditorIban: string;
  /** The creditor's bank (BIC). */
  creditorAgent?: string | undefined;
  remittance?: string | undefined;
}

/** What a pain.001 document is written from. */
export interface Pain001Draft {
  messageId: string;
  /** ISO date-time of the message's creation. */
  createdAt: string;
  initiatingParty?: string | undefined;
  debtorName?: string | undefined;
  debtorIban: string;
  requestedExecutionDate: string;
  batchBooking?: boolean | undefined;
  transfers: readonly Pain001Transfer[];
}

/** Text escaped for XML element content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The sum of decimal amounts, exactly, written with as many decimals as the most precise of them. */
export function decimalSum(amounts: readonly string[]): string {
  const decimals = Math.max(0, ...amounts.map((a) => a.split('.')[1]?.length ?? 0));
  const scale = 10n ** BigInt(decimals);
  const total = amounts.reduce((sum, amount) => {
    if (!/^[0-9]+(\.[0-9]+)?$/.test(amount)) return sum;
    const [whole = '0', fraction = ''] = amount.split('.');
    return sum + BigInt(whole) * scale + BigInt(fraction.padEnd(decimals, '0') || '0');
  }, 0n);
  if (decimals === 0) return total.toString();
  const digits = total.toString().padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

function transferXml(t: Pain001Transfer, index: number): string {
  const e = escapeXml;
  return [
    '      <CdtTrfTxInf>',
    `        <PmtId><EndToEndId>${e(t.endToEndId ?? `E2E-${index + 1}`)}</EndToEndId></PmtId>`,
    `        <Amt><InstdAmt Ccy="${e(t.currency)}">${e(t.amount)}</InstdAmt></Amt>`,
    ...(t.creditorAgent
      ? [`        <CdtrAgt><FinInstnId><BIC>${e(t.creditorAgent)}</BIC></FinInstnId></CdtrAgt>`]
      : []),
    `        <Cdtr><Nm>${e(t.creditorName)}</Nm></Cdtr>`,
    `        <CdtrAcct><Id><IBAN>${e(t.creditorIban)}</IBAN></Id></CdtrAcct>`,
    ...(t.remittance ? [`        <RmtInf><Ustrd>${e(t.remittance)}</Ustrd></RmtInf>`] : []),
    '      </CdtTrfTxInf>',
  ].join('\n');
}

/** A pain.001.001.03 document for the draft. */
export function writePain001(d: Pain001Draft): string {
  const e = escapeXml;
  const count = String(d.transfers.length);
  const sum = decimalSum(d.transfers.map((t) => t.amount));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Document xmlns="${PAIN001_NAMESPACE}">`,
    '  <CstmrCdtTrfInitn>',
    '    <GrpHdr>',
    `      <MsgId>${e(d.messageId)}</MsgId>`,
    `      <CreDtTm>${e(d.createdAt)}</CreDtTm>`,
    `      <NbOfTxs>${count}</NbOfTxs>`,
    `      <CtrlSum>${sum}</CtrlSum>`,
    `      <InitgPty><Nm>${e(d.initiatingParty ?? 'XS2A Console')}</Nm></InitgPty>`,
    '    </GrpHdr>',
    '    <PmtInf>',
    `      <PmtInfId>${e(d.messageId)}-1</PmtInfId>`,
    '      <PmtMtd>TRF</PmtMtd>',
    ...(d.batchBooking === undefined ? [] : [`      <BtchBookg>${String(d.batchBooking)}</BtchBookg>`]),
    `      <NbOfTxs>${count}</NbOfTxs>`,
    `      <CtrlSum>${sum}</CtrlSum>`,
    '      <PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>',
    `      <ReqdExctnDt>${e(d.requestedExecutionDate)}</ReqdExctnDt>`,
    d.debtorName ? `      <Dbtr><Nm>${e(d.debtorName)}</Nm></Dbtr>` : '      <Dbtr/>',
    `      <DbtrAcct><Id><IBAN>${e(d.debtorIban)}</IBAN></Id></DbtrAcct>`,
    '      <ChrgBr>SLEV</ChrgBr>',
    ...d.transfers.map(transferXml),
    '    </PmtInf>',
    '  </CstmrCdtTrfInitn>',
    '</Document>',
    '',
  ].join('\n');
}
