// How answers write links: below the prefix, or absolute where the PSU's browser follows them.
import type { ScaApproach } from '../../../../src/xs2a';
import { href, type LinkContext } from '../../domain/context';

export type Href = { href: string };
export type LinkSet = Record<string, Href>;

/** The explicit start link for an approach (1.3.12's startAuthorisation… links): what the TPP POSTs to begin SCA itself. */
export function startLinks(approach: ScaApproach, collection: string, links: LinkContext, psuKnown: boolean): LinkSet {
  const l: LinkSet = {};
  if (approach === 'REDIRECT') l.startAuthorisation = href(links, collection);
  else if (approach === 'EMBEDDED') l.startAuthorisationWithPsuAuthentication = href(links, collection);
  else if (psuKnown) l.startAuthorisation = href(links, collection);
  else l.startAuthorisationWithPsuIdentification = href(links, collection);
  return l;
}
