// Every operation of the fetch layer: the request it sends (method, path, headers) and what 1.3.12 calls it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { matchOperation } from '../xs2a/operations';
import { getAccount } from './accounts/get-account';
import { getBalances } from './accounts/get-balances';
import { getTransactionDetails } from './accounts/get-transaction-details';
import { getTransactions } from './accounts/get-transactions';
import { listAccounts } from './accounts/list-accounts';
import type { Xs2aResult } from './client';
import { createConsent } from './consents/create-consent';
import { deleteConsent } from './consents/delete-consent';
import { getConsent } from './consents/get-consent';
import { getConsentStatus } from './consents/get-consent-status';
import { exchangeLog } from './exchange-log';
import type { AuthorisationScope } from './keys';
import { cancelPayment } from './payments/cancel-payment';
import { getPayment } from './payments/get-payment';
import { getPaymentStatus } from './payments/get-payment-status';
import { initiatePayment } from './payments/initiate-payment';
import type { BankProfile } from './profiles/bank-profile';
import { getScaStatus } from './sca/get-sca-status';
import { listAuthorisations } from './sca/list-authorisations';
import { startAuthorisation } from './sca/start-authorisation';
import { updatePsuData } from './sca/update-psu-data';
import { testProfile } from './test-kit';
import { answerAll, answerNext, jsonResponse, sent } from '../testing/http';

const profile: BankProfile = testProfile({
  baseUrl: 'https://bank.example/psd2/',
  psuHeaders: { psuId: 'alice', psuIpAddress: '192.168.0.10' },
  sca: { redirectPreferred: true, decoupledPreferred: false, explicitAuthorisationPreferred: true },
});
const pay = { profile, service: 'payments', product: 'sepa-credit-transfers', paymentId: 'p 1' } as const;
const paymentScope: AuthorisationScope = {
  kind: 'payment',
  service: 'payments',
  product: 'sepa-credit-transfers',
  paymentId: 'p1',
};
const cancellationScope: AuthorisationScope = { ...paymentScope, kind: 'payment-cancellation' };
const consentScope: AuthorisationScope = { kind: 'consent', consentId: 'c1' };
const paymentBody = {
  debtorAccount: { iban: 'DE16990100000010010001' },
  instructedAmount: { currency: 'EUR', amount: '12.50' },
  creditorAccount: { iban: 'DE49990100000020020001' },
  creditorName: 'Bob',
};
const consentBody = {
  access: { allPsd2: 'allAccounts' as const },
  recurringIndicator: false,
  validUntil: '2030-01-01',
  frequencyPerDay: 1,
  combinedServiceIndicator: false,
};

beforeEach(() => {
  // Whatever the call, the bank answers 200 with an empty object: these tests look at the requests.
  answerAll(() => jsonResponse({}));
  exchangeLog.clear();
});
afterEach(() => vi.unstubAllGlobals());

type Case = [
  name: string,
  call: () => Promise<Xs2aResult<unknown>>,
  expected: { method: string; url: string; operation: string; flow?: string; sca: 'initiation' | 'start' | 'none' },
];

