// The bank's PSU-facing pages: the redirect SCA page (login, review, OTP, approve or deny) and the banking app where the
// PSU approves decoupled authorisations. Every form that changes something carries the form token of the browser's
// session (pages/form-guard.ts), and a decision on the redirect page needs the PSU logged in in that same browser.
import type { Context, Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { html } from 'hono/html';
import { BankError } from '../http/errors';
import { safeRedirectTarget } from '../http/headers';
import { accountChoiceFieldset, EMPTY_CHOICE, readAccountChoice } from '../pages/account-choice';
import {
  PageSessions,
  TOKEN_FIELD,
  refusedForm,
  sameOriginForms,
  tokenField,
  type PageSession,
} from '../pages/form-guard';
import { errorBox, leaveLink, page } from '../pages/layout';
import { consentSummary, paymentSummary } from '../pages/summary';
import type { AuthorisationRow } from '../store/schema';
import type { AccountChoice } from '../domain/consents';
import { parseScaMethods } from '../domain/sca';
import type { Env } from '../http/respond';
import type { Services } from './xs2a';

const APP_COOKIE = 'sandbox_banking_app';
const SCA_COOKIE = 'sandbox_sca';
const finished = ['finalised', 'failed', 'exempted'];

/** A text field of a submitted form; anything else (a file, a repeated field) counts as empty. */
function field(form: Record<string, unknown>, name: string): string {
  const value = form[name];
  return typeof value === 'string' ? value : '';
}

/** What the PSU is asked to approve: the consent or payment (or its cancellation) of an authorisation. */
export async function authorisationSummary(s: Services, auth: AuthorisationRow) {
  if (auth.resource_type === 'consent') {
    const consent = await s.consents.find(auth.resource_id).catch(() => undefined);
    return consent ? consentSummary(consent) : html`<h1>Consent</h1>`;
  }
  const payment = await s.payments.findById(auth.resource_id);
  return payment ? paymentSummary(payment, auth) : html`<h1>Payment</h1>`;
}

/** For a bank-offered consent, the accounts and services the PSU chooses from; undefined for everything else. */
export async function accountOffer(s: Services, auth: AuthorisationRow, psuId: string | null) {
  if (auth.resource_type !== 'consent' || !psuId) return undefined;
  const consent = await s.consents.find(auth.resource_id).catch(() => undefined);
  return consent ? s.consents.offer(consent, psuId) : undefined;
}

export function registerPages(app: Hono<Env>, s: Services, cookieSecret: string) {
  const db = () => s.sca;
  const summary = (auth: AuthorisationRow) => authorisationSummary(s, auth);
  // One session per redirect authorisation (its cookie lives at the authorisation's page), one for the banking app.
  const scaSessions = new PageSessions(cookieSecret, SCA_COOKIE);
  const appSessions = new PageSessions(cookieSecret, APP_COOKIE);
  const scaBase = (c: Context<Env>, auth: AuthorisationRow) => `${c.get('links').prefix}/sca/${auth.authorisation_id}`;
  const scaPurpose = (auth: AuthorisationRow) => `sca ${auth.authorisation_id}`;
  /** Whether the browser's session is the PSU's login for this authorisation. */
  const loginFor = (session: PageSession | undefined, auth: AuthorisationRow) =>
    session?.psuId !== undefined && session.bound === auth.authorisation_id && session.psuId === auth.psu_id;

  // Posts from pages of another origin (another port of this host included) are refused before anything is read.
  app.use('/sca/*', sameOriginForms());
  app.use('/app/*', sameOriginForms());

  const message = (error: unknown) => {
    if (error instanceof BankError) return error.message;
    throw error;
  };

  /** Where the PSU's browser goes when the authorisation is over. */
  function leave(c: Context<Env>, auth: AuthorisationRow) {
    const target = safeRedirectTarget(
      auth.sca_status === 'finalised' ? auth.tpp_redirect_uri : (auth.tpp_nok_redirect_uri ?? auth.tpp_redirect_uri),
    );
    if (target) return c.redirect(target, 303);
    return c.html(
      page(
        'Done',
        html`<h1>${auth.sca_status === 'finalised' ? 'Approved' : 'Not approved'}</h1>
          <p>The authorisation is ${auth.sca_status}. You can close this window and return to the application.</p>`,
      ),
    );
  }

  /** When the payment or consent moved on meanwhile (cancelled, settled), the authorisation can only fail: end it. */
  async function failIfClosed(c: Context<Env>, auth: AuthorisationRow, error: unknown) {
    if (!(error instanceof BankError) || error.messages[0]?.code !== 'STATUS_INVALID') return undefined;
    const current = await s.sca.findById(auth.authorisation_id);
    if (!current) return undefined;
    // Already ended by what closed the payment or consent (a payment rejected for waiting too long): say how it ended.
    if (current.sca_status === 'finalised' || current.sca_status === 'failed') return leave(c, current);
    return leave(c, await s.sca.decide(current, 'failed'));
  }

  async function scaPage(
    c: Context<Env>,
    auth: AuthorisationRow,
    error?: string,
    { checked, status }: { checked?: AccountChoice; status?: 400 } = {},
  ) {
    const base = scaBase(c, auth);
    const what = await summary(auth);
    if (finished.includes(auth.sca_status)) {
      return c.html(
        page(
          'Authorisation finished',
          html`${what}
            <p class="note">This authorisation is already ${auth.sca_status}.</p>`,
        ),
      );
    }
    const session = await scaSessions.ensure(c, base);
    const token = tokenField(scaSessions.token(session, scaPurpose(auth)));
    if (auth.sca_status !== 'psuAuthenticated' || !loginFor(session, auth)) {
      // Leaving without deciding goes back to the TPP and changes nothing: only the logged-in PSU can deny.
      const back = safeRedirectTarget(auth.tpp_nok_redirect_uri ?? auth.tpp_redirect_uri);
      return c.html(
        page(
          'Log in',
          html`${what} ${errorBox(error)}
            <h2>Log in to approve</h2>
            <form method="post" action="${base}/login">
              ${token}
              <label for="psuId">Online banking ID</label>
              <input id="psuId" name="psuId" autocomplete="username" required value="${auth.psu_id ?? ''}" />
              <label for="password">Password</label>
              <input id="password" name="password" type="password" autocomplete="current-password" required />
              <div class="actions">
                <button class="primary" type="submit">Log in</button>
                ${leaveLink(back)}
              </div>
            </form>`,
        ),
        error ? 401 : 200,
      );
    }
    const psu = auth.psu_id ? await db().findPsu(auth.psu_id) : undefined;
    const methods = psu ? parseScaMethods(psu) : [];
    const offer = await accountOffer(s, auth, auth.psu_id);
    return c.html(
      page(
        'Approve',
        html`${what} ${errorBox(error)}
          <p>Logged in as <strong>${psu?.name ?? auth.psu_id ?? ''}</strong>.</p>
          <form method="post" action="${base}/decision">
            ${token} ${offer ? accountChoiceFieldset(offer, checked) : ''}
            <label for="method">Authentication method</label>
            <select id="method" name="method">
              ${methods.map((m) => html`<option value="${m.authenticationMethodId}">${m.name ?? m.authenticationType}</option>`)}
            </select>
            <label for="otp">One-time password</label>
            <input id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" maxlength="6" />
            <p class="note">In this sandbox the one-time password is 123456.</p>
            <div class="actions">
              <button class="primary" type="submit" name="action" value="approve">Approve</button>
              <button class="secondary" type="submit" name="action" value="deny">Deny</button>
            </div>
          </form>`,
      ),
      status ?? (error ? 401 : 200),
    );
  }

  async function loadAuth(c: Context<Env>) {
    const auth = await s.sca.findById(c.req.param('authorisationId') ?? '');
    if (!auth || auth.sca_approach !== 'REDIRECT') return undefined;
    return auth;
  }

  const unknown = (c: Context<Env>) =>
    c.html(
      page(
        'Unknown request',
        html`<h1>Unknown request</h1>
          <p>This approval link is not valid.</p>`,
      ),
      404,
    );

  app.get('/sca/:authorisationId', async (c) => {
    const auth = await loadAuth(c);
    return auth ? scaPage(c, auth) : unknown(c);
  });

  app.post('/sca/:authorisationId/login', async (c) => {
    const auth = await loadAuth(c);
    if (!auth) return unknown(c);
    const form = await c.req.parseBody();
    if (!scaSessions.valid(await scaSessions.read(c), scaPurpose(auth), form[TOKEN_FIELD])) {
      return refusedForm(c, scaBase(c, auth));
    }
    const psuId = field(form, 'psuId').trim();
    const password = field(form, 'password');
    try {
      const psu = await s.sca.authenticate(auth, psuId, password, auth.resource_type === 'consent' ? 'ais' : 'pis');
      // Logging in again (another browser, an expired session) finds the PSU already authenticated.
      if (auth.sca_status !== 'psuAuthenticated') await s.sca.markAuthenticated(auth, psu);
      await scaSessions.start(c, scaBase(c, auth), { psuId: psu.psu_id, bound: auth.authorisation_id });
      return c.redirect(scaBase(c, auth), 303);
    } catch (error) {
      const closed = await failIfClosed(c, auth, error);
      if (closed) return closed;
      return scaPage(c, { ...auth, psu_id: psuId || auth.psu_id }, message(error));
    }
  });

  app.post('/sca/:authorisationId/decision', async (c) => {
    const auth = await loadAuth(c);
    if (!auth) return unknown(c);
    const form = await c.req.parseBody({ all: true });
    const session = await scaSessions.read(c);
    if (!scaSessions.valid(session, scaPurpose(auth), form[TOKEN_FIELD])) return refusedForm(c, scaBase(c, auth));
    // Approve and Deny alike need the PSU logged in in this browser; a repeated click after the end goes back.
    if (!loginFor(session, auth)) return scaPage(c, auth, 'Log in to approve or deny this request.');
    if (finished.includes(auth.sca_status)) return leave(c, auth);
    let choice: AccountChoice | undefined;
    try {
      if (form.action === 'deny') return leave(c, await s.sca.decide(auth, 'failed'));
      if (auth.sca_status !== 'psuAuthenticated') return scaPage(c, auth, 'Log in to approve or deny this request.');
      const offer = await accountOffer(s, auth, auth.psu_id);
      if (offer) {
        choice = readAccountChoice(form, offer);
        // Refused before the one-time password is checked, so no attempt is used up.
        if (!choice) {
          const none = { accounts: [], balances: [], transactions: [] };
          return await scaPage(c, auth, EMPTY_CHOICE, { checked: none, status: 400 });
        }
      }
      const psu = auth.psu_id ? await s.sca.findPsu(auth.psu_id) : undefined;
      const done = await s.sca.checkOtp(
        auth,
        field(form, 'otp'),
        psu,
        auth.resource_type === 'consent' ? 'ais' : 'pis',
        choice,
      );
      return leave(c, done);
    } catch (error) {
      const text = message(error);
      const closed = await failIfClosed(c, auth, error);
      if (closed) return closed;
      const fresh = await s.sca.findById(auth.authorisation_id);
      if (fresh && (fresh.sca_status === 'failed' || fresh.sca_status === 'finalised')) return leave(c, fresh);
      // A wrong one-time password keeps the accounts the PSU chose.
      return scaPage(c, fresh ?? auth, text, choice ? { checked: choice } : {});
    }
  });

  // ---- The banking app: decoupled approvals ----
  const appBase = (c: Context<Env>) => `${c.get('links').prefix}/app`;

  /** The banking app's session of this browser, and the PSU logged in there. */
  async function currentPsu(c: Context<Env>) {
    const session = await appSessions.read(c);
    const psu = session?.psuId ? await s.sca.findPsu(session.psuId) : undefined;
    return { session, psu };
  }

  /** Whether a posted form of the banking app carries its session's token. */
  const appToken = (session: PageSession | undefined, form: Record<string, unknown>) =>
    appSessions.valid(session, 'app', form[TOKEN_FIELD]);

  app.get('/app', async (c) => {
    const { psu } = await currentPsu(c);
    const base = appBase(c);
    const session = await appSessions.ensure(c, base);
    const token = tokenField(appSessions.token(session, 'app'));
    if (!psu) {
      const error = c.req.query('error');
      return c.html(
        page(
          'Banking app',
          html`<h1>Sandbox Banking app</h1>
            <p>Log in to approve requests waiting for you (decoupled SCA).</p>
            ${errorBox(error)}
            <form method="post" action="${base}/login">
              ${token}
              <label for="psuId">Online banking ID</label>
              <input id="psuId" name="psuId" autocomplete="username" required />
              <label for="password">Password</label>
              <input id="password" name="password" type="password" autocomplete="current-password" required />
              <div class="actions"><button class="primary" type="submit">Log in</button></div>
            </form>`,
          { bankName: 'Sandbox Banking app' },
        ),
      );
    }
    const pending = await s.sca.pendingDecoupled(psu.psu_id);
    const cards = await Promise.all(
      pending.map(
        async (auth) =>
          html`<section class="card" aria-label="Request ${auth.authorisation_id}">
            ${await summary(auth)}
            <form method="post" action="${base}/decide">
              ${token}
              <input type="hidden" name="authorisationId" value="${auth.authorisation_id}" />
              <div class="actions">
                <button class="primary" type="submit" name="action" value="approve">Approve</button>
                <button class="secondary" type="submit" name="action" value="deny">Deny</button>
              </div>
            </form>
          </section>`,
      ),
    );
    const done = c.req.query('done');
    return c.html(
      page(
        'Banking app',
        html`<h1>Hello, ${psu.name}</h1>
          ${done ? html`<p class="note" role="status">Request ${done}.</p>` : ''}
          ${cards.length === 0 ? html`<p>Nothing is waiting for your approval.</p>` : cards}
          <form method="post" action="${base}/logout">
            ${token}
            <div class="actions"><button class="secondary" type="submit">Log out</button></div>
          </form>`,
        { bankName: 'Sandbox Banking app' },
      ),
    );
  });

  app.post('/app/login', async (c) => {
    const form = await c.req.parseBody();
    if (!appToken(await appSessions.read(c), form)) return refusedForm(c, appBase(c));
    const psu = await s.sca.findPsu(field(form, 'psuId').trim());
    if (!psu || psu.password !== field(form, 'password')) {
      return c.redirect(
        `${appBase(c)}?error=${encodeURIComponent('The online banking ID or password is wrong.')}`,
        303,
      );
    }
    // A new session: one planted in this browser before the login never becomes the logged-in one.
    await appSessions.start(c, appBase(c), { psuId: psu.psu_id });
    return c.redirect(appBase(c), 303);
  });

  app.post('/app/logout', async (c) => {
    const form = await c.req.parseBody();
    if (!appToken(await appSessions.read(c), form)) return refusedForm(c, appBase(c));
    deleteCookie(c, APP_COOKIE, { path: appBase(c) });
    return c.redirect(appBase(c), 303);
  });

  app.post('/app/decide', async (c) => {
    const form = await c.req.parseBody();
    const { session, psu } = await currentPsu(c);
    if (!appToken(session, form)) return refusedForm(c, appBase(c));
    if (!psu) return c.redirect(appBase(c), 303);
    const auth = await s.sca.findById(field(form, 'authorisationId'));
    if (!auth || auth.psu_id !== psu.psu_id || auth.sca_approach !== 'DECOUPLED') return c.redirect(appBase(c), 303);
    const approve = form.action === 'approve' && psu.sca_behaviour !== 'alwaysFail';
    try {
      const done = await s.sca.decide(auth, approve ? 'finalised' : 'failed');
      return c.redirect(`${appBase(c)}?done=${done.sca_status === 'finalised' ? 'approved' : 'declined'}`, 303);
    } catch (error) {
      return c.redirect(`${appBase(c)}?done=${encodeURIComponent(`not processed: ${message(error)}`)}`, 303);
    }
  });
}
