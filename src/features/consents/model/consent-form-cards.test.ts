// The consent form asks for card accounts by masked PAN beside accounts by IBAN.
import { describe, expect, it } from 'vitest';
import { buildConsentBody, emptyConsentForm, formValuesFromJson, isMaskedPan, newRow } from './consent-form';
import { validateConsentForm } from './consent-form-check';

const TODAY = '2026-03-10';
const IBAN = 'DE89370400440532013000';
const CARD = '453998******0580';

describe('card accounts in the consent form', () => {
  it('knows a masked PAN from an IBAN', () => {
    expect(isMaskedPan(CARD)).toBe(true);
    expect(isMaskedPan('4539 98XX XXXX 0580')).toBe(true);
    expect(isMaskedPan(IBAN)).toBe(false);
    expect(isMaskedPan('DE89 3704 0044 0532 0130 00')).toBe(false);
    expect(isMaskedPan('4539980580')).toBe(false);
  });

  it('sends a row holding a masked PAN as maskedPan, beside IBAN rows, and checks it clean', () => {
    const values = {
      ...emptyConsentForm(TODAY),
      accessKind: 'dedicated' as const,
      accounts: [newRow(IBAN), newRow(CARD)],
      balances: [newRow(CARD)],
      transactions: [newRow('4539 98** **** 0580', 'eur')],
    };
    expect(buildConsentBody(values).access).toEqual({
      accounts: [{ iban: IBAN }, { maskedPan: CARD }],
      balances: [{ maskedPan: CARD }],
      transactions: [{ maskedPan: '453998******0580', currency: 'EUR' }],
    });
    expect(validateConsentForm(values, TODAY).errors).toEqual({});
  });

  it('reads a maskedPan reference back from the JSON view into a row, and refuses other card members', () => {
    const previous = emptyConsentForm(TODAY);
    const body = (access: object) =>
      JSON.stringify({ access, recurringIndicator: true, validUntil: '2026-04-01', frequencyPerDay: 4 });
    const read = formValuesFromJson(body({ transactions: [{ maskedPan: CARD }] }), previous);
    expect(read.ok && read.values.transactions.map((row) => row.iban)).toEqual([CARD]);
    const refused = formValuesFromJson(
      body({ transactions: [{ maskedPan: CARD, pan: '4539987423930580' }] }),
      previous,
    );
    expect(refused.ok).toBe(false);
  });
});
