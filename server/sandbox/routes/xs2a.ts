// The XS2A interface: the 19 operations of payments, consents and accounts, plus the PUT update-PSU-data steps.
import type { Context, Hono } from 'hono';
import { parseStartAuthorisationBody, parseUpdatePsuDataBody } from '../../../src/xs2a';
import type { AccountService } from '../domain/accounts';
import type { ConsentService } from '../domain/consents';
import type { OAuthService } from '../domain/oauth';
import { checkServiceAndProduct, type Payments } from '../domain/payments';
import type { ScaEngine, ScaResource } from '../domain/sca';
import type { SandboxConfig } from '../config';
import type { StrictChecks } from '../http/strict';
import { bankError, formatError, type Area } from '../http/errors';
import { chooseScaApproach, readScaPreferences, RequestHeaders } from '../http/headers';
import { readJson, stepResponse, type Env } from '../http/respond';
import type { AuthorisationKind } from '../store/schema';
import type { ScaApproach } from '../../../src/xs2a';

export interface Services {
  config: SandboxConfig;
  sca: ScaEngine;
  payments: Payments;
  consents: ConsentService;
  accounts: AccountService;
  oauth: OAuthService;
  /** Present in strict mode. */
  strict: StrictChecks | undefined;
}

export const areaOf = (path: string): Area => (/\/v1\/(consents|accounts)(\/|$)/.test(path) ? 'ais' : 'pis');

export function headersOf(c: Context): RequestHeaders {
  return new RequestHeaders(c.req.raw.headers, areaOf(c.req.path));
}

const kindOf = (segment: string): AuthorisationKind =>
  segment === 'cancellation-authorisations' ? 'cancellation' : 'authorisation';

function param(c: Context, name: string): string {
  const value = c.req.param(name);
  if (value === undefined) throw formatError(`Missing path parameter ${name}.`);
  return value;
}

