// The bank's PSU-facing pages: the redirect SCA page (login, review, OTP, approve or deny) and the banking app where the
// PSU approves decoupled authorisations. Every form that changes something carries the form token of the browser's
// session (pages/form-guard.ts), and a decision on the redirect page needs the PSU logged in in that same browser. One
// named handler per route; the HTML is in pages/redirect-sca.ts and pages/banking-app.ts.
import type { Context, Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { html } from 'hono/html';
import type { AccountChoice } from '../domain/consents';
import { parseScaMethods } from '../domain/sca';
import { BankError } from '../rules/bank-error';
import { safeRedirectTarget } from '../rules/redirect-targets';
import type { Env } from '../http/respond';
import { EMPTY_CHOICE, readAccountChoice } from '../pages/account-choice';
import { appHomePage, appLoginPage, appRequestCard, type AppRequest } from '../pages/banking-app';
import {
  PageSessions,
  TOKEN_FIELD,
  refusedForm,
  sameOriginForms,
  tokenField,
  type PageSession,
} from '../pages/form-guard';
import {
  scaDecisionPage,
  scaDonePage,
  scaFinishedPage,
  scaLoginPage,
  unknownRequestPage,
  type ScaForm,
} from '../pages/redirect-sca';
import { keepPresenter, PRESENTER_PARAM, requestedDisplay, type PageDisplay } from '../pages/presenter';
import { sandboxHelp } from '../pages/sandbox-help';
import {
  basketDetails,
  basketHeadline,
  basketSummary,
  consentDetails,
  consentHeadline,
  consentSummary,
  paymentDetails,
  paymentHeadline,
  paymentSummary,
  type BasketMembers,
} from '../pages/summary';
import type { AuthorisationRow } from '../store/schema';
import type { Services } from './xs2a';

const APP_COOKIE = 'sandbox_banking_app';
const SCA_COOKIE = 'sandbox_sca';
/** Statuses after which an authorisation is over. */
const finished: readonly string[] = ['finalised', 'failed', 'exempted'];

/** A text field of a submitted form; anything else (a file, a repeated field) counts as empty. */
function field(form: Record<string, unknown>, name: string): string {
  const value = form[name];
  return typeof value === 'string' ? value : '';
}

/** The payments and consents of the signing basket an authorisation belongs to. */
async function basketMembers(s: Services, auth: AuthorisationRow): Promise<BasketMembers> {
  const row = await s.baskets.find(auth.resource_id).catch(() => undefined);
  const { paymentIds, consentIds } = row ? await s.baskets.describe(row) : { paymentIds: [], consentIds: [] };
  const payments = await Promise.all(paymentIds.map((id) => s.payments.findById(id)));
  const consents = await Promise.all(consentIds.map((id) => s.consents.find(id).catch(() => undefined)));
  return {
    payments: payments.filter((p) => p !== undefined),
    consents: consents.filter((c) => c !== undefined),
  };
}

/** What the PSU is asked to approve: the consent, payment (or its cancellation) or signing basket of an authorisation. */
export async function authorisationSummary(s: Services, auth: AuthorisationRow, display: PageDisplay) {
  if (auth.resource_type === 'basket') return basketSummary(await basketMembers(s, auth), display);
  if (auth.resource_type === 'consent') {
    const consent = await s.consents.find(auth.resource_id).catch(() => undefined);
    return consent ? consentSummary(consent, display) : html`<h1>Consent</h1>`;
  }
  const payment = await s.payments.findById(auth.resource_id);
  return payment ? paymentSummary(payment, auth, display) : html`<h1>Payment</h1>`;
}

/** The sandbox's help beside a login form: its test PSUs, as the bank's data has them now. */
export async function loginHelp(s: Services, display: PageDisplay) {
  return sandboxHelp({ psus: await s.sca.testLogins(), maxOtpAttempts: s.config.maxOtpAttempts, display });
}

/** A decoupled authorisation as the banking app lists it: when it came, what it authorises, and its ids. */
async function appRequest(s: Services, auth: AuthorisationRow, display: PageDisplay): Promise<AppRequest> {
  const base = { authorisationId: auth.authorisation_id, requestedAt: auth.created_at };
  if (auth.resource_type === 'basket') {
    const members = await basketMembers(s, auth);
    const details = basketDetails(members, display);
    return {
      ...base,
      headline: basketHeadline(members),
      details,
      resource: { label: 'Basket id', id: auth.resource_id },
    };
  }
  if (auth.resource_type === 'consent') {
    const consent = await s.consents.find(auth.resource_id).catch(() => undefined);
    const headline = consent ? consentHeadline(consent, display) : 'Account access';
    const details = consent ? consentDetails(consent, display) : '';
    return { ...base, headline, details, resource: { label: 'Consent id', id: auth.resource_id } };
  }
  const payment = await s.payments.findById(auth.resource_id);
  const headline = payment ? paymentHeadline(payment, auth, display) : 'Payment';
  const details = payment ? paymentDetails(payment, display) : '';
  return { ...base, headline, details, resource: { label: 'Payment id', id: auth.resource_id } };
}

/** Presenter mode as a request asks for it: in the query of a page load, in the hidden field of a posted form. */
export function displayOf(c: Context<Env>, form?: Record<string, unknown>): PageDisplay {
  return requestedDisplay(form ? form[PRESENTER_PARAM] : c.req.query(PRESENTER_PARAM));
}

/** For a bank-offered consent, the accounts and services the PSU chooses from; undefined for everything else. */
export async function accountOffer(s: Services, auth: AuthorisationRow, psuId: string | null) {
  if (auth.resource_type !== 'consent' || !psuId) return undefined;
  const consent = await s.consents.find(auth.resource_id).catch(() => undefined);
  return consent ? s.consents.offer(consent, psuId) : undefined;
}

/** A bank error's text for the page; anything else is no business of the page. */
function message(error: unknown): string {
  if (error instanceof BankError) return error.message;
  throw error;
}

const area = (auth: AuthorisationRow) => (auth.resource_type === 'consent' ? 'ais' : 'pis');

/** Whether the browser's session is the PSU's login for this authorisation. */
const loginFor = (session: PageSession | undefined, auth: AuthorisationRow) =>
  session?.psuId !== undefined && session.bound === auth.authorisation_id && session.psuId === auth.psu_id;

/** The redirect SCA page of one authorisation, with one session per authorisation (its cookie lives at its page). */
class RedirectScaPages {
  constructor(
    private readonly s: Services,
    private readonly sessions: PageSessions,
  ) {}

  private base(c: Context<Env>, auth: AuthorisationRow) {
    return `${c.get('links').prefix}/sca/${auth.authorisation_id}`;
  }

  private purpose(auth: AuthorisationRow) {
    return `sca ${auth.authorisation_id}`;
  }

  private async load(c: Context<Env>) {
    const auth = await this.s.sca.findById(c.req.param('authorisationId') ?? '');
    if (!auth || auth.sca_approach !== 'REDIRECT') return undefined;
    return auth;
  }

  readonly show = async (c: Context<Env>) => {
    const auth = await this.load(c);
    return auth ? this.page(c, auth, displayOf(c)) : c.html(unknownRequestPage(), 404);
  };

  readonly login = async (c: Context<Env>) => {
    const auth = await this.load(c);
    if (!auth) return c.html(unknownRequestPage(), 404);
    const form = await c.req.parseBody();
    const display = displayOf(c, form);
    if (!this.sessions.valid(await this.sessions.read(c), this.purpose(auth), form[TOKEN_FIELD])) {
      return refusedForm(c, this.base(c, auth));
    }
    const psuId = field(form, 'psuId').trim();
    try {
      const psu = await this.s.sca.authenticate(auth, psuId, field(form, 'password'), area(auth));
      // Logging in again (another browser, an expired session) finds the PSU already authenticated.
      if (auth.sca_status !== 'psuAuthenticated') await this.s.sca.markAuthenticated(auth, psu);
      await this.sessions.start(c, this.base(c, auth), { psuId: psu.psu_id, bound: auth.authorisation_id });
      return c.redirect(keepPresenter(this.base(c, auth), display), 303);
    } catch (error) {
      const closed = await this.failIfClosed(c, auth, error, display);
      if (closed) return closed;
      return this.page(c, { ...auth, psu_id: psuId || auth.psu_id }, display, message(error));
    }
  };

  readonly decision = async (c: Context<Env>) => {
    const auth = await this.load(c);
    if (!auth) return c.html(unknownRequestPage(), 404);
    const form = await c.req.parseBody({ all: true });
    const display = displayOf(c, form);
    const session = await this.sessions.read(c);
    if (!this.sessions.valid(session, this.purpose(auth), form[TOKEN_FIELD])) {
      return refusedForm(c, this.base(c, auth));
    }
    // Approve and Deny alike need the PSU logged in in this browser; a repeated click after the end goes back.
    if (!loginFor(session, auth)) return this.page(c, auth, display, 'Log in to approve or deny this request.');
    if (finished.includes(auth.sca_status)) return this.leave(c, auth, display);
    let choice: AccountChoice | undefined;
    try {
      if (form.action === 'deny') return this.leave(c, await this.s.sca.decide(auth, 'failed'), display);
      if (auth.sca_status !== 'psuAuthenticated')
        return await this.page(c, auth, display, 'Log in to approve or deny this request.');
      const offer = await accountOffer(this.s, auth, auth.psu_id);
      if (offer) {
        choice = readAccountChoice(form, offer);
        // Refused before the one-time password is checked, so no attempt is used up.
        if (!choice) {
          const none = { accounts: [], balances: [], transactions: [] };
          return await this.page(c, auth, display, EMPTY_CHOICE, { checked: none, status: 400 });
        }
      }
      const psu = auth.psu_id ? await this.s.sca.findPsu(auth.psu_id) : undefined;
      const done = await this.s.sca.checkOtp(auth, field(form, 'otp'), psu, area(auth), choice);
      return this.leave(c, done, display);
    } catch (error) {
      return this.decisionFailed(c, auth, error, display, choice);
    }
  };

  /** A refused decision: the authorisation may have ended meanwhile; otherwise the page says why. */
  private async decisionFailed(
    c: Context<Env>,
    auth: AuthorisationRow,
    error: unknown,
    display: PageDisplay,
    choice?: AccountChoice,
  ) {
    const text = message(error);
    const closed = await this.failIfClosed(c, auth, error, display);
    if (closed) return closed;
    const fresh = await this.s.sca.findById(auth.authorisation_id);
    if (fresh && (fresh.sca_status === 'failed' || fresh.sca_status === 'finalised')) {
      return this.leave(c, fresh, display);
    }
    // A wrong one-time password keeps the accounts the PSU chose.
    return this.page(c, fresh ?? auth, display, text, choice ? { checked: choice } : {});
  }

  /** Where the PSU's browser goes when the authorisation is over. */
  private leave(c: Context<Env>, auth: AuthorisationRow, display: PageDisplay) {
    const target = safeRedirectTarget(
      auth.sca_status === 'finalised' ? auth.tpp_redirect_uri : (auth.tpp_nok_redirect_uri ?? auth.tpp_redirect_uri),
    );
    if (target) return c.redirect(target, 303);
    return c.html(scaDonePage(auth.sca_status, display));
  }

  /** When the payment or consent moved on meanwhile (cancelled, settled), the authorisation can only fail: end it. */
  private async failIfClosed(c: Context<Env>, auth: AuthorisationRow, error: unknown, display: PageDisplay) {
    if (!(error instanceof BankError) || error.messages[0]?.code !== 'STATUS_INVALID') return undefined;
    const current = await this.s.sca.findById(auth.authorisation_id);
    if (!current) return undefined;
    // Already ended by what closed the payment or consent (a payment rejected for waiting too long): say how it ended.
    if (current.sca_status === 'finalised' || current.sca_status === 'failed') return this.leave(c, current, display);
    return this.leave(c, await this.s.sca.decide(current, 'failed'), display);
  }

  /** The page for the authorisation's state: finished, the login, or the logged-in PSU's decision. */
  private async page(
    c: Context<Env>,
    auth: AuthorisationRow,
    display: PageDisplay,
    error?: string,
    { checked, status }: { checked?: AccountChoice; status?: 400 } = {},
  ) {
    const base = this.base(c, auth);
    const what = await authorisationSummary(this.s, auth, display);
    if (finished.includes(auth.sca_status)) return c.html(scaFinishedPage(what, auth.sca_status, display));
    const session = await this.sessions.ensure(c, base);
    const token = tokenField(this.sessions.token(session, this.purpose(auth)));
    if (auth.sca_status !== 'psuAuthenticated' || !loginFor(session, auth)) {
      // Leaving without deciding goes back to the TPP and changes nothing: only the logged-in PSU can deny.
      const back = safeRedirectTarget(auth.tpp_nok_redirect_uri ?? auth.tpp_redirect_uri);
      const form: ScaForm = { action: `${base}/login`, token, what, error, display };
      const help = await loginHelp(this.s, display);
      return c.html(scaLoginPage(form, { psuId: auth.psu_id ?? '', back, help }), error ? 401 : 200);
    }
    const psu = auth.psu_id ? await this.s.sca.findPsu(auth.psu_id) : undefined;
    const offer = await accountOffer(this.s, auth, auth.psu_id);
    const form: ScaForm = { action: `${base}/decision`, token, what, error, display };
    const decision = scaDecisionPage(form, {
      psuName: psu?.name ?? auth.psu_id ?? '',
      methods: psu ? parseScaMethods(psu) : [],
      offer,
      ...(checked ? { checked } : {}),
    });
    return c.html(decision, status ?? (error ? 401 : 200));
  }
}

/** The banking app: decoupled approvals, with one session per browser. */
class BankingApp {
  constructor(
    private readonly s: Services,
    private readonly sessions: PageSessions,
  ) {}

  private base(c: Context<Env>) {
    return `${c.get('links').prefix}/app`;
  }

  /** The banking app's session of this browser, and the PSU logged in there. */
  private async current(c: Context<Env>) {
    const session = await this.sessions.read(c);
    const psu = session?.psuId ? await this.s.sca.findPsu(session.psuId) : undefined;
    return { session, psu };
  }

  /** Whether a posted form of the banking app carries its session's token. */
  private tokenOk(session: PageSession | undefined, form: Record<string, unknown>) {
    return this.sessions.valid(session, 'app', form[TOKEN_FIELD]);
  }

  readonly home = async (c: Context<Env>) => {
    const { psu } = await this.current(c);
    const base = this.base(c);
    const display = displayOf(c);
    const session = await this.sessions.ensure(c, base);
    const token = tokenField(this.sessions.token(session, 'app'));
    if (!psu) {
      const help = await loginHelp(this.s, display);
      return c.html(appLoginPage({ base, token, error: c.req.query('error'), display, help }));
    }
    const pending = await this.s.sca.pendingDecoupled(psu.psu_id);
    const cards = await Promise.all(
      pending.map(async (auth) => {
        const request = await appRequest(this.s, auth, display);
        return appRequestCard({ base, token, request, display });
      }),
    );
    return c.html(appHomePage({ base, token, psuName: psu.name, done: c.req.query('done'), cards, display }));
  };

  readonly login = async (c: Context<Env>) => {
    const form = await c.req.parseBody();
    if (!this.tokenOk(await this.sessions.read(c), form)) return refusedForm(c, this.base(c));
    const display = displayOf(c, form);
    const psu = await this.s.sca.findPsu(field(form, 'psuId').trim());
    if (!psu || psu.password !== field(form, 'password')) {
      const error = encodeURIComponent('The online banking ID or password is wrong.');
      return c.redirect(keepPresenter(`${this.base(c)}?error=${error}`, display), 303);
    }
    // A new session: one planted in this browser before the login never becomes the logged-in one.
    await this.sessions.start(c, this.base(c), { psuId: psu.psu_id });
    return c.redirect(keepPresenter(this.base(c), display), 303);
  };

  readonly logout = async (c: Context<Env>) => {
    const form = await c.req.parseBody();
    if (!this.tokenOk(await this.sessions.read(c), form)) return refusedForm(c, this.base(c));
    deleteCookie(c, APP_COOKIE, { path: this.base(c) });
    return c.redirect(keepPresenter(this.base(c), displayOf(c, form)), 303);
  };

  readonly decide = async (c: Context<Env>) => {
    const form = await c.req.parseBody();
    const { session, psu } = await this.current(c);
    const display = displayOf(c, form);
    const base = this.base(c);
    const home = (query = '') => c.redirect(keepPresenter(`${base}${query}`, display), 303);
    if (!this.tokenOk(session, form)) return refusedForm(c, base);
    if (!psu) return home();
    const auth = await this.s.sca.findById(field(form, 'authorisationId'));
    if (!auth || auth.psu_id !== psu.psu_id || auth.sca_approach !== 'DECOUPLED') return home();
    const approve = form.action === 'approve' && psu.sca_behaviour !== 'alwaysFail';
    try {
      const done = await this.s.sca.decide(auth, approve ? 'finalised' : 'failed');
      return home(`?done=${done.sca_status === 'finalised' ? 'approved' : 'declined'}`);
    } catch (error) {
      return home(`?done=${encodeURIComponent(`not processed: ${message(error)}`)}`);
    }
  };
}

export function registerPages(app: Hono<Env>, s: Services, cookieSecret: string) {
  const sca = new RedirectScaPages(s, new PageSessions(cookieSecret, SCA_COOKIE));
  const banking = new BankingApp(s, new PageSessions(cookieSecret, APP_COOKIE));
  // Posts from pages of another origin (another port of this host included) are refused before anything is read.
  app.use('/sca/*', sameOriginForms());
  app.use('/app/*', sameOriginForms());
  app.get('/sca/:authorisationId', sca.show);
  app.post('/sca/:authorisationId/login', sca.login);
  app.post('/sca/:authorisationId/decision', sca.decision);
  app.get('/app', banking.home);
  app.post('/app/login', banking.login);
  app.post('/app/logout', banking.logout);
  app.post('/app/decide', banking.decide);
}
