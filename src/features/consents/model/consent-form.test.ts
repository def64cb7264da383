import { describe, expect, it } from 'vitest';
import {
  buildConsentBody,
  emptyConsentForm,
  withBankDay,
  fieldForPath,
  fieldsInFormOrder,
  formValuesFromJson,
  keptMembers,
  labelOf,
  newRow,
  placeBankMessages,
  rowField,
  type ConsentFormValues,
} from './consent-form';
import { checkConsentBody, validateConsentForm } from './consent-form-check';
import { normaliseSpecPath } from '../../../flows/form-model';

const TODAY = '2026-03-10';
// Valid IBANs (checksums correct).
const IBAN_A = 'DE89370400440532013000';
const IBAN_B = 'DE02100100109307118603';
const IBAN_C = 'FR1420041010050500013M02606';

function form(changes: Partial<ConsentFormValues> = {}): ConsentFormValues {
  return { ...emptyConsentForm(TODAY), ...changes };
}

function dedicated(changes: Partial<ConsentFormValues> = {}): ConsentFormValues {
  return form({ accessKind: 'dedicated', ...changes });
}

describe('buildConsentBody: access forms', () => {
  it('starts as a recurring allPsd2 consent valid for 90 days, 4 reads a day', () => {
    expect(buildConsentBody(form())).toEqual({
      access: { allPsd2: 'allAccounts' },
      recurringIndicator: true,
      validUntil: '2026-06-08',
      frequencyPerDay: 4,
      combinedServiceIndicator: false,
    });
  });

  it.each([
    ['allPsd2', 'allAccountsWithOwnerName'],
    ['availableAccounts', 'allAccounts'],
    ['availableAccountsWithBalance', 'allAccountsWithOwnerName'],
  ] as const)('%s takes %s, and restrictedTo when given', (accessKind, allAccountsType) => {
    const body = buildConsentBody(form({ accessKind, allAccountsType, restrictedTo: 'cacc, svgs ' }));
    expect(body.access).toEqual({ [accessKind]: allAccountsType, restrictedTo: ['CACC', 'SVGS'] });
    expect(validateConsentForm(form({ accessKind, allAccountsType }), TODAY).valid).toBe(true);
  });

  it('bank-offered: the three lists empty', () => {
    const values = form({ accessKind: 'bankOffered' });
    expect(buildConsentBody(values).access).toEqual({ accounts: [], balances: [], transactions: [] });
    expect(validateConsentForm(values, TODAY).valid).toBe(true);
  });

  it('dedicated: each list separately, empty rows left out, IBANs in electronic form, currencies in capitals', () => {
    const values = dedicated({
      accounts: [newRow('de89 3704 0044 0532 0130 00'), newRow(''), newRow(IBAN_B, 'usd')],
      balances: [newRow(IBAN_A)],
      transactions: [newRow()],
      // restrictedTo is not allowed beside named accounts, so the form does not send it there.
      restrictedTo: 'CACC',
    });
    expect(buildConsentBody(values).access).toEqual({
      accounts: [{ iban: IBAN_A }, { iban: IBAN_B, currency: 'USD' }],
      balances: [{ iban: IBAN_A }],
    });
    expect(validateConsentForm(values, TODAY).valid).toBe(true);
  });

  it('dedicated with the same IBANs for all three', () => {
    const values = dedicated({ sameForAll: true, shared: [newRow(IBAN_A), newRow(IBAN_C, 'EUR')] });
    const refs = [{ iban: IBAN_A }, { iban: IBAN_C, currency: 'EUR' }];
    expect(buildConsentBody(values).access).toEqual({ accounts: refs, balances: refs, transactions: refs });
  });

  it('sends the combined-service flag as set', () => {
    expect(buildConsentBody(form({ combinedServiceIndicator: true })).combinedServiceIndicator).toBe(true);
  });
});

