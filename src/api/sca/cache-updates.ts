// What an authorisation changes in the query cache, as named updates: the mutations and the SCA pages call these
// instead of invalidating keys themselves.
import type { QueryClient } from '@tanstack/react-query';
import {
  accountKeys,
  authorisationKeys,
  consentKeys,
  parentKeysOf,
  paymentKeys,
  resourceKeyOf,
  basketKeys,
  type AuthorisationScope,
} from '../keys';

/**
 * After a step of an authorisation (start or PSU data, failed ones too): the scope's list and SCA statuses, and the
 * detail and status of its payment or consent. Not awaited: the SCA panel takes the bank's answer at once, before the
 * refreshed status (which may already say the authorisation ended) can take the panel away from under it.
 */
export function authorisationStepTaken(queryClient: QueryClient, profileId: string, scope: AuthorisationScope): void {
  for (const queryKey of [authorisationKeys.scope(profileId, scope), ...parentKeysOf(profileId, scope)]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** The payment, consent or basket an authorisation belongs to, read again (all its queries: detail and status). */
export function authorisedResourceChanged(
  queryClient: QueryClient,
  profileId: string,
  scope: AuthorisationScope,
): void {
  void queryClient.invalidateQueries({ queryKey: resourceKeyOf(profileId, scope) });
}

/**
 * Back from the bank's pages (redirect or OAuth SCA): the profile's payments, consents, baskets and authorisations as
 * the bank now sees them, and what a consent the round trip authorised unlocks (when the resource is known).
 */
export function bankRoundTripEnded(queryClient: QueryClient, profileId: string, resource?: AuthorisationScope): void {
  const keys: (readonly unknown[])[] = [
    paymentKeys.all(profileId),
    consentKeys.all(profileId),
    basketKeys.all(profileId),
    authorisationKeys.all(profileId),
  ];
  if (resource?.kind === 'consent') keys.push(accountKeys.all(profileId, resource.consentId));
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

/**
 * A signing basket's authorisation ended: the payments and consents it holds move with it, so the profile's payments
 * and consents are read again (their own pages and the basket's member list).
 */
export function basketMembersChanged(queryClient: QueryClient, profileId: string): void {
  for (const queryKey of [paymentKeys.all(profileId), consentKeys.all(profileId)]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
