import { describe, expect, it } from 'vitest';
import { Xs2aError } from './errors';
import { bankLinkDescription, linkHref, linkOf, linksNote, readLinks, stringLinksNote } from './links';

describe('readLinks', () => {
  it('follows {href} and plain string links alike, naming the string ones', () => {
    const reading = readLinks({
      scaRedirect: 'https://bank.example/sca',
      scaStatus: { href: '/v1/payments/sepa-credit-transfers/p1/authorisations/a1' },
      odd: 3,
      empty: { href: '' },
    });
    expect(reading.links).toEqual({
      scaRedirect: { href: 'https://bank.example/sca' },
      scaStatus: { href: '/v1/payments/sepa-credit-transfers/p1/authorisations/a1' },
    });
    expect(reading.stringLinks).toEqual(['scaRedirect']);
    expect(stringLinksNote(reading.stringLinks)).toContain('scaRedirect as plain string');
  });

  it('reads _links sent as a list of link objects, by rel or by name, and says so', () => {
    const status = '/v1/payments/sepa-credit-transfers/p1/authorisations/a1';
    for (const sent of [
      [
        { rel: 'scaStatus', href: status },
        { rel: 'authoriseTransaction', href: status },
      ],
      [{ scaStatus: { href: status } }, { authoriseTransaction: status }],
      [{ scaStatus: { href: status }, authoriseTransaction: { href: status } }],
    ]) {
      const reading = readLinks(sent);
      expect(reading.links, JSON.stringify(sent)).toEqual({
        scaStatus: { href: status },
        authoriseTransaction: { href: status },
      });
      expect(reading.listed).toBe(true);
      expect(linkOf(sent, 'scaStatus')).toBe(status);
      expect(linksNote(reading)).toContain('as a list');
      expect(linksNote(reading, { forAudience: true })).not.toMatch(/[{}[\]"]|_links|href/);
    }
    // What no shape gives a name or an href is left out.
    expect(readLinks([{ rel: 'x' }, 'y', null, { href: '/z' }, []]).links).toEqual({});
    expect(linkOf({ next: { href: '/p2' } }, 'next')).toBe('/p2');
    expect(linksNote(readLinks({ next: { href: '/p2' } }))).toBeUndefined();
  });

  it('reads nothing from what is not a links object', () => {
    expect(readLinks(undefined)).toEqual({ links: {}, stringLinks: [], listed: false });
    expect(readLinks('x')).toEqual({ links: {}, stringLinks: [], listed: false });
    expect(linkHref(null)).toBeUndefined();
    expect(stringLinksNote([])).toBeUndefined();
  });
});

describe('bankLinkDescription', () => {
  const link = { name: 'next', href: '/v1/accounts/a/transactions?page=2' };
  const notFound = new Xs2aError({
    kind: 'http',
    status: 404,
    requestId: 'r',
    exchangeId: 'e',
    url: 'u',
    timeoutMs: 1,
  });

  it('replaces the base_url advice of a bodiless 404 and keeps the rest', () => {
    const description = {
      title: 'The bank refused the request (404)',
      summary:
        'The bank says: “gone”. The path does not exist there: check the base_url, including its prefix (e.g. /psd2).',
      messages: [],
    };
    const summary = bankLinkDescription(description, notFound, link).summary;
    expect(summary).toContain('The bank says: “gone”.');
    expect(summary).toContain('own “next” link (/v1/accounts/a/transactions?page=2)');
    expect(summary).not.toContain('check the base_url');
  });

  it('leaves an answer with the bank’s codes, another status or no link as it is', () => {
    const description = { title: 't', summary: 's', messages: [{ code: 'RESOURCE_UNKNOWN' }] };
    expect(bankLinkDescription(description, notFound, link)).toBe(description);
    expect(bankLinkDescription({ ...description, messages: [] }, notFound, undefined).summary).toBe('s');
  });
});
