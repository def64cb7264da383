// The bank's OAuth 2.0 authorisation server for redirect SCA (scaOAuth): RFC 8414 metadata, the authorize page where the
// PSU logs in and approves or denies, and the token endpoint (authorization_code grant with PKCE S256 only). One named
// handler per route; the pages' HTML is in pages/oauth-authorize.ts, the rules in rules/oauth.ts.
import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { isBankOfferedConsent, type AccountChoice, type AccountOffer } from '../domain/consents';
import { METADATA_PATH, OAUTH_PATH } from '../domain/oauth';
import { BankError } from '../rules/bank-error';
import { readRawBody, type Env } from '../http/respond';
import { EMPTY_CHOICE, readAccountChoice, type PostedForm } from '../pages/account-choice';
import {
  PageSessions,
  TOKEN_FIELD,
  refusedForm,
  sameOriginForms,
  tokenField,
  type PageSession,
} from '../pages/form-guard';
import {
  authorizeChoicePage,
  authorizeLoginPage,
  invalidRequestPage,
  type AuthorizeForm,
} from '../pages/oauth-authorize';
import {
  FINAL_SCA_STATUSES,
  OAuthError,
  authorizeParamsError,
  originsOf,
  parseScope,
  scopeOf,
  usableRedirectUri,
  withQuery,
  type AuthorizeParams,
  type ScopeTarget,
} from '../rules/oauth';
import type { AuthorisationRow } from '../store/schema';
import { accountOffer, authorisationSummary, displayOf, loginHelp } from './pages';
import type { Services } from './xs2a';

type Checked =
  | { kind: 'page'; text: string }
  | { kind: 'redirect'; params: AuthorizeParams; auth: AuthorisationRow; error: OAuthError; finished?: ScopeTarget }
  | { kind: 'ok'; params: AuthorizeParams; auth: AuthorisationRow };

type Read = (name: string) => string | undefined;

/** A posted authorize form of a valid request, from this bank's page in this browser. */
interface Post {
  c: Context<Env>;
  params: AuthorizeParams;
  auth: AuthorisationRow;
  session: PageSession;
  form: PostedForm;
  field: Read;
  psuId: string;
}

/** How a page of the authorize endpoint is shown: its error, and the account choice's boxes and status. */
interface Shown {
  error?: string;
  psuId?: string;
  checked?: AccountChoice;
  status?: 200 | 400;
}

const redirectTo = (c: Context<Env>, redirectUri: string, query: Record<string, string | undefined>) =>
  c.redirect(withQuery(redirectUri, query), 302);

const errorRedirect = (c: Context<Env>, params: AuthorizeParams, error: OAuthError) =>
  redirectTo(c, params.redirectUri, { error: error.error, error_description: error.description, state: params.state });

/** What the page's form token is bound to: the authorisation and this very authorization request. */
const purpose = (params: AuthorizeParams, auth: AuthorisationRow) =>
  [
    'authorize',
    auth.authorisation_id,
    params.clientId,
    params.redirectUri,
    params.codeChallenge,
    params.state ?? '',
  ].join('\n');

/** Whether the browser's session is the PSU's login for this authorisation (the account choice step). */
const loginFor = (session: PageSession | undefined, auth: AuthorisationRow) =>
  session?.psuId !== undefined && session.bound === auth.authorisation_id && session.psuId === auth.psu_id;

const area = (auth: AuthorisationRow) => (auth.resource_type === 'consent' ? 'ais' : 'pis');

class OAuthEndpoints {
  // The authorize page's browser sessions; their cookie lives at the authorize endpoint.
  private readonly sessions = new PageSessions(randomBytes(32).toString('hex'), 'sandbox_oauth');

  constructor(private readonly s: Services) {}

  private issuer(c: Context<Env>) {
    return `${c.get('links').origin}${c.get('links').prefix}${OAUTH_PATH}`;
  }

  private authorizePath(c: Context<Env>) {
    return `${c.get('links').prefix}${OAUTH_PATH}/authorize`;
  }

