// The PSU's choice of accounts for a bank-offered consent, on the redirect and OAuth pages: one checkbox per account
// and requested service (account details, balances, transactions), and reading that choice back from the posted form.
import { html } from 'hono/html';
import type { AccountChoice, AccountOffer, OfferedService } from '../domain/consents';
import { PLAIN_PAGE, type PageDisplay } from './presenter';

const serviceNames: Record<OfferedService, string> = {
  accounts: 'Account details',
  balances: 'Balances',
  transactions: 'Transactions',
};

/** An IBAN in groups of four, as banks print it, so it wraps between groups on a narrow screen. */
const groupIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

/** A posted form as Hono's parseBody({ all: true }) gives it: repeated fields as arrays. */
export type PostedForm = Record<string, string | File | (string | File)[]>;

/** What the PSU checked, or undefined when nothing at all: a bank-offered consent needs at least one account. */
export function readAccountChoice(form: PostedForm, offer: AccountOffer): AccountChoice | undefined {
  const values = (name: string) => {
    const value = form[name];
    const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
    return list.filter((v): v is string => typeof v === 'string');
  };
  const known = new Set(offer.accounts.map((a) => a.resource_id));
  const choice: AccountChoice = { accounts: [], balances: [], transactions: [] };
  for (const service of offer.services) choice[service] = values(service).filter((id) => known.has(id));
  return offer.services.some((service) => choice[service].length > 0) ? choice : undefined;
}

export const EMPTY_CHOICE = 'Choose at least one account to share, or deny the request.';

/**
 * The checkboxes inside the approval form: a table with one row per account and one column per requested service.
 * Every box starts checked; after a refused submission, those the PSU had checked stay as they were.
 */
export function accountChoiceFieldset(offer: AccountOffer, checked?: AccountChoice, display: PageDisplay = PLAIN_PAGE) {
  if (offer.accounts.length === 0) {
    return html`<p class="note">You have no accounts this request can cover. You can only deny it.</p>`;
  }
  const isChecked = (service: OfferedService, id: string) => (checked ? checked[service].includes(id) : true);
  const several = offer.services.length > 1;
  return html`<fieldset class="choice">
    <legend>Accounts to share</legend>
    <table>
      <thead>
        <tr>
          <th scope="col">Account</th>
          ${offer.services.map((service) => html`<th scope="col" id="service-${service}">${serviceNames[service]}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${offer.accounts.map(
          (account) =>
            html`<tr>
              <th scope="row" id="account-${account.resource_id}">
                <span class="account-name">${account.display_name ?? account.name}</span>
                <span class="iban">${display.masked ? display.account(account.iban) : groupIban(account.iban)}</span>
                <span class="currency">${account.currency}</span>
              </th>
              ${offer.services.map(
                (service) =>
                  html`<td>
                    <input
                      type="checkbox"
                      name="${service}"
                      value="${account.resource_id}"
                      aria-labelledby="service-${service} account-${account.resource_id}"
                      ${isChecked(service, account.resource_id) ? 'checked' : ''}
                    />
                  </td>`,
              )}
            </tr>`,
        )}
      </tbody>
    </table>
    ${
      several
        ? html`<p class="hint">Sharing the balances or transactions of an account also shares its details.</p>`
        : ''
    }
  </fieldset>`;
}
