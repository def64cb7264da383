import { describe, expect, it } from 'vitest';
import type { AuthorisationScope } from '../../api';
import { authorisationIdFromHref, linksToActions, primaryAction, type ScaLinks } from './links-to-actions';

const payment: AuthorisationScope = {
  kind: 'payment',
  service: 'payments',
  product: 'sepa-credit-transfers',
  paymentId: 'pay-1',
};
const cancellation: AuthorisationScope = { ...payment, kind: 'payment-cancellation' };
const consent: AuthorisationScope = { kind: 'consent', consentId: 'c-1' };

const base = '/psd2/v1/payments/sepa-credit-transfers/pay-1';
const link = (href: string) => ({ href });
const names = (links: ScaLinks, scope: AuthorisationScope = payment) =>
  linksToActions(links, scope).map((a) => `${a.kind}:${a.link}`);

describe('authorisationIdFromHref', () => {
  it.each([
    [`${base}/authorisations/auth-7`, 'auth-7'],
    [`${base}/cancellation-authorisations/auth-8`, 'auth-8'],
    [`https://bank.example${base}/authorisations/a%20b`, 'a b'],
    ['/v1/consents/c-1/authorisations/123auth456?x=1', '123auth456'],
    ['/v1/consents/c-1/authorisations/123auth456#frag', '123auth456'],
  ])('reads the sub-resource id of %s', (href, id) => {
    expect(authorisationIdFromHref(href)).toBe(id);
  });

  it.each([
    `${base}/authorisations`,
    `${base}/cancellation-authorisations/`,
    `${base}/status`,
    base,
    'https://bank.example/sca/auth-1',
    '',
  ])('gives undefined for %s, which is not a sub-resource', (href) => {
    expect(authorisationIdFromHref(href)).toBeUndefined();
  });
});

