// The banking app's pages, where a PSU approves decoupled authorisations: the login, and the list of requests waiting
// for the logged-in PSU with Approve and Deny on each. Plain HTML, no script; every form carries its token.
import { html } from 'hono/html';
import { errorBox, page, type Html } from './layout';
import { PLAIN_PAGE, presenterField, type PageDisplay } from './presenter';

const bankName = 'Sandbox Banking app';

export function appLoginPage({
  base,
  token,
  error,
  display = PLAIN_PAGE,
}: {
  base: string;
  token: Html;
  error: string | undefined;
  display?: PageDisplay;
}) {
  return page(
    'Banking app',
    html`<h1>Sandbox Banking app</h1>
      <p>Log in to approve requests waiting for you (decoupled SCA).</p>
      ${errorBox(error)}
      <form method="post" action="${base}/login">
        ${token} ${presenterField(display)}
        <label for="psuId">Online banking ID</label>
        <input id="psuId" name="psuId" autocomplete="username" required />
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required />
        <div class="actions"><button class="primary" type="submit">Log in</button></div>
      </form>`,
    { bankName, display },
  );
}

/** One request waiting for the PSU: what it is, and Approve or Deny. */
export function appRequestCard({
  base,
  token,
  authorisationId,
  summary,
  display = PLAIN_PAGE,
}: {
  base: string;
  token: Html;
  authorisationId: string;
  summary: Html;
  display?: PageDisplay;
}) {
  return html`<section class="card" aria-label="Request ${authorisationId}">
    ${summary}
    <form method="post" action="${base}/decide">
      ${token} ${presenterField(display)}
      <input type="hidden" name="authorisationId" value="${authorisationId}" />
      <div class="actions">
        <button class="primary" type="submit" name="action" value="approve">Approve</button>
        <button class="secondary" type="submit" name="action" value="deny">Deny</button>
      </div>
    </form>
  </section>`;
}

export function appHomePage({
  base,
  token,
  psuName,
  done,
  cards,
  display = PLAIN_PAGE,
}: {
  base: string;
  token: Html;
  psuName: string;
  /** What became of the last decision, when there was one. */
  done: string | undefined;
  cards: Html[];
  display?: PageDisplay;
}) {
  return page(
    'Banking app',
    html`<h1>Hello, ${display.name(psuName)}</h1>
      ${done ? html`<p class="note" role="status">Request ${done}.</p>` : ''}
      ${cards.length === 0 ? html`<p>Nothing is waiting for your approval.</p>` : cards}
      <form method="post" action="${base}/logout">
        ${token} ${presenterField(display)}
        <div class="actions"><button class="secondary" type="submit">Log out</button></div>
      </form>`,
    { bankName, display },
  );
}
