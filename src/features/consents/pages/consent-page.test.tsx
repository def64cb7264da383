// @vitest-environment happy-dom
// The consent page states what the bank granted: a dedicated consent granted for fewer accounts than asked says so,
// and its title counts the granted ones; a rejection after the bank's page is a red outcome.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_PROFILE_ID } from '../../../api';
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
