// Every JSON example of the 1.3.12 file (PIS/AIS/PIIS) checked against the model: valid ones parse, the spec's known-bad ones fail.
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import * as x from './index';

// Copied from components.examples of the 1.3.12 OpenAPI file (CC BY 4.0, The Berlin Group).
const examples = {
  paymentInitiationSctBody_payments_json: {
    instructedAmount: { currency: 'EUR', amount: '123.50' },
    debtorAccount: { iban: 'DE40100100103307118608' },
    creditorName: 'Merchant123',
    creditorAccount: { iban: 'DE02100100109307118603' },
    remittanceInformationUnstructured: 'Ref Number Merchant',
  },
  'paymentInitiationSctBody_periodic-payments_json': {
    instructedAmount: { currency: 'EUR', amount: '123' },
    debtorAccount: { iban: 'DE40100100103307118608' },
    creditorName: 'Merchant123',
    creditorAccount: { iban: 'DE23100120020123456789' },
    remittanceInformationUnstructured: 'Ref Number Abonnement',
    startDate: '2018-03-01',
    executionRule: 'preceding',
    frequency: 'Monthly',
    dayOfExecution: '01',
  },
  'paymentInitiationSctBody_bulk-payments_json': {
    batchBookingPreferred: 'true',
    debtorAccount: { iban: 'DE40100100103307118608' },
    paymentInformationId: 'my-bulk-identification-1234',
    requestedExecutionDate: '2018-08-01',
    payments: [
      {
        'instructedAmount"': { currency: 'EUR', amount: '123.50' },
        creditorName: 'Merchant123',
        creditorAccount: { iban: 'DE02100100109307118603' },
        remittanceInformationUnstructured: 'Ref Number Merchant 1',
      },
      {
        'instructedAmount"': { currency: 'EUR', amount: '34.10' },
        creditorName: 'Merchant456',
        creditorAccount: { iban: 'FR7612345987650123456789014' },
        remittanceInformationUnstructured: 'Ref Number Merchant 2',
      },
    ],
  },
  accountDetailsRegularAccount: {
    account: {
      resourceId: '3dc3d5b3-7023-4848-9853-f5400a64e80f',
      iban: 'FR7612345987650123456789014',
      currency: 'EUR',
      ownerName: 'Heike Mustermann',
      product: 'Girokonto',
      cashAccountType: 'CACC',
      name: 'Main Account',
      _links: {
        balances: { href: '/psd2/v1/accounts/3dc3d5b3-7023-4848-9853-f5400a64e80f/balances' },
        transactions: { href: '/psd2/v1/accounts/3dc3d5b3-7023-4848-9853-f5400a64e80f/transactions' },
      },
    },
  },
  accountDetailsMulticurrencyAccount: {
    account: {
      resourceId: '3dc3d5b3-7023-4848-9853-f5400a64e80f',
      iban: 'FR7612345987650123456789014',
      currency: 'XXX',
      ownerName: 'Heike Mustermann',
      product: 'Multicurrency Account',
      cashAccountType: 'CACC',
      name: 'Aggregation Account',
      _links: {
        balances: { href: '/psd2/v1/accounts/3dc3d5b3-7023-4848-9853-f5400a64e80f/balances' },
        transactions: { href: '/psd2/v1/accounts/3dc3d5b3-7023-4848-9853-f5400a64e80f/transactions' },
      },
    },
  },
  accountListExample1: {
    accounts: [
      {
        resourceId: '3dc3d5b3-7023-4848-9853-f5400a64e80f',
        iban: 'DE2310010010123456789',
        currency: 'EUR',
        product: 'Girokonto',
        cashAccountType: 'CACC',
        name: 'Main Account',
        _links: {
          balances: { href: '/psd2/v1/accounts/3dc3d5b3-7023-4848-9853-f5400a64e80f/balances' },
          transactions: { href: '/psd2/v1/accounts/3dc3d5b3-7023-4848-9853-f5400a64e80f/transactions' },
        },
      },
      {
        resourceId: '3dc3d5b3-7023-4848-9853-f5400a64e81e',
        iban: 'DE2310010010123456788',
        currency: 'USD',
        product: 'Fremdwährungskonto',
        cashAccountType: 'CACC',
        name: 'US Dollar Account',
        _links: { balances: { href: '/psd2/v1/accounts/3dc3d5b3-7023-4848-9853-f5400a64e81e/balances' } },
      },
    ],
  },
  accountListExample2: {
    accounts: [
      {
        resourceId: '3dc3d5b3-7023-4848-9853-f5400a64e80f',
        iban: 'DE2310010010123456788',
        currency: 'EUR',
        product: 'Girokonto',
        cashAccountType: 'CACC',
        name: 'Main Account',
        _links: {
          balances: { href: '/psd2/v1/accounts/3dc3d5b3-7023-4848-9853-f5400a64e80f/balances' },
          transactions: { href: '/psd2/v1/accounts/3dc3d5b3-7023-4848-9853-f5400a64e80f/transactions' },
        },
      },
      {
        resourceId: '3dc3d5b3-7023-4848-9853-f5400a64e81e',
        iban: 'DE2310010010123456788',
        currency: 'USD',
        product: 'Fremdwährungskonto',
        cashAccountType: 'CACC',
        name: 'US Dollar Account',
        _links: {
          balances: { href: '/psd2/v1/accounts/3dc3d5b3-7023-4848-9853-f5400a64e81e/balances' },
          transactions: { href: '/psd2/v1/accounts/3dc3d5b3-7023-4848-9853-f5400a64e81e/transactions' },
        },
      },
    ],
  },
  accountListExample3: {
    accounts: [
      {
        resourceId: '3dc3d5b3-7023-4848-9853-f5400a64e80f',
        iban: 'DE2310010010123456788',
        currency: 'XXX',
        product: 'Multi currency account',
        cashAccountType: 'CACC',
        name: 'Aggregation Account',
        _links: {
          balances: { href: '/psd2/v1/accounts/3dc3d5b3-7023-4848-9853-f5400a64e333/balances' },
          transactions: { href: '/psd2/v1/accounts/3dc3d5b3-7023-4848-9853-f5400a64e333/transactions' },
        },
      },
      {
        resourceId: '3dc3d5b3-7023-4848-9853-f5400a64e80e',
        iban: 'DE2310010010123456788',
        currency: 'EUR',
        product: 'Girokonto',
        cashAccountType: 'CACC',
        name: 'Main Account',
        _links: {
          balances: { href: '/psd2/v1/accounts/3dc3d5b3-7023-4848-9853-f5400a64e80e/balances' },
          transactions: { href: '/psd2/v1/accounts/3dc3d5b3-7023-4848-9853-f5400a64e80e/transactions' },
        },
      },
      {
        resourceId: '3dc3d5b3-7023-4848-9853-f5400a64e81d',
        iban: 'DE2310010010123456788',
        currency: 'USD',
        product: 'Fremdwährungskonto',
        cashAccountType: 'CACC',
        name: 'US Dollar Account',
        _links: {
          balances: { href: '/psd2/v1/accounts/3dc3d5b3-7023-4848-9853-f5400a64e81d/balances' },
          transactions: { href: '/psd2/v1/accounts/3dc3d5b3-7023-4848-9853-f5400a64e81d/transactions' },
        },
      },
    ],
  },
  startScaProcessResponseExample1: {
    scaStatus: 'received',
    authorisationId: '123auth456',
    psuMessage: 'Please use your BankApp for transaction Authorisation.',
    _links: { scaStatus: { href: '/v1/payments/qwer3456tzui7890/authorisations/123auth456' } },
  },
  consentsExample_DedicatedAccounts: {
    access: {
      balances: [
        { iban: 'DE40100100103307118608' },
        { iban: 'DE02100100109307118603', currency: 'USD' },
        { iban: 'DE67100100101306118605' },
      ],
      transactions: [{ iban: 'DE40100100103307118608' }, { maskedPan: '123456xxxxxx1234' }],
    },
    recurringIndicator: 'true',
    validUntil: '2017-11-01',
    frequencyPerDay: 4,
  },
  consentsExample_AccountList: {
    access: { availableAccounts: 'allAccounts' },
    recurringIndicator: 'false',
    validUntil: '2017-08-06',
    frequencyPerDay: 1,
  },
  consentsExample_without_Accounts: {
    access: { balances: [], transactions: [] },
    recurringIndicator: 'true',
    validUntil: '2017-11-01',
    frequencyPerDay: 4,
  },
  updatePsuAuthenticationExample_Embedded: { psuData: { password: 'start12' } },
  selectPsuAuthenticationMethodExample_Embedded: { authenticationMethodId: 'myAuthenticationID' },
  transactionAuthorisationExample_Embedded: { scaAuthenticationData: '123456' },
  authorisationConfirmationExample_Redirect: { confirmationCode: '2256ffgh' },
  consentsInformationResponseExample: {
    access: {
      balances: [{ iban: 'DE2310010010123456789' }],
      transactions: [{ iban: 'DE2310010010123456789' }, { pan: '123456xxxxxx3457' }],
    },
    recurringIndicator: 'true',
    validUntil: '2017-11-01',
    frequencyPerDay: 4,
    consentStatus: 'valid',
    _links: { account: { href: '/psd2/v1/accounts' } },
  },
  consentResponseExample1a_Redirect: {
    consentStatus: 'received',
    consentId: '1234-wertiq-983',
    _links: {
      scaRedirect: { href: 'https://www.testbank.com/authentication/1234-wertiq-983' },
      status: { href: '/psd2/v1/consents/1234-wertiq-983/status' },
      scaStatus: { href: '/psd2/v1/consents/1234-wertiq-983/authorisations/123auth567' },
    },
  },
  consentResponseExample1b_Redirect: {
    consentStatus: 'received',
    consentId: '1234-wertiq-983',
    _links: { startAuthorisation: { href: '/psd2/v1/consents/1234-wertiq-983/authorisations' } },
  },
  consentResponseExample2_OAuth2: {
    consentStatus: 'received',
    consentId: '1234-wertiq-983',
    _links: {
      self: { href: '/psd2/v1/consents/1234-wertiq-983' },
      scaStatus: { href: '/psd2/v1/consents/1234-wertiq-983/authorisations/123auth567' },
      scaOAuth: { href: 'https://www.testbank.com/oauth/.well-known/oauth-authorization-server' },
    },
  },
  consentResponseExample3_Decoupled: {
    consentStatus: 'received',
    consentId: '1234-wertiq-983',
    _links: { startAuthorisationWithPsuIdentification: { href: '/psd2/v1/consents/1234-wertiq-983/authorisations' } },
  },
  consentResponseExample4_Embedded: {
    consentStatus: 'received',
    consentId: '1234-wertiq-983',
    _links: { startAuthorisationWithPsuAuthentication: { href: '/psd2/v1/consents/1234-wertiq-983/authorisations' } },
  },
  consentStatusResponseExample1: { consentStatus: 'valid' },
  paymentInitiationExample_json_Redirect: {
    transactionStatus: 'RCVD',
    paymentId: '1234-wertiq-983',
    _links: {
      scaRedirect: { href: 'https://www.testbank.com/asdfasdfasdf' },
      self: { href: '/psd2/v1/payments/sepa-credit-transfers/1234-wertiq-983' },
      status: { href: '/psd2/v1/payments/1234-wertiq-983/status' },
      scaStatus: { href: '/psd2/v1/payments/1234-wertiq-983/authorisations/123auth456' },
    },
  },
  paymentInitiationExample_json__RedirectExplicitAuthorisation: {
    transactionStatus: 'RCVD',
    paymentId: '1234-wertiq-983',
    _links: {
      self: { href: '/psd2/v1/payments/1234-wertiq-983' },
      status: { href: '/psd2/v1/payments/1234-wertiq-983/status' },
      startAuthorisation: { href: '/psd2/v1/payments1234-wertiq-983/authorisations' },
    },
  },
  paymentInitiationExample_json_OAuth2: {
    transactionStatus: 'RCVD',
    paymentId: '1234-wertiq-983',
    _links: {
      scaOAuth: { href: 'https://www.testbank.com/oauth/.well-known/oauth-authorization-server' },
      self: { href: '/psd2/v1/payments/1234-wertiq-983' },
      status: { href: '/psd2/v1/payments/1234-wertiq-983/status' },
      scaStatus: { href: '/psd2/v1/payments/1234-wertiq-983/authorisations/123auth456' },
    },
  },
  paymentInitiationExample_json_Decoupled: {
    transactionStatus: 'RCVD',
    paymentId: '1234-wertiq-983',
    _links: {
      startAuthorisationWithPsuIdentification: { href: '/v1/payments/1234-wertiq-983/authorisations' },
      self: { href: '/psd2/v1/payments/1234-wertiq-983' },
    },
  },
  paymentInitiationExample_json_Embedded: {
    transactionStatus: 'RCVD',
    paymentId: '1234-wertiq-983',
    _links: {
      startAuthorisationWithPsuAuthentication: { href: '/psd2/v1/payments/1234-wertiq-983/authorisations' },
      self: { href: '/psd2/v1/payments/1234-wertiq-983' },
    },
  },
  paymentInitiationStatusResponse_json_Simple: { transactionStatus: 'ACCP' },
  'paymentInitiationCancelResponse-202': {
    transactionStatus: 'ACTC',
    _links: {
      self: { href: '/psd2/v1/payments/123456scheduled789' },
      status: { href: '/psd2/v1/payments/123456scheduled789/status' },
      startAuthorisation: { href: '/psd2/v1/payments/123456scheduled789/cancellation-authorisations' },
    },
  },
  updatePsuIdentificationResponseExample_Decoupled_payments: {
    scatransactionStatus: 'psuIdentified',
    psuMessage: 'Please use your BankApp for transaction Authorisation.',
    _links: { scaStatus: { href: '/v1/payments/qwer3456tzui7890/authorisations/123auth456' } },
  },
  updatePsuAuthenticationResponseExample_Embedded_payments: {
    scaStatus: 'psuAuthenticated',
    _links: { authoriseTransaction: { href: '/psd2/v1/payments/1234-wertiq-983/authorisations/123auth456' } },
  },
  selectPsuAuthenticationMethodResponseExample_Embedded_payments: {
    scaStatus: 'scaMethodSelected',
    chosenScaMethod: { authenticationType: 'SMS_OTP', authenticationMethodId: 'myAuthenticationID' },
    challengeData: { otpMaxLength: '6', otpFormat: 'integer' },
    _links: { authoriseTransaction: { href: '/psd2/v1/payments/1234-wertiq-983/authorisations/123auth456' } },
  },
  transactionAuthorisationResponseExample: { scaStatus: 'finalised' },
  authorisationConfirmationResponseExample: {
    scaStatus: 'finalised',
    _links: { status: { href: '/v1/payments/sepa-credit-transfers/qwer3456tzui7890/status' } },
  },
  balancesExample1_RegularAccount: {
    account: { iban: 'FR7612345987650123456789014' },
    balances: [
      {
        balanceAmount: { currency: 'EUR', amount: '500.00' },
        balanceType: 'closingBooked',
        referenceDate: '2017-10-25',
      },
      {
        balanceAmount: { currency: 'EUR', amount: '900.00' },
        balanceType: 'expected',
        lastChangeDateTime: '2017-10-25T15:30:35.035Z',
      },
    ],
  },
  balancesExample2_MulticurrencyAccount: {
    balances: [
      {
        balanceAmount: { currency: 'EUR', amount: '500.00' },
        balanceType: 'closingBooked',
        referenceDate: '2017-10-25',
      },
      {
        balanceAmount: { currency: 'EUR', amount: '900.00' },
        balanceType: 'expected',
        lastChangeDateTime: '2017-10-25T15:30:35.035Z',
      },
      {
        balanceAmount: { currency: 'USD', amount: '350.00' },
        balanceType: 'closingBooked',
        referenceDate: '2017-10-25',
      },
      {
        balanceAmount: { currency: 'USD', amount: '350.00' },
        balanceType: 'expected',
        lastChangeDateTime: '2017-10-24T14:30:21Z',
      },
    ],
  },
  balancesExample3_RegularAccount: {
    balances: [
      { balanceAmount: { currency: 'EUR', amount: '1000.00' }, balanceType: 'interimBooked' },
      { balanceAmount: { currency: 'EUR', amount: '300.00' }, balanceType: 'interimAvailable' },
      {
        balanceAmount: { currency: 'EUR', amount: '5300.00' },
        balanceType: 'interimAvailable',
        creditLimitIncluded: true,
      },
    ],
  },
  transactionsExample1_RegularAccount_json: {
    account: { iban: 'DE2310010010123456788' },
    transactions: {
      booked: [
        {
          transactionId: '1234567',
          creditorName: 'John Miles',
          creditorAccount: { iban: 'DE67100100101306118605' },
          transactionAmount: { currency: 'EUR', amount: '256.67' },
          bookingDate: '2017-10-25',
          valueDate: '2017-10-26',
          remittanceInformationUnstructured: 'Example 1',
        },
        {
          transactionId: '1234568',
          debtorName: 'Paul Simpson',
          debtorAccount: { iban: 'NL76RABO0359400371' },
          transactionAmount: { currency: 'EUR', amount: '343.01' },
          bookingDate: '2017-10-25',
          valueDate: '2017-10-26',
          remittanceInformationUnstructured: 'Example 2',
        },
      ],
      pending: [
        {
          transactionId: '1234569',
          creditorName: 'Claude Renault',
          creditorAccount: { iban: 'FR7612345987650123456789014' },
          transactionAmount: { currency: 'EUR', amount: '-100.03' },
          valueDate: '2017-10-26',
          remittanceInformationUnstructured: 'Example 3',
        },
      ],
      _links: { account: { href: '/psd2/v1/accounts/3dc3d5b3-7023-4848-9853-f5400a64e80f' } },
    },
  },
  transactionsExample2_Download_json: {
    _links: { download: { href: 'www.test-api.com/xs2a/v1/accounts/12345678999/transactions/download/' } },
  },
  transactionsExample3_MulticurrencyAccount_json: {
    account: { iban: 'DE40100100103307118608' },
    transactions: {
      booked: [
        {
          transactionId: '1234567',
          creditorName: 'John Miles',
          creditorAccount: { iban: 'DE67100100101306118605' },
          transactionAmount: { currency: 'EUR', amount: '-256.67' },
          bookingDate: '2017-10-25',
          valueDate: '2017-10-26',
          remittanceInformationUnstructured: 'Example 1',
        },
        {
          transactionId: '1234568',
          debtorName: 'Paul Simpson',
          debtorAccount: { iban: 'NL76RABO0359400371' },
          transactionAmount: { currency: 'EUR', amount: '343.01' },
          bookingDate: '2017-10-25',
          valueDate: '2017-10-26',
          remittanceInformationUnstructured: 'Example 2',
        },
        {
          transactionId: '1234569',
          debtorName: 'Pepe Martin',
          debtorAccount: { iban: 'SE9412309876543211234567' },
          transactionAmount: { currency: 'USD', amount: '100' },
          bookingDate: '2017-10-25',
          valueDate: '2017-10-26',
          remittanceInformationUnstructured: 'Example 3',
        },
      ],
      pending: [
        {
          transactionId: '1234570',
          creditorName: 'Claude Renault',
          creditorAccount: { iban: 'FR7612345987650123456789014' },
          transactionAmount: { currency: 'EUR', amount: '-100.03' },
          valueDate: '2017-10-26',
          remittanceInformationUnstructured: 'Example 4',
        },
      ],
      _links: { account: { href: '/psd2/v1/accounts/3dc3d5b3-7023-4848-9853-f5400a64e80f' } },
    },
  },
  transactionDetailsExample: {
    transactionsDetails: {
      transactionId: '1234567',
      creditorName: 'John Miles',
      creditorAccount: { iban: 'DE67100100101306118605' },
      mandateId: 'Mandate-2018-04-20-1234',
      transactionAmount: { currency: 'EUR', amount: '-256.67' },
      bookingDate: '2017-10-25',
      valueDate: '2017-10-26',
      remittanceInformationUnstructured: 'Example 1',
      bankTransactionCode: 'PMNT-RDDT-ESDD',
    },
  },
  authorisationListExample: { authorisationIds: ['123auth456'] },
  confirmationOfFundsExample: {
    cardNumber: '12345678901234',
    account: { iban: 'DE23100120020123456789' },
    instructedAmount: { currency: 'EUR', amount: '123' },
  },
  confirmationOfFundsResponseExample: { fundsAvailable: 'true' },
} as const;

