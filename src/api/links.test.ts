import { describe, expect, it } from 'vitest';
import { linkHref, readLinks, stringLinksNote } from './links';

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

  it('reads nothing from what is not a links object', () => {
    expect(readLinks(undefined)).toEqual({ links: {}, stringLinks: [] });
    expect(readLinks(['x'])).toEqual({ links: {}, stringLinks: [] });
    expect(linkHref(null)).toBeUndefined();
    expect(stringLinksNote([])).toBeUndefined();
  });
});
