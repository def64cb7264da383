// @vitest-environment happy-dom
// Edit and resend: an exchange of the log opens in its operation's editor (or as a raw request for a path the console
// does not know) with its parts and a fresh X-Request-ID; what the log redacted is filled from the active profile, as
// "Try it" fills it, never taken from the log.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exchangeLog, profileStore, SANDBOX_PROFILE_ID } from '../../../api';
import { recordExchange } from '../../../api/exchange-log';
import { BEARER, scaExchange } from '../../../api/test-exchanges';
import { answerAll, jsonResponse, sent } from '../../../testing/http';
import { forgetPage, renderRoute } from '../../../testing/pages';
import { ExplorePage } from './explore-page';

const TOKEN = 'tok-5d4c3b2a1f0e';
const OLD_ID = scaExchange().requestId;

function renderFrom(exchangeId: string) {
  renderRoute('/explore', <ExplorePage />, { at: `/explore?from=${encodeURIComponent(exchangeId)}` });
}

/** The embedded SCA step of the test exchanges, recorded as the client records it: secrets redacted. */
function loggedScaStep(): string {
  const { id: _id, deviations: _deviations, ...exchange } = scaExchange();
  return recordExchange(exchange, { secrets: [BEARER] });
}

const headerValue = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name: `Value of ${name}` }).value;
const headerNames = () =>
  within(screen.getByRole('group', { name: 'Headers' }))
    .getAllByRole<HTMLInputElement>('combobox', { name: /^Name of header/ })
    .map((input) => input.value);
const bodyText = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Request body/ }).value;

function useBankProfile() {
  profileStore.save({
    id: 'token-bank',
    name: 'Token bank',
    baseUrl: 'https://other-bank.example/xs2a',
    psuHeaders: { psuId: 'bob', psuIpAddress: '10.1.2.3' },
    sca: {},
    bearerToken: TOKEN,
  });
  profileStore.setActive('token-bank');
}

beforeEach(() => exchangeLog.clear());
afterEach(forgetPage);

describe('edit and resend of a logged exchange', () => {
  it('opens the operation found by method and path template with the exchange’s parts and a fresh X-Request-ID', async () => {
    useBankProfile();
    renderFrom(loggedScaStep());
    await screen.findByRole('heading', { level: 1, name: 'Update PSU data of a payment’s authorisation' });
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'paymentId' }).value).toBe('pay-123');
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'authorisationId' }).value).toBe('auth-9');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Value of lang' }).value).toBe('en');
    // The exchange's own headers, not the profile's: PSU-ID alice stays although the profile names bob.
    expect(headerValue('PSU-ID')).toBe('alice');
    expect(headerValue('PSU-IP-Address')).toBe('192.168.0.10');
    expect(headerValue('X-Request-ID')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(headerValue('X-Request-ID')).not.toBe(OLD_ID);
  });

  it('never restores a redacted secret: the token is the profile’s at sending, passwords and OTPs are left empty', async () => {
    useBankProfile();
    renderFrom(loggedScaStep());
    await screen.findByRole('heading', { level: 1 });
    expect(headerNames().map((name) => name.toLowerCase())).not.toContain('authorization');
    // A header the log redacted that the profile has no value for is left out rather than sent as [redacted].
    expect(headerNames()).not.toContain('X-Api-Token');
    expect(JSON.parse(bodyText())).toEqual({
      psuData: { password: '', encryptedPassword: '', additionalPassword: '' },
      scaAuthenticationData: '',
      note: "it's a\nmulti-line note",
    });
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /Send the profile’s token/ }).checked).toBe(true);
  });

  it('fills the sandbox’s test password and OTP where the log has [redacted], on the embedded sandbox', async () => {
    profileStore.setActive(SANDBOX_PROFILE_ID);
    renderFrom(loggedScaStep());
    await screen.findByRole('heading', { level: 1 });
    const body = JSON.parse(bodyText()) as { psuData: { password: string }; scaAuthenticationData: string };
    expect(body.psuData.password).toBe('sandbox');
    expect(body.scaAuthenticationData).toBe('123456');
  });

  it('sends to the active profile’s bank with the edits, the new X-Request-ID and the profile’s token', async () => {
    useBankProfile();
    answerAll(jsonResponse({ scaStatus: 'psuAuthenticated' }));
    renderFrom(loggedScaStep());
    await screen.findByRole('heading', { level: 1 });
    const requestId = headerValue('X-Request-ID');
    const user = userEvent.setup();
    await user.clear(screen.getByRole('textbox', { name: 'Value of PSU-ID' }));
    await user.type(screen.getByRole('textbox', { name: 'Value of PSU-ID' }), 'carol');
    await user.click(screen.getByRole('button', { name: /^Send/ }));
    await screen.findByRole('region', { name: 'Answer' });
    const request = await sent(0);
    expect(request.url).toBe(
      'https://other-bank.example/xs2a/v1/payments/sepa-credit-transfers/pay-123/authorisations/auth-9?lang=en',
    );
    expect(request.method).toBe('PUT');
    expect(request.headers.get('psu-id')).toBe('carol');
    expect(request.headers.get('x-request-id')).toBe(requestId);
    expect(request.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('opens a path the console knows no operation for as a raw request, sent as written', async () => {
    useBankProfile();
    answerAll(jsonResponse({ ok: true }));
    const id = recordExchange({
      operationId: 'bankStatusPage',
      requestId: OLD_ID,
      startedAt: Date.now(),
      request: {
        method: 'POST',
        url: 'https://bank.example/psd2/v2/notifications?client_secret=s3cr3t-value&page=2',
        headers: { 'X-Request-ID': OLD_ID, 'PSU-IP-Address': '[redacted]', Cookie: 'session=1' },
        body: { subscribe: true, password: 'p4ss-word' },
      },
    });
    renderFrom(id);
    await screen.findByRole('heading', { level: 1, name: 'Raw request' });
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Method' }).value).toBe('POST');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'URL' }).value).toBe(
      'https://bank.example/psd2/v2/notifications',
    );
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Value of page' }).value).toBe('2');
    expect(screen.queryByRole('textbox', { name: 'Value of client_secret' })).toBeNull();
    // Redacted in the log: the profile's own PSU-IP-Address, no cookie.
    expect(headerValue('PSU-IP-Address')).toBe('10.1.2.3');
    expect(headerNames()).not.toContain('Cookie');
    expect(JSON.parse(bodyText())).toEqual({ subscribe: true, password: '' });
    const requestId = headerValue('X-Request-ID');
    expect(requestId).not.toBe(OLD_ID);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Send request' }));
    await screen.findByText(/Not a 1.3.12 operation/);
    const request = await sent(0);
    expect(request.url).toBe('https://bank.example/psd2/v2/notifications?page=2');
    expect(request.headers.get('x-request-id')).toBe(requestId);
    // The profile's token was entered for its own bank (other-bank.example): it does not go to another origin.
    expect(request.headers.get('authorization')).toBeNull();
    expect(exchangeLog.list().at(-1)?.operationId).toBe('bankStatusPage');
  });

  it('says so when the exchange is no longer in the log', async () => {
    renderFrom('exchange-gone');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'That exchange is no longer in the log' }),
    ).toBeTruthy();
  });
});
