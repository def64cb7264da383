// @vitest-environment happy-dom
// "Check funds" on an account's page: the body it sends, the bank's answer in plain words, a refusal explained and
// what was typed kept, the form's own checks before anything is sent, and presenter mode's masking.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { profileStore } from '../../../api';
import { answerAll, jsonResponse, sent, sentCount } from '../../../testing/http';
import { forgetPage, renderRoute } from '../../../testing/pages';
import { FundsCheckPanel } from './funds-check-panel';

const IBAN = 'DE16990100000010010001';

function renderPanel({ presenter = false, currency = 'EUR' }: { presenter?: boolean; currency?: string } = {}) {
  const profile = profileStore.active();
  renderRoute('/accounts/acc-1', <FundsCheckPanel profile={profile} account={{ iban: IBAN }} currency={currency} />, {
    presenter,
  });
  return userEvent.setup();
}

const field = (name: RegExp | string) => screen.getByRole('textbox', { name });

afterEach(forgetPage);

describe('the funds check panel', () => {
  it('sends the amount in the account’s currency with the payee and card, and says the bank’s yes', async () => {
    answerAll(() => jsonResponse({ fundsAvailable: true }));
    const user = renderPanel();
    expect(field('Currency')).toHaveProperty('value', 'EUR');
    await user.type(field('Amount'), '42,50');
    await user.type(field(/Payee/), 'Kiosk am Markt');
    await user.type(field(/Card number/), '5312 3456 7890 1234');
    await user.click(screen.getByRole('button', { name: 'Check funds' }));

    const status = await screen.findByRole('status');
    expect(within(status).getByText('Funds available')).toBeTruthy();
    expect(status.textContent).toMatch(/confirms that €42\.50 is available on this account now/);
    const request = await sent(0);
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toMatch(/\/v1\/funds-confirmations$/);
    expect(request.body).toEqual({
      account: { iban: IBAN },
      instructedAmount: { currency: 'EUR', amount: '42.50' },
      cardNumber: '5312345678901234',
      payee: 'Kiosk am Markt',
    });
    // What was typed stays for the next check.
    expect(field('Amount')).toHaveProperty('value', '42,50');
    expect(field(/Payee/)).toHaveProperty('value', 'Kiosk am Markt');
  });

  it('says “Not enough funds” in plain words when the bank says no', async () => {
    answerAll(() => jsonResponse({ fundsAvailable: false }));
    const user = renderPanel({ currency: 'USD' });
    await user.type(field('Amount'), '5000');
    await user.click(screen.getByRole('button', { name: 'Check funds' }));
    const status = await screen.findByRole('status');
    expect(within(status).getByText('Not enough funds')).toBeTruthy();
    expect(status.textContent).toMatch(/\$5,000\.00 is not available on this account now/);
    expect(((await sent(0)).body as { instructedAmount: unknown }).instructedAmount).toEqual({
      currency: 'USD',
      amount: '5000',
    });
  });

  it('reads a yes the bank sent as the text "true", and names that deviation', async () => {
    answerAll(() => jsonResponse({ fundsAvailable: 'true' }));
    const user = renderPanel();
    await user.type(field('Amount'), '1');
    await user.click(screen.getByRole('button', { name: 'Check funds' }));
    expect(within(await screen.findByRole('status')).getByText('Funds available')).toBeTruthy();
    expect(screen.getByText(/fundsAvailable/)).toBeTruthy();
  });

  it.each([{}, { fundsAvailable: 1 }, { fundsAvailable: null }, { fundsAvailable: { yes: true } }])(
    'says it cannot tell from an answer without a boolean fundsAvailable (%j), and names the deviation',
    async (answer) => {
      answerAll(() => jsonResponse(answer));
      const user = renderPanel();
      await user.type(field('Amount'), '1');
      await user.click(screen.getByRole('button', { name: 'Check funds' }));
      expect(await screen.findByText(/does not say whether the funds are there/)).toBeTruthy();
      expect(screen.queryByText('Funds available')).toBeNull();
      expect(screen.queryByText('Not enough funds')).toBeNull();
      expect(screen.getAllByText(/fundsAvailable/).length).toBeGreaterThan(0);
    },
  );

  it('explains a refusal as every page does, and keeps what was typed', async () => {
    answerAll(() =>
      jsonResponse(
        {
          tppMessages: [
            { category: 'ERROR', code: 'RESOURCE_UNKNOWN', path: 'account.iban', text: 'No such account here.' },
          ],
        },
        { status: 400 },
      ),
    );
    const user = renderPanel();
    await user.type(field('Amount'), '12.00');
    await user.click(screen.getByRole('button', { name: 'Check funds' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('RESOURCE_UNKNOWN');
    expect(alert.textContent).toContain('No such account here.');
    expect(screen.queryByText('Funds available')).toBeNull();
    expect(field('Amount')).toHaveProperty('value', '12.00');
  });

  it('shows a bank message that names a member at its field', async () => {
    const text = 'The account is held in EUR.';
    answerAll(() =>
      jsonResponse(
        {
          tppMessages: [
            { category: 'ERROR', code: 'PARAMETER_NOT_CONSISTENT', path: 'instructedAmount.currency', text },
          ],
        },
        { status: 400 },
      ),
    );
    const user = renderPanel();
    await user.type(field('Amount'), '5');
    await user.clear(field('Currency'));
    await user.type(field('Currency'), 'USD');
    await user.click(screen.getByRole('button', { name: 'Check funds' }));
    expect(await screen.findByText(`PARAMETER_NOT_CONSISTENT: ${text}`)).toBeTruthy();
    expect(field('Currency').getAttribute('aria-invalid')).toBe('true');
    expect(field('Amount').getAttribute('aria-invalid')).toBeNull();
    expect(field('Currency')).toHaveProperty('value', 'USD');
  });

  it('checks the amount and currency before anything is sent', async () => {
    answerAll(() => jsonResponse({ fundsAvailable: true }));
    const user = renderPanel();
    await user.type(field('Amount'), '12 EUR');
    await user.clear(field('Currency'));
    await user.type(field('Currency'), 'eu');
    await user.click(screen.getByRole('button', { name: 'Check funds' }));
    expect(await screen.findByText(/^Must be a number as a string/)).toBeTruthy();
    expect(field('Amount').getAttribute('aria-invalid')).toBe('true');
    expect(field('Currency').getAttribute('aria-invalid')).toBe('true');
    expect(sentCount()).toBe(0);
    // Correcting a field clears its message.
    await user.clear(field('Amount'));
    expect(field('Amount').getAttribute('aria-invalid')).toBeNull();
    await user.type(field('Amount'), '-3');
    await user.clear(field('Currency'));
    await user.type(field('Currency'), 'eur');
    await user.click(screen.getByRole('button', { name: 'Check funds' }));
    expect(await screen.findByText('Must be greater than zero.')).toBeTruthy();
    expect(sentCount()).toBe(0);
  });

  it('masks the account, the payee and the card in presenter mode while nobody edits them', async () => {
    answerAll(() => jsonResponse({ fundsAvailable: true }));
    const user = renderPanel({ presenter: true });
    expect(screen.getByText('DE16 •••• •••• 0001')).toBeTruthy();
    await user.type(field(/Payee/), 'Alice Schneider');
    expect(field(/Payee/)).toHaveProperty('value', 'Alice Schneider');
    await user.type(field(/Card number/), '5312345678901234');
    await user.click(field('Amount'));
    expect(field(/Payee/)).toHaveProperty('value', 'Alice S.');
    expect(field(/Card number/)).toHaveProperty('value', '5312 •••• •••• 1234');
    expect(document.body.textContent).not.toContain(IBAN);
  });
});
