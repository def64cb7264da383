// @vitest-environment happy-dom
// The consent page states what the bank granted: a dedicated consent granted for fewer accounts than asked says so,
// and its title counts the granted ones; a rejection after the bank's page is a red outcome.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, isoDay, SANDBOX_PROFILE_ID } from '../../../api';
import { answerAll, jsonResponse } from '../../../testing/http';
import { forgetPage, renderRoute } from '../../../testing/pages';
import { consentHistory } from '../model/consent-history';
import { ConsentPage } from './consent-page';

const alice = { iban: 'DE16990100000010010001' };
const carol = { iban: 'DE82990100000030030001' };
const asked = {
  access: { accounts: [alice, carol], balances: [alice, carol] },
  recurringIndicator: false,
  validUntil: '2026-12-31',
  frequencyPerDay: 4,
};

function bank(consentStatus: string, access: Record<string, unknown>) {
  answerAll((request) => {
    const path = new URL(request.url).pathname;
    if (path.endsWith('/status')) return jsonResponse({ consentStatus });
    if (path.endsWith('/authorisations')) return jsonResponse({ authorisationIds: [] });
    return jsonResponse({
      access,
      recurringIndicator: false,
      validUntil: '2026-12-31',
      frequencyPerDay: 4,
      lastActionDate: '2026-11-24',
      consentStatus,
    });
  });
}

function renderPage(path = '/consents/con-1') {
  consentHistory.addCreated(SANDBOX_PROFILE_ID, 'con-1', asked, { status: 'received', links: {} });
  renderRoute('/consents/:consentId', <ConsentPage />, { at: path });
}

afterEach(forgetPage);

describe('a dedicated consent', () => {
  it('granted for fewer accounts than asked says so, and its title counts the granted ones', async () => {
    bank('valid', { accounts: [alice], balances: [alice] });
    renderPage();
    const note = await screen.findByRole('note', { name: 'Fewer accounts granted' });
    expect(note.textContent).toContain('asked for 2 accounts, granted 1');
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toContain('Details and balances of DE16 9901 0000 0010 0100 01');
    expect(heading.textContent).not.toContain('2 accounts');
  });

  it('says nothing of the kind while the consent waits for authorisation, and titles what was asked', async () => {
    bank('received', { accounts: [alice, carol], balances: [alice, carol] });
    renderPage();
    await screen.findByRole('status', { name: 'Consent status' });
    await screen.findByRole('heading', { name: 'Access granted' });
    expect(screen.queryByRole('note', { name: 'Fewer accounts granted' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Details and balances of 2 accounts');
  });

  it('shows a rejection after the bank’s page as a red outcome', async () => {
    bank('rejected', { accounts: [alice, carol] });
    renderPage('/consents/con-1?sca=nok');
    const outcome = screen.getByRole('status', { name: 'Outcome' });
    // The bank lists no authorisation that failed: the return without an approval says why.
    await waitFor(() =>
      expect(outcome.textContent).toContain(
        'The PSU did not complete the authorisation at the bank, and the bank rejected the consent.',
      ),
    );
    expect(outcome.textContent).toContain('Not authorised');
    expect(outcome.querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('danger');
  });
});

describe('a consent on a bank whose clock is ahead of the browser’s', () => {
  it('counts its days left and the day’s reads on the bank’s clock, read from the answers’ Date', async () => {
    const browserToday = isoDay(Date.now());
    const bankTime = Date.now() + 4 * 86_400_000;
    const bankToday = isoDay(bankTime);
    // Valid until three days after the browser's today: the bank's today is past it.
    const validUntil = addDays(browserToday, 3);
    answerAll((request) => {
      const headers = { Date: new Date(bankTime).toUTCString() };
      const path = new URL(request.url).pathname;
      if (path.endsWith('/status')) return jsonResponse({ consentStatus: 'expired' }, { headers });
      if (path.endsWith('/authorisations')) return jsonResponse({ authorisationIds: [] }, { headers });
      const body = { access: asked.access, recurringIndicator: true, validUntil, frequencyPerDay: 4 };
      return jsonResponse({ ...body, lastActionDate: bankToday, consentStatus: 'expired' }, { headers });
    });
    consentHistory.addCreated(
      SANDBOX_PROFILE_ID,
      'con-1',
      { ...asked, recurringIndicator: true, validUntil },
      { status: 'received', links: {} },
    );
    // A read counted on the bank's day, and one on the browser's (the day before the bank's).
    consentHistory.recordRead(SANDBOX_PROFILE_ID, 'con-1', 'r-1', bankTime);
    consentHistory.recordRead(SANDBOX_PROFILE_ID, 'con-1', 'r-0', Date.now());
    renderRoute('/consents/:consentId', <ConsentPage />, { at: '/consents/con-1' });

    const validity = await screen.findByRole('region', { name: 'Access and validity' });
    await waitFor(() => expect(validity.textContent).toContain(`${validUntil} (ended)`));
    expect(validity.textContent).not.toMatch(/days? left/);
    const usage = screen.getByRole('region', { name: 'Reads without the PSU today' });
    await waitFor(() => expect(usage.textContent).toContain(`on the bank’s day ${bankToday}`));
    expect(within(usage).getByRole('meter', { name: 'Reads used today' }).getAttribute('aria-valuenow')).toBe('1');
  });
});
