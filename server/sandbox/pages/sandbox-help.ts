// The sandbox's help beside its login forms: which test PSUs exist, the password and one-time password they use, and
// what is special about each (read from the bank's data, so PSUs added through the admin API appear too). Set apart
// from the bank's own page as help a real bank would never show. Presenter mode shortens the names as elsewhere.
import { html } from 'hono/html';
import type { TestLogin } from '../domain/sca';
import { SANDBOX_OTP } from '../seed/test-psus';
import type { PageDisplay } from './presenter';

/** What happens when this PSU logs in and authorises, in plain words. */
export function loginBehaviour(psu: TestLogin): string {
  const notes: string[] = [];
  if (psu.alwaysFails) notes.push('every SCA fails, whatever the one-time password');
  if (psu.lacksFunds) notes.push('payments are rejected for lack of funds (RJCT)');
  if (psu.methods === 1) notes.push('one SCA method, so no method choice');
  const text = notes.length > 0 ? notes.join('; ') : 'approves normally';
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

export interface SandboxHelpInput {
  psus: TestLogin[];
  /** Wrong one-time passwords allowed before an authorisation fails. */
  maxOtpAttempts: number;
  display: PageDisplay;
}

export function sandboxHelp({ psus, maxOtpAttempts, display }: SandboxHelpInput) {
  const passwords = [...new Set(psus.map((p) => p.password))];
  const shared = passwords.length === 1 ? passwords[0] : undefined;
  return html`<aside class="sandbox-help" aria-labelledby="sandbox-help-title">
    <h2 id="sandbox-help-title">Sandbox help: test logins</h2>
    <p>
      This is a test bank: a real bank never shows its customers’ logins.
      ${
        shared === undefined
          ? html`Each test PSU’s password is in the table.`
          : html`Every test PSU logs in with the password <code>${shared}</code>.`
      }
      The one-time password is <code>${SANDBOX_OTP}</code>; ${maxOtpAttempts} wrong ones fail the authorisation.
    </p>
    <table>
      <caption>
        Test PSUs
      </caption>
      <thead>
        <tr>
          <th scope="col">Online banking ID</th>
          <th scope="col">Name</th>
          ${shared === undefined ? html`<th scope="col">Password</th>` : ''}
          <th scope="col">What happens</th>
        </tr>
      </thead>
      <tbody>
        ${psus.map(
          (psu) =>
            html`<tr>
              <th scope="row"><code>${psu.psuId}</code></th>
              <td>${display.name(psu.name)}</td>
              ${shared === undefined ? html`<td><code>${psu.password}</code></td>` : ''}
              <td>${loginBehaviour(psu)}</td>
            </tr>`,
        )}
      </tbody>
    </table>
  </aside>`;
}
