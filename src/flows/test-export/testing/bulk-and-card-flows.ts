// Recorded flows of a bulk payment (redirect SCA, partially accepted) and of a consent that names a card by its masked
// PAN and reads the card accounts, their balances and card transactions, answered as the sandbox answers them: for the
// tests of the exported Playwright tests, the replay files and presenter mode. The person's and the bank's texts
// (creditor names, remittances, the bank's messages, the cardholder) are the caller's, so hostile ones can be given.
import type { Exchange } from '../../../api';

export const BANK = 'https://bank.example/psd2';
export const BULK = `${BANK}/v1/bulk-payments/sepa-credit-transfers`;
export const BULK_FLOW = 'payment:b-1';
export const CARD_FLOW = 'consent:c-9';
export const DEBTOR_IBAN = 'DE16990100000010010001';
export const MASKED_PAN = '453998******4711';

export interface BulkEntry {
  creditorName: string;
  creditorIban: string;
  amount: string;
  remittance?: string;
}

/** A bulk of three: to a bakery, to a person by "Last, First" (a closed account: rejected), to a company. */
export const BULK_ENTRIES: readonly BulkEntry[] = [
  {
    creditorName: 'Boulangerie Exemple',
    creditorIban: 'DE49990100000020020001',
    amount: '12.50',
    remittance: 'Croissants',
  },
  { creditorName: 'Brandt, Erik', creditorIban: 'DE02990100000090090001', amount: '5.00', remittance: 'Old account' },
  { creditorName: 'Kaffee Handel GmbH', creditorIban: 'DE02100100109307118603', amount: '3.00' },
];

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

/**
 * Exchanges of one flow (or, for an exchange that names another in `more.flow`, of that one: a basket's members),
 * numbered in order, each a second after the one before.
 */
export function recorder(flow: string) {
  let sequence = 0;
  return (
    operationId: string,
    method: string,
    url: string,
    answer: Answer,
    more: { body?: unknown; headers?: Record<string, string>; flow?: string } = {},
  ): Exchange => {
    sequence += 1;
    return {
      id: `${flow}-${sequence}`,
      flow: more.flow ?? flow,
      operationId,
      requestId: `req-${sequence}`,
      startedAt: Date.UTC(2026, 10, 2, 10) + sequence * 1000,
      durationMs: 10,
      request: {
        method,
        url,
        headers: {
          'X-Request-ID': `req-${sequence}`,
          'PSU-ID': 'alice',
          'PSU-IP-Address': '192.0.2.1',
          ...(more.body !== undefined && { 'Content-Type': 'application/json' }),
          ...more.headers,
        },
        ...(more.body !== undefined && { body: more.body }),
      },
      response: {
        status: answer.status,
        statusText: '',
        headers: { 'x-request-id': `req-${sequence}`, date: 'Mon, 02 Nov 2026 10:00:00 GMT', ...answer.headers },
        body: answer.body,
        bodyText: JSON.stringify(answer.body),
      },
      deviations: [],
    };
  };
}

export interface BulkFlowOptions {
  entries?: readonly BulkEntry[];
  /** The bank's text: its warning on the creation, the rejected payment's message. */
  bankText?: string;
  /** The bulk's status at the end: PART (the second payment rejected) or ACTC. */
  ended?: 'PART' | 'ACTC';
}

/** The bulk's request body, as the console's bulk form sends it. */
export function bulkBody(entries: readonly BulkEntry[] = BULK_ENTRIES) {
  return {
    batchBookingPreferred: true,
    debtorAccount: { iban: DEBTOR_IBAN },
    payments: entries.map((entry) => ({
      instructedAmount: { currency: 'EUR', amount: entry.amount },
      creditorAccount: { iban: entry.creditorIban },
      creditorName: entry.creditorName,
      ...(entry.remittance !== undefined && { remittanceInformationUnstructured: entry.remittance }),
    })),
  };
}