  readonly metadata = (c: Context<Env>) => {
    const base = this.issuer(c);
    return c.json({
      issuer: base,
      authorization_endpoint: `${base}/authorize`,
      token_endpoint: `${base}/token`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      // The scope names the resource: the consent or payment whose redirect authorisation the PSU approves.
      scopes_supported: ['AIS:<consentId>', 'PIS:<paymentId>', 'SBS:<basketId>'],
    });
  };

  readonly showAuthorize = async (c: Context<Env>) => {
    const checked = await this.check((name) => c.req.query(name));
    if (checked.kind === 'page') return c.html(invalidRequestPage(checked.text), 400);
    if (checked.kind === 'redirect') return errorRedirect(c, checked.params, checked.error);
    const session = await this.sessions.ensure(c, this.authorizePath(c));
    return this.loginPage(c, checked.params, checked.auth, session);
  };

  readonly postAuthorize = async (c: Context<Env>) => {
    const form = await c.req.parseBody({ all: true });
    const field: Read = (name) => {
      const value = form[name];
      return typeof value === 'string' ? value : undefined;
    };
    const checked = await this.check(field);
    if (checked.kind === 'page') return c.html(invalidRequestPage(checked.text), 400);
    // The request is valid: the form must come from this bank's page for it, in this browser.
    const session = await this.sessions.read(c);
    if (!session || !this.sessions.valid(session, purpose(checked.params, checked.auth), field(TOKEN_FIELD))) {
      return refusedForm(c);
    }
    if (checked.kind === 'redirect') {
      const { params, auth, finished } = checked;
      const repeated = finished && (await this.repeatedDecision(params, finished, auth, session, field));
      return repeated
        ? redirectTo(c, params.redirectUri, { ...repeated, state: params.state })
        : errorRedirect(c, params, checked.error);
    }
    const post: Post = { c, ...checked, session, form, field, psuId: field('psuId')?.trim() ?? '' };
    const action = field('action');
    if (action !== 'approve' && action !== 'deny')
      return this.loginPage(c, post.params, post.auth, session, {
        error: 'Choose Approve or Deny.',
        psuId: post.psuId,
      });
    try {
      return await (field('step') === 'choose' ? this.choose(post, action) : this.login(post, action));
    } catch (error) {
      return this.failed(post, error);
    }
  };

  readonly token = async (c: Context<Env>) => {
    c.header('Cache-Control', 'no-store');
    c.header('Pragma', 'no-cache');
    const oauthError = (status: 400 | 401, error: string, description: string, more: object = {}) =>
      c.json({ error, error_description: description, ...more }, status);
    if (this.s.strict) {
      const problem = this.s.strict.clientCertificate(c.env.clientCertificate);
      // invalid_client for OAuth clients, and the 1.3.12 error body for the rest.
      if (problem) return oauthError(401, 'invalid_client', problem.message, { tppMessages: problem.messages });
    }
    const type = (c.req.header('Content-Type') ?? '').toLowerCase();
    if (!type.startsWith('application/x-www-form-urlencoded')) {
      return oauthError(400, 'invalid_request', 'Send the token request as application/x-www-form-urlencoded.');
    }
    let form: URLSearchParams;
    try {
      form = new URLSearchParams(new TextDecoder().decode(await readRawBody(c, 'ais', this.s.config.maxBodyBytes)));
    } catch (error) {
      if (error instanceof BankError) return oauthError(400, 'invalid_request', error.message);
      throw error;
    }
    try {
      const issued = await this.s.oauth.exchange({
        grantType: form.get('grant_type') ?? '',
        code: form.get('code') ?? '',
        redirectUri: form.get('redirect_uri') ?? '',
        clientId: form.get('client_id') ?? '',
        codeVerifier: form.get('code_verifier') ?? '',
      });
      return c.json({
        access_token: issued.accessToken,
        token_type: 'Bearer',
        expires_in: issued.expiresIn,
        scope: issued.scope,
      });
    } catch (error) {
      if (error instanceof OAuthError) return oauthError(400, error.error, error.description);
      throw error;
    }
  };

