// "Copy as curl": an exchange's request as a POSIX shell command, secrets redacted.
import { redactExchange, type Exchange, type RedactOptions } from '../../api';
import { requestBodyText } from '../../flows/code-export';

/** Quotes a word for a POSIX shell: single quotes keep everything literal, newlines included; ' becomes '\''. */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

export { requestBodyText };

export function toCurl(exchange: Exchange, options: RedactOptions = {}): string {
  const { request } = redactExchange(exchange, options);
  const lines = [`curl -X ${shellQuote(request.method.toUpperCase())} ${shellQuote(request.url)}`];
  for (const [name, value] of Object.entries(request.headers)) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  const body = requestBodyText(request.body);
  // --data-raw: a body starting with @ is data, not a file name.
  if (body !== undefined) lines.push(`--data-raw ${shellQuote(body)}`);
  return lines.join(' \\\n  ');
}