/** A bulk with redirect SCA: created, approved at the bank, its SCA and status read, then the bulk itself. */
export function bulkFlow({ entries = BULK_ENTRIES, bankText, ended = 'PART' }: BulkFlowOptions = {}): Exchange[] {
  const exchange = recorder(BULK_FLOW);
  const self = '/psd2/v1/bulk-payments/sepa-credit-transfers/b-1';
  const body = bulkBody(entries);
  const rejected =
    ended === 'PART'
      ? [
          {
            category: 'WARNING',
            code: 'PAYMENT_FAILED',
            path: 'payments[1]',
            text: bankText ?? 'Payment 2 was rejected: the creditor account is closed.',
          },
        ]
      : [];
  const more = rejected.length > 0 ? { tppMessage: rejected } : {};
  return [
    exchange(
      'initiatePayment',
      'POST',
      BULK,
      {
        status: 201,
        headers: { 'aspsp-sca-approach': 'REDIRECT' },
        body: {
          transactionStatus: 'RCVD',
          paymentId: 'b-1',
          tppMessages: [{ category: 'WARNING', code: 'WARNING', text: bankText ?? 'Batch booking applies.' }],
          _links: {
            scaRedirect: { href: 'https://bank.example/psd2/sca/au-1' },
            self: { href: self },
            status: { href: `${self}/status` },
            scaStatus: { href: `${self}/authorisations/au-1` },
          },
        },
      },
      { body, headers: { 'TPP-Redirect-URI': 'https://console.example/callback/ok?state=s-1' } },
    ),
    exchange('getPaymentInitiationScaStatus', 'GET', `${BULK}/b-1/authorisations/au-1`, {
      status: 200,
      body: { scaStatus: 'finalised' },
    }),
    exchange('getPaymentInitiationStatus', 'GET', `${BULK}/b-1/status`, {
      status: 200,
      body: {
        transactionStatus: ended,
        psuName: 'Alice Schneider',
        psuMessage: bankText ?? `${ended === 'PART' ? 2 : 3} of ${entries.length} payments accepted.`,
        ...more,
      },
    }),
    exchange('getPaymentInformation', 'GET', `${BULK}/b-1`, {
      status: 200,
      body: { ...body, transactionStatus: ended, ...more },
    }),
  ];
}

export interface CardFlowOptions {
  /** The card's holder as the bank names it. */
  ownerName?: string;
  /** A merchant's name and the bank's free text in a card transaction. */
  merchant?: string;
}

/** A consent naming alice's card by masked PAN (redirect SCA), then the card list, its balances and transactions. */
export function cardFlow({
  ownerName = 'Alice Schneider',
  merchant = 'Kiosk Am Markt',
}: CardFlowOptions = {}): Exchange[] {
  const exchange = recorder(CARD_FLOW);
  const card = { maskedPan: MASKED_PAN };
  const read = { headers: { 'Consent-ID': 'c-9' } };
  const cards = `${BANK}/v1/card-accounts`;
  const links = {
    balances: { href: '/psd2/v1/card-accounts/card-1/balances' },
    transactions: { href: '/psd2/v1/card-accounts/card-1/transactions' },
  };
  const balances = [{ balanceType: 'interimAvailable', balanceAmount: { currency: 'EUR', amount: '2750.00' } }];
  return [
    exchange(
      'createConsent',
      'POST',
      `${BANK}/v1/consents`,
      {
        status: 201,
        body: {
          consentStatus: 'received',
          consentId: 'c-9',
          _links: {
            scaRedirect: { href: 'https://bank.example/psd2/sca/au-7' },
            self: { href: '/psd2/v1/consents/c-9' },
            status: { href: '/psd2/v1/consents/c-9/status' },
            scaStatus: { href: '/psd2/v1/consents/c-9/authorisations/au-7' },
          },
        },
      },
      {
        body: {
          access: { accounts: [card], balances: [card], transactions: [card] },
          recurringIndicator: true,
          validUntil: '2026-12-02',
          frequencyPerDay: 4,
          combinedServiceIndicator: false,
        },
      },
    ),
    exchange('getConsentScaStatus', 'GET', `${BANK}/v1/consents/c-9/authorisations/au-7`, {
      status: 200,
      body: { scaStatus: 'finalised' },
    }),
    exchange('getConsentStatus', 'GET', `${BANK}/v1/consents/c-9/status`, {
      status: 200,
      body: { consentStatus: 'valid' },
    }),
    exchange(
      'getCardAccountList',
      'GET',
      cards,
      {
        status: 200,
        body: {
          cardAccounts: [
            {
              resourceId: 'card-1',
              maskedPan: MASKED_PAN,
              currency: 'EUR',
              ownerName,
              name: 'Visa Kreditkarte',
              product: 'Visa Classic',
              usage: 'PRIV',
              creditLimit: { currency: 'EUR', amount: '3000.00' },
              _links: links,
            },
          ],
        },
      },
      read,
    ),
    exchange(
      'getCardAccountBalances',
      'GET',
      `${cards}/card-1/balances`,
      {
        status: 200,
        body: { cardAccount: card, debitAccounting: false, balances },
      },
      read,
    ),
    exchange(
      'getCardAccountTransactionList',
      'GET',
      `${cards}/card-1/transactions?bookingStatus=booked&dateFrom=2026-08-04`,
      {
        status: 200,
        body: {
          cardAccount: card,
          debitAccounting: false,
          cardTransactions: {
            booked: [
              {
                cardTransactionId: 'ct-1',
                transactionDate: '2026-10-30',
                bookingDate: '2026-10-31',
                transactionAmount: { currency: 'EUR', amount: '-4.20' },
                cardAcceptorId: 'acc-77',
                cardAcceptorAddress: { townName: 'Berlin', country: 'DE' },
                maskedPAN: MASKED_PAN,
                transactionDetails: merchant,
              },
            ],
            _links: { cardAccount: { href: '/psd2/v1/card-accounts/card-1' } },
          },
        },
      },
      read,
    ),
  ];
}