type Name = keyof typeof examples;

const valid: Array<[Name, z.ZodMiniType]> = [
  ['paymentInitiationSctBody_payments_json', x.PaymentInitiationJson],
  ['accountDetailsRegularAccount', x.AccountDetailsResponse],
  ['accountDetailsMulticurrencyAccount', x.AccountDetailsResponse],
  ['accountListExample1', x.AccountList],
  ['accountListExample2', x.AccountList],
  ['accountListExample3', x.AccountList],
  ['startScaProcessResponseExample1', x.StartScaprocessResponse],
  ['updatePsuAuthenticationExample_Embedded', x.UpdatePsuAuthentication],
  ['selectPsuAuthenticationMethodExample_Embedded', x.SelectPsuAuthenticationMethod],
  ['transactionAuthorisationExample_Embedded', x.TransactionAuthorisation],
  ['authorisationConfirmationExample_Redirect', x.AuthorisationConfirmation],
  ['consentResponseExample1a_Redirect', x.ConsentsResponse201],
  ['consentResponseExample1b_Redirect', x.ConsentsResponse201],
  ['consentResponseExample2_OAuth2', x.ConsentsResponse201],
  ['consentResponseExample3_Decoupled', x.ConsentsResponse201],
  ['consentResponseExample4_Embedded', x.ConsentsResponse201],
  ['consentStatusResponseExample1', x.ConsentStatusResponse],
  ['paymentInitiationExample_json_Redirect', x.PaymentInitiationResponse201],
  ['paymentInitiationExample_json__RedirectExplicitAuthorisation', x.PaymentInitiationResponse201],
  ['paymentInitiationExample_json_OAuth2', x.PaymentInitiationResponse201],
  ['paymentInitiationExample_json_Decoupled', x.PaymentInitiationResponse201],
  ['paymentInitiationExample_json_Embedded', x.PaymentInitiationResponse201],
  ['paymentInitiationStatusResponse_json_Simple', x.PaymentInitiationStatusResponse],
  ['paymentInitiationCancelResponse-202', x.PaymentInitiationCancelResponse202],
  ['updatePsuAuthenticationResponseExample_Embedded_payments', x.UpdatePsuAuthenticationResponse],
  ['transactionAuthorisationResponseExample', x.ScaStatusResponse],
  ['authorisationConfirmationResponseExample', x.AuthorisationConfirmationResponse],
  ['balancesExample1_RegularAccount', x.ReadAccountBalanceResponse],
  ['balancesExample2_MulticurrencyAccount', x.ReadAccountBalanceResponse],
  ['balancesExample3_RegularAccount', x.ReadAccountBalanceResponse],
  ['transactionsExample1_RegularAccount_json', x.TransactionsResponse],
  ['transactionsExample2_Download_json', x.TransactionsResponse],
  ['transactionsExample3_MulticurrencyAccount_json', x.TransactionsResponse],
  ['authorisationListExample', x.Authorisations],
];

