// Reading pasted CSV with Papa Parse: RFC 4180 fields (quoted fields may hold the separator, line breaks and doubled
// quotes), with the separator a spreadsheet used (comma, semicolon or tab) guessed from the text. The parser loads with
// the first paste, not with the payment form.

/** The rows of a CSV text, each a list of its fields; lines with nothing in them are left out. */
export async function parseCsv(text: string): Promise<string[][]> {
  const { default: Papa } = await import('papaparse');
  // A paste may mix line ends (a spreadsheet's CRLF, a text editor's LF): one kind for Papa Parse, which takes the first.
  const { data } = Papa.parse<string[]>(text.replace(/\r\n?/g, '\n'), {
    newline: '\n',
    delimiter: '',
    delimitersToGuess: [',', ';', '\t'],
    skipEmptyLines: 'greedy',
  });
  return data;
}