  /**
   * Checks an authorization request. Until the request is known to be valid (a client_id, a resource with a redirect
   * authorisation, and a redirect_uri the TPP declared for it) an error is shown on the bank's own page, so the
   * endpoint never sends a browser anywhere a TPP did not name (RFC 6749 §4.1.2.1); after that, errors are redirected.
   */
  private async check(read: Read): Promise<Checked> {
    const client = await this.checkClient(read);
    if ('text' in client) return { kind: 'page', text: client.text };
    const { target, auth, open, redirectUri } = client;
    // The client is known well enough now: errors go back to its redirect_uri.
    const params: AuthorizeParams = {
      responseType: read('response_type') ?? '',
      clientId: read('client_id')?.trim() ?? '',
      redirectUri,
      scope: scopeOf(target),
      state: read('state') || undefined,
      codeChallenge: read('code_challenge') ?? '',
      codeChallengeMethod: read('code_challenge_method') ?? '',
    };
    const error = authorizeParamsError(params);
    if (error) return { kind: 'redirect', params, auth, error };
    if (!open) {
      const text = `The ${describe(target)} has no redirect authorisation waiting for the PSU.`;
      return { kind: 'redirect', params, auth, error: new OAuthError('invalid_scope', text), finished: target };
    }
    return { kind: 'ok', params, auth: open };
  }

  /** The client part of the check: client_id, redirect_uri, scope, the authorisation and the TPP's redirect URIs. */
  private async checkClient(
    read: Read,
  ): Promise<
    | { text: string }
    | { target: ScopeTarget; auth: AuthorisationRow; open: AuthorisationRow | undefined; redirectUri: string }
  > {
    const clientId = read('client_id')?.trim() ?? '';
    const redirectUri = read('redirect_uri')?.trim() ?? '';
    if (!clientId) return { text: 'The request names no client_id.' };
    if (!redirectUri) return { text: 'The request names no redirect_uri.' };
    if (!usableRedirectUri(redirectUri)) {
      return {
        text: 'The redirect_uri must be an absolute https address (or http on a loopback host) without a fragment.',
      };
    }
    const target = parseScope(read('scope') ?? '');
    if (!target) return { text: 'The scope must name one resource: AIS:<consentId> or PIS:<paymentId>.' };
    const what = describe(target);
    const open = await this.s.oauth.openAuthorisation(target);
    const auth = open ?? (await this.s.oauth.latestRedirectAuthorisation(target));
    if (!auth) {
      const exists = await this.s.oauth.exists(target);
      return { text: exists ? `The ${what} has no redirect authorisation to approve.` : `This bank has no ${what}.` };
    }
    const declared = originsOf(await this.s.oauth.declaredRedirectUris(auth));
    if (declared.length === 0) {
      return {
        text: `The TPP sent no TPP-Redirect-URI for the ${what}, so the bank cannot tell where it may send your browser.`,
      };
    }
    if (!declared.includes(new URL(redirectUri).origin)) {
      return {
        text: `The redirect_uri ${redirectUri} is not on the origin of the TPP-Redirect-URI or TPP-Nok-Redirect-URI the TPP sent for the ${what}.`,
      };
    }
    return { target, auth, open, redirectUri };
  }

  private async form(
    c: Context<Env>,
    params: AuthorizeParams,
    auth: AuthorisationRow,
    session: PageSession,
    error?: string,
  ): Promise<AuthorizeForm> {
    // Presenter mode, as the page load's query or the posted form (read once by the handler, cached by hono) asks.
    const display = displayOf(c, c.req.method === 'POST' ? await c.req.parseBody({ all: true }) : undefined);
    return {
      action: this.authorizePath(c),
      token: tokenField(this.sessions.token(session, purpose(params, auth))),
      params,
      what: await authorisationSummary(this.s, auth, display),
      error,
      display,
    };
  }

