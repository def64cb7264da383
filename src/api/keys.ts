/**
 * React Query keys. Every key starts with the profile id, and account keys carry the consent id, so switching the
 * bank profile or the consent never shows another's data, and whatever a consent unlocked can be dropped with it.
 */
import type { BookingStatusQuery, PaymentProduct, PaymentService } from '../xs2a/enums';

export type AuthorisationScope =
  | { kind: 'payment'; service: PaymentService; product: PaymentProduct; paymentId: string }
  | { kind: 'payment-cancellation'; service: PaymentService; product: PaymentProduct; paymentId: string }
  | { kind: 'consent'; consentId: string }
  | { kind: 'basket'; basketId: string };

export interface TransactionFilters {
  bookingStatus: BookingStatusQuery;
  dateFrom?: string;
  dateTo?: string;
  withBalance?: boolean;
  /** A `_links` page (first/next/previous/last) instead of the filters above. */
  href?: string;
}

export const paymentKeys = {
  all: (profileId: string) => [profileId, 'payments'] as const,
  /** Everything about one payment: its detail and its status. */
  payment: (profileId: string, service: PaymentService, product: PaymentProduct, paymentId: string) =>
    [...paymentKeys.all(profileId), service, product, paymentId] as const,
  detail: (profileId: string, service: PaymentService, product: PaymentProduct, paymentId: string) =>
    [...paymentKeys.payment(profileId, service, product, paymentId), 'detail'] as const,
  status: (profileId: string, service: PaymentService, product: PaymentProduct, paymentId: string) =>
    [...paymentKeys.payment(profileId, service, product, paymentId), 'status'] as const,
  /** A pain.001 payment's read: its document as the bank answers it. */
  document: (profileId: string, service: PaymentService, product: PaymentProduct, paymentId: string) =>
    [...paymentKeys.payment(profileId, service, product, paymentId), 'document'] as const,
};

function scopeSegments(scope: AuthorisationScope) {
  switch (scope.kind) {
    case 'consent':
      return [scope.kind, scope.consentId] as const;
    case 'basket':
      return [scope.kind, scope.basketId] as const;
    default:
      return [scope.kind, scope.service, scope.product, scope.paymentId] as const;
  }
}

export const authorisationKeys = {
  all: (profileId: string) => [profileId, 'authorisations'] as const,
  /** The list and every SCA status of one scope. */
  scope: (profileId: string, scope: AuthorisationScope) =>
    [...authorisationKeys.all(profileId), ...scopeSegments(scope)] as const,
  list: (profileId: string, scope: AuthorisationScope) =>
    [...authorisationKeys.scope(profileId, scope), 'list'] as const,
  scaStatus: (profileId: string, scope: AuthorisationScope, authorisationId: string) =>
    [...authorisationKeys.scope(profileId, scope), 'scaStatus', authorisationId] as const,
};

export const consentKeys = {
  all: (profileId: string) => [profileId, 'consents'] as const,
  /** Everything about one consent: its detail and its status. */
  consent: (profileId: string, consentId: string) => [...consentKeys.all(profileId), consentId] as const,
  detail: (profileId: string, consentId: string) => [...consentKeys.consent(profileId, consentId), 'detail'] as const,
  status: (profileId: string, consentId: string) => [...consentKeys.consent(profileId, consentId), 'status'] as const,
};

export const basketKeys = {
  all: (profileId: string) => [profileId, 'baskets'] as const,
  /** Everything about one signing basket: its detail and its status. */
  basket: (profileId: string, basketId: string) => [...basketKeys.all(profileId), basketId] as const,
  detail: (profileId: string, basketId: string) => [...basketKeys.basket(profileId, basketId), 'detail'] as const,
  status: (profileId: string, basketId: string) => [...basketKeys.basket(profileId, basketId), 'status'] as const,
};

export const accountKeys = {
  /** Everything read under any consent of the profile. */
  profile: (profileId: string) => [profileId, 'accounts'] as const,
  /** Everything read under one consent. */
  all: (profileId: string, consentId: string) => [...accountKeys.profile(profileId), consentId] as const,
  list: (profileId: string, consentId: string, withBalance: boolean) =>
    [...accountKeys.all(profileId, consentId), 'list', { withBalance }] as const,
  account: (profileId: string, consentId: string, accountId: string) =>
    [...accountKeys.all(profileId, consentId), 'account', accountId] as const,
  detail: (profileId: string, consentId: string, accountId: string, withBalance: boolean) =>
    [...accountKeys.account(profileId, consentId, accountId), 'detail', { withBalance }] as const,
  balances: (profileId: string, consentId: string, accountId: string) =>
    [...accountKeys.account(profileId, consentId, accountId), 'balances'] as const,
  transactions: (profileId: string, consentId: string, accountId: string, filters: TransactionFilters) =>
    [...accountKeys.account(profileId, consentId, accountId), 'transactions', filters] as const,
  /** Every page of one report, read through the bank's `next` links ("load all pages"). */
  transactionPages: (
    profileId: string,
    consentId: string,
    accountId: string,
    filters: Omit<TransactionFilters, 'href'>,
  ) => [...accountKeys.account(profileId, consentId, accountId), 'transactionPages', filters] as const,
  transactionDetails: (profileId: string, consentId: string, accountId: string, href: string) =>
    [...accountKeys.account(profileId, consentId, accountId), 'transactionDetails', href] as const,
};

/** The keys of the resource an authorisation belongs to (its detail and status), for invalidation. */
export function parentKeysOf(profileId: string, scope: AuthorisationScope) {
  switch (scope.kind) {
    case 'consent':
      return [consentKeys.detail(profileId, scope.consentId), consentKeys.status(profileId, scope.consentId)];
    case 'basket':
      return [basketKeys.detail(profileId, scope.basketId), basketKeys.status(profileId, scope.basketId)];
    default:
      return [
        paymentKeys.detail(profileId, scope.service, scope.product, scope.paymentId),
        paymentKeys.status(profileId, scope.service, scope.product, scope.paymentId),
      ];
  }
}

/** All the keys of the resource an authorisation belongs to (its detail, status and anything else read of it). */
export function resourceKeyOf(profileId: string, scope: AuthorisationScope) {
  switch (scope.kind) {
    case 'consent':
      return consentKeys.consent(profileId, scope.consentId);
    case 'basket':
      return basketKeys.basket(profileId, scope.basketId);
    default:
      return paymentKeys.payment(profileId, scope.service, scope.product, scope.paymentId);
  }
}

/** The flow an authorisation's exchanges are grouped under in the inspector: its payment's, consent's or basket's. */
export function flowOf(scope: AuthorisationScope): string {
  switch (scope.kind) {
    case 'consent':
      return `consent:${scope.consentId}`;
    case 'basket':
      return basketFlow(scope.basketId);
    default:
      return `payment:${scope.paymentId}`;
  }
}

/** The flow of a signing basket's exchanges. */
export function basketFlow(basketId: string): string {
  return `basket:${basketId}`;
}