const PIS = 'https://bank.example/psd2/v1/payments/sepa-credit-transfers';
const cases: Case[] = [
  [
    'initiatePayment',
    () => initiatePayment({ ...pay, body: paymentBody }),
    { method: 'POST', url: PIS, operation: 'initiatePayment', sca: 'initiation' },
  ],
  [
    'getPayment',
    () => getPayment(pay),
    { method: 'GET', url: `${PIS}/p%201`, operation: 'getPaymentInformation', flow: 'payment:p 1', sca: 'none' },
  ],
  [
    'getPaymentStatus',
    () => getPaymentStatus(pay),
    {
      method: 'GET',
      url: `${PIS}/p%201/status`,
      operation: 'getPaymentInitiationStatus',
      flow: 'payment:p 1',
      sca: 'none',
    },
  ],
  [
    'cancelPayment',
    () => cancelPayment(pay),
    { method: 'DELETE', url: `${PIS}/p%201`, operation: 'cancelPayment', flow: 'payment:p 1', sca: 'initiation' },
  ],
  [
    'startAuthorisation (payment)',
    () => startAuthorisation({ profile, scope: paymentScope }),
    {
      method: 'POST',
      url: `${PIS}/p1/authorisations`,
      operation: 'startPaymentAuthorisation',
      flow: 'payment:p1',
      sca: 'start',
    },
  ],
  [
    'startAuthorisation (cancellation)',
    () => startAuthorisation({ profile, scope: cancellationScope }),
    {
      method: 'POST',
      url: `${PIS}/p1/cancellation-authorisations`,
      operation: 'startPaymentInitiationCancellationAuthorisation',
      flow: 'payment:p1',
      sca: 'start',
    },
  ],
  [
    'startAuthorisation (consent)',
    () => startAuthorisation({ profile, scope: consentScope }),
    {
      method: 'POST',
      url: 'https://bank.example/psd2/v1/consents/c1/authorisations',
      operation: 'startConsentAuthorisation',
      flow: 'consent:c1',
      sca: 'start',
    },
  ],
  [
    'listAuthorisations (payment)',
    () => listAuthorisations({ profile, scope: paymentScope }),
    {
      method: 'GET',
      url: `${PIS}/p1/authorisations`,
      operation: 'getPaymentInitiationAuthorisation',
      flow: 'payment:p1',
      sca: 'none',
    },
  ],
  [
    'listAuthorisations (cancellation)',
    () => listAuthorisations({ profile, scope: cancellationScope }),
    {
      method: 'GET',
      url: `${PIS}/p1/cancellation-authorisations`,
      operation: 'getPaymentInitiationCancellationAuthorisationInformation',
      flow: 'payment:p1',
      sca: 'none',
    },
  ],
  [
    'listAuthorisations (consent)',
    () => listAuthorisations({ profile, scope: consentScope }),
    {
      method: 'GET',
      url: 'https://bank.example/psd2/v1/consents/c1/authorisations',
      operation: 'getConsentAuthorisation',
      flow: 'consent:c1',
      sca: 'none',
    },
  ],
  [
    'getScaStatus (payment)',
    () => getScaStatus({ profile, scope: paymentScope, authorisationId: 'a1' }),
    {
      method: 'GET',
      url: `${PIS}/p1/authorisations/a1`,
      operation: 'getPaymentInitiationScaStatus',
      flow: 'payment:p1',
      sca: 'none',
    },
  ],
  [
    'getScaStatus (cancellation)',
    () => getScaStatus({ profile, scope: cancellationScope, authorisationId: 'a1' }),
    {
      method: 'GET',
      url: `${PIS}/p1/cancellation-authorisations/a1`,
      operation: 'getPaymentCancellationScaStatus',
      flow: 'payment:p1',
      sca: 'none',
    },
  ],
  [
    'getScaStatus (consent)',
    () => getScaStatus({ profile, scope: consentScope, authorisationId: 'a1' }),
    {
      method: 'GET',
      url: 'https://bank.example/psd2/v1/consents/c1/authorisations/a1',
      operation: 'getConsentScaStatus',
      flow: 'consent:c1',
      sca: 'none',
    },
  ],
  [
    'updatePsuData (payment)',
    () =>
      updatePsuData({
        profile,
        scope: paymentScope,
        authorisationId: 'a1',
        step: 'authoriseTransaction',
        body: { scaAuthenticationData: '123456' },
      }),
    {
      method: 'PUT',
      url: `${PIS}/p1/authorisations/a1`,
      operation: 'updatePaymentPsuData',
      flow: 'payment:p1',
      sca: 'none',
    },
  ],
  [
    'updatePsuData (cancellation)',
    () =>
      updatePsuData({
        profile,
        scope: cancellationScope,
        authorisationId: 'a1',
        step: 'selectMethod',
        body: { authenticationMethodId: 'sms' },
      }),
    {
      method: 'PUT',
      url: `${PIS}/p1/cancellation-authorisations/a1`,
      operation: 'updatePaymentCancellationPsuData',
      flow: 'payment:p1',
      sca: 'none',
    },
  ],
  [
    'updatePsuData (consent)',
    () =>
      updatePsuData({
        profile,
        scope: consentScope,
        authorisationId: 'a1',
        step: 'authentication',
        body: { psuData: { password: 'sandbox' } },
      }),
    {
      method: 'PUT',
      url: 'https://bank.example/psd2/v1/consents/c1/authorisations/a1',
      operation: 'updateConsentsPsuData',
      flow: 'consent:c1',
      sca: 'none',
    },
  ],
  [
    'createConsent',
    () => createConsent({ profile, body: consentBody }),
    { method: 'POST', url: 'https://bank.example/psd2/v1/consents', operation: 'createConsent', sca: 'initiation' },
  ],
  [
    'getConsent',
    () => getConsent({ profile, consentId: 'c1' }),
    {
      method: 'GET',
      url: 'https://bank.example/psd2/v1/consents/c1',
      operation: 'getConsentInformation',
      flow: 'consent:c1',
      sca: 'none',
    },
  ],
  [
    'getConsentStatus',
    () => getConsentStatus({ profile, consentId: 'c1' }),
    {
      method: 'GET',
      url: 'https://bank.example/psd2/v1/consents/c1/status',
      operation: 'getConsentStatus',
      flow: 'consent:c1',
      sca: 'none',
    },
  ],
  [
    'deleteConsent',
    () => deleteConsent({ profile, consentId: 'c1' }),
    {
      method: 'DELETE',
      url: 'https://bank.example/psd2/v1/consents/c1',
      operation: 'deleteConsent',
      flow: 'consent:c1',
      sca: 'none',
    },
  ],
  [
    'listAccounts',
    () => listAccounts({ profile, consentId: 'c1' }),
    {
      method: 'GET',
      url: 'https://bank.example/psd2/v1/accounts',
      operation: 'getAccountList',
      flow: 'consent:c1',
      sca: 'none',
    },
  ],
  [
    'getAccount',
    () => getAccount({ profile, consentId: 'c1', accountId: 'acc-1', withBalance: true }),
    {
      method: 'GET',
      url: 'https://bank.example/psd2/v1/accounts/acc-1?withBalance=true',
      operation: 'readAccountDetails',
      flow: 'consent:c1',
      sca: 'none',
    },
  ],
  [
    'getBalances',
    () => getBalances({ profile, consentId: 'c1', accountId: 'acc-1' }),
    {
      method: 'GET',
      url: 'https://bank.example/psd2/v1/accounts/acc-1/balances',
      operation: 'getBalances',
      flow: 'consent:c1',
      sca: 'none',
    },
  ],
  [
    'getTransactions',
    () =>
      getTransactions({ profile, consentId: 'c1', accountId: 'acc-1', bookingStatus: 'both', dateFrom: '2024-01-01' }),
    {
      method: 'GET',
      url: 'https://bank.example/psd2/v1/accounts/acc-1/transactions?bookingStatus=both&dateFrom=2024-01-01',
      operation: 'getTransactionList',
      flow: 'consent:c1',
      sca: 'none',
    },
  ],
  [
    'getTransactionDetails',
    () =>
      getTransactionDetails({
        profile,
        consentId: 'c1',
        accountId: 'acc-1',
        href: '/psd2/v1/accounts/acc-1/transactions/tx-9',
      }),
    {
      method: 'GET',
      url: 'https://bank.example/psd2/v1/accounts/acc-1/transactions/tx-9',
      operation: 'getTransactionDetails',
      flow: 'consent:c1',
      sca: 'none',
    },
  ],
];

