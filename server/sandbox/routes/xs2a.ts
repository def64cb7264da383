// The XS2A interface: the 19 operations of payments, consents and accounts, plus the PUT update-PSU-data steps, the
// confirmation of funds and signing baskets. The payment routes live in routes/payments.ts, the authorisation
// sub-resources in routes/authorisations.ts, the funds confirmation in routes/funds-confirmations.ts, the signing
// baskets in routes/signing-baskets.ts, the card account reads in routes/card-accounts.ts.
import type { Context, Hono } from 'hono';
import { ScaApproach } from '../../../src/xs2a';
import { consentPath } from '../domain/consents';
import { checkServiceAndProduct } from '../domain/payments';
import { consentBody, consentCreatedBody, consentStatusBody } from '../http/answers/consents';
import {
  accountDetailsBody,
  accountListBody,
  balancesBody,
  transactionDetailsBody,
  transactionsBody,
} from '../http/answers/accounts';
import { BankError, bankError, formatError } from '../rules/bank-error';
import { areaOf, checkPsuIp, headersOf, readScaPreferences } from '../http/headers';
import { jsonAnswer, stepResponse, type Env } from '../http/respond';
import { reportQuery } from '../http/report-query';
import { param, readJson } from '../http/validation';
import type { ConsentRow } from '../store/schema';
import { registerCardAccountRoutes } from './card-accounts';
import { registerAuthorisationRoutes, type AuthorisationParent } from './authorisations';
import { registerFundsConfirmationRoutes } from './funds-confirmations';
import { registerPaymentRoutes } from './payments';
import { registerSigningBasketRoutes } from './signing-baskets';
import type { Services } from './services';

export type { Services } from './services';

export { areaOf, headersOf } from '../http/headers';

export function registerXs2aRoutes(app: Hono<Env>, s: Services) {
  // Consents and accounts come before the payment routes: literal segments win.
  registerConsentRoutes(app, s);
  registerAccountRoutes(app, s);
  registerFundsConfirmationRoutes(app, s);
  registerSigningBasketRoutes(app, s);
  registerPaymentRoutes(app, s);
}

/** AIS: consents and their authorisations. */
function registerConsentRoutes(app: Hono<Env>, s: Services) {
  const oauth = s.config.scaRedirect === 'oauth';
  app.post('/v1/consents', checkPsuIp(true), async (c) => {
    const h = headersOf(c);
    const body = await readJson(c, 'ais');
    const done = await s.consents.create(body, { psuId: h.psuId(), prefs: readScaPreferences(h) });
    const links = c.get('links');
    const headers = {
      Location: `${links.origin}${links.prefix}${consentPath(done.consent.consent_id)}`,
      'ASPSP-SCA-Approach': done.approach,
    };
    return stepResponse(c, { status: 201, headers, body: consentCreatedBody(done, links, oauth) });
  });
  const consent = (c: Context) => s.consents.find(param(c, 'consentId'));
  app.get('/v1/consents/:consentId', checkPsuIp(false), async (c) => {
    return jsonAnswer(c, consentBody(await s.consents.describe(await consent(c)), c.get('links')));
  });
  app.delete('/v1/consents/:consentId', checkPsuIp(false), async (c) => {
    await s.consents.remove(await consent(c));
    return c.body(null, 204);
  });
  app.get('/v1/consents/:consentId/status', checkPsuIp(false), async (c) => {
    return jsonAnswer(c, consentStatusBody(await consent(c)));
  });
  registerAuthorisationRoutes<AuthorisationParent & { row: ConsentRow }>(
    app,
    s,
    '/v1/consents/:consentId/authorisations',
    async (c) => {
      const row = await consent(c);
      const approach = ScaApproach.parse(row.sca_approach);
      return { resource: s.consents.resourceFor(row.consent_id), approach, psuId: row.psu_id, row };
    },
    async (parent) => {
      s.consents.assertMayStart(parent.row);
      await s.baskets.assertFree('consent', parent.row.consent_id);
    },
    { psuIpBeforeParentInList: true },
  );
}

