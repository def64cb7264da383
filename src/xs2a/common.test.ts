import { describe, expect, it } from 'vitest';
import {
  AccountReference,
  AccountReferenceRequest,
  Amount,
  AmountValue,
  Bicfi,
  CurrencyCode,
  HrefType,
  Iban,
  IbanSyntax,
  InstructedAmount,
  IsoDate,
  IsoDateTime,
  Links,
  accountReferenceIdentifier,
  accountReferenceKey,
  currencyMinorUnits,
  displayIban,
  ibanCheckDigitsHold,
  electronicIban,
  formatAmount,
  formatIban,
  isAmountValidForCurrency,
  isValidIban,
  linksSchema,
} from './common';

describe('anchored patterns', () => {
  it('AmountValue accepts the spec forms and rejects anything around them', () => {
    for (const ok of ['1056', '5768.2', '-1.50', '0.001', '12345678901234.123']) {
      expect(AmountValue.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of ['12,50x', '12,50', '12.', '.5', '+1', '1.2345', '123456789012345', ' 1', '1 ', '1e3']) {
      expect(AmountValue.safeParse(bad).success, bad).toBe(false);
    }
    expect(AmountValue.safeParse(12.5).success).toBe(false);
  });

  it('CurrencyCode takes exactly three capitals', () => {
    expect(CurrencyCode.safeParse('EUR').success).toBe(true);
    for (const bad of ['EURO', 'eur', 'EU', 'XEUR']) expect(CurrencyCode.safeParse(bad).success, bad).toBe(false);
  });

  it('Bicfi takes 8 or 11 characters', () => {
    for (const ok of ['AAAADEBBXXX', 'AAAADEBB', 'DEUTDEFF500']) expect(Bicfi.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['AAAADEBBX', 'AAAADE1B', 'aaaadebb', 'AAAADEBO', 'AAAADEBBXXXX']) {
      expect(Bicfi.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('IBAN', () => {
  it('accepts a correct electronic IBAN', () => {
    expect(Iban.safeParse('DE89370400440532013000').success).toBe(true);
    expect(isValidIban('NL76RABO0359400371')).toBe(true);
  });

  it('rejects the printed form with spaces until it is normalised', () => {
    const printed = 'DE89 3704 0044 0532 0130 00';
    expect(Iban.safeParse(printed).success).toBe(false);
    expect(IbanSyntax.safeParse(printed).success).toBe(false);
    expect(isValidIban(printed)).toBe(false);
    expect(electronicIban(printed)).toBe('DE89370400440532013000');
    expect(Iban.safeParse(electronicIban(' de89 3704 0044 0532 0130 00 ')).success).toBe(true);
  });

  it('rejects a wrong checksum with a clear message, but IbanSyntax (responses) lets it through', () => {
    const result = Iban.safeParse('DE88370400440532013000');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/check digits/);
    expect(IbanSyntax.safeParse('DE88370400440532013000').success).toBe(true);
    expect(isValidIban('DE88370400440532013000')).toBe(false);
  });

  it('reports a wrong length for the country', () => {
    expect(Iban.safeParse('DE2310010010123456789').error?.issues[0]?.message).toMatch(/length/);
  });

  it('formats in groups of four', () => {
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(formatIban('de89 3704 0044 0532 0130 00')).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('groups a valid IBAN for display and shows anything else as it came', () => {
    expect(displayIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(displayIban('DE88370400440532013000')).toBe('DE88370400440532013000');
    expect(displayIban('not an iban')).toBe('not an iban');
    // Check digits that hold are enough to group: whether the IBAN fits its country is the schemas' concern.
    expect(ibanCheckDigitsHold('GB82WEST12345698765432')).toBe(true);
    expect(ibanCheckDigitsHold('GB82WEST12345698765433')).toBe(false);
    expect(ibanCheckDigitsHold('DE89 3704 0044 0532 0130 00')).toBe(false);
    // On IBANs of the right length for their country it agrees with the full check, digit by digit changed.
    const base = 'DE89370400440532013000';
    for (let at = 2; at < base.length; at++) {
      for (const digit of '0123456789') {
        const changed = base.slice(0, at) + digit + base.slice(at + 1);
        expect(ibanCheckDigitsHold(changed), changed).toBe(isValidIban(changed));
      }
    }
  });
});

describe('amounts and currencies', () => {
  it('knows the ISO 4217 exponents of common currencies', () => {
    expect(currencyMinorUnits('EUR')).toBe(2);
    expect(currencyMinorUnits('JPY')).toBe(0);
    expect(currencyMinorUnits('KRW')).toBe(0);
    for (const c of ['BHD', 'KWD', 'JOD', 'OMR', 'TND']) expect(currencyMinorUnits(c)).toBe(3);
  });

  it('checks decimals against the currency', () => {
    expect(isAmountValidForCurrency('12.50', 'EUR')).toBe(true);
    expect(isAmountValidForCurrency('12.505', 'EUR')).toBe(false);
    expect(isAmountValidForCurrency('1200', 'JPY')).toBe(true);
    expect(isAmountValidForCurrency('1200.5', 'JPY')).toBe(false);
    expect(isAmountValidForCurrency('1.255', 'KWD')).toBe(true);
    expect(isAmountValidForCurrency('12,50', 'EUR')).toBe(false);
  });

  it('Amount (responses) follows the schema only; InstructedAmount also wants > 0 and currency decimals', () => {
    expect(Amount.safeParse({ currency: 'EUR', amount: '-1.505' }).success).toBe(true);
    expect(InstructedAmount.safeParse({ currency: 'EUR', amount: '123.50' }).success).toBe(true);
    expect(InstructedAmount.safeParse({ currency: 'EUR', amount: '1.505' }).success).toBe(false);
    expect(InstructedAmount.safeParse({ currency: 'JPY', amount: '100.5' }).success).toBe(false);
    expect(InstructedAmount.safeParse({ currency: 'EUR', amount: '-5' }).success).toBe(false);
    expect(InstructedAmount.safeParse({ currency: 'EUR', amount: '0.00' }).success).toBe(false);
    expect(InstructedAmount.safeParse({ currency: 'EURO', amount: '1' }).success).toBe(false);
    expect(InstructedAmount.safeParse({ currency: 'EUR', amount: 1 }).success).toBe(false);
  });

  it('formats amounts with Intl without losing digits', () => {
    expect(formatAmount('1234.5', 'EUR', 'en-US')).toBe('€1,234.50');
    expect(formatAmount('-1.5', 'EUR', 'de-DE')).toBe('-1,50\u00a0€');
    expect(formatAmount('1200', 'JPY', 'en-US')).toBe('¥1,200');
    expect(formatAmount('99999999999999.99', 'EUR', 'en-US')).toBe('€99,999,999,999,999.99');
    expect(formatAmount('1.005', 'EUR', 'en-US')).toBe('€1.005');
    expect(formatAmount('12,50x', 'EUR', 'en-US')).toBe('12,50x EUR');
  });
});

describe('dates', () => {
  it('IsoDate needs a real calendar date', () => {
    expect(IsoDate.safeParse('2024-02-29').success).toBe(true);
    for (const bad of ['2023-02-29', '2023-04-31', '2023-13-01', '2023-1-1', '01.02.2023', '2023-01-01T00:00:00Z']) {
      expect(IsoDate.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('IsoDateTime needs seconds and a time zone', () => {
    for (const ok of ['2017-10-25T15:30:35.035Z', '2017-10-24T14:30:21Z', '2017-10-24T14:30:21+02:00']) {
      expect(IsoDateTime.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of ['2017-10-24T14:30:21', '2017-10-24', '2017-02-30T10:00:00Z']) {
      expect(IsoDateTime.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('account references', () => {
  it('responses accept any combination, requests need exactly one identifier', () => {
    expect(AccountReference.safeParse({}).success).toBe(true);
    expect(AccountReference.safeParse({ iban: 'DE2310010010123456789', bban: 'X1' }).success).toBe(true);
    expect(AccountReferenceRequest.safeParse({}).success).toBe(false);
    expect(AccountReferenceRequest.safeParse({ iban: 'DE89370400440532013000', bban: 'X1' }).success).toBe(false);
    expect(AccountReferenceRequest.safeParse({ iban: 'DE89370400440532013000', currency: 'EUR' }).success).toBe(true);
    expect(AccountReferenceRequest.safeParse({ maskedPan: '123456xxxxxx1234' }).success).toBe(true);
    expect(AccountReferenceRequest.safeParse({ other: { identification: '12345' } }).success).toBe(true);
    expect(AccountReferenceRequest.safeParse({ pan: 'x'.repeat(36) }).success).toBe(false);
  });

  it('extracts the identifier', () => {
    expect(accountReferenceIdentifier({ iban: 'DE89370400440532013000', currency: 'EUR' })).toBe(
      'DE89370400440532013000',
    );
    expect(accountReferenceIdentifier({ other: { identification: 'A-1' } })).toBe('A-1');
    expect(accountReferenceIdentifier({ currency: 'EUR' })).toBeUndefined();
    expect(accountReferenceKey({ maskedPan: '123456xxxxxx1234' })).toBe('maskedPan:123456xxxxxx1234');
  });
});

describe('links', () => {
  it('Links takes any name whose value is a link', () => {
    expect(Links.safeParse({ self: { href: '/v1/x' }, anything: { href: 'https://a' } }).success).toBe(true);
    expect(Links.safeParse({ self: '/v1/x' }).success).toBe(false);
    expect(HrefType.safeParse({}).success).toBe(false);
  });

  it('linksSchema types named links, keeps unknown ones, and enforces required ones', () => {
    const schema = linksSchema(['account', 'next'], ['account']);
    const parsed = schema.parse({ account: { href: '/a' }, extra: { href: '/e' } });
    expect(parsed.account.href).toBe('/a');
    expect(parsed['extra']).toEqual({ href: '/e' });
    expect(schema.safeParse({ next: { href: '/n' } }).success).toBe(false);
  });
});