describe.each(cases)('%s', (_name, call, expected) => {
  it('sends the request 1.3.12 defines for the operation', async () => {
    const result = await call();
    const request = await sent();
    expect(request.method).toBe(expected.method);
    expect(request.url).toBe(expected.url);
    expect(matchOperation(request.method, new URL(request.url).pathname)?.name).toBe(expected.operation);
    const exchange = exchangeLog.get(result.exchangeId);
    expect(exchange?.operationId).toBe(expected.operation);
    expect(exchange?.flow).toBe(expected.flow);
    expect(Object.fromEntries(request.headers)).toMatchObject({ 'psu-id': 'alice', 'psu-ip-address': '192.168.0.10' });
  });

  it('sends the SCA preference and redirect headers only where 1.3.12 defines them', async () => {
    await call();
    const { headers } = await sent();
    const header = (name: string) => headers.get(name) ?? undefined;
    const sca = {
      'TPP-Redirect-Preferred': header('TPP-Redirect-Preferred'),
      'TPP-Decoupled-Preferred': header('TPP-Decoupled-Preferred'),
      'TPP-Explicit-Authorisation-Preferred': header('TPP-Explicit-Authorisation-Preferred'),
      'TPP-Redirect-URI': header('TPP-Redirect-URI'),
      'TPP-Nok-Redirect-URI': header('TPP-Nok-Redirect-URI'),
    };
    const uris = {
      'TPP-Redirect-URI': 'http://localhost/callback/ok',
      'TPP-Nok-Redirect-URI': 'http://localhost/callback/nok',
    };
    const none = { 'TPP-Decoupled-Preferred': undefined, 'TPP-Explicit-Authorisation-Preferred': undefined };
    if (expected.sca === 'initiation') {
      expect(sca).toEqual({
        'TPP-Redirect-Preferred': 'true',
        'TPP-Decoupled-Preferred': 'false',
        'TPP-Explicit-Authorisation-Preferred': 'true',
        ...uris,
      });
    } else if (expected.sca === 'start') {
      expect(sca).toEqual({ 'TPP-Redirect-Preferred': 'true', ...none, ...uris });
    } else {
      expect(sca).toEqual({
        'TPP-Redirect-Preferred': undefined,
        ...none,
        'TPP-Redirect-URI': undefined,
        'TPP-Nok-Redirect-URI': undefined,
      });
    }
  });
});