describe('recurring and one-off consents', () => {
  it('a one-off consent always sends frequencyPerDay 1, whatever was typed', () => {
    const values = form({ recurringIndicator: false, frequencyPerDay: '7' });
    const body = buildConsentBody(values);
    expect(body.recurringIndicator).toBe(false);
    expect(body.frequencyPerDay).toBe(1);
    expect(validateConsentForm(values, TODAY).valid).toBe(true);
  });

  it('a recurring consent sends the typed number', () => {
    expect(buildConsentBody(form({ frequencyPerDay: ' 2 ' })).frequencyPerDay).toBe(2);
  });

  it('frequencyPerDay: required, a whole number, at least 1; more than 4 only warns', () => {
    expect(validateConsentForm(form({ frequencyPerDay: '' }), TODAY).errors.frequencyPerDay).toMatch(/Enter how many/);
    expect(validateConsentForm(form({ frequencyPerDay: '2.5' }), TODAY).errors.frequencyPerDay).toBe(
      'Reads per day must be a whole number.',
    );
    expect(validateConsentForm(form({ frequencyPerDay: '0' }), TODAY).errors.frequencyPerDay).toBe(
      'Reads per day must be at least 1.',
    );
    const many = validateConsentForm(form({ frequencyPerDay: '10' }), TODAY);
    expect(many.valid).toBe(true);
    expect(many.warnings.frequencyPerDay).toMatch(/agreement with the bank/);
  });
});

describe('validUntil', () => {
  it('must be given and not lie in the past; today and 9999-12-31 are fine', () => {
    expect(validateConsentForm(form({ validUntil: '' }), TODAY).errors.validUntil).toMatch(/Enter the last day/);
    expect(validateConsentForm(form({ validUntil: '2026-03-09' }), TODAY).errors.validUntil).toBe(
      'Valid until lies in the past: the bank’s today is 2026-03-10; choose it or a later day.',
    );
    expect(validateConsentForm(form({ validUntil: TODAY }), TODAY).valid).toBe(true);
    expect(validateConsentForm(form({ validUntil: '9999-12-31' }), TODAY).valid).toBe(true);
  });

  it('must be a real date', () => {
    expect(validateConsentForm(form({ validUntil: '2026-02-30' }), TODAY).errors.validUntil).toBe(
      'Valid until must be a date in the form YYYY-MM-DD.',
    );
    expect(validateConsentForm(form({ validUntil: '2026-04-31' }), TODAY).errors.validUntil).toBe(
      'Valid until must be a date in the form YYYY-MM-DD.',
    );
  });
});

describe('validation messages at the fields', () => {
  it('a dedicated consent needs at least one IBAN', () => {
    const result = validateConsentForm(dedicated(), TODAY);
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual({
      access: 'Enter at least one IBAN, for account details, balances or transactions.',
    });
  });

  it('a wrong IBAN and a wrong currency are reported at their row, named by list and position', () => {
    const good = newRow(IBAN_A);
    const typo = newRow('DE89370400440532013001');
    const badCurrency = newRow(IBAN_B, 'eu');
    const values = dedicated({ accounts: [good, typo], transactions: [badCurrency] });
    const { errors, valid } = validateConsentForm(values, TODAY);
    expect(valid).toBe(false);
    expect(errors).toEqual({
      [rowField('accounts', typo, 'iban')]: 'IBAN check digits do not match (typo?).',
      [rowField('transactions', badCurrency, 'currency')]:
        'Currency 1 for transactions must be an ISO 4217 code of 3 capital letters, e.g. EUR.',
    });
    expect(labelOf(rowField('accounts', typo, 'iban'), values)).toBe('IBAN 2 for account details');
    // The summary lists them in the order the form shows them.
    expect(fieldsInFormOrder({ ...errors, validUntil: 'x', access: 'y' }, values)).toEqual([
      'access',
      rowField('accounts', typo, 'iban'),
      rowField('transactions', badCurrency, 'currency'),
      'validUntil',
    ]);
  });

  it('a malformed IBAN names the electronic format', () => {
    const row = newRow('12345');
    const { errors } = validateConsentForm(dedicated({ balances: [row] }), TODAY);
    expect(errors[rowField('balances', row, 'iban')]).toMatch(
      /^IBAN 1 for balances must be an IBAN in electronic format/,
    );
  });

  it('a currency without an IBAN asks for the IBAN', () => {
    const row = newRow('', 'EUR');
    const { errors } = validateConsentForm(dedicated({ accounts: [newRow(IBAN_A)], balances: [row] }), TODAY);
    expect(errors[rowField('balances', row, 'iban')]).toBe('Enter the IBAN, or remove the row.');
  });

  it('with the same IBANs for all three, an error shows once, at the shared row', () => {
    const row = newRow('DE00370400440532013000');
    const values = dedicated({ sameForAll: true, shared: [row] });
    const { errors } = validateConsentForm(values, TODAY);
    expect(Object.keys(errors)).toEqual([rowField('shared', row, 'iban')]);
    expect(labelOf(rowField('shared', row, 'iban'), values)).toBe('IBAN 1 for accounts, balances and transactions');
  });

  it('a kept member that breaks the schema is reported apart from the fields', () => {
    const values = dedicated({
      accounts: [newRow(IBAN_A)],
      accessExtra: { additionalInformation: { ownerName: [{ iban: IBAN_B }] } },
    });
    const result = validateConsentForm(values, TODAY);
    expect(result.valid).toBe(false);
    expect(result.otherIssues).toEqual([
      {
        path: 'access.additionalInformation.ownerName.0',
        message: 'must also be listed under accounts, balances or transactions',
      },
    ]);
  });
});

