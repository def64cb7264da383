// The bank's OAuth 2.0 authorisation server for redirect SCA (scaOAuth): RFC 8414 metadata, the authorize page where the
// PSU logs in and approves or denies, and the token endpoint (authorization_code grant with PKCE S256 only).
import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { html } from 'hono/html';
import {
  OAUTH_PATH,
  METADATA_PATH,
  OAuthError,
  isS256Challenge,
  parseScope,
  scopeOf,
  type ScopeTarget,
} from '../domain/oauth';
import { BankError } from '../http/errors';
import { isSafeRedirectTarget } from '../http/headers';
import { readRawBody, type Env } from '../http/respond';
import type { AccountChoice, AccountOffer } from '../domain/consents';
import { isBankOfferedConsent } from '../domain/consents';
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
import type { AuthorisationRow } from '../store/schema';
import { accountOffer, authorisationSummary } from './pages';
import type { Services } from './xs2a';

/** The parameters of an authorization request (RFC 6749 §4.1.1, RFC 7636 §4.3), as the client sent them. */
interface AuthorizeParams {
  responseType: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string | undefined;
  codeChallenge: string;
  codeChallengeMethod: string;
}

type Checked =
  | { kind: 'page'; text: string }
  | { kind: 'redirect'; params: AuthorizeParams; auth: AuthorisationRow; error: OAuthError; finished?: ScopeTarget }
  | { kind: 'ok'; params: AuthorizeParams; auth: AuthorisationRow };

const finalStatuses = ['finalised', 'failed', 'exempted'];

/**
 * A redirect URI the bank may send the PSU's browser to: https, or http on a loopback host (the rule for TPP redirect
 * URIs), absolute and without a fragment (RFC 6749 §3.1.2).
 */
function usableRedirectUri(value: string): boolean {
  try {
    return isSafeRedirectTarget(new URL(value)) && !value.includes('#');
  } catch {
    return false;
  }
}

/** The origins of the redirect URIs a TPP declared; an OAuth redirect_uri must be on one of them. */
const originsOf = (uris: string[]) => uris.filter(usableRedirectUri).map((uri) => new URL(uri).origin);

function redirectTo(c: Context<Env>, redirectUri: string, query: Record<string, string | undefined>) {
  return c.redirect(withQuery(redirectUri, query), 302);
}

