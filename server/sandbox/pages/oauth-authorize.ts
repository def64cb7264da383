// The OAuth authorize endpoint's pages: the login (approve or deny), the account choice of a bank-offered consent, and
// the page for a request the bank cannot send anywhere. Plain HTML, no script; every form carries its token.
import { html } from 'hono/html';
import type { AccountChoice, AccountOffer } from '../domain/consents';
import { withQuery, type AuthorizeParams } from '../rules/oauth';
import { accountChoiceFieldset } from './account-choice';
import { errorBox, leaveLink, loggedInAs, page, type Html, type PageForm } from './layout';
import { presenterField } from './presenter';

/** What every authorize form carries: the page form's fields and the authorization request. */
export interface AuthorizeForm extends PageForm {
  params: AuthorizeParams;
}

/** A request that is not valid before its client is known: shown on the bank's own page, never redirected. */
export function invalidRequestPage(text: string) {
  return page(
    'Request not valid',
    html`<h1>This authorisation request is not valid</h1>
      ${errorBox(text)}
      <p>Return to the application and start the authorisation again.</p>`,
  );
}

/** The authorization request's parameters, carried through the page's form posts. */
function hiddenParams(params: AuthorizeParams) {
  return (
    [
      ['response_type', params.responseType],
      ['client_id', params.clientId],
      ['redirect_uri', params.redirectUri],
      ['scope', params.scope],
      ['state', params.state],
      ['code_challenge', params.codeChallenge],
      ['code_challenge_method', params.codeChallengeMethod],
    ] as const
  ).map(([name, value]) => (value === undefined ? '' : html`<input type="hidden" name="${name}" value="${value}" />`));
}

function clientNote(params: AuthorizeParams) {
  return html`<p class="note">
    <strong>${params.clientId}</strong> asks for this authorisation (${params.scope}). After your decision you return to
    ${new URL(params.redirectUri).origin}.
  </p>`;
}

/** Leaving without deciding: back to the client with access_denied, the authorisation left as it is. */
function cancelLink(params: AuthorizeParams) {
  return leaveLink(
    withQuery(params.redirectUri, {
      error: 'access_denied',
      error_description: 'The PSU left the bank’s page without deciding.',
      state: params.state,
    }),
  );
}

/** The login: online banking ID and password, then Approve (or Continue, to choose accounts) or Deny. */
export function authorizeLoginPage(
  form: AuthorizeForm,
  { psuId, choosing, help }: { psuId: string; choosing: boolean; help?: Html },
) {
  const { params } = form;
  return page(
    'Authorise access',
    html`${form.what} ${errorBox(form.error)} ${clientNote(params)}
      <h2>${choosing ? 'Log in to choose the accounts' : 'Log in to approve'}</h2>
      <form method="post" action="${form.action}">
        ${form.token} ${hiddenParams(params)} ${presenterField(form.display)}
        <label for="psuId">Online banking ID</label>
        <input id="psuId" name="psuId" autocomplete="username" required value="${psuId}" />
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
    { display: form.display, help },
  );
}

/** The logged-in PSU's step for a bank-offered consent: choose the accounts, then approve or deny. */
export function authorizeChoicePage(
  form: AuthorizeForm,
  { psuName, psuId, offer, checked }: { psuName: string; psuId: string; offer: AccountOffer; checked?: AccountChoice },
) {
  const { params } = form;
  return page(
    'Choose accounts',
    html`${form.what} ${errorBox(form.error)} ${clientNote(params)} ${loggedInAs(form.display.name(psuName))}
      <form method="post" action="${form.action}">
        ${form.token} ${hiddenParams(params)} ${presenterField(form.display)}
        <input type="hidden" name="step" value="choose" />
        <input type="hidden" name="psuId" value="${psuId}" />
        ${accountChoiceFieldset(offer, checked, form.display)}
        <div class="actions">
          <button class="primary" type="submit" name="action" value="approve">Approve</button>
          <button class="secondary" type="submit" name="action" value="deny">Deny</button>
          ${cancelLink(params)}
        </div>
      </form>`,
    { display: form.display },
  );
}