// [example, schema, a path that must carry an issue]
const knownBad: Array<[Name, z.ZodMiniType, string]> = [
  ['paymentInitiationSctBody_periodic-payments_json', x.PeriodicPaymentInitiationJson, 'dayOfExecution'],
  ['paymentInitiationSctBody_bulk-payments_json', x.BulkPaymentInitiationJson, 'batchBookingPreferred'],
  ['consentsExample_DedicatedAccounts', x.Consents, 'recurringIndicator'],
  ['consentsExample_DedicatedAccounts', x.Consents, 'combinedServiceIndicator'],
  ['consentsExample_AccountList', x.Consents, 'recurringIndicator'],
  ['consentsExample_without_Accounts', x.Consents, 'combinedServiceIndicator'],
  ['consentsInformationResponseExample', x.ConsentInformationResponse, 'lastActionDate'],
  ['consentsInformationResponseExample', x.ConsentInformationResponse, 'recurringIndicator'],
  ['updatePsuIdentificationResponseExample_Decoupled_payments', x.UpdatePsuIdentificationResponse, 'scaStatus'],
  [
    'selectPsuAuthenticationMethodResponseExample_Embedded_payments',
    x.SelectPsuAuthenticationMethodResponse,
    'challengeData.otpMaxLength',
  ],
  ['transactionDetailsExample', x.TransactionDetailsResponse, 'transactionsDetails.transactionDetails'],
  // The same account IBAN with wrong check digits as the periodic payment's creditor.
  ['confirmationOfFundsExample', x.ConfirmationOfFunds, 'account.iban'],
  // fundsAvailable is a boolean in the schema; the file's example sends it as the text "true".
  ['confirmationOfFundsResponseExample', x.ConfirmationOfFundsResponse, 'fundsAvailable'],
];

