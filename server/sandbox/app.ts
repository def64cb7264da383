// The sandbox bank as a request handler: `createSandbox` wires store, clock and configuration into a Hono app that tests
// drive in-process and servers mount under the bank's prefix. It never listens and never reads the environment.
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import type { Kysely } from 'kysely';
import { systemClock, isoDate, type Clock } from './clock';
import { defaultSandboxConfig, normalisePrefix, type SandboxConfig, type ScaRedirectMode } from './config';
import {
  adminEnabled,
  createAdminApp,
  createAdminState,
  playScenarios,
  type AdminState,
  type BenchAdmin,
} from './admin';
import { profileApplier } from './admin/profiles';
import { AccountService } from './domain/accounts';
import { CardAccountService } from './domain/card-accounts';
import { ConsentService } from './domain/consents';
import type { DomainContext } from './domain/context';
import { FundsConfirmations } from './domain/funds-confirmations';
import { SigningBaskets } from './domain/signing-baskets';
import { OAuthService } from './domain/oauth';
import { OutcomeRegistry } from './domain/outcomes';
import { Payments } from './domain/payments';
import { ScaEngine } from './domain/sca';
import { bankDueWork, realTimers, Scheduler, type DueEffects, type Timers } from './domain/scheduler';
import { createDeviations, describeDeviationModes, modesOfSegment } from './deviations/deviate';
import { limitBodies } from './http/body-limit';
import { corsPolicy } from './http/cors';
import { BankError } from './rules/bank-error';
import { answerError, requestBasics, signaturesAndTokens } from './http/middleware';
import { errorResponse, type Env, type RequestContext } from './http/respond';
import { registerOAuth } from './routes/oauth';
import { registerPages } from './routes/pages';
import { registerXs2aRoutes, unmatched, type Services } from './routes/xs2a';
import { insertSeed, seedFor } from './seed';
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
  /**
   * How often an instance asks the database whether the admin settings changed (another instance may have changed
   * them); its own admin writes apply at once. One second unless given.
   */
  adminRefreshMs?: number;
  /** The timers the bank's scheduler sets; tests pass ones that follow their own clock. Real, unref'd timers unless given. */
  timers?: Timers;
  /** Private benches, managed through this sandbox's admin API (`{prefix}/admin/benches`) when given. */
  benches?: BenchAdmin;
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
  /** Whether the admin API answers at `{prefix}/admin`. */
  adminEnabled: boolean;
  /** Does at once everything due by the bank's clock (what its scheduler's timer does when it fires); says what it did. */
  runDue(): Promise<DueEffects>;
  /** The instant of the bank's clock its scheduler looks next at what is due (epoch ms). */
  scheduledFor(): number | undefined;
  /** Stops the bank's scheduler (before its store is closed). */
  close(): Promise<void>;
}

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
    await insertSeed(trx, seedFor(anchor));
    return anchor;
  });
}

/** The domain services over one context; the SCA engine learns what finishing an authorisation does from a registry. */
async function createServices(ctx: DomainContext, realClock: Clock): Promise<Services> {
  const { config } = ctx;
  const outcomes = new OutcomeRegistry();
  const sca = new ScaEngine(ctx, outcomes);
  const payments = new Payments(ctx, sca);
  const consents = new ConsentService(ctx, sca);
  const accounts = new AccountService(ctx, consents);
  const cardAccounts = new CardAccountService(ctx, consents);
  const funds = new FundsConfirmations(ctx);
  const paymentOutcomes = payments.outcomeHandlers();
  const consentOutcome = consents.outcomeHandler();
  // A basket's SCA applies its members' own outcomes; their own authorisations wait while they are in an open basket.
  const baskets = new SigningBaskets(ctx, sca, { payment: paymentOutcomes.authorisation, consent: consentOutcome });
  outcomes
    .register('payment:authorisation', baskets.guard('payment', paymentOutcomes.authorisation))
    .register('payment:cancellation', paymentOutcomes.cancellation)
    .register('consent:authorisation', baskets.guard('consent', consentOutcome))
    .register('consent:cancellation', consentOutcome)
    .register('basket:authorisation', baskets.outcomeHandler())
    .assertComplete();
  const oauth = new OAuthService(ctx);
  // The signature library is loaded only when strict mode needs it, so a plain sandbox starts without it. Signed
  // requests are dated by their sender's real clock, so their check does not follow the bank's moved clock.
  const strict = config.strict ? new (await import('./http/strict')).StrictChecks(config.strict, realClock) : undefined;
  return { config, sca, payments, consents, accounts, cardAccounts, funds, baskets, oauth, strict };
}

/** The bank's own routes besides XS2A, the PSU pages and OAuth: health, and the list of deviating bases. */
function registerBankRoutes(app: Hono<Env>, config: SandboxConfig, seedAnchor: string) {
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
}

/** The Hono app: middleware in the order docs/architecture.md gives, then the routes. */
interface AppExtras {
  db: Kysely<Database>;
  seedAnchor: string;
  admin: AdminState;
  /** Signs the PSU pages' cookies and form tokens; one per sandbox, so its apps share the PSU's sessions. */
  pageSecret: string;
  sleep: (ms: number) => Promise<void>;
  onUnexpectedError: SandboxOptions['onUnexpectedError'];
  scheduler: Scheduler;
  benches: BenchAdmin | undefined;
}

