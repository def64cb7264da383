// The PSU's own part in an embedded SCA, which the console's requests carry: the password typed, the method chosen,
// the one-time code entered. Told from which update of the PSU's data was sent; the secrets themselves are never read.
import type { Exchange } from '../../api';
import { membersOf, psuDataStepOf, psuInputOf, requestBody, textOf as text } from './exchange-words';
import type { FlowStep } from './story-types';

/** The scaMethods the bank offered last, as it sent them. */
export type KnownMethods = readonly unknown[];

/** The plain name of an SCA method ("SMS OTP"): its own name, or the offered method with its id, or its type. */
export function scaMethodName(method: unknown, offered: KnownMethods): string | undefined {
  const own = membersOf(method);
  const id = typeof method === 'string' ? method : text(own.authenticationMethodId);
  const match = membersOf(
    offered.find((candidate) => id !== undefined && membersOf(candidate).authenticationMethodId === id),
  );
  return text(own.name) ?? text(match.name) ?? text(own.authenticationType) ?? text(match.authenticationType) ?? id;
}

/**
 * The PSU's input before an update of their data (embedded SCA), or before a start of the authorisation that carries
 * it, as a step from the PSU to the console.
 */
export function psuInputStep(exchange: Exchange, methods: KnownMethods): FlowStep | undefined {
  const step = psuDataStepOf(exchange) ?? psuInputOf(exchange);
  let label: string;
  switch (step) {
    case 'authentication':
      label = 'The PSU enters their password';
      break;
    case 'selectMethod': {
      const method = scaMethodName(requestBody(exchange)?.authenticationMethodId, methods);
      label = `The PSU chooses ${method ?? 'an SCA method'}`;
      break;
    }
    case 'authoriseTransaction':
      label = 'The PSU enters the one-time code';
      break;
    default:
      return undefined;
  }
  return {
    id: `${exchange.id}:psu`,
    kind: 'psu',
    at: exchange.startedAt,
    tone: 'neutral',
    label,
    arrows: [{ from: 'psu', to: 'tpp', text: label }],
  };
}
