// A transaction report the bank offers as a file (`_links.download`): read through the console's client, so the
// profile's relay, token and Consent-ID apply as for every read, and saved as the bank sent it.
import { getTransactions, Xs2aError, type GetTransactionsVariables } from '../../../api';

export interface ReportFile {
  text: string;
  type: string;
  extension: string;
}

/**
 * Reads the download link. A JSON file arrives as the client's parsed body and is saved as JSON; any other file (a
 * camt.052/053 XML, a text export) is not JSON, so the client hands it back as the text of an answer it could not
 * read as JSON, and it is saved as it came.
 */
export async function downloadReport(
  variables: GetTransactionsVariables & { href: string },
  signal?: AbortSignal,
): Promise<ReportFile> {
  try {
    const result = await getTransactions(variables, signal);
    return { text: JSON.stringify(result.body, null, 2), type: 'application/json', extension: 'json' };
  } catch (error) {
    if (error instanceof Xs2aError && error.kind === 'invalid-response' && error.bodyText !== undefined) {
      const xml = error.bodyText.trimStart().startsWith('<');
      return xml
        ? { text: error.bodyText, type: 'application/xml', extension: 'xml' }
        : { text: error.bodyText, type: 'text/plain', extension: 'txt' };
    }
    throw error;
  }
}

/** "transactions-DE89…-2026-01-01-2026-03-31.xml": the account and period, safe as a file name. */
export function reportFileName(accountId: string, dateFrom: string, dateTo: string, extension: string): string {
  const safe = (part: string) => part.replace(/[^A-Za-z0-9-]/g, '');
  return `transactions-${safe(accountId)}-${safe(dateFrom)}-${safe(dateTo)}.${extension}`;
}

/** Saves a file through the browser's download. */
export function saveFile(file: ReportFile, name: string): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: `${file.type};charset=utf-8` }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
