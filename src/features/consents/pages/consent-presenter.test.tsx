// @vitest-environment happy-dom
// The consent pages in presenter mode: the consent page, the list and the header's indicator show no full IBAN and no
// consent id in plain view, fold spec names and the raw answer away, and narrate where the consent stands.
import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activeConsent, profileStore } from '../../../api';
import { answerByPath, forgetPage, renderRoute, visibleText } from '../../../testing/pages';
import { ActiveConsentIndicator } from '../components/active-consent-indicator';
import { consentHistory } from '../model/consent-history';
import { ConsentPage } from './consent-page';
import { ConsentsListPage } from './consents-list-page';

const IBAN = 'DE16990100000010010001';
const OTHER = 'DE89370400440532013000';
const CONSENT_ID = 'con-1234567890abcdef';
const access = { accounts: [{ iban: IBAN }], balances: [{ iban: IBAN }], transactions: [{ iban: OTHER }] };

function bank(consentStatus: string) {
  answerByPath({
    '/status': { consentStatus },
    '/authorisations': { authorisationIds: ['auth-77a1'] },
    [`/v1/consents/${CONSENT_ID}`]: {
      access: { ...access, additionalInformation: { ownerName: [{ iban: IBAN }] } },
      recurringIndicator: true,
      validUntil: '2099-01-01',
      frequencyPerDay: 4,
      lastActionDate: '2026-11-24',
      consentStatus,
    },
  });
}

function renderAt(path: string, element: ReactNode, route: string) {
  renderRoute(route, element, { at: path, presenter: true });
}

beforeEach(() => {
  consentHistory.add(profileStore.active().id, {
    consentId: CONSENT_ID,
    createdAt: Date.now(),
    access,
    recurringIndicator: true,
    validUntil: '2099-01-01',
    frequencyPerDay: 4,
    links: {},
    reads: {},
    statuses: [],
  });
});

afterEach(forgetPage);

describe('the consent pages in presenter mode', () => {
  it('mask the accounts on the consent page, hide ids and spec names, and narrate the wait', async () => {
    bank('received');
    renderAt(`/consents/${CONSENT_ID}`, <ConsentPage />, '/consents/:consentId');
    const said = 'The bank has received the consent request and is waiting for the account holder to approve it.';
    await screen.findByText(said);
    expect(screen.getByRole('region', { name: 'What is happening' }).textContent).toBe(said);
    await screen.findAllByText('DE16 •••• •••• 0001');
    await screen.findByText('Authorisation', { selector: 'summary' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Consent: Details, balances and transactions of 2 accounts',
    );
    const everything = document.body.textContent ?? '';
    expect(everything).not.toContain(IBAN);
    expect(everything).not.toContain(OTHER);
    const visible = visibleText();
    for (const jargon of [
      CONSENT_ID,
      'auth-77a1',
      'frequencyPerDay',
      'recurringIndicator',
      'GET /v1/consents',
      'PSU-IP',
    ]) {
      expect(visible).not.toContain(jargon);
    }
  });

  it('list consents by what they grant, with masked accounts and the id folded away', async () => {
    renderAt('/consents', <ConsentsListPage />, '/consents');
    const link = await screen.findByRole('link', { name: 'Details, balances and transactions of 2 accounts' });
    expect(link).toBeTruthy();
    expect(visibleText()).not.toContain(CONSENT_ID);
    expect(document.body.textContent).not.toContain(IBAN);
  });

  it('name the active consent in the header without its id', () => {
    bank('valid');
    activeConsent.set(profileStore.active().id, CONSENT_ID);
    renderAt('/', <ActiveConsentIndicator />, '*');
    const group = screen.getByRole('group', { name: 'Active consent' });
    const link = within(group).getByRole('link', { name: 'Open the active consent' });
    expect(link.getAttribute('href')).toBe(`/consents/${CONSENT_ID}`);
    expect(group.textContent).not.toContain('con-1234');
  });
});