/** The URL of redirect_uri with the given query parameters set. */
function withQuery(redirectUri: string, query: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

export function registerOAuth(app: Hono<Env>, s: Services) {
  const issuer = (c: Context<Env>) => `${c.get('links').origin}${c.get('links').prefix}${OAUTH_PATH}`;
  // The authorize page's browser sessions; their cookie lives at the authorize endpoint.
  const sessions = new PageSessions(randomBytes(32).toString('hex'), 'sandbox_oauth');
  const authorizePath = (c: Context<Env>) => `${c.get('links').prefix}${OAUTH_PATH}/authorize`;
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

  // Posts from pages of another origin (another port of this host included) are refused before anything is read.
  app.use(`${OAUTH_PATH}/authorize`, sameOriginForms());

  app.get(METADATA_PATH, (c) => {
    const base = issuer(c);
    return c.json({
      issuer: base,
      authorization_endpoint: `${base}/authorize`,
      token_endpoint: `${base}/token`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      // The scope names the resource: the consent or payment whose redirect authorisation the PSU approves.
      scopes_supported: ['AIS:<consentId>', 'PIS:<paymentId>'],
    });
  });

  /**
   * Checks an authorization request. Until the request is known to be valid (a client_id, a resource with a redirect
   * authorisation, and a redirect_uri the TPP declared for it) an error is shown on the bank's own page, so the
   * endpoint never sends a browser anywhere a TPP did not name (RFC 6749 §4.1.2.1); after that, errors are redirected.
   */
  async function check(read: (name: string) => string | undefined): Promise<Checked> {
    const clientId = read('client_id')?.trim() ?? '';
    const redirectUri = read('redirect_uri')?.trim() ?? '';
    if (!clientId) return { kind: 'page', text: 'The request names no client_id.' };
    if (!redirectUri) return { kind: 'page', text: 'The request names no redirect_uri.' };
    if (!usableRedirectUri(redirectUri)) {
      return {
        kind: 'page',
        text: 'The redirect_uri must be an absolute https address (or http on a loopback host) without a fragment.',
      };
    }
    const target = parseScope(read('scope') ?? '');
    if (!target) {
      return { kind: 'page', text: 'The scope must name one resource: AIS:<consentId> or PIS:<paymentId>.' };
    }
    const what = `${target.type === 'consent' ? 'consent' : 'payment'} ${target.id}`;
    const open = await s.oauth.openAuthorisation(target);
    const auth = open ?? (await s.oauth.latestRedirectAuthorisation(target));
    if (!auth) {
      return {
        kind: 'page',
        text: (await s.oauth.exists(target))
          ? `The ${what} has no redirect authorisation to approve.`
          : `This bank has no ${what}.`,
      };
    }
    const declared = originsOf(await s.oauth.declaredRedirectUris(auth));
    if (declared.length === 0) {
      return {
        kind: 'page',
        text: `The TPP sent no TPP-Redirect-URI for the ${what}, so the bank cannot tell where it may send your browser.`,
      };
    }
    if (!declared.includes(new URL(redirectUri).origin)) {
      return {
        kind: 'page',
        text: `The redirect_uri ${redirectUri} is not on the origin of the TPP-Redirect-URI or TPP-Nok-Redirect-URI the TPP sent for the ${what}.`,
      };
    }
    // The client is known well enough now: errors go back to its redirect_uri.
    const params: AuthorizeParams = {
      responseType: read('response_type') ?? '',
      clientId,
      redirectUri,
      scope: scopeOf(target),
      state: read('state') || undefined,
      codeChallenge: read('code_challenge') ?? '',
      codeChallengeMethod: read('code_challenge_method') ?? '',
    };
    const fail = (error: OAuthError['error'], text: string, finished?: ScopeTarget): Checked => ({
      kind: 'redirect',
      params,
      auth,
      error: new OAuthError(error, text),
      ...(finished ? { finished } : {}),
    });
    if (params.responseType !== 'code') {
      return fail('unsupported_response_type', 'This bank supports response_type code only.');
    }
    if (!params.codeChallenge) {
      return fail('invalid_request', 'PKCE is required: send code_challenge with code_challenge_method S256.');
    }
    if (params.codeChallengeMethod !== 'S256') {
      return fail('invalid_request', 'code_challenge_method must be S256; this bank does not accept plain challenges.');
    }
    if (!isS256Challenge(params.codeChallenge)) {
      return fail(
        'invalid_request',
        'code_challenge must be the base64url SHA-256 of the code_verifier (43 characters).',
      );
    }
    if (!open) return fail('invalid_scope', `The ${what} has no redirect authorisation waiting for the PSU.`, target);
    return { kind: 'ok', params, auth: open };
  }

  const invalidRequestPage = (c: Context<Env>, text: string) =>
    c.html(
      page(
        'Request not valid',
        html`<h1>This authorisation request is not valid</h1>
          ${errorBox(text)}
          <p>Return to the application and start the authorisation again.</p>`,
      ),
      400,
    );

  const errorRedirect = (c: Context<Env>, params: AuthorizeParams, error: OAuthError) =>
    redirectTo(c, params.redirectUri, {
      error: error.error,
      error_description: error.description,
      state: params.state,
    });

  /** The authorization request's parameters, carried through the page's form posts. */
  const hiddenParams = (params: AuthorizeParams) =>
    (
      [
        ['response_type', params.responseType],
        ['client_id', params.clientId],
        ['redirect_uri', params.redirectUri],
        ['scope', params.scope],
        ['state', params.state],
        ['code_challenge', params.codeChallenge],
        ['code_challenge_method', params.codeChallengeMethod],
      ] as const
    ).map(([name, value]) =>
      value === undefined ? '' : html`<input type="hidden" name="${name}" value="${value}" />`,
    );

  const clientNote = (params: AuthorizeParams) =>
    html`<p class="note">
      <strong>${params.clientId}</strong> asks for this authorisation (${params.scope}). After your decision you return
      to ${new URL(params.redirectUri).origin}.
    </p>`;

  /** Leaving without deciding: back to the client with access_denied, the authorisation left as it is. */
  const cancelLink = (params: AuthorizeParams) =>
    leaveLink(
      withQuery(params.redirectUri, {
        error: 'access_denied',
        error_description: 'The PSU left the bank’s page without deciding.',
        state: params.state,
      }),
    );

  async function authorizePage(
    c: Context<Env>,
    params: AuthorizeParams,
    auth: AuthorisationRow,
    session: PageSession,
    { error, psuId }: { error?: string; psuId?: string } = {},
  ) {
    const what = await authorisationSummary(s, auth);
    // A bank-offered consent: the PSU logs in first, then chooses the accounts and approves.
    const choosing = await bankOffered(auth);
    return c.html(
      page(
        'Authorise access',
        html`${what} ${errorBox(error)} ${clientNote(params)}
          <h2>${choosing ? 'Log in to choose the accounts' : 'Log in to approve'}</h2>
          <form method="post" action="${authorizePath(c)}">
            ${tokenField(sessions.token(session, purpose(params, auth)))} ${hiddenParams(params)}
            <label for="psuId">Online banking ID</label>
            <input id="psuId" name="psuId" autocomplete="username" required value="${psuId ?? auth.psu_id ?? ''}" />
            <label for="password">Password</label>
            <input id="password" name="password" type="password" autocomplete="current-password" required />
            <div class="actions">
              <button class="primary" type="submit" name="action" value="approve">
                ${choosing ? 'Continue' : 'Approve'}
              </button>
              <button class="secondary" type="submit" name="action" value="deny">Deny</button>
              ${cancelLink(params)}
            </div>
          </form>`,
      ),
      error ? 401 : 200,
    );
  }

  async function bankOffered(auth: AuthorisationRow) {
    if (auth.resource_type !== 'consent') return false;
    const consent = await s.consents.find(auth.resource_id).catch(() => undefined);
    return consent ? isBankOfferedConsent(consent) : false;
  }

  /** The logged-in PSU's step for a bank-offered consent: choose the accounts, then approve or deny. */
  async function choicePage(
    c: Context<Env>,
    params: AuthorizeParams,
    auth: AuthorisationRow,
    session: PageSession,
    offer: AccountOffer,
    { error, checked, status = 200 }: { error?: string; checked?: AccountChoice; status?: 200 | 400 } = {},
  ) {
    const what = await authorisationSummary(s, auth);
    const psu = auth.psu_id ? await s.sca.findPsu(auth.psu_id) : undefined;
    return c.html(
      page(
        'Choose accounts',
        html`${what} ${errorBox(error)} ${clientNote(params)}
          <p>Logged in as <strong>${psu?.name ?? auth.psu_id ?? ''}</strong>.</p>
          <form method="post" action="${authorizePath(c)}">
            ${tokenField(sessions.token(session, purpose(params, auth)))} ${hiddenParams(params)}
            <input type="hidden" name="step" value="choose" />
            <input type="hidden" name="psuId" value="${auth.psu_id ?? ''}" />
            ${accountChoiceFieldset(offer, checked)}
            <div class="actions">
              <button class="primary" type="submit" name="action" value="approve">Approve</button>
              <button class="secondary" type="submit" name="action" value="deny">Deny</button>
              ${cancelLink(params)}
            </div>
          </form>`,
      ),
      status,
    );
  }

  app.get(`${OAUTH_PATH}/authorize`, async (c) => {
    const checked = await check((name) => c.req.query(name));
    if (checked.kind === 'page') return invalidRequestPage(c, checked.text);
    if (checked.kind === 'redirect') return errorRedirect(c, checked.params, checked.error);
    return authorizePage(c, checked.params, checked.auth, await sessions.ensure(c, authorizePath(c)));
  });

  /**
   * A form submitted twice (a double click) finds the authorisation already finished by the first submission. The
   * browser follows the second answer only, so it must carry the outcome: a fresh code for a repeated Approve by the
   * same PSU (logged in again by the form, or in this browser on the account choice step), client, redirect_uri and
   * PKCE challenge whose code is still unexchanged, access_denied again for a repeated Deny. Undefined when the request
   * is no such repeat.
   */
  async function repeatedDecision(
    params: AuthorizeParams,
    target: ScopeTarget,
    last: AuthorisationRow,
    session: PageSession | undefined,
    field: (name: string) => string | undefined,
  ): Promise<Record<string, string> | undefined> {
    if (field('action') === 'deny') {
      const recent = await s.oauth.lastRedirectAuthorisation(target);
      if (recent?.sca_status !== 'failed') return undefined;
      return { error: 'access_denied', error_description: 'The PSU denied the authorisation.' };
    }
    if (field('action') !== 'approve') return undefined;
    const psuId = field('psuId')?.trim() ?? '';
    const psu = psuId ? await s.sca.findPsu(psuId) : undefined;
    // The account choice step of a bank-offered consent carries no password: the PSU logged in on the step before.
    const loggedIn = field('step') === 'choose' ? loginFor(session, last) : psu?.password === (field('password') ?? '');
    if (!psu || !loggedIn) return undefined;
    const code = await s.oauth.replaceCode({
      target,
      clientId: params.clientId,
      redirectUri: params.redirectUri,
      codeChallenge: params.codeChallenge,
      psuId: psu.psu_id,
    });
    return code ? { code } : undefined;
  }

  app.post(`${OAUTH_PATH}/authorize`, async (c) => {
    const form = await c.req.parseBody({ all: true });
    const field = (name: string) => {
      const value = form[name];
      return typeof value === 'string' ? value : undefined;
    };
    const checked = await check(field);
    if (checked.kind === 'page') return invalidRequestPage(c, checked.text);
    // The request is valid: the form must come from this bank's page for it, in this browser.
    const session = await sessions.read(c);
    if (!session || !sessions.valid(session, purpose(checked.params, checked.auth), field(TOKEN_FIELD))) {
      return refusedForm(c);
    }
    if (checked.kind === 'redirect') {
      const repeated =
        checked.finished && (await repeatedDecision(checked.params, checked.finished, checked.auth, session, field));
      return repeated
        ? redirectTo(c, checked.params.redirectUri, { ...repeated, state: checked.params.state })
        : errorRedirect(c, checked.params, checked.error);
    }
    const { params, auth } = checked;
    const denied = (text: string) => errorRedirect(c, params, new OAuthError('access_denied', text));
    const psuId = field('psuId')?.trim() ?? '';
    const action = field('action');
    if (action !== 'approve' && action !== 'deny') {
      return authorizePage(c, params, auth, session, { error: 'Choose Approve or Deny.', psuId });
    }
    /** The same ending as "Deny" on the redirect page: the authorisation fails, and with it the consent or payment. */
    const deny = async (current: AuthorisationRow) => {
      await s.sca.decide(current, 'failed').catch((error: unknown) => {
        if (!(error instanceof BankError)) throw error;
      });
      return denied('The PSU denied the authorisation.');
    };
    try {
      let choice: AccountChoice | undefined;
      let authenticated: AuthorisationRow;
      if (field('step') === 'choose') {
        // The PSU logged in on the step before, in this browser, for this very authorisation.
        const offer =
          auth.sca_status === 'psuAuthenticated' && loginFor(session, auth)
            ? await accountOffer(s, auth, auth.psu_id)
            : undefined;
        if (!offer) return await authorizePage(c, params, auth, session, { error: 'Log in first.', psuId });
        if (action === 'deny') return await deny(auth);
        choice = readAccountChoice(form, offer);
        if (!choice) {
          const none = { accounts: [], balances: [], transactions: [] };
          return await choicePage(c, params, auth, session, offer, { error: EMPTY_CHOICE, checked: none, status: 400 });
        }
        authenticated = auth;
      } else {
        // Approve and Deny alike are the PSU's: the online banking ID and password of the form must be right.
        const password = field('password') ?? '';
        if (!psuId || !password) {
          const error = 'Enter your online banking ID and password to approve or deny.';
          return await authorizePage(c, params, auth, session, { error, psuId });
        }
        const psu = await s.sca.authenticate(auth, psuId, password, auth.resource_type === 'consent' ? 'ais' : 'pis');
        if (action === 'deny') return await deny(auth);
        authenticated = await s.sca.markAuthenticated(auth, psu);
        // A bank-offered consent: now that the bank knows the PSU, it shows the PSU's accounts to choose from, in a
        // new session of this browser that says who logged in for what.
        const offer = await accountOffer(s, authenticated, psu.psu_id);
        if (offer) {
          const login = await sessions.start(c, authorizePath(c), {
            psuId: psu.psu_id,
            bound: auth.authorisation_id,
          });
          return await choicePage(c, params, authenticated, login, offer);
        }
      }
      const psu = authenticated.psu_id ? await s.sca.findPsu(authenticated.psu_id) : undefined;
      // A PSU whose SCA always fails (see the test PSUs) is declined here, as on the redirect page's OTP step.
      const done = await s.sca.decide(
        authenticated,
        psu?.sca_behaviour === 'alwaysFail' ? 'failed' : 'finalised',
        choice,
      );
      if (done.sca_status !== 'finalised') return denied('The bank declined the authorisation.');
      const code = await s.oauth.issueCode({
        clientId: params.clientId,
        redirectUri: params.redirectUri,
        codeChallenge: params.codeChallenge,
        auth: done,
      });
      return redirectTo(c, params.redirectUri, { code, state: params.state });
    } catch (error) {
      if (!(error instanceof BankError)) throw error;
      if (error.messages[0]?.code === 'STATUS_INVALID') {
        // The consent or payment moved on meanwhile (cancelled, settled): the authorisation can only fail.
        const current = await s.sca.findById(auth.authorisation_id);
        if (current && !finalStatuses.includes(current.sca_status)) {
          await s.sca.decide(current, 'failed').catch(() => undefined);
        }
        return denied(error.message);
      }
      return authorizePage(c, params, auth, session, { error: error.message, psuId });
    }
  });

  app.post(`${OAUTH_PATH}/token`, async (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Pragma', 'no-cache');
    const oauthError = (status: 400 | 401, error: string, description: string, more: object = {}) =>
      c.json({ error, error_description: description, ...more }, status);
    if (s.strict) {
      const problem = s.strict.clientCertificate(c.env.clientCertificate);
      // invalid_client for OAuth clients, and the 1.3.12 error body for the rest.
      if (problem) return oauthError(401, 'invalid_client', problem.message, { tppMessages: problem.messages });
    }
    const type = (c.req.header('Content-Type') ?? '').toLowerCase();
    if (!type.startsWith('application/x-www-form-urlencoded')) {
      return oauthError(400, 'invalid_request', 'Send the token request as application/x-www-form-urlencoded.');
    }
    let form: URLSearchParams;
    try {
      form = new URLSearchParams(new TextDecoder().decode(await readRawBody(c, 'ais', s.config.maxBodyBytes)));
    } catch (error) {
      if (error instanceof BankError) return oauthError(400, 'invalid_request', error.message);
      throw error;
    }
    try {
      const issued = await s.oauth.exchange({
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
  });
}
