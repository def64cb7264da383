import { describe, expect, it } from 'vitest';
import { amountCell, CSV_HEADER, csvFileName, quoteField, textCell, transactionsCsv } from './csv';
import { bankDataDisplay } from '../../../api';
import { cardRow } from './card-transaction-rows';
import { row } from './test-rows';

/** A small RFC 4180 reader, so the tests check what a spreadsheet would read back. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += c;
  }
  return records;
}

describe('CSV export', () => {
  it('starts with a byte order mark and the header row, and ends every line with CRLF', () => {
    const csv = transactionsCsv([row({ amount: '12.00' })]);
    expect(csv.startsWith('\uFEFFbookingStatus,bookingDate,valueDate,amount,currency,')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const records = parseCsv(csv.slice(1));
    expect(records[0]).toEqual([...CSV_HEADER]);
    expect(records).toHaveLength(2);
  });

  it('writes an empty export as the header alone', () => {
    expect(parseCsv(transactionsCsv([]).slice(1))).toEqual([[...CSV_HEADER]]);
  });

  it('quotes commas, quotes and line breaks so they read back unchanged', () => {
    const remittance = 'Invoice "42", part 1\nsecond line\r\nthird';
    const records = parseCsv(
      transactionsCsv([row({ remittanceInformationUnstructured: remittance, creditorName: 'Müller, Hans' })]).slice(1),
    );
    const record = records[1] ?? [];
    expect(record[CSV_HEADER.indexOf('remittanceInformation')]).toBe(remittance);
    expect(record[CSV_HEADER.indexOf('creditorName')]).toBe('Müller, Hans');
    expect(quoteField('a"b')).toBe('"a""b"');
    expect(quoteField(' padded')).toBe('" padded"');
    expect(quoteField('plain')).toBe('plain');
  });

  it('guards cells a spreadsheet would run as formulas', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(textCell(`${start}HYPERLINK("http://evil")`).replace(/^"/, '').startsWith(`'${start}`)).toBe(true);
    }
    const records = parseCsv(
      transactionsCsv([
        row({ creditorName: '=cmd|"/c calc"!A1', remittanceInformationUnstructured: '@SUM(1+1)', amount: '-5.00' }),
      ]).slice(1),
    );
    const record = records[1] ?? [];
    expect(record[CSV_HEADER.indexOf('creditorName')]).toBe(`'=cmd|"/c calc"!A1`);
    expect(record[CSV_HEADER.indexOf('remittanceInformation')]).toBe(`'@SUM(1+1)`);
    expect(textCell('Kaffee GmbH')).toBe('Kaffee GmbH');
  });

  it('writes amounts as plain signed decimals, unguarded, and anything else as guarded text', () => {
    const records = parseCsv(
      transactionsCsv([row({ amount: '-1234.50' }), row({ amount: '0.5' }), row({ amount: '1000' })]).slice(1),
    );
    const amounts = records.slice(1).map((r) => r[CSV_HEADER.indexOf('amount')]);
    expect(amounts).toEqual(['-1234.50', '0.5', '1000']);
    expect(amountCell('-1,234.50')).toBe(`"'-1,234.50"`);
    expect(amountCell('=1+2')).toBe(`'=1+2`);
  });

  it('writes ISO dates, status, currency, both parties and the ids', () => {
    const records = parseCsv(
      transactionsCsv([
        row(
          {
            bookingDate: undefined,
            valueDate: '2026-04-02',
            amount: '-7.20',
            creditorName: 'Bäckerei Kranich',
            creditorAccount: { iban: 'DE02100100109307118603' },
            debtorName: 'Alice',
            debtorAccount: { iban: 'DE16990100000010010001' },
            transactionId: 'tx-9',
            entryReference: 'E9',
            endToEndId: 'E2E-9',
            bankTransactionCode: 'PMNT-CCRD-POSD',
          },
          'pending',
        ),
      ]).slice(1),
    );
    expect(records[1]).toEqual([
      'pending',
      '',
      '2026-04-02',
      '-7.20',
      'EUR',
      'Bäckerei Kranich',
      'DE02100100109307118603',
      'Alice',
      'DE16990100000010010001',
      '',
      'tx-9',
      'E9',
      'E2E-9',
      'PMNT-CCRD-POSD',
    ]);
  });

  it('names the file after the account and the period', () => {
    expect(csvFileName('DE97990100000020020010', '2026-01-01', '2026-03-31')).toBe(
      'transactions-DE97990100000020020010-2026-01-01-2026-03-31.csv',
    );
    expect(csvFileName('../x/y', '2026-01-01', '2026-03-31')).toBe('transactions-xy-2026-01-01-2026-03-31.csv');
  });

  it('holds in presenter mode what the screen shows: numbers masked, names shortened, IBANs in texts masked', () => {
    const paid = row({
      amount: '-42.00',
      creditorName: 'Bob Laurent',
      creditorAccount: { iban: 'DE49500105170000000001' },
      debtorName: 'Alice Schmidt',
      debtorAccount: { iban: 'DE16500105170000000001' },
      remittanceInformationUnstructured: 'Refund to DE49500105170000000001',
    });
    const plain = parseCsv(transactionsCsv([paid]).slice(1))[1];
    expect(plain).toContain('Bob Laurent');
    const [, record] = parseCsv(transactionsCsv([paid], bankDataDisplay(true)).slice(1));
    const cell = (name: (typeof CSV_HEADER)[number]) => record?.[CSV_HEADER.indexOf(name)];
    expect(cell('creditorName')).toBe('Bob L.');
    expect(cell('debtorName')).toBe('Alice S.');
    expect(cell('creditorIban')).toBe('DE49 •••• •••• 0001');
    expect(cell('debtorIban')).toBe('DE16 •••• •••• 0001');
    expect(cell('remittanceInformation')).toBe('Refund to DE49 •••• •••• 0001');
    expect(cell('amount')).toBe('-42.00');
    expect(record?.join(',')).not.toMatch(/Laurent|Schmidt|500105170000/);
  });
});

describe('card transactions as CSV', () => {
  const purchase = (transactionDetails: string) =>
    cardRow(
      {
        cardTransactionId: 'ct-1',
        transactionDate: '2026-10-30',
        bookingDate: '2026-10-31',
        transactionAmount: { currency: 'EUR', amount: '-4.20' },
        maskedPAN: '453998******4711',
        transactionDetails,
        cardAcceptorAddress: { townName: 'Berlin', country: 'DE' },
      },
      'booked',
      '0',
    );

  it('reads back a hostile merchant as text, never as a formula, the row on one record', () => {
    const merchant = '=HYPERLINK("http://evil.example","x"),\r\n"quoted"';
    const [, cells] = parseCsv(transactionsCsv([purchase(merchant)]).replace(/^\uFEFF/, ''));
    expect(cells?.[CSV_HEADER.indexOf('creditorName')]).toBe(`'${merchant}`);
    expect(cells?.[CSV_HEADER.indexOf('amount')]).toBe('-4.20');
  });

  it('in presenter mode keeps a merchant’s name and shortens a person’s, with no card number in full', () => {
    const csv = transactionsCsv([purchase('Kiosk Am Markt'), purchase('Alice Schneider')], bankDataDisplay(true));
    expect(csv).toContain('Kiosk Am Markt');
    expect(csv).toContain('Alice S.');
    expect(csv).not.toContain('Schneider');
    expect(csv).not.toMatch(/\d{16}/);
  });
});