describe('linksToActions', () => {
  it('gives nothing for missing or non-SCA links', () => {
    expect(linksToActions(undefined, payment)).toEqual([]);
    expect(linksToActions({}, payment)).toEqual([]);
    expect(linksToActions({ self: link(base), account: link('/v1/accounts') }, payment)).toEqual([]);
  });

  it('redirect with implicit authorisation: the bank page first, then the reads (spec example)', () => {
    const actions = linksToActions(
      {
        scaRedirect: link('https://bank.example/sca/auth-1'),
        self: link(base),
        status: link(`${base}/status`),
        scaStatus: link(`${base}/authorisations/auth-1`),
      },
      payment,
    );
    expect(actions.map((a) => a.kind)).toEqual(['redirect', 'scaStatus', 'status']);
    expect(actions[0]).toMatchObject({ href: 'https://bank.example/sca/auth-1', label: 'Continue at the bank' });
    expect(actions[1]).toMatchObject({ authorisationId: 'auth-1' });
    expect(actions[2]).toMatchObject({ label: 'Refresh payment status' });
    expect(primaryAction(actions)?.kind).toBe('redirect');
  });

  it('redirect with explicit start: a plain POST to the collection', () => {
    const actions = linksToActions(
      { self: link(base), status: link(`${base}/status`), startAuthorisation: link(`${base}/authorisations`) },
      payment,
    );
    expect(actions.map((a) => `${a.kind}:${a.link}`)).toEqual(['start:startAuthorisation', 'status:status']);
    expect(actions[0]).toMatchObject({ send: 'none', href: `${base}/authorisations` });
  });

  it('embedded: the start carries the password; decoupled: the start carries the PSU-ID', () => {
    const embedded = linksToActions(
      { startAuthorisationWithPsuAuthentication: link(`${base}/authorisations`), self: link(base) },
      payment,
    );
    expect(embedded).toHaveLength(1);
    expect(embedded[0]).toMatchObject({ kind: 'start', send: 'authentication' });

    const decoupled = linksToActions(
      { startAuthorisationWithPsuIdentification: link(`${base}/authorisations`), self: link(base) },
      payment,
    );
    expect(decoupled[0]).toMatchObject({ kind: 'start', send: 'identification' });
  });

  it('OAuth is offered as the PSU’s next step, after a redirect when the bank gives both', () => {
    const oauthOnly = linksToActions(
      {
        scaOAuth: link('https://bank.example/.well-known/oauth-authorization-server'),
        scaStatus: link(`${base}/authorisations/a`),
      },
      payment,
    );
    expect(oauthOnly[0]).toMatchObject({
      kind: 'oauth',
      label: 'Authorise at the bank (OAuth)',
      href: 'https://bank.example/.well-known/oauth-authorization-server',
    });
    expect(oauthOnly[0]).not.toHaveProperty('unsupported');
    expect(primaryAction(oauthOnly)).toMatchObject({ kind: 'oauth' });
    expect(
      primaryAction(
        linksToActions(
          { scaOAuth: link('https://bank.example/oauth'), scaRedirect: link('https://bank.example/r') },
          payment,
        ),
      ),
    ).toMatchObject({ kind: 'redirect' });
  });

  it('confirmation follows the redirect', () => {
    expect(
      names({ confirmation: link(`${base}/authorisations/a`), scaRedirect: link('https://bank.example/r') }),
    ).toEqual(['redirect:scaRedirect', 'confirmation:confirmation']);
  });

  it('lists every start variant of a payment 201 in the spec order, encrypted ones unsupported', () => {
    const collection = `${base}/authorisations`;
    const actions = linksToActions(
      {
        startAuthorisationWithTransactionAuthorisation: link(collection),
        startAuthorisationWithAuthenticationMethodSelection: link(collection),
        startAuthorisationWithEncryptedPsuAuthentication: link(collection),
        startAuthorisationWithPsuAuthentication: link(collection),
        startAuthorisationWithPsuIdentification: link(collection),
        startAuthorisation: link(collection),
      },
      payment,
    );
    expect(actions.map((a) => (a.kind === 'start' ? a.send : a.kind))).toEqual([
      'none',
      'identification',
      'authentication',
      'encryptedAuthentication',
      'selectMethod',
      'authoriseTransaction',
    ]);
    const encrypted = actions[3];
    expect(encrypted?.kind === 'start' && encrypted.unsupported).toMatch(/encryption key/);
    expect(actions.filter((a) => a.kind === 'start' && a.unsupported === undefined)).toHaveLength(5);
  });

  it('a start link on a sub-resource (201 of a start) is a PUT on that sub-resource', () => {
    const sub = `${base}/authorisations/auth-3`;
    const actions = linksToActions(
      { startAuthorisationWithPsuAuthentication: link(sub), scaStatus: link(sub) },
      payment,
    );
    expect(actions[0]).toMatchObject({ kind: 'update', send: 'authentication', authorisationId: 'auth-3', href: sub });
    expect(actions[1]).toMatchObject({ kind: 'scaStatus', authorisationId: 'auth-3' });
  });

  it('orders the PUT steps along the flow and keeps one per kind of data', () => {
    const sub = `${base}/authorisations/auth-4`;
    const actions = linksToActions(
      {
        scaStatus: link(sub),
        authoriseTransaction: link(sub),
        selectAuthenticationMethod: link(sub),
        updatePsuAuthentication: link(sub),
        startAuthorisationWithPsuAuthentication: link(sub),
        updatePsuIdentification: link(sub),
        updateAdditionalPsuAuthentication: link(sub),
        updateEncryptedPsuAuthentication: link(sub),
      },
      payment,
    );
    expect(actions.map((a) => (a.kind === 'update' ? `${a.link}:${a.send}` : a.kind))).toEqual([
      'startAuthorisationWithPsuAuthentication:authentication',
      'updatePsuIdentification:identification',
      'updateEncryptedPsuAuthentication:encryptedAuthentication',
      'updateAdditionalPsuAuthentication:additionalAuthentication',
      'selectAuthenticationMethod:selectMethod',
      'authoriseTransaction:authoriseTransaction',
      'scaStatus',
    ]);
    expect(actions.every((a) => a.kind !== 'update' || a.authorisationId === 'auth-4')).toBe(true);
  });

  it('picks the first performable step as primary', () => {
    const sub = `${base}/authorisations/auth-5`;
    expect(
      primaryAction(
        linksToActions({ updateEncryptedPsuAuthentication: link(sub), authoriseTransaction: link(sub) }, payment),
      ),
    ).toMatchObject({ kind: 'update', send: 'authoriseTransaction' });
    expect(primaryAction(linksToActions({ scaStatus: link(sub), status: link(`${base}/status`) }, payment))).toBe(
      undefined,
    );
  });

  it('ignores links without a usable href', () => {
    const links = { scaRedirect: { href: '' }, scaStatus: undefined, status: link(`${base}/status`) } as ScaLinks;
    expect(names(links)).toEqual(['status:status']);
  });

  it('words actions for the scope', () => {
    const cancel = linksToActions(
      {
        startAuthorisationWithPsuAuthentication: link(`${base}/cancellation-authorisations`),
        status: link(`${base}/status`),
      },
      cancellation,
    );
    expect(cancel[0]?.description).toContain('the cancellation of the payment');
    expect(cancel[1]?.label).toBe('Refresh payment status');

    const forConsent = linksToActions(
      { scaRedirect: link('https://bank.example/r'), status: link('/v1/consents/c-1/status') },
      consent,
    );
    expect(forConsent[0]?.description).toContain('the consent');
    expect(forConsent[1]?.label).toBe('Refresh consent status');
  });
});
