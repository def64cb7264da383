// The sandbox bank as a request handler: `createSandbox` wires store, clock and configuration into a Hono app that tests
// drive in-process and servers mount under the bank's prefix. It never listens and never reads the environment.
import { randomBytes, randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Kysely } from 'kysely';
import { systemClock, isoDate, type Clock } from './clock';
import { defaultSandboxConfig, normalisePrefix, type SandboxConfig } from './config';
import { AccountService } from './domain/accounts';
import { ConsentService } from './domain/consents';
import type { DomainContext } from './domain/context';
import { OAuthService } from './domain/oauth';
import { OutcomeRegistry } from './domain/outcomes';
import { Payments } from './domain/payments';
import { ScaEngine } from './domain/sca';
import { createDeviations, describeDeviationModes, modesOfSegment } from './deviations/deviate';
import { limitBodies } from './http/body-limit';
import { BankError } from './http/errors';
import { isUuid } from './http/headers';
import { errorResponse, type Env, type RequestContext } from './http/respond';
import { registerOAuth } from './routes/oauth';
import { registerPages } from './routes/pages';
import { registerXs2aRoutes, unmatched } from './routes/xs2a';
import { buildSeed, insertSeed } from './seed';
import type { Store } from './store/db';
import { sharedTransactions } from './store/group-commit';
import type { Database } from './store/schema';

export interface SandboxOptions {
  store: Store;
  clock?: Clock;
  config?: Partial<SandboxConfig>;
  /** Called with unexpected errors (bugs), which answer 500 without details. */
  onUnexpectedError?: (error: unknown) => void;
  /** Waits before the `slow` deviation mode answers; tests pass one that does not really wait. */
  sleep?: (ms: number) => Promise<void>;
}

export interface Sandbox {
  /**
   * Answers one request; the URL's path must start with the prefix. `context` carries what the server knows beyond the
   * HTTP message: the TLS client certificate, which strict mode demands.
   */
  fetch(request: Request, context?: RequestContext): Promise<Response>;
  config: SandboxConfig;
  /** The date the seed data was built for, fixed at the database's first start. */
  seedAnchor: string;
}

/**
 * The Content-Security-Policy of the bank's pages: they style themselves with one inline <style> element and load
 * nothing else, run no script, and no other page may frame them. form-action stays open on purpose: the approval forms
 * post to the bank, which then redirects the browser to the TPP's redirect URI on another origin, and browsers apply
 * form-action to that redirect too.
 */
const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

const EXPOSED = [
  'Location',
  'X-Request-ID',
  'ASPSP-SCA-Approach',
  'ASPSP-Notification-Support',
  'ASPSP-Notification-Content',
];

/** Seeds an empty database once; concurrent instances on one PostgreSQL database seed it exactly once. */
export async function ensureSeeded(db: Kysely<Database>, clock: Clock): Promise<string> {
  const existing = await db
    .selectFrom('sandbox_meta')
    .select('value')
    .where('key', '=', 'seed_anchor')
    .executeTakeFirst();
  if (existing) return existing.value;
  const anchor = isoDate(clock.now());
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('sandbox_meta')
      .values({ key: 'seed_anchor', value: anchor })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) {
      const row = await trx
        .selectFrom('sandbox_meta')
        .select('value')
        .where('key', '=', 'seed_anchor')
        .executeTakeFirstOrThrow();
      return row.value;
    }
    await insertSeed(trx, buildSeed(anchor));
    return anchor;
  });
}

