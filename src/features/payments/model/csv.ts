// Reading pasted CSV: RFC 4180 fields (quoted fields may hold the separator, line breaks and doubled quotes), with the
// separator a spreadsheet used (comma, semicolon or tab), found from the first line.

const SEPARATORS = [',', ';', '\t'] as const;

/** The separator the first line uses most, outside quotes; a comma when it uses none. */
function separatorOf(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const outside = firstLine.replace(/"[^"]*"/g, '');
  let best = ',';
  let most = 0;
  for (const separator of SEPARATORS) {
    const count = outside.split(separator).length - 1;
    if (count > most) {
      best = separator;
      most = count;
    }
  }
  return best;
}

/** The rows of a CSV text, each a list of its fields; lines with nothing in them are left out. */
export function parseCsv(text: string): string[][] {
  const separator = separatorOf(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    if (row.some((value) => value.trim() !== '')) rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (char === separator) endField();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else field += char;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}
