// The ids this browser knows, offered for the path variables: payments, consents and signing baskets of the profile's
// history, and what this tab's exchanges touched (accounts, card accounts, authorisations, transactions) or got back
// from the bank.
import { isRecord, type Exchange } from '../../../api';
import { matchOperation } from '../../../xs2a';

/** Values of each path variable (and `iban`, for example bodies), newest first, each with where it comes from. */
export type KnownIds = Record<string, { value: string; note: string }[]>;

function add(known: KnownIds, variable: string, value: unknown, note: string) {
  if (typeof value !== 'string' || value === '') return;
  const list = (known[variable] ??= []);
  if (!list.some((entry) => entry.value === value)) list.push({ value, note });
}

/** Ids in an answer's body: created resources, authorisations, listed accounts. */
function idsInAnswer(known: KnownIds, body: unknown, note: string) {
  if (!isRecord(body)) return;
  add(known, 'paymentId', body.paymentId, note);
  add(known, 'consentId', body.consentId, note);
  add(known, 'basketId', body.basketId, note);
  add(known, 'authorisationId', body.authorisationId, note);
  if (Array.isArray(body.authorisationIds))
    for (const id of body.authorisationIds) add(known, 'authorisationId', id, note);
  const booked = isRecord(body.transactions) ? body.transactions.booked : undefined;
  if (Array.isArray(booked)) {
    for (const entry of booked.slice(0, 20))
      if (isRecord(entry)) add(known, 'transactionId', entry.transactionId, note);
  }
  if (Array.isArray(body.accounts)) {
    for (const account of body.accounts) {
      if (!isRecord(account)) continue;
      add(known, 'account-id', account.resourceId, note);
      add(known, 'iban', account.iban, note);
    }
  }
  // A card account's resourceId goes into the same path variable as an account's (/v1/card-accounts/{account-id}).
  if (Array.isArray(body.cardAccounts)) {
    for (const card of body.cardAccounts) if (isRecord(card)) add(known, 'account-id', card.resourceId, note);
  }
}

export interface HistoryIds {
  /** Newest first; `awaits`: still awaiting its authorisation as this browser last saw it. */
  payments: { paymentId: string; service: string; product: string; awaits: boolean }[];
  consents: { consentId: string; awaits: boolean }[];
  baskets: { basketId: string }[];
}

export interface BasketMemberIds {
  paymentIds: string[];
  consentIds: string[];
}

/** What a new signing basket could hold: this browser's payments and consents that still await their authorisation. */
export function basketCandidateIds(history: HistoryIds): BasketMemberIds {
  return {
    paymentIds: history.payments.filter((p) => p.awaits).map((p) => p.paymentId),
    consentIds: history.consents.filter((c) => c.awaits).map((c) => c.consentId),
  };
}

export function knownIds(exchanges: readonly Exchange[], history: HistoryIds): KnownIds {
  const known: KnownIds = {};
  for (const exchange of [...exchanges].reverse()) {
    const match = matchOperation(exchange.request.method, new URL(exchange.request.url, 'http://x').pathname);
    const note = `from ${exchange.operationId}`;
    if (match) for (const [variable, value] of Object.entries(match.params)) add(known, variable, value, note);
    if (exchange.response && exchange.response.status < 300) idsInAnswer(known, exchange.response.body, note);
  }
  for (const payment of history.payments) {
    add(known, 'paymentId', payment.paymentId, 'created from this browser');
    add(known, 'payment-service', payment.service, 'created from this browser');
    add(known, 'payment-product', payment.product, 'created from this browser');
  }
  for (const consent of history.consents) add(known, 'consentId', consent.consentId, 'created from this browser');
  for (const basket of history.baskets) add(known, 'basketId', basket.basketId, 'created from this browser');
  return known;
}