export async function createSandbox({
  store,
  clock = systemClock,
  config: overrides,
  onUnexpectedError,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}: SandboxOptions): Promise<Sandbox> {
  const config: SandboxConfig = { ...defaultSandboxConfig, ...overrides };
  config.prefix = normalisePrefix(config.prefix);
  const seedAnchor = await ensureSeeded(store.db, clock);
  const ctx: DomainContext = {
    db: store.db,
    transact: sharedTransactions(store.db),
    dialect: store.dialect,
    clock,
    config,
  };

  // The SCA engine learns what finishing an authorisation does to a payment or a consent from the registry, which the
  // resources fill once they exist.
  const outcomes = new OutcomeRegistry();
  const sca = new ScaEngine(ctx, outcomes);
  const payments = new Payments(ctx, sca);
  const consents = new ConsentService(ctx, sca);
  const accounts = new AccountService(ctx, consents);
  const paymentOutcomes = payments.outcomeHandlers();
  outcomes
    .register('payment:authorisation', paymentOutcomes.authorisation)
    .register('payment:cancellation', paymentOutcomes.cancellation)
    .register('consent:authorisation', consents.outcomeHandler())
    .register('consent:cancellation', consents.outcomeHandler())
    .assertComplete();
  const oauth = new OAuthService(ctx);
  // The signature library is loaded only when strict mode needs it, so a plain sandbox starts without it.
  const strict = config.strict ? new (await import('./http/strict')).StrictChecks(config.strict, clock) : undefined;
  const oauthMode = config.scaRedirect === 'oauth';

  const app = new Hono<Env>().basePath(config.prefix || '/');
  // CORS for consoles on other origins. Headers go on the context before the route answers: hono/cors sets them on the
  // finished response instead, which makes every answer be copied and costs most of the sandbox's throughput.
  app.use('*', async (c, next) => {
    c.header('Access-Control-Allow-Origin', '*');
    if (c.req.method === 'OPTIONS' && c.req.header('Access-Control-Request-Method')) {
      c.header('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
      const requested = c.req.header('Access-Control-Request-Headers');
      if (requested) c.header('Access-Control-Allow-Headers', requested);
      c.header('Access-Control-Max-Age', '600');
      c.header('Vary', 'Access-Control-Request-Headers');
      return c.body(null, 204);
    }
    c.header('Access-Control-Expose-Headers', EXPOSED.join(', '));
    return next();
  });
  app.use('*', async (c, next) => {
    // Only absolute links (the bank's SCA pages) need the origin; most answers never parse the URL for it.
    c.set('links', {
      get origin() {
        return new URL(c.req.url).origin;
      },
      prefix: c.env.linkPrefix ?? config.prefix,
    });
    const path = c.req.path.slice(config.prefix.length);
    // No answer is content-sniffed. Set on the context before the route answers, as the CORS headers above are.
    c.header('X-Content-Type-Options', 'nosniff');
    // X-Request-ID: required and a UUID on every XS2A call, echoed on every answer.
    const given = c.req.header('X-Request-ID')?.trim();
    if (!path.startsWith('/v1/') || c.req.method === 'OPTIONS') {
      // The bank's own pages (and its OAuth server, health): never framed by another page, no script at all.
      c.header('Content-Security-Policy', PAGE_POLICY);
      c.header('X-Frame-Options', 'DENY');
      if (given) c.header('X-Request-ID', given);
      return next();
    }
    c.header('X-Request-ID', given || randomUUID());
    // Strict mode: the connection's client certificate first (a bank refuses it at the door), then the request.
    const certificateProblem = strict?.clientCertificate(c.env.clientCertificate);
    if (certificateProblem) return errorResponse(c, certificateProblem);
    if (!given || !isUuid(given)) {
      const text = given ? `X-Request-ID must be a UUID, not "${given}".` : 'The X-Request-ID header is required.';
      const error = new BankError('FORMAT_ERROR', text, { status: 400, path: 'X-Request-ID' });
      return errorResponse(c, error);
    }
    return next();
  });
  // Bodies are limited while they are read, before strict mode's signature check or a route reads them.
  app.use('*', limitBodies(config));
  if (strict || oauthMode) {
    app.use('/v1/*', async (c, next) => {
      if (c.req.method === 'OPTIONS') return next();
      if (strict) {
        const signatureProblem = await strict.signature(c);
        if (signatureProblem) return errorResponse(c, signatureProblem);
      }
      if (oauthMode) {
        // Only bearer tokens are this bank's; other schemes are left alone, as the plain sandbox leaves every header.
        const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('Authorization') ?? '')?.[1];
        if (bearer) {
          const token = await oauth.checkToken(bearer);
          if (token instanceof BankError) return errorResponse(c, token);
          c.set('accessToken', token);
        }
      }
      return next();
    });
  }

  const services = { config, sca, payments, consents, accounts, oauth, strict };
  registerXs2aRoutes(app, services);
  registerPages(app, services, randomBytes(32).toString('hex'));
  if (oauthMode) registerOAuth(app, services);
  app.get('/health', (c) => c.json({ status: 'UP', seedAnchor }));
  // The deviating bases: their list, and the answer to a path that names no known mode (known ones never reach here).
  app.get('/deviating', (c) => c.json(describeDeviationModes(c.get('links').origin, `${config.prefix}/deviating`)));
  app.all('/deviating/*', (c) => {
    const segment = c.req.path.slice(config.prefix.length + '/deviating/'.length).split('/')[0] ?? '';
    const problem = modesOfSegment(segment);
    const text = typeof problem === 'string' ? problem : 'This path names deviation modes.';
    return errorResponse(c, new BankError('RESOURCE_UNKNOWN', text, { status: 404 }));
  });

  app.notFound((c) => errorResponse(c, unmatched(c.req.path.slice(config.prefix.length), c.req.method)));
  app.onError((error, c) => {
    if (error instanceof BankError) return errorResponse(c, error);
    if (error instanceof HTTPException && error.status < 500) {
      return errorResponse(
        c,
        new BankError('FORMAT_ERROR', error.message || 'The request is not valid.', { status: error.status }),
      );
    }
    onUnexpectedError?.(error);
    return c.json(
      {
        tppMessages: [
          { category: 'ERROR', code: 'INTERNAL_SERVER_ERROR', text: 'The sandbox bank failed to process the request.' },
        ],
      },
      500,
    );
  });

  const core = (request: Request, context: RequestContext) => Promise.resolve(app.fetch(request, context));
  // Deviation modes: `{prefix}/deviating/<modes>` plays them beside the normal base; modes given at start apply to the
  // normal base. Without them the normal base answers exactly as the app does.
  const deviations = createDeviations({
    prefix: config.prefix,
    slowMs: config.slowMs,
    maxTransactionsPageSize: config.maxTransactionsPageSize,
    sleep,
    core,
  });
  const global = config.deviations;
  const fetch: Sandbox['fetch'] = (request, context = {}) => {
    if (deviations.matches(request.url)) return deviations.handle(request, context);
    return global.length > 0 ? deviations.apply(global, request, context) : core(request, context);
  };
  return { fetch, config, seedAnchor };
}