  private async loginPage(
    c: Context<Env>,
    params: AuthorizeParams,
    auth: AuthorisationRow,
    session: PageSession,
    shown: Shown = {},
  ) {
    const form = await this.form(c, params, auth, session, shown.error);
    // A bank-offered consent: the PSU logs in first, then chooses the accounts and approves.
    const choosing = await this.bankOffered(auth);
    const help = await loginHelp(this.s, form.display);
    const page = authorizeLoginPage(form, { psuId: shown.psuId ?? auth.psu_id ?? '', choosing, help });
    return c.html(page, shown.error ? 401 : 200);
  }

  private async choicePage(
    post: Post,
    auth: AuthorisationRow,
    session: PageSession,
    offer: AccountOffer,
    shown: Shown = {},
  ) {
    const form = await this.form(post.c, post.params, auth, session, shown.error);
    const psu = auth.psu_id ? await this.s.sca.findPsu(auth.psu_id) : undefined;
    const psuName = psu?.name ?? auth.psu_id ?? '';
    const page = authorizeChoicePage(form, {
      psuName,
      psuId: auth.psu_id ?? '',
      offer,
      ...(shown.checked ? { checked: shown.checked } : {}),
    });
    return post.c.html(page, shown.status ?? 200);
  }

  private async bankOffered(auth: AuthorisationRow) {
    if (auth.resource_type !== 'consent') return false;
    const consent = await this.s.consents.find(auth.resource_id).catch(() => undefined);
    return consent ? isBankOfferedConsent(consent) : false;
  }

  /** The account choice step: the PSU logged in on the step before, in this browser, for this very authorisation. */
  private async choose(post: Post, action: 'approve' | 'deny') {
    const { auth, session } = post;
    const offer =
      auth.sca_status === 'psuAuthenticated' && loginFor(session, auth)
        ? await accountOffer(this.s, auth, auth.psu_id)
        : undefined;
    if (!offer)
      return this.loginPage(post.c, post.params, auth, session, { error: 'Log in first.', psuId: post.psuId });
    if (action === 'deny') return this.deny(post);
    const choice = readAccountChoice(post.form, offer);
    if (!choice) {
      const none = { accounts: [], balances: [], transactions: [] };
      return this.choicePage(post, auth, session, offer, { error: EMPTY_CHOICE, checked: none, status: 400 });
    }
    return this.approve(post, auth, choice);
  }

  /** Approve and Deny alike are the PSU's: the online banking ID and password of the form must be right. */
  private async login(post: Post, action: 'approve' | 'deny') {
    const { auth, psuId } = post;
    const password = post.field('password') ?? '';
    if (!psuId || !password) {
      const error = 'Enter your online banking ID and password to approve or deny.';
      return this.loginPage(post.c, post.params, auth, post.session, { error, psuId });
    }
    const psu = await this.s.sca.authenticate(auth, psuId, password, area(auth));
    if (action === 'deny') return this.deny(post);
    const authenticated = await this.s.sca.markAuthenticated(auth, psu);
    // A bank-offered consent: now that the bank knows the PSU, it shows the PSU's accounts to choose from, in a new
    // session of this browser that says who logged in for what.
    const offer = await accountOffer(this.s, authenticated, psu.psu_id);
    if (!offer) return this.approve(post, authenticated);
    const path = this.authorizePath(post.c);
    const login = await this.sessions.start(post.c, path, { psuId: psu.psu_id, bound: auth.authorisation_id });
    return this.choicePage(post, authenticated, login, offer);
  }

  /** The authorisation ends: finalised with a code for the client, or declined for a PSU whose SCA always fails. */
  private async approve(post: Post, authenticated: AuthorisationRow, choice?: AccountChoice) {
    const { c, params } = post;
    const psu = authenticated.psu_id ? await this.s.sca.findPsu(authenticated.psu_id) : undefined;
    // A PSU whose SCA always fails (see the test PSUs) is declined here, as on the redirect page's OTP step.
    const outcome = psu?.sca_behaviour === 'alwaysFail' ? 'failed' : 'finalised';
    const done = await this.s.sca.decide(authenticated, outcome, choice);
    if (done.sca_status !== 'finalised') return denied(c, params, 'The bank declined the authorisation.');
    const code = await this.s.oauth.issueCode({
      clientId: params.clientId,
      redirectUri: params.redirectUri,
      codeChallenge: params.codeChallenge,
      auth: done,
    });
    return redirectTo(c, params.redirectUri, { code, state: params.state });
  }

