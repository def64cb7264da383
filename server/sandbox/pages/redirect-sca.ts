// The redirect SCA pages: log in, then review, choose the accounts of a bank-offered consent, enter the one-time
// password and approve or deny; and the pages for a finished, ended or unknown authorisation. Plain HTML, no script.
import { html } from 'hono/html';
import type { AuthenticationObject } from '../../../src/xs2a';
import type { AccountChoice, AccountOffer } from '../domain/consents';
import { accountChoiceFieldset } from './account-choice';
import { errorBox, leaveLink, loggedInAs, page, type Html, type PageForm } from './layout';
import { PLAIN_PAGE, presenterField, type PageDisplay } from './presenter';

/** What every form of the redirect page carries. */
export type ScaForm = PageForm;

export function scaFinishedPage(what: Html, status: string, display: PageDisplay = PLAIN_PAGE) {
  return page(
    'Authorisation finished',
    html`${what}
      <p class="note">This authorisation is already ${status}.</p>`,
    { display },
  );
}

/** The login. Leaving without deciding goes back to the TPP (`back`) and changes nothing. */
export function scaLoginPage(
  form: ScaForm,
  { psuId, back, help }: { psuId: string; back: string | undefined; help?: Html },
) {
  return page(
    'Log in',
    html`${form.what} ${errorBox(form.error)}
      <h2>Log in to approve</h2>
      <form method="post" action="${form.action}">
        ${form.token} ${presenterField(form.display)}
        <label for="psuId">Online banking ID</label>
        <input id="psuId" name="psuId" autocomplete="username" required value="${psuId}" />
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required />
        <div class="actions">
          <button class="primary" type="submit">Log in</button>
          ${leaveLink(back)}
        </div>
      </form>`,
    { display: form.display, help },
  );
}

/** The logged-in PSU's decision: the accounts to share (a bank-offered consent), the method, the one-time password. */
export function scaDecisionPage(
  form: ScaForm,
  {
    psuName,
    methods,
    offer,
    checked,
  }: { psuName: string; methods: AuthenticationObject[]; offer: AccountOffer | undefined; checked?: AccountChoice },
) {
  return page(
    'Approve',
    html`${form.what} ${errorBox(form.error)} ${loggedInAs(form.display.name(psuName))}
      <form method="post" action="${form.action}">
        ${form.token} ${presenterField(form.display)}
        ${offer ? accountChoiceFieldset(offer, checked, form.display) : ''}
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
    { display: form.display },
  );
}

/** The end of an authorisation with no TPP address to return to. */
export function scaDonePage(status: string, display: PageDisplay = PLAIN_PAGE) {
  return page(
    'Done',
    html`<h1>${status === 'finalised' ? 'Approved' : 'Not approved'}</h1>
      <p>The authorisation is ${status}. You can close this window and return to the application.</p>`,
    { display },
  );
}

export function unknownRequestPage() {
  return page(
    'Unknown request',
    html`<h1>Unknown request</h1>
      <p>This approval link is not valid.</p>`,
  );
}
