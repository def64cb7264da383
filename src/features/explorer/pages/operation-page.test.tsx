// @vitest-environment happy-dom
// "Try it" prefilled from the active profile: a fresh X-Request-ID, the profile's headers where the operation takes
// them, the active consent's Consent-ID where it needs one, the ids this browser knows, and the token only at sending.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activeConsent, profileStore } from '../../../api';
import { answerAll, jsonResponse, sent } from '../../../testing/http';
import { forgetPage, renderRoute } from '../../../testing/pages';
import { OperationPage } from './operation-page';

const TOKEN = 'tok-2b7c0f1e9d8a';

function renderOperation(path: string) {
  renderRoute('/explore/:operationId', <OperationPage />, { at: path });
}

const headerValue = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name: `Value of ${name}` }).value;
const headerNames = () =>
  within(screen.getByRole('group', { name: 'Headers' }))
    .getAllByRole<HTMLInputElement>('combobox', { name: /^Name of header/ })
    .map((input) => input.value);

beforeEach(() => {
  profileStore.save({
    id: 'token-bank',
    name: 'Token bank',
    baseUrl: 'https://bank.example/psd2',
    psuHeaders: { psuId: 'alice', psuIpAddress: '192.168.0.10' },
    sca: { redirectPreferred: false },
    bearerToken: TOKEN,
  });
  profileStore.setActive('token-bank');
  activeConsent.set('token-bank', 'consent-77');
});
afterEach(forgetPage);

describe('the request editor’s prefill', () => {
  it('fills an account read with a fresh X-Request-ID, the active consent and only the headers it takes', async () => {
    renderOperation('/explore/getTransactionList');
    await screen.findByRole('heading', { level: 1, name: 'Read an account’s transactions' });
    expect(headerValue('X-Request-ID')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(headerValue('Consent-ID')).toBe('consent-77');
    expect(headerValue('PSU-IP-Address')).toBe('192.168.0.10');
    // PSU-ID and the SCA preferences are not headers of an account read in 1.3.12.
    expect(headerNames()).not.toContain('PSU-ID');
    expect(headerNames()).not.toContain('TPP-Redirect-Preferred');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Value of bookingStatus' }).value).toBe('booked');
    // Conditionally mandatory in 1.3.12 (no delta asked for): filled so the request is one the bank accepts.
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Value of dateFrom' }).value).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );
  });

  it('fills a consent request with the PSU and SCA headers and a body, without Consent-ID', async () => {
    renderOperation('/explore/createConsent');
    await screen.findByRole('heading', { level: 1, name: 'Create a consent' });
    expect(headerValue('PSU-ID')).toBe('alice');
    expect(headerValue('TPP-Redirect-Preferred')).toBe('false');
    expect(headerValue('TPP-Redirect-URI')).toMatch(/\/callback\/ok$/);
    expect(headerNames()).not.toContain('Consent-ID');
    const body = screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Request body/ }).value;
    expect(JSON.parse(body)).toMatchObject({ access: { allPsd2: 'allAccounts' } });
  });

  it('puts the id and service of a payment this browser created in the path', async () => {
    // A payment the payment pages recorded for this profile.
    localStorage.setItem(
      'xs2a-console:payments:token-bank',
      JSON.stringify([
        { paymentId: 'pay-42', service: 'periodic-payments', product: 'sepa-credit-transfers', createdAt: 1 },
      ]),
    );
    renderOperation('/explore/getPaymentInitiationStatus');
    await screen.findByRole('heading', { level: 1, name: 'Read a payment’s status' });
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'paymentId' }).value).toBe('pay-42');
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'payment-service' }).value).toBe('periodic-payments');
  });

  it('never shows the profile’s token, and sends it only when sending, with the X-Request-ID shown', async () => {
    answerAll(jsonResponse({ accounts: [] }));
    renderOperation('/explore/getAccountList');
    await screen.findByRole('heading', { level: 1, name: 'List the accounts' });
    expect(document.body.innerHTML).not.toContain(TOKEN);
    expect(headerNames().map((name) => name.toLowerCase())).not.toContain('authorization');
    const tokenBox = screen.getByRole<HTMLInputElement>('checkbox', { name: /Send the profile’s token/ });
    expect(tokenBox.checked).toBe(true);
    const requestId = headerValue('X-Request-ID');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send request' }));
    await screen.findByRole('region', { name: 'Answer' });
    const request = await sent(0);
    expect(request.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(request.headers.get('x-request-id')).toBe(requestId);
    expect(request.headers.get('consent-id')).toBe('consent-77');
    // The next request gets its own X-Request-ID; the token is still nowhere on the page.
    expect(headerValue('X-Request-ID')).not.toBe(requestId);
    expect(document.body.innerHTML).not.toContain(TOKEN);
  });
});
