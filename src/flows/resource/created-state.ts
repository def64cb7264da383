// What a resource's page shows right after the bank created it (a payment, a consent), passed along as the route's
// state; the history keeps the links and the SCA approach too.
import { readLinks, type LinkMap, type Xs2aResult } from '../../api';

export interface CreatedState {
  created: {
    requestId: string;
    status: number;
    deviations: { path: string; message: string }[];
    tppMessages?: { category: string; code: string; text?: string }[];
  };
  links: LinkMap;
  scaApproach?: string;
  psuMessage?: string;
}

/** The 201 answer as the resource's page shows it: links as `{ href }` whether the bank sent those or plain strings. */
export function createdState(
  result: Xs2aResult<{
    _links?: unknown;
    psuMessage?: string;
    tppMessages?: { category: string; code: string; text?: string }[];
  }>,
): CreatedState {
  const scaApproach = result.headers['aspsp-sca-approach'];
  const { psuMessage, tppMessages } = result.body;
  return {
    created: {
      requestId: result.requestId,
      status: result.status,
      deviations: result.deviations,
      ...(tppMessages && { tppMessages }),
    },
    links: readLinks(result.body._links).links,
    ...(scaApproach && { scaApproach }),
    ...(psuMessage && { psuMessage }),
  };
}

/** The route's state when the page was reached right after the creation. */
export function readCreatedState(value: unknown): CreatedState | undefined {
  return typeof value === 'object' && value !== null && 'links' in value && 'created' in value
    ? (value as CreatedState)
    : undefined;
}

/** A status as text whatever JSON type the bank used, so an odd value is shown and flagged rather than breaking a page. */
export function statusText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}
