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
  help,
}: {
  base: string;
  token: Html;
  error: string | undefined;
  display?: PageDisplay;
  help?: Html;
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
    { bankName, display, help },
  );
}

/** What the banking app shows of one waiting request. */
export interface AppRequest {
  authorisationId: string;
  /** When the request reached the bank (the authorisation's start), ISO 8601. */
  requestedAt: string;
  /** One line: a payment's kind, amount and creditor, or a consent's access. */
  headline: string;
  /** The payment's, consent's or signing basket's id, with its label. */
  resource: { label: 'Payment id' | 'Consent id' | 'Basket id'; id: string };
  /** The payment's terms or the consent's access in full (pages/summary.ts). */
  details: Html | '';
}

/** An instant as the app shows it: date and time to the second (two requests often come within a minute), in UTC. */
export const shownTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

/** One request waiting for the PSU: what it is, when it came, its ids, and Approve or Deny. */
export function appRequestCard({
  base,
  token,
  request,
  display = PLAIN_PAGE,
}: {
  base: string;
  token: Html;
  request: AppRequest;
  display?: PageDisplay;
}) {
  const { authorisationId, requestedAt, headline, resource, details } = request;
  return html`<li>
    <section class="card" aria-label="Request ${authorisationId}">
      <h2>${headline}</h2>
      <dl>
        <dt>Requested</dt>
        <dd><time datetime="${requestedAt}">${shownTime(requestedAt)}</time></dd>
        <dt>${resource.label}</dt>
        <dd>${resource.id}</dd>
        <dt>Request id</dt>
        <dd>${authorisationId}</dd>
      </dl>
      ${details}
      <form method="post" action="${base}/decide">
        ${token} ${presenterField(display)}
        <input type="hidden" name="authorisationId" value="${authorisationId}" />
        <div class="actions">
          <button class="primary" type="submit" name="action" value="approve">Approve</button>
          <button class="secondary" type="submit" name="action" value="deny">Deny</button>
        </div>
      </form>
    </section>
  </li>`;
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
      ${
        cards.length === 0
          ? html`<p>Nothing is waiting for your approval.</p>`
          : html`<h2 id="waiting">Waiting for your approval, newest first</h2>
              <ol class="requests" aria-labelledby="waiting">
                ${cards}
              </ol>`
      }
      <form method="post" action="${base}/logout">
        ${token} ${presenterField(display)}
        <div class="actions"><button class="secondary" type="submit">Log out</button></div>
      </form>`,
    { bankName, display },
  );
}