describe('JSON view round trip', () => {
  const cases: [string, ConsentFormValues][] = [
    ['allPsd2 with owner names', form({ allAccountsType: 'allAccountsWithOwnerName' })],
    ['availableAccounts restricted', form({ accessKind: 'availableAccounts', restrictedTo: 'CACC' })],
    [
      'availableAccountsWithBalance one-off',
      form({ accessKind: 'availableAccountsWithBalance', recurringIndicator: false }),
    ],
    ['bank-offered', form({ accessKind: 'bankOffered', combinedServiceIndicator: true })],
    ['dedicated', dedicated({ accounts: [newRow(IBAN_A), newRow(IBAN_B, 'USD')], transactions: [newRow(IBAN_C)] })],
    ['dedicated, same for all', dedicated({ sameForAll: true, shared: [newRow(IBAN_A, 'EUR')] })],
  ];

  it.each(cases)('%s: form → JSON → form gives the same body', (_name, values) => {
    const body = buildConsentBody(values);
    const back = formValuesFromJson(JSON.stringify(body, null, 2), emptyConsentForm(TODAY));
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(buildConsentBody(back.values)).toEqual(body);
    expect(back.values.accessKind).toBe(values.accessKind);
    expect(back.values.sameForAll).toBe(values.sameForAll);
  });

  it('keeps members the form does not show and sends them', () => {
    const text = JSON.stringify({
      access: {
        accounts: [{ iban: IBAN_A }],
        additionalInformation: { ownerName: [{ iban: IBAN_A }] },
      },
      recurringIndicator: true,
      validUntil: '2026-04-01',
      frequencyPerDay: 2,
      combinedServiceIndicator: false,
      vendorExtension: { x: 1 },
    });
    const back = formValuesFromJson(text, emptyConsentForm(TODAY));
    if (!back.ok) throw new Error(back.message);
    expect(keptMembers(back.values)).toEqual(['vendorExtension.x', 'access.additionalInformation.ownerName']);
    expect(buildConsentBody(back.values)).toEqual(JSON.parse(text));
    expect(validateConsentForm(back.values, TODAY).valid).toBe(true);
  });

  it('shows IBANs in groups of four in the form', () => {
    const back = formValuesFromJson(
      JSON.stringify({ ...buildConsentBody(form()), access: { balances: [{ iban: IBAN_A }] } }),
      emptyConsentForm(TODAY),
    );
    if (!back.ok) throw new Error(back.message);
    expect(back.values.balances.map((row) => row.iban)).toEqual(['DE89 3704 0044 0532 0130 00']);
  });

  it.each([
    ['not JSON', '{', /The JSON is not valid/],
    ['not an object', '[1]', /must be a JSON object/],
    [
      'two access forms',
      JSON.stringify({ access: { allPsd2: 'allAccounts', accounts: [{ iban: IBAN_A }] } }),
      /access combines allPsd2, accounts/,
    ],
    [
      'a BBAN reference',
      JSON.stringify({ access: { accounts: [{ bban: '123' }] } }),
      /access.accounts\[0\] is not an IBAN reference/,
    ],
    [
      'a string boolean',
      JSON.stringify({ access: { allPsd2: 'allAccounts' }, recurringIndicator: 'true' }),
      /recurringIndicator is a string/,
    ],
    [
      'an unknown global value',
      JSON.stringify({ access: { allPsd2: 'everything' } }),
      /not allAccounts or allAccountsWithOwnerName/,
    ],
    [
      'a one-off consent with more reads',
      JSON.stringify({ access: { allPsd2: 'allAccounts' }, recurringIndicator: false, frequencyPerDay: 3 }),
      /frequencyPerDay is not 1/,
    ],
    ['no access', JSON.stringify({ access: {} }), /requests nothing/],
  ])('refuses %s with a message, so the text is not changed silently', (_name, text, message) => {
    const back = formValuesFromJson(text, emptyConsentForm(TODAY));
    expect(back.ok).toBe(false);
    if (!back.ok) expect(back.message).toMatch(message);
  });

  it('checkConsentBody reports schema problems with the spec’s paths', () => {
    expect(checkConsentBody(buildConsentBody(form()))).toEqual([]);
    expect(
      checkConsentBody({
        access: { allPsd2: 'allAccounts' },
        recurringIndicator: false,
        validUntil: '2026-01-01',
        frequencyPerDay: 2,
        combinedServiceIndicator: false,
      }),
    ).toEqual([{ path: 'frequencyPerDay', message: 'must be 1 for a one-off consent (recurringIndicator false)' }]);
  });
});

