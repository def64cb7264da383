import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads comma separated lines, with CRLF or LF, and leaves out empty lines', async () => {
    expect(await parseCsv('a,b,c\r\n1,2,3\n\n4,5,6\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
      ['4', '5', '6'],
    ]);
  });

  it('keeps separators, line breaks and doubled quotes inside quoted fields', async () => {
    expect(await parseCsv('"Müller, Hans","Line 1\nLine 2","say ""hi"""\nx,"",z')).toEqual([
      ['Müller, Hans', 'Line 1\nLine 2', 'say "hi"'],
      ['x', '', 'z'],
    ]);
  });

  it('takes the separator a spreadsheet used: semicolon or tab', async () => {
    expect(await parseCsv('Name;IBAN;Amount\n"A; B";DE1;1,50')).toEqual([
      ['Name', 'IBAN', 'Amount'],
      ['A; B', 'DE1', '1,50'],
    ]);
    expect(await parseCsv('a\tb\n"c\td"\te')).toEqual([
      ['a', 'b'],
      ['c\td', 'e'],
    ]);
  });

  it('reads a last line without a line break, and a quote inside an unquoted field as text', async () => {
    expect(await parseCsv('a,b\n5" disk,c')).toEqual([
      ['a', 'b'],
      ['5" disk', 'c'],
    ]);
    expect(await parseCsv('')).toEqual([]);
  });
});
