// AIS: the card account reads (1.3.12 /v1/card-accounts) under a consent, answered as the account reads are.
import type { Context, Hono } from 'hono';
import type { CardAccountService } from '../domain/card-accounts';
import {
  cardAccountDetailsBody,
  cardAccountListBody,
  cardBalancesBody,
  cardTransactionsBody,
} from '../http/answers/card-accounts';
import { jsonAnswer, type Env } from '../http/respond';
import { reportQuery } from '../http/report-query';
import { param } from '../http/validation';

/** The consent a read is made under (Consent-ID), and whether the PSU takes part. */
type ConsentOf = (c: Context<Env>) => Promise<{ consentId: string; psuPresent: boolean }>;

export function registerCardAccountRoutes(app: Hono<Env>, cards: CardAccountService, consentOf: ConsentOf) {
  app.get('/v1/card-accounts', async (c) => {
    const { consentId, psuPresent } = await consentOf(c);
    const listing = await cards.list(consentId, psuPresent, c.req.query('withBalance'));
    return jsonAnswer(c, cardAccountListBody(listing, c.get('links')));
  });
  app.get('/v1/card-accounts/:accountId', async (c) => {
    const { consentId, psuPresent } = await consentOf(c);
    const reading = await cards.details(consentId, psuPresent, param(c, 'accountId'), c.req.query('withBalance'));
    return jsonAnswer(c, cardAccountDetailsBody(reading, c.get('links')));
  });
  app.get('/v1/card-accounts/:accountId/balances', async (c) => {
    const { consentId, psuPresent } = await consentOf(c);
    return jsonAnswer(c, cardBalancesBody(await cards.balances(consentId, psuPresent, param(c, 'accountId'))));
  });
  app.get('/v1/card-accounts/:accountId/transactions', async (c) => {
    const { consentId, psuPresent } = await consentOf(c);
    const page = await cards.transactions(consentId, psuPresent, param(c, 'accountId'), reportQuery(c));
    return jsonAnswer(c, cardTransactionsBody(page, c.get('links')));
  });
}