/** AIS: account and card account reads under a consent. */
function registerAccountRoutes(app: Hono<Env>, s: Services) {
  const oauthMode = s.config.scaRedirect === 'oauth';
  const consentOf = async (c: Context<Env>) => {
    const h = headersOf(c);
    const consentId = h.get('Consent-ID');
    if (!consentId) throw formatError('The Consent-ID header is required for account reads.', 'Consent-ID', 'ais');
    const psuPresent = h.psuIpAddress(false) !== undefined;
    if (oauthMode) await s.oauth.assertConsentToken(consentId, c.get('accessToken'));
    return { consentId, psuPresent };
  };
  app.get('/v1/accounts', async (c) => {
    const { consentId, psuPresent } = await consentOf(c);
    const listing = await s.accounts.list(consentId, psuPresent, c.req.query('withBalance'));
    return jsonAnswer(c, accountListBody(listing, c.get('links')));
  });
  app.get('/v1/accounts/:accountId', async (c) => {
    const { consentId, psuPresent } = await consentOf(c);
    const accountId = param(c, 'accountId');
    const reading = await s.accounts.details(consentId, psuPresent, accountId, c.req.query('withBalance'));
    return jsonAnswer(c, accountDetailsBody(reading, c.get('links')));
  });
  app.get('/v1/accounts/:accountId/balances', async (c) => {
    const { consentId, psuPresent } = await consentOf(c);
    return jsonAnswer(c, balancesBody(await s.accounts.balances(consentId, psuPresent, param(c, 'accountId'))));
  });
  app.get('/v1/accounts/:accountId/transactions', async (c) => {
    const { consentId, psuPresent } = await consentOf(c);
    const page = await s.accounts.transactions(consentId, psuPresent, param(c, 'accountId'), reportQuery(c));
    return jsonAnswer(c, transactionsBody(page, c.get('links')));
  });
  app.get('/v1/accounts/:accountId/transactions/:transactionId', async (c) => {
    const { consentId, psuPresent } = await consentOf(c);
    const ids = [param(c, 'accountId'), param(c, 'transactionId')] as const;
    const row = await s.accounts.transactionDetails(consentId, psuPresent, ...ids);
    return jsonAnswer(c, transactionDetailsBody(row, c.get('links')));
  });
  registerCardAccountRoutes(app, s.cardAccounts, consentOf);
}

/** Route shapes with the methods they answer, for 405 on a known path with another method. */
const shapes: { pattern: RegExp; methods: string[] }[] = [
  { pattern: /^\/v1\/consents$/, methods: ['POST'] },
  { pattern: /^\/v1\/consents\/[^/]+$/, methods: ['GET', 'DELETE'] },
  { pattern: /^\/v1\/consents\/[^/]+\/status$/, methods: ['GET'] },
  { pattern: /^\/v1\/consents\/[^/]+\/authorisations$/, methods: ['GET', 'POST'] },
  { pattern: /^\/v1\/consents\/[^/]+\/authorisations\/[^/]+$/, methods: ['GET', 'PUT'] },
  { pattern: /^\/v1\/funds-confirmations$/, methods: ['POST'] },
  { pattern: /^\/v1\/signing-baskets$/, methods: ['POST'] },
  { pattern: /^\/v1\/signing-baskets\/[^/]+$/, methods: ['GET', 'DELETE'] },
  { pattern: /^\/v1\/signing-baskets\/[^/]+\/status$/, methods: ['GET'] },
  { pattern: /^\/v1\/signing-baskets\/[^/]+\/authorisations$/, methods: ['GET', 'POST'] },
  { pattern: /^\/v1\/signing-baskets\/[^/]+\/authorisations\/[^/]+$/, methods: ['GET', 'PUT'] },
  { pattern: /^\/v1\/accounts(\/[^/]+(\/(balances|transactions(\/[^/]+)?))?)?$/, methods: ['GET'] },
  { pattern: /^\/v1\/card-accounts(\/[^/]+(\/(balances|transactions))?)?$/, methods: ['GET'] },
  { pattern: /^\/v1\/[^/]+\/[^/]+$/, methods: ['POST'] },
  { pattern: /^\/v1\/[^/]+\/[^/]+\/[^/]+$/, methods: ['GET', 'DELETE'] },
  { pattern: /^\/v1\/[^/]+\/[^/]+\/[^/]+\/status$/, methods: ['GET'] },
  { pattern: /^\/v1\/[^/]+\/[^/]+\/[^/]+\/(cancellation-)?authorisations$/, methods: ['GET', 'POST'] },
  { pattern: /^\/v1\/[^/]+\/[^/]+\/[^/]+\/(cancellation-)?authorisations\/[^/]+$/, methods: ['GET', 'PUT'] },
];

/** The answer for a path no route took: 405 SERVICE_INVALID for a known path, 404 otherwise. */
export function unmatched(path: string, method: string) {
  const area = areaOf(path);
  const shape = shapes.find((s) => s.pattern.test(path));
  if (shape && !shape.methods.includes(method)) {
    return bankError('SERVICE_INVALID', `${method} is not allowed here; use ${shape.methods.join(' or ')}.`, {
      area,
      where: 'path',
    });
  }
  // A payment path of a service this bank does not offer (its routes name only the offered ones): why, in the words
  // the payment routes use for an unknown product.
  const payment = /^\/v1\/([^/]+)\/([^/]+)/.exec(path);
  if (shape && payment && area === 'pis') {
    try {
      checkServiceAndProduct(payment[1] ?? '', payment[2] ?? '');
    } catch (error) {
      if (error instanceof BankError) return error;
      throw error;
    }
  }
  return bankError('RESOURCE_UNKNOWN', `This bank has no endpoint ${method} ${path}.`, {
    area,
    where: 'path',
    prefer: 404,
  });
}