describe('bank error paths → fields', () => {
  it('normalises the ways banks write paths', () => {
    expect(normaliseSpecPath('$.access.accounts[0].iban')).toBe('access.accounts.0.iban');
    expect(normaliseSpecPath('/access/balances/1/currency')).toBe('access.balances.1.currency');
    expect(normaliseSpecPath("access['transactions'][2]")).toBe('access.transactions.2');
  });

  it('finds the row a list index names, skipping empty rows the body left out', () => {
    const first = newRow(IBAN_A);
    const second = newRow(IBAN_B, 'EUR');
    const values = dedicated({ accounts: [first, newRow(), second] });
    expect(fieldForPath('access.accounts[1].iban', values)).toBe(rowField('accounts', second, 'iban'));
    expect(fieldForPath('access.accounts[1].currency', values)).toBe(rowField('accounts', second, 'currency'));
    expect(fieldForPath('access.accounts[0]', values)).toBe(rowField('accounts', first, 'iban'));
    expect(fieldForPath('access.accounts[5].iban', values)).toBe('access');
    expect(fieldForPath('access.accounts', values)).toBe('access');
  });

  it('maps every list to the shared rows when the same IBANs are used for all three', () => {
    const row = newRow(IBAN_A);
    const values = dedicated({ sameForAll: true, shared: [row] });
    expect(fieldForPath('access.transactions.0.iban', values)).toBe(rowField('shared', row, 'iban'));
  });

  it('maps the top-level members and the access forms', () => {
    const values = form({ accessKind: 'availableAccounts' });
    expect(fieldForPath('validUntil', values)).toBe('validUntil');
    expect(fieldForPath('$.frequencyPerDay', values)).toBe('frequencyPerDay');
    expect(fieldForPath('access', values)).toBe('access');
    expect(fieldForPath('access.availableAccounts', values)).toBe('access');
    expect(fieldForPath('access.restrictedTo[0]', values)).toBe('restrictedTo');
    expect(fieldForPath('access.additionalInformation.ownerName', values)).toBeUndefined();
    expect(fieldForPath('TPP-Redirect-URI', values)).toBeUndefined();
  });

  it('places the bank’s messages at their fields and returns the rest', () => {
    const row = newRow('DE16990100000010010001');
    const values = dedicated({ accounts: [row] });
    const { fieldErrors, unplaced } = placeBankMessages(
      [
        { code: 'FORMAT_ERROR', path: 'access.accounts[0].iban', text: 'DE16990100000010010001 is not an account.' },
        { code: 'FORMAT_ERROR', path: 'validUntil', text: 'lies in the past' },
        { code: 'FORMAT_ERROR', path: 'validUntil', text: 'is too far' },
        { code: 'SERVICE_INVALID', text: 'no path' },
      ],
      values,
    );
    expect(fieldErrors).toEqual({
      [rowField('accounts', row, 'iban')]: 'FORMAT_ERROR: DE16990100000010010001 is not an account.',
      validUntil: 'FORMAT_ERROR: lies in the past FORMAT_ERROR: is too far',
    });
    expect(unplaced).toEqual([{ code: 'SERVICE_INVALID', text: 'no path' }]);
  });
});

describe('the default validUntil and the bank’s day', () => {
  it('moves with the bank’s day when it was left at its default', () => {
    const opened = emptyConsentForm('2026-11-27');
    expect(opened.validUntil).toBe('2027-02-25');
    // The bank's first answer says its day is 60 days on.
    expect(withBankDay(opened, '2026-11-27', '2027-01-26').validUntil).toBe('2027-04-26');
  });

  it('keeps a validUntil the user chose', () => {
    const chosen = { ...emptyConsentForm('2026-11-27'), validUntil: '2026-12-24' };
    expect(withBankDay(chosen, '2026-11-27', '2027-01-26')).toBe(chosen);
  });
});