  /** The same ending as "Deny" on the redirect page: the authorisation fails, and with it the consent or payment. */
  private async deny(post: Post) {
    await this.s.sca.decide(post.auth, 'failed').catch((error: unknown) => {
      if (!(error instanceof BankError)) throw error;
    });
    return denied(post.c, post.params, 'The PSU denied the authorisation.');
  }

  /** A bank error on the way: the consent or payment moved on (the authorisation fails), or the page says what. */
  private async failed(post: Post, error: unknown) {
    if (!(error instanceof BankError)) throw error;
    const { auth } = post;
    if (error.messages[0]?.code === 'STATUS_INVALID') {
      // The consent or payment moved on meanwhile (cancelled, settled): the authorisation can only fail.
      const current = await this.s.sca.findById(auth.authorisation_id);
      if (current && !FINAL_SCA_STATUSES.includes(current.sca_status)) {
        await this.s.sca.decide(current, 'failed').catch(() => undefined);
      }
      return denied(post.c, post.params, error.message);
    }
    return this.loginPage(post.c, post.params, auth, post.session, { error: error.message, psuId: post.psuId });
  }

  /**
   * A form submitted twice (a double click) finds the authorisation already finished by the first submission. The
   * browser follows the second answer only, so it must carry the outcome: a fresh code for a repeated Approve by the
   * same PSU (logged in again by the form, or in this browser on the account choice step), client, redirect_uri and
   * PKCE challenge whose code is still unexchanged, access_denied again for a repeated Deny. Undefined when the request
   * is no such repeat.
   */
  private async repeatedDecision(
    params: AuthorizeParams,
    target: ScopeTarget,
    last: AuthorisationRow,
    session: PageSession | undefined,
    field: Read,
  ): Promise<Record<string, string> | undefined> {
    if (field('action') === 'deny') {
      const recent = await this.s.oauth.lastRedirectAuthorisation(target);
      if (recent?.sca_status !== 'failed') return undefined;
      return { error: 'access_denied', error_description: 'The PSU denied the authorisation.' };
    }
    if (field('action') !== 'approve') return undefined;
    const psuId = field('psuId')?.trim() ?? '';
    const psu = psuId ? await this.s.sca.findPsu(psuId) : undefined;
    // The account choice step of a bank-offered consent carries no password: the PSU logged in on the step before.
    const loggedIn = field('step') === 'choose' ? loginFor(session, last) : psu?.password === (field('password') ?? '');
    if (!psu || !loggedIn) return undefined;
    const code = await this.s.oauth.replaceCode({
      target,
      clientId: params.clientId,
      redirectUri: params.redirectUri,
      codeChallenge: params.codeChallenge,
      psuId: psu.psu_id,
    });
    return code ? { code } : undefined;
  }
}

const describe = (target: ScopeTarget) => `${target.type === 'consent' ? 'consent' : 'payment'} ${target.id}`;

const denied = (c: Context<Env>, params: AuthorizeParams, text: string) =>
  errorRedirect(c, params, new OAuthError('access_denied', text));

export function registerOAuth(app: Hono<Env>, s: Services) {
  const endpoints = new OAuthEndpoints(s);
  // Posts from pages of another origin (another port of this host included) are refused before anything is read.
  app.use(`${OAUTH_PATH}/authorize`, sameOriginForms());
  app.get(METADATA_PATH, endpoints.metadata);
  app.get(`${OAUTH_PATH}/authorize`, endpoints.showAuthorize);
  app.post(`${OAUTH_PATH}/authorize`, endpoints.postAuthorize);
  app.post(`${OAUTH_PATH}/token`, endpoints.token);
}