describe('spec examples', () => {
  // Plain loops: it.each would pretty-print the zod schemas into the test names.
  for (const [name, schema] of valid) {
    it(`${name} is valid`, () => {
      const result = schema.safeParse(examples[name]);
      expect(result.error?.issues ?? []).toEqual([]);
    });
  }

  for (const [name, schema, path] of knownBad) {
    it(`${name} fails at ${path}`, () => {
      const result = schema.safeParse(examples[name]);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(path);
    });
  }

  it('the periodic example also uses a creditor IBAN with wrong check digits', () => {
    const result = x.PeriodicPaymentInitiationJson.safeParse(
      examples['paymentInitiationSctBody_periodic-payments_json'],
    );
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain('creditorAccount.iban');
  });

  it('the example bodies parse once the known defects are fixed', () => {
    const periodic = {
      ...examples['paymentInitiationSctBody_periodic-payments_json'],
      dayOfExecution: '1',
      creditorAccount: { iban: 'DE02100100109307118603' },
    };
    expect(x.PeriodicPaymentInitiationJson.safeParse(periodic).success).toBe(true);

    for (const name of ['consentsExample_DedicatedAccounts', 'consentsExample_without_Accounts'] as const) {
      const consent = { ...examples[name], recurringIndicator: true, combinedServiceIndicator: false };
      expect(x.Consents.safeParse(consent).error?.issues ?? []).toEqual([]);
    }
    const accountList = {
      ...examples.consentsExample_AccountList,
      recurringIndicator: false,
      combinedServiceIndicator: false,
    };
    expect(x.Consents.safeParse(accountList).success).toBe(true);

    const info = {
      ...examples.consentsInformationResponseExample,
      recurringIndicator: true,
      lastActionDate: '2017-10-30',
    };
    expect(x.ConsentInformationResponse.safeParse(info).success).toBe(true);

    const funds = { ...examples.confirmationOfFundsExample, account: { iban: 'DE02100100109307118603' } };
    expect(x.ConfirmationOfFunds.safeParse(funds).error?.issues ?? []).toEqual([]);
    expect(x.ConfirmationOfFundsResponse.safeParse({ fundsAvailable: true }).success).toBe(true);
  });

  it('the start-authorisation and PUT example bodies select the right variant', () => {
    expect(x.parseStartAuthorisationBody(examples.updatePsuAuthenticationExample_Embedded)).toEqual({
      success: true,
      data: { kind: 'psuData', psuData: { password: 'start12' } },
    });
    expect(x.parseUpdatePsuDataBody(examples.authorisationConfirmationExample_Redirect)).toEqual({
      success: true,
      data: { kind: 'confirmationCode', confirmationCode: '2256ffgh' },
    });
  });
});