function createApp(
  s: Services,
  live: SandboxConfig,
  { db, seedAnchor, admin, pageSecret, sleep, onUnexpectedError, scheduler, benches }: AppExtras,
) {
  const { config, strict, oauth } = s;
  const oauthMode = config.scaRedirect === 'oauth';
  // The fastest of hono's routers, which takes no path with a parameter beside a literal at the same level (the routes
  // are written so); a route it cannot take fails every request, so the tests find it at once.
  const app = new Hono<Env>({ router: new RegExpRouter() }).basePath(config.prefix || '/');
  app.use('*', requestBasics(config.prefix, strict, corsPolicy(config.corsOrigins), admin.clock));
  // Bodies are limited while they are read, before strict mode's signature check or a route reads them.
  app.use('*', limitBodies(config));
  if (strict || oauthMode) app.use('/v1/*', signaturesAndTokens(strict, oauthMode ? oauth : undefined));
  // Failure injection (admin rules, X-Sandbox-Scenario, magic PSU-IDs) once the call passed the bank's gateway checks.
  const settings = admin.settings;
  app.use('/v1/*', playScenarios({ db, settings, sca: s.sca, slowMs: config.slowMs, sleep }));
  registerXs2aRoutes(app, s);
  registerPages(app, s, pageSecret);
  if (oauthMode) registerOAuth(app, s);
  if (adminEnabled(config)) {
    // A clock move, a reset of the data or a restored snapshot: what is due by the bank's time now is done at once.
    const afterMove = () => scheduler.runDue();
    const controls = { afterMove, slowMs: config.slowMs, config: live, db, seedAnchor, benches };
    app.route('/admin', createAdminApp(config.prefix, config.admin, admin, controls));
  }
  registerBankRoutes(app, config, seedAnchor);
  app.onError(answerError(onUnexpectedError));
  return app;
}

/** The absolute-links option: the JSON answers' `_links` carry the request's origin before their paths. */
async function absoluteLinks(request: Request, pending: Promise<Response>): Promise<Response> {
  const response = await pending;
  if (!/json/i.test(response.headers.get('Content-Type') ?? '')) return response;
  const origin = new URL(request.url).origin;
  const text = (await response.text()).replaceAll('"href":"/', `"href":"${origin}/`);
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  return new Response(text, { status: response.status, headers });
}

export async function createSandbox({
  store,
  clock = systemClock,
  config: overrides,
  onUnexpectedError,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  adminRefreshMs = 1_000,
  timers = realTimers,
  benches,
}: SandboxOptions): Promise<Sandbox> {
  const config: SandboxConfig = { ...defaultSandboxConfig, ...overrides };
  config.prefix = normalisePrefix(config.prefix);
  const seedAnchor = await ensureSeeded(store.db, clock);
  const pageSecret = randomBytes(32).toString('hex');
  const applyProfile = profileApplier(config);
  // Set once the scheduler exists: the admin settings are read before, at start.
  let reconsider: () => void = () => undefined;
  let clockSetting = '';
  const admin = await createAdminState(store.db, clock, adminRefreshMs, (current) => {
    applyProfile(current.profile);
    // The clock moved (here or on another instance sharing the database): the timer is set for the new time.
    const setting = JSON.stringify(current.clock);
    if (setting !== clockSetting) reconsider();
    clockSetting = setting;
  });
  const ctx: DomainContext = {
    db: store.db,
    transact: sharedTransactions(store.db),
    dialect: store.dialect,
    clock: admin.clock,
    config,
  };
  const services = await createServices(ctx, clock);
  const onError = onUnexpectedError ?? (() => undefined);
  const bankScheduler = new Scheduler({
    clock: admin.clock,
    frozen: () => admin.clock.setting.frozenAt !== null,
    work: bankDueWork(ctx, services),
    refresh: () => admin.settings.reload(),
    timers,
    onError,
  });
  reconsider = () => bankScheduler.reconsider();
  ctx.dueAt = (instant) => bankScheduler.dueAt(instant);
  // A restart catches up on what fell due while the bank was down, before it answers anything.
  await bankScheduler.runDue().catch(onError);
  const extras: AppExtras = {
    db: store.db,
    seedAnchor,
    admin,
    pageSecret,
    sleep,
    onUnexpectedError,
    scheduler: bankScheduler,
    benches,
  };
  // Redirect SCA through the bank's page or through OAuth decides which routes and gateway checks the app has, so each
  // mode has its own app over the same services, built when a profile first asks for it. Both read every other option
  // from the live configuration, which behaviour profiles change.
  const apps = new Map<ScaRedirectMode, ReturnType<typeof createApp>>();
  const appFor = (mode: ScaRedirectMode) => {
    let app = apps.get(mode);
    if (!app) {
      const view = Object.assign(Object.create(config) as SandboxConfig, { scaRedirect: mode });
      app = createApp({ ...services, config: view }, config, extras);
      apps.set(mode, app);
    }
    return app;
  };
  const answer = (request: Request, context: RequestContext) => {
    const response = appFor(config.scaRedirect).fetch(request, context);
    return config.absoluteLinks ? absoluteLinks(request, Promise.resolve(response)) : Promise.resolve(response);
  };
  // The admin settings are brought up to date before the request when their refresh interval has passed: between two
  // checks this costs a comparison, no query and no middleware.
  const core = (request: Request, context: RequestContext) => {
    const synced = admin.settings.sync();
    if (synced) return synced.then(() => answer(request, context));
    return answer(request, context);
  };
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
  return {
    fetch,
    config,
    seedAnchor,
    adminEnabled: adminEnabled(config),
    runDue: () => bankScheduler.runDue(),
    scheduledFor: () => bankScheduler.scheduledFor(),
    close: () => bankScheduler.stop(),
  };
}