describe('operation details', () => {
  it('sends no preference header the profile leaves unset', async () => {
    await initiatePayment({ ...pay, profile: testProfile(), body: paymentBody });
    const { headers } = await sent();
    expect([...headers.keys()].filter((name) => name.endsWith('-preferred'))).toEqual([]);
  });

  it('sends the per-call redirect URIs and PSU-ID instead of the profile ones', async () => {
    await startAuthorisation({
      profile: testProfile({ redirectUri: 'https://tpp.example/ok', psuHeaders: { psuId: 'alice' } }),
      scope: consentScope,
      tppRedirectUri: 'https://console.example/callback/ok?state=s1',
      psuId: 'bob',
      body: { psuData: { password: 'sandbox' } },
    });
    const request = await sent();
    expect(Object.fromEntries(request.headers)).toMatchObject({
      'tpp-redirect-uri': 'https://console.example/callback/ok?state=s1',
      'psu-id': 'bob',
      'tpp-nok-redirect-uri': 'http://localhost/callback/nok',
    });
    expect(request.body).toMatchObject({ psuData: { password: 'sandbox' } });
  });

  it("uses the profile's redirect URIs when the call has none", async () => {
    await createConsent({
      profile: testProfile({ redirectUri: 'https://tpp.example/ok', nokRedirectUri: 'https://tpp.example/nok' }),
      body: consentBody,
    });
    expect(Object.fromEntries((await sent()).headers)).toMatchObject({
      'tpp-redirect-uri': 'https://tpp.example/ok',
      'tpp-nok-redirect-uri': 'https://tpp.example/nok',
    });
  });

  it('follows a link from the bank instead of the spec path', async () => {
    await getScaStatus({
      profile,
      scope: paymentScope,
      authorisationId: 'a1',
      href: '/psd2/v1/payments/p1/authorisations/a1',
    });
    await updatePsuData({
      profile,
      scope: paymentScope,
      authorisationId: 'a1',
      href: 'https://sca.bank.example/psd2/v1/payments/p1/authorisations/a1',
      step: 'identification',
      body: {},
    });
    await getTransactions({
      profile,
      consentId: 'c1',
      accountId: 'acc-1',
      bookingStatus: 'booked',
      dateFrom: '2024-01-01',
      href: '/psd2/v1/accounts/acc-1/transactions?page=2&bookingStatus=booked',
    });
    expect((await sent(0)).url).toBe('https://bank.example/psd2/v1/payments/p1/authorisations/a1');
    expect((await sent(1)).url).toBe('https://sca.bank.example/psd2/v1/payments/p1/authorisations/a1');
    expect((await sent(2)).url).toBe(
      'https://bank.example/psd2/v1/accounts/acc-1/transactions?page=2&bookingStatus=booked',
    );
    expect((await sent(2)).headers.get('Consent-ID')).toBe('c1');
  });

  it('sends Consent-ID on account reads and the consent-linked payment', async () => {
    await listAccounts({ profile, consentId: 'c1', withBalance: false });
    await initiatePayment({ ...pay, body: paymentBody, consentId: 'c7' });
    await getConsent({ profile, consentId: 'c1' });
    expect((await sent(0)).url).toBe('https://bank.example/psd2/v1/accounts');
    expect((await sent(0)).headers.get('Consent-ID')).toBe('c1');
    expect((await sent(1)).headers.get('Consent-ID')).toBe('c7');
    expect((await sent(2)).headers.has('Consent-ID')).toBe(false);
  });

  it('groups an initiation with its payment or consent once the bank names it', async () => {
    answerNext(
      jsonResponse(
        { transactionStatus: 'RCVD', paymentId: 'p9', _links: {} },
        { status: 201, headers: { Location: 'https://console.example/sandbox/v1/payments/sepa-credit-transfers/p9' } },
      ),
    );
    const payment = await initiatePayment({ ...pay, body: paymentBody });
    answerNext(jsonResponse({ consentStatus: 'received', consentId: 'c9', _links: {} }, { status: 201 }));
    const consent = await createConsent({ profile, body: consentBody });
    expect(exchangeLog.get(payment.exchangeId)?.flow).toBe('payment:p9');
    expect(exchangeLog.get(consent.exchangeId)?.flow).toBe('consent:c9');
    expect(payment.deviations).toEqual([]);
  });

  it('checks each PSU data step against its own response schema', async () => {
    answerAll(() => jsonResponse({ scaStatus: 'finalised' }));
    const otp = await updatePsuData({
      profile,
      scope: consentScope,
      authorisationId: 'a1',
      step: 'authoriseTransaction',
      body: { scaAuthenticationData: '1' },
    });
    const confirmation = await updatePsuData({
      profile,
      scope: consentScope,
      authorisationId: 'a1',
      step: 'confirmation',
      body: { confirmationCode: 'x' },
    });
    expect(otp.deviations).toEqual([]);
    expect(confirmation.deviations.map((d) => d.path)).toEqual(['_links']);
  });
});
