import { describe, expect, it } from 'vitest';
import { maskAccountNumber, maskIban, maskIbansInText, shortenName } from './masking';

describe('maskIban', () => {
  it('keeps the country, check digits and last four characters', () => {
    expect(maskIban('DE16100100000000000001')).toBe('DE16 •••• •••• 0001');
    expect(maskIban('DE16 1001 0000 0000 0000 01')).toBe('DE16 •••• •••• 0001');
    expect(maskIban('NL91ABNA0417164300')).toBe('NL91 •••• •••• 4300');
  });
  it('never shows a short value whole', () => {
    expect(maskIban('12345678')).toBe('•••• 78');
    expect(maskIban('')).toBe('');
  });
});

describe('maskAccountNumber', () => {
  it('leaves masked PANs alone and masks the rest', () => {
    expect(maskAccountNumber('525412******3241')).toBe('525412******3241');
    expect(maskAccountNumber('DE16100100000000000001')).toBe('DE16 •••• •••• 0001');
  });
});

describe('shortenName', () => {
  it('shortens personal names', () => {
    expect(shortenName('Alice Schmidt')).toBe('Alice S.');
    expect(shortenName('  Carol Ann   Miller ')).toBe('Carol M.');
    expect(shortenName('Alice')).toBe('A.');
  });
  it('keeps company names', () => {
    expect(shortenName('Stadtwerke Berlin GmbH')).toBe('Stadtwerke Berlin GmbH');
  });
});

describe('maskIbansInText', () => {
  it('masks IBANs inside free text', () => {
    expect(maskIbansInText('Refund to DE16100100000000000001 please')).toBe('Refund to DE16 •••• •••• 0001 please');
  });
});