export function registerXs2aRoutes(app: Hono<Env>, s: Services) {
  const { config } = s;

  /** Starting an authorisation (ops 6 and 13): the approach follows the start request's preference or the parent's. */
  async function startAuthorisation(
    c: Context<Env>,
    resource: ScaResource,
    fallback: ScaApproach,
    parentPsu: string | null,
  ) {
    const h = headersOf(c);
    h.psuIpAddress(false);
    const prefs = readScaPreferences(h, { decoupled: false });
    const approach = chooseScaApproach({ ...prefs, decoupledPreferred: undefined }, fallback);
    const parsed = parseStartAuthorisationBody(await readJson(c, resource.area, true));
    if (!parsed.success) throw formatError(parsed.error.message, parsed.error.path || undefined, resource.area);
    const body = parsed.data;
    if (body.kind !== 'empty' && body.kind !== 'psuData') {
      throw formatError('Start the authorisation with the PSU first: send {} or psuData.', body.kind, resource.area);
    }
    if (body.kind === 'psuData' && approach !== 'EMBEDDED') {
      throw formatError(
        `psuData is sent with embedded SCA; this authorisation uses ${approach}.`,
        'psuData',
        resource.area,
      );
    }
    const psuId = h.psuId() ?? parentPsu ?? undefined;
    const { step } = await s.sca.start(resource, c.get('links'), {
      approach,
      psuId,
      redirectUri: prefs.redirectUri ?? null,
      nokRedirectUri: prefs.nokRedirectUri ?? null,
      psuData: body.kind === 'psuData' ? body.psuData : undefined,
    });
    return stepResponse(c, step);
  }

  async function updatePsuData(c: Context<Env>, resource: ScaResource) {
    const h = headersOf(c);
    h.psuIpAddress(false);
    const parsed = parseUpdatePsuDataBody(await readJson(c, resource.area, true));
    if (!parsed.success) throw formatError(parsed.error.message, parsed.error.path || undefined, resource.area);
    const step = await s.sca.update(resource, c.get('links'), param(c, 'authorisationId'), parsed.data, h.psuId());
    return stepResponse(c, step);
  }

  async function scaStatus(c: Context<Env>, resource: ScaResource) {
    headersOf(c).psuIpAddress(false);
    const auth = await s.sca.get(resource, param(c, 'authorisationId'));
    const psu = auth.psu_id ? await s.sca.findPsu(auth.psu_id) : undefined;
    return c.json(s.sca.describeStatus(auth, psu?.name));
  }

  // ---- AIS: consents (registered before the payment routes: literal segments win) ----
  app.post('/v1/consents', async (c) => {
    const h = headersOf(c);
    h.psuIpAddress(true);
    const body = await readJson(c, 'ais');
    const step = await s.consents.create(body, { psuId: h.psuId(), prefs: readScaPreferences(h) }, c.get('links'));
    return stepResponse(c, step);
  });
  app.get('/v1/consents/:consentId', async (c) => {
    headersOf(c).psuIpAddress(false);
    const consent = await s.consents.find(param(c, 'consentId'));
    return c.json(await s.consents.describe(consent, c.get('links')));
  });
  app.delete('/v1/consents/:consentId', async (c) => {
    headersOf(c).psuIpAddress(false);
    await s.consents.remove(await s.consents.find(param(c, 'consentId')));
    return c.body(null, 204);
  });
  app.get('/v1/consents/:consentId/status', async (c) => {
    headersOf(c).psuIpAddress(false);
    const consent = await s.consents.find(param(c, 'consentId'));
    return c.json({ consentStatus: consent.consent_status });
  });
  app.post('/v1/consents/:consentId/authorisations', async (c) => {
    const consent = await s.consents.find(param(c, 'consentId'));
    s.consents.assertMayStart(consent);
    return startAuthorisation(
      c,
      s.consents.resourceFor(consent.consent_id),
      consent.sca_approach as ScaApproach,
      consent.psu_id,
    );
  });
  app.get('/v1/consents/:consentId/authorisations', async (c) => {
    headersOf(c).psuIpAddress(false);
    const consent = await s.consents.find(param(c, 'consentId'));
    return c.json({ authorisationIds: await s.sca.list(s.consents.resourceFor(consent.consent_id)) });
  });
  app.get('/v1/consents/:consentId/authorisations/:authorisationId', async (c) => {
    const consent = await s.consents.find(param(c, 'consentId'));
    return scaStatus(c, s.consents.resourceFor(consent.consent_id));
  });
  app.put('/v1/consents/:consentId/authorisations/:authorisationId', async (c) => {
    const consent = await s.consents.find(param(c, 'consentId'));
    return updatePsuData(c, s.consents.resourceFor(consent.consent_id));
  });

  // ---- AIS: accounts ----
  const oauthMode = config.scaRedirect === 'oauth';
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
    return c.json(await s.accounts.list(consentId, psuPresent, c.req.query('withBalance'), c.get('links')));
  });
  app.get('/v1/accounts/:accountId', async (c) => {
    const { consentId, psuPresent } = await consentOf(c);
    return c.json(
      await s.accounts.details(
        consentId,
        psuPresent,
        param(c, 'accountId'),
        c.req.query('withBalance'),
        c.get('links'),
      ),
    );
  });
  app.get('/v1/accounts/:accountId/balances', async (c) => {
    const { consentId, psuPresent } = await consentOf(c);
    return c.json(await s.accounts.balances(consentId, psuPresent, param(c, 'accountId')));
  });
  app.get('/v1/accounts/:accountId/transactions', async (c) => {
    const { consentId, psuPresent } = await consentOf(c);
    const q = (name: string) => c.req.query(name);
    const query = {
      bookingStatus: q('bookingStatus'),
      dateFrom: q('dateFrom'),
      dateTo: q('dateTo'),
      withBalance: q('withBalance'),
      page: q('page'),
      pageSize: q('pageSize'),
      entryReferenceFrom: q('entryReferenceFrom'),
      deltaList: q('deltaList'),
    };
    return c.json(await s.accounts.transactions(consentId, psuPresent, param(c, 'accountId'), query, c.get('links')));
  });
  app.get('/v1/accounts/:accountId/transactions/:transactionId', async (c) => {
    const { consentId, psuPresent } = await consentOf(c);
    return c.json(
      await s.accounts.transactionDetails(
        consentId,
        psuPresent,
        param(c, 'accountId'),
        param(c, 'transactionId'),
        c.get('links'),
      ),
    );
  });

  // ---- PIS ---- (the AIS literals are not payment services: let those fall through to 404/405)
  app.use('/v1/:service/*', async (c, next) => {
    if (['consents', 'accounts'].includes(c.req.param('service') ?? ''))
      throw unmatched(c.req.path.slice(s.config.prefix.length), c.req.method);
    await next();
  });
  app.post('/v1/:service/:product', async (c) => {
    const service = checkServiceAndProduct(param(c, 'service'), param(c, 'product'));
    const h = headersOf(c);
    h.psuIpAddress(true);
    const body = await readJson(c, 'pis');
    const step = await s.payments.initiate(
      service,
      param(c, 'product'),
      body,
      {
        psuId: h.psuId(),
        prefs: readScaPreferences(h),
        rejectionNoFunds: h.boolean('TPP-Rejection-NoFunds-Preferred'),
      },
      c.get('links'),
    );
    return stepResponse(c, step);
  });
  const payment = (c: Context) => s.payments.find(param(c, 'service'), param(c, 'product'), param(c, 'paymentId'));
  app.get('/v1/:service/:product/:paymentId', async (c) => {
    headersOf(c).psuIpAddress(false);
    return c.json(s.payments.describe(await payment(c)));
  });
  app.get('/v1/:service/:product/:paymentId/status', async (c) => {
    headersOf(c).psuIpAddress(false);
    return c.json(await s.payments.describeStatus(await payment(c)));
  });
  app.delete('/v1/:service/:product/:paymentId', async (c) => {
    const h = headersOf(c);
    h.psuIpAddress(false);
    const row = await payment(c);
    return stepResponse(c, await s.payments.cancel(row, readScaPreferences(h), c.get('links')));
  });
  const subResource = async (c: Context) => {
    const sub = param(c, 'sub');
    if (sub !== 'authorisations' && sub !== 'cancellation-authorisations') return undefined;
    const row = await payment(c);
    return { row, kind: kindOf(sub) };
  };
  app.post('/v1/:service/:product/:paymentId/:sub', async (c, next) => {
    const found = await subResource(c);
    if (!found) return next();
    s.payments.assertMayStart(found.row, found.kind);
    return startAuthorisation(
      c,
      s.payments.resourceFor(found.row, found.kind),
      found.row.sca_approach as ScaApproach,
      found.row.psu_id,
    );
  });
  app.get('/v1/:service/:product/:paymentId/:sub', async (c, next) => {
    const found = await subResource(c);
    if (!found) return next();
    headersOf(c).psuIpAddress(false);
    return c.json({ authorisationIds: await s.sca.list(s.payments.resourceFor(found.row, found.kind)) });
  });
  app.get('/v1/:service/:product/:paymentId/:sub/:authorisationId', async (c, next) => {
    const found = await subResource(c);
    if (!found) return next();
    return scaStatus(c, s.payments.resourceFor(found.row, found.kind));
  });
  app.put('/v1/:service/:product/:paymentId/:sub/:authorisationId', async (c, next) => {
    const found = await subResource(c);
    if (!found) return next();
    return updatePsuData(c, s.payments.resourceFor(found.row, found.kind));
  });
}

/** Route shapes with the methods they answer, for 405 on a known path with another method. */
const shapes: { pattern: RegExp; methods: string[] }[] = [
  { pattern: /^\/v1\/consents$/, methods: ['POST'] },
  { pattern: /^\/v1\/consents\/[^/]+$/, methods: ['GET', 'DELETE'] },
  { pattern: /^\/v1\/consents\/[^/]+\/status$/, methods: ['GET'] },
  { pattern: /^\/v1\/consents\/[^/]+\/authorisations$/, methods: ['GET', 'POST'] },
  { pattern: /^\/v1\/consents\/[^/]+\/authorisations\/[^/]+$/, methods: ['GET', 'PUT'] },
  { pattern: /^\/v1\/accounts(\/[^/]+(\/(balances|transactions(\/[^/]+)?))?)?$/, methods: ['GET'] },
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
  return bankError('RESOURCE_UNKNOWN', `This bank has no endpoint ${method} ${path}.`, {
    area,
    where: 'path',
    prefer: 404,
  });
}
