// Where the authorisations of a payment, a payment's cancellation, a consent or a signing basket live, and their operation ids.
import { v1Path, type OperationId } from '../client';
import type { AuthorisationScope } from '../keys';

/** The authorisations collection of a scope, e.g. /v1/payments/sepa-credit-transfers/p1/cancellation-authorisations. */
export function authorisationsPath(scope: AuthorisationScope): string {
  switch (scope.kind) {
    case 'payment':
      return `${v1Path(scope.service, scope.product, scope.paymentId)}/authorisations`;
    case 'payment-cancellation':
      return `${v1Path(scope.service, scope.product, scope.paymentId)}/cancellation-authorisations`;
    case 'consent':
      return `${v1Path('consents', scope.consentId)}/authorisations`;
    case 'basket':
      return `${v1Path('signing-baskets', scope.basketId)}/authorisations`;
  }
}

export function authorisationPath(scope: AuthorisationScope, authorisationId: string): string {
  return `${authorisationsPath(scope)}/${encodeURIComponent(authorisationId)}`;
}

const operationIds = {
  payment: {
    start: 'startPaymentAuthorisation',
    list: 'getPaymentInitiationAuthorisation',
    scaStatus: 'getPaymentInitiationScaStatus',
    update: 'updatePaymentPsuData',
  },
  'payment-cancellation': {
    start: 'startPaymentInitiationCancellationAuthorisation',
    list: 'getPaymentInitiationCancellationAuthorisationInformation',
    scaStatus: 'getPaymentCancellationScaStatus',
    update: 'updatePaymentCancellationPsuData',
  },
  consent: {
    start: 'startConsentAuthorisation',
    list: 'getConsentAuthorisation',
    scaStatus: 'getConsentScaStatus',
    update: 'updateConsentsPsuData',
  },
  basket: {
    start: 'startSigningBasketAuthorisation',
    list: 'getSigningBasketAuthorisation',
    scaStatus: 'getSigningBasketScaStatus',
    update: 'updateSigningBasketPsuData',
  },
} as const satisfies Record<AuthorisationScope['kind'], Record<string, OperationId>>;

export function operationIdOf(scope: AuthorisationScope, action: keyof (typeof operationIds)['payment']): OperationId {
  return operationIds[scope.kind][action];
}
