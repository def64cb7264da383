// The findings and the bank's messages of one part of the request (query or headers), by the name they are about.
import type { TppMessage } from '../../../xs2a';
import type { RowMessages } from '../components/name-value-rows';
import type { Finding } from './refusals';

/**
 * `prefix` is 'header:' or 'query:'; `labels` spells the names as 1.3.12 does. The bank's messages whose path names a
 * header or parameter (the sandbox's FORMAT_ERROR for a missing PSU-IP-Address has the path "PSU-IP-Address") go there.
 */
export function rowMessages(
  prefix: 'header:' | 'query:',
  findings: readonly Finding[],
  bankMessages: readonly TppMessage[],
  labels: readonly string[],
): RowMessages {
  const messages: RowMessages = {};
  const labelOf = (lower: string) => labels.find((label) => label.toLowerCase() === lower) ?? lower;
  const entry = (lower: string) => (messages[lower] ??= { label: labelOf(lower), refuse: [], note: [], bank: [] });
  for (const finding of findings) {
    if (!finding.at.startsWith(prefix)) continue;
    entry(finding.at.slice(prefix.length))[finding.level].push(finding.message);
  }
  for (const message of bankMessages) {
    const path = message.path?.trim().toLowerCase();
    if (!path || !labels.some((label) => label.toLowerCase() === path)) continue;
    entry(path).bank.push(`The bank: ${message.code}${message.text ? `, ${message.text}` : ''}`);
  }
  return messages;
}
