// The narration of a status answer (GET …/status) as the pages have it: the bank's body read tolerantly, with the
// names and texts it carries shown as the audience may see them (masked in presenter mode).
import type { BankDataDisplay } from '../../api';
import { narrate, type BankMessage, type NarratedResource } from './narration';

function messagesOf(value: unknown, display: BankDataDisplay): BankMessage[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.map((item: unknown) => {
    const { code, text } = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    return {
      ...(typeof code === 'string' && { code }),
      ...(typeof text === 'string' && { text: display.text(text) }),
    };
  });
}

export interface StatusAnswerNarration {
  kind: NarratedResource;
  /** The status as text (the pages read it tolerantly first). */
  status: string | undefined;
  /** The status answer's body, as the bank sent it. */
  answer: unknown;
  display: BankDataDisplay;
  /** The feature's plain meaning of the status. */
  statusMeaning?: string;
  /** The bank's last word on the latest authorisation, as the page read it (useLatestAuthorisation). */
  sca?: { scaStatus?: string; scaApproach?: string; returned?: 'ok' | 'nok' };
}

/** One sentence on where the resource stands, from its status answer (psuName, psuMessage, tppMessage, funds). */
export function narrateStatusAnswer({ answer, display, sca, ...rest }: StatusAnswerNarration): string {
  const body = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<string, unknown>;
  const { psuName, psuMessage, fundsAvailable } = body;
  const messages = messagesOf(body.tppMessages ?? body.tppMessage, display);
  return narrate({
    ...rest,
    ...(sca?.scaStatus && { scaStatus: sca.scaStatus }),
    ...(sca?.scaApproach && { scaApproach: sca.scaApproach }),
    ...(sca?.returned && { returned: sca.returned }),
    ...(typeof psuName === 'string' && { psuName: display.person(psuName) }),
    ...(typeof psuMessage === 'string' && { psuMessage: display.text(psuMessage) }),
    ...(messages && { messages }),
    ...(typeof fundsAvailable === 'boolean' && { fundsAvailable }),
  });
}
