// The sentence Settings shows when a profile's base_url moved to another bank and the tokens kept for the old one went.
import type { DroppedTokens } from '../../api';

function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

/**
 * "The base_url now points to another bank (https://b): the bearer token and OAuth session kept for https://a were
 * dropped." With `named`, the profile is named ("The base_url of “Acme” …"), for messages about several profiles.
 */
export function droppedTokensSentence(dropped: DroppedTokens, named = false): string {
  const whose = named ? ` of “${dropped.profileName}”` : '';
  const verb = dropped.kinds.length === 1 ? 'was' : 'were';
  return `The base_url${whose} now points to another bank (${dropped.to}): the ${listed(dropped.kinds)} kept for ${dropped.from} ${verb} dropped.`;
}
