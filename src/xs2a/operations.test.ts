import { describe, expect, it } from 'vitest';
import { TransactionsResponse } from './accounts';
import { Consents } from './consents';
import { ConfirmationOfFunds, ConfirmationOfFundsResponse } from './funds-confirmations';
import { fillPath, matchOperation, operationNames, operations, responseSchemaFor } from './operations';
import { requestSchemaFor } from './request-schemas';
import {
  PaymentInitiationCancelResponse202,
  PaymentInitiationWithStatusResponse,
  PeriodicPaymentInitiationJson,
  PeriodicPaymentInitiationWithStatusResponse,
} from './payments';
import { AuthorisationConfirmationResponse, UpdatePsuDataResponse } from './sca';

describe('operations table', () => {
  it('covers every operation of the official file: payments, consents, accounts, cards, funds and signing baskets', () => {
    expect(operationNames).toHaveLength(38);
    expect(operations.createSigningBasket).toMatchObject({ method: 'POST', path: '/v1/signing-baskets', area: 'sbs' });
    expect(operations.deleteSigningBasket.successStatus).toEqual([204]);
    expect(operations.checkAvailabilityOfFunds).toMatchObject({
      method: 'POST',
      path: '/v1/funds-confirmations',
      area: 'piis',
      successStatus: [200],
    });
    expect(operations.cancelPayment.successStatus).toEqual([202, 204]);
    expect(operations.deleteConsent.successStatus).toEqual([204]);
    expect(operations.initiatePayment.successStatus).toEqual([201]);
  });

  it('resolves response schemas', () => {
    expect(responseSchemaFor('getTransactionList')).toBe(TransactionsResponse);
    expect(responseSchemaFor('getPaymentInformation', { paymentService: 'payments' })).toBe(
      PaymentInitiationWithStatusResponse,
    );
    expect(responseSchemaFor('getPaymentInformation', { paymentService: 'periodic-payments' })).toBe(
      PeriodicPaymentInitiationWithStatusResponse,
    );
    expect(() => responseSchemaFor('getPaymentInformation')).toThrow();
    expect(responseSchemaFor('cancelPayment', { status: 202 })).toBe(PaymentInitiationCancelResponse202);
    expect(responseSchemaFor('cancelPayment', { status: 204 })).toBeUndefined();
    expect(responseSchemaFor('deleteConsent')).toBeUndefined();
    expect(responseSchemaFor('updateConsentsPsuData')).toBe(UpdatePsuDataResponse);
    expect(responseSchemaFor('updatePaymentPsuData', { updateKind: 'confirmationCode' })).toBe(
      AuthorisationConfirmationResponse,
    );
  });

  it('resolves request schemas', () => {
    expect(requestSchemaFor('createConsent')).toBe(Consents);
    expect(requestSchemaFor('initiatePayment', 'periodic-payments')).toBe(PeriodicPaymentInitiationJson);
    expect(requestSchemaFor('startConsentAuthorisation')).toBeUndefined();
    expect(requestSchemaFor('checkAvailabilityOfFunds')).toBe(ConfirmationOfFunds);
    expect(responseSchemaFor('checkAvailabilityOfFunds')).toBe(ConfirmationOfFundsResponse);
  });
});

describe('matchOperation', () => {
  it('matches payment paths, with or without a base path', () => {
    expect(matchOperation('POST', '/v1/payments/sepa-credit-transfers')).toEqual({
      name: 'initiatePayment',
      params: { 'payment-service': 'payments', 'payment-product': 'sepa-credit-transfers' },
    });
    expect(matchOperation('get', '/psd2/v1/periodic-payments/sepa-credit-transfers/p1/status?x=1')?.name).toBe(
      'getPaymentInitiationStatus',
    );
    expect(matchOperation('PUT', '/v1/payments/sepa-credit-transfers/p1/cancellation-authorisations/a1')).toEqual({
      name: 'updatePaymentCancellationPsuData',
      params: {
        'payment-service': 'payments',
        'payment-product': 'sepa-credit-transfers',
        paymentId: 'p1',
        authorisationId: 'a1',
      },
    });
  });

  it('literal consent and account routes win over the payment pattern', () => {
    expect(matchOperation('GET', '/v1/consents/c1/status')).toEqual({
      name: 'getConsentStatus',
      params: { consentId: 'c1' },
    });
    expect(matchOperation('GET', '/v1/consents/c1/authorisations')?.name).toBe('getConsentAuthorisation');
    expect(matchOperation('GET', '/v1/accounts/acc-1/balances')).toEqual({
      name: 'getBalances',
      params: { 'account-id': 'acc-1' },
    });
    expect(matchOperation('GET', '/v1/accounts/acc-1/transactions')?.name).toBe('getTransactionList');
    expect(matchOperation('GET', '/v1/accounts/acc-1/transactions/t-1')?.name).toBe('getTransactionDetails');
    expect(matchOperation('GET', '/v1/accounts')?.name).toBe('getAccountList');
    expect(matchOperation('POST', '/psd2/v1/funds-confirmations')).toEqual({
      name: 'checkAvailabilityOfFunds',
      params: {},
    });
    expect(matchOperation('GET', '/v1/funds-confirmations')).toBeUndefined();
  });

  it('rejects unknown services, methods and paths', () => {
    expect(matchOperation('GET', '/v1/transfers/sepa-credit-transfers/p1')).toBeUndefined();
    expect(matchOperation('PATCH', '/v1/consents/c1')).toBeUndefined();
    expect(matchOperation('GET', '/v2/consents/c1')).toBeUndefined();
  });

  it('round-trips with fillPath', () => {
    const path = fillPath(operations.getConsentScaStatus.path, { consentId: 'c 1', authorisationId: 'a/1' });
    expect(path).toBe('/v1/consents/c%201/authorisations/a%2F1');
    expect(matchOperation('GET', path)).toEqual({
      name: 'getConsentScaStatus',
      params: { consentId: 'c 1', authorisationId: 'a/1' },
    });
    expect(() => fillPath(operations.getConsentStatus.path, {})).toThrow(/consentId/);
  });
});
