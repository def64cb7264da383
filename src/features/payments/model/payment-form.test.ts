import { describe, expect, it } from 'vitest';
import {
  buildPaymentBody,
  emptyPaymentForm,
  fieldForPath,
  formPaymentProducts,
  formValuesFromBody,
  formValuesFromJson,
  placeBankMessages,
  visibleFields,
  type PaymentFormValues,
} from './payment-form';
import { validatePaymentForm } from './payment-form-check';
import { normaliseSpecPath } from '../../../flows/form-model';

// IBANs with correct check digits that belong to no particular bank's test data.
const DEBTOR = 'DE89370400440532013000';
const CREDITOR = 'FR1420041010050500013M02606';

function filled(overrides: Partial<PaymentFormValues> = {}): PaymentFormValues {
  return {
    ...emptyPaymentForm(),
    debtorIban: 'de89 3704 0044 0532 0130 00',
    creditorIban: CREDITOR,
    creditorName: 'Kiosk am Markt',
    amount: '42.50',
    currency: 'EUR',
    remittanceInformationUnstructured: 'Invoice 118',
    ...overrides,
  };
}

function periodic(overrides: Partial<PaymentFormValues> = {}): PaymentFormValues {
  return filled({ startDate: '2030-01-01', frequency: 'Monthly', ...overrides });
}

describe('buildPaymentBody', () => {
  it('builds a single SEPA payment with normalised IBANs and only the filled members', () => {
    expect(buildPaymentBody(filled(), 'payments', 'sepa-credit-transfers')).toEqual({
      debtorAccount: { iban: DEBTOR },
      instructedAmount: { amount: '42.50', currency: 'EUR' },
      creditorAccount: { iban: CREDITOR },
      creditorName: 'Kiosk am Markt',
      remittanceInformationUnstructured: 'Invoice 118',
    });
  });

  it.each(formPaymentProducts)('builds a body the 1.3.12 schema accepts for product %s', (product) => {
    const values = filled({
      endToEndIdentification: 'E2E-1',
      creditorAgent: 'bnpafrpp',
      streetName: 'Rue de Rivoli',
      buildingNumber: '1',
      postCode: '75001',
      townName: 'Paris',
      country: 'fr',
    });
    const result = validatePaymentForm(values, 'payments', product);
    expect(result.errors).toEqual({});
    expect(result.valid).toBe(true);
    expect(result.body.creditorAgent).toBe('BNPAFRPP');
    if (product === 'cross-border-credit-transfers') {
      // The spec marks endToEndIdentification n.a. and the address conditional for cross-border transfers.
      expect(result.body).not.toHaveProperty('endToEndIdentification');
      expect(result.body.creditorAddress).toEqual({
        streetName: 'Rue de Rivoli',
        buildingNumber: '1',
        postCode: '75001',
        townName: 'Paris',
        country: 'FR',
      });
    } else {
      expect(result.body.endToEndIdentification).toBe('E2E-1');
      expect(result.body).not.toHaveProperty('creditorAddress');
    }
  });

  it('adds the periodic members only for periodic-payments', () => {
    const values = periodic({ endDate: '2030-12-31', executionRule: 'following', dayOfExecution: '15' });
    expect(buildPaymentBody(values, 'periodic-payments', 'sepa-credit-transfers')).toMatchObject({
      startDate: '2030-01-01',
      endDate: '2030-12-31',
      frequency: 'Monthly',
      executionRule: 'following',
      dayOfExecution: '15',
    });
    const single = buildPaymentBody(values, 'payments', 'sepa-credit-transfers');
    expect(single).not.toHaveProperty('startDate');
    expect(single).not.toHaveProperty('frequency');
  });

  it('sends months of execution, sorted, only with MonthlyVariable', () => {
    const values = periodic({ frequency: 'MonthlyVariable', monthsOfExecution: ['10', '1', '4'] });
    const result = validatePaymentForm(values, 'periodic-payments', 'sepa-credit-transfers');
    expect(result.valid).toBe(true);
    expect(result.body.monthsOfExecution).toEqual(['1', '4', '10']);
    const monthly = buildPaymentBody({ ...values, frequency: 'Monthly' }, 'periodic-payments', 'sepa-credit-transfers');
    expect(monthly).not.toHaveProperty('monthsOfExecution');
  });
});

describe('validatePaymentForm', () => {
  it('asks for every required field of a single payment', () => {
    const { errors, valid } = validatePaymentForm(
      { ...emptyPaymentForm(), currency: '' },
      'payments',
      'sepa-credit-transfers',
    );
    expect(valid).toBe(false);
    expect(Object.keys(errors).sort()).toEqual(['amount', 'creditorIban', 'creditorName', 'currency', 'debtorIban']);
    expect(errors.creditorName).toBe('Enter the name of the creditor.');
  });

  it('asks for the start date and frequency of a standing order', () => {
    const { errors } = validatePaymentForm(
      filled({ frequency: '', startDate: '' }),
      'periodic-payments',
      'sepa-credit-transfers',
    );
    expect(Object.keys(errors).sort()).toEqual(['frequency', 'startDate']);
  });

  it('puts a wrong IBAN checksum at the IBAN field', () => {
    const { errors } = validatePaymentForm(
      filled({ creditorIban: 'DE89370400440532013001' }),
      'payments',
      'sepa-credit-transfers',
    );
    expect(errors.creditorIban).toBe('IBAN check digits do not match (typo?).');
    expect(errors.debtorIban).toBeUndefined();
  });

  it('explains an IBAN that does not have the IBAN format', () => {
    const { errors } = validatePaymentForm(filled({ debtorIban: '12345' }), 'payments', 'sepa-credit-transfers');
    expect(errors.debtorIban).toMatch(/^Debtor IBAN must be an IBAN in electronic format/);
  });

  it.each([
    ['0', /greater than zero/],
    ['-5.00', /greater than zero/],
    ['12,50', /decimal separator/],
    ['ten', /decimal separator/],
    ['1.2345', /at most 3 decimals/],
  ])('refuses the amount %s', (amount, message) => {
    const { errors } = validatePaymentForm(filled({ amount }), 'payments', 'sepa-credit-transfers');
    expect(errors.amount).toMatch(message);
  });

  it.each([
    ['EUR', '10.005', /more decimals than EUR allows \(2\)/],
    ['JPY', '100.5', /more decimals than JPY allows \(0\)/],
  ])('refuses more decimals than %s has', (currency, amount, message) => {
    const { errors } = validatePaymentForm(filled({ currency, amount }), 'payments', 'cross-border-credit-transfers');
    expect(errors.amount).toMatch(message);
  });

  it('accepts the three decimals of a currency that has them', () => {
    const { valid } = validatePaymentForm(
      filled({ currency: 'KWD', amount: '10.005' }),
      'payments',
      'cross-border-credit-transfers',
    );
    expect(valid).toBe(true);
  });

  it('refuses a currency that is not an ISO 4217 code', () => {
    const { errors } = validatePaymentForm(filled({ currency: 'EURO' }), 'payments', 'sepa-credit-transfers');
    expect(errors.currency).toMatch(/ISO 4217 code of 3 capital letters/);
  });

  it('refuses an end date before the start date and a malformed date', () => {
    const before = validatePaymentForm(
      periodic({ endDate: '2029-12-31' }),
      'periodic-payments',
      'sepa-credit-transfers',
    );
    expect(before.errors.endDate).toBe('End date must not be before startDate.');
    const malformed = validatePaymentForm(
      periodic({ startDate: '2030-02-30' }),
      'periodic-payments',
      'sepa-credit-transfers',
    );
    expect(malformed.errors.startDate).toMatch(/YYYY-MM-DD/);
  });

  it('refuses a start before the bank’s today, which is not the browser’s', () => {
    const validate = (startDate: string, today?: string) =>
      validatePaymentForm(periodic({ startDate }), 'periodic-payments', 'sepa-credit-transfers', today).errors
        .startDate;
    expect(validate('2030-01-01', '2030-01-02')).toBe(
      'The first execution lies in the past: the bank’s today is 2030-01-02; choose it or a later day.',
    );
    expect(validate('2030-01-02', '2030-01-02')).toBeUndefined();
    expect(validate('2030-01-01')).toBeUndefined();
  });

  it('asks for months with MonthlyVariable and refuses a day of execution outside 1..31', () => {
    const { errors } = validatePaymentForm(
      periodic({ frequency: 'MonthlyVariable', dayOfExecution: '01' }),
      'periodic-payments',
      'sepa-credit-transfers',
    );
    expect(errors.monthsOfExecution).toMatch(/at least one month/);
    expect(errors.dayOfExecution).toMatch(/^Day of execution must be one of: 1, 2/);
  });

  it('limits the text lengths the schema limits', () => {
    const { errors } = validatePaymentForm(
      filled({ creditorName: 'x'.repeat(71), remittanceInformationUnstructured: 'y'.repeat(141) }),
      'payments',
      'sepa-credit-transfers',
    );
    expect(errors.creditorName).toBe('Creditor name must be at most 70 characters.');
    expect(errors.remittanceInformationUnstructured).toBe('Remittance information must be at most 140 characters.');
  });

  it('needs a country once any address member is filled', () => {
    const { errors } = validatePaymentForm(filled({ townName: 'Paris' }), 'payments', 'cross-border-credit-transfers');
    expect(errors.country).toMatch(/country of the address/);
  });

  it('refuses a malformed BIC', () => {
    const { errors } = validatePaymentForm(filled({ creditorAgent: 'BNP' }), 'payments', 'sepa-credit-transfers');
    expect(errors.creditorAgent).toMatch(/BIC of 8 or 11 characters/);
  });
});

describe('JSON view round trip', () => {
  it('turns the form into JSON and back without losing anything (single)', () => {
    const values = filled({ endToEndIdentification: 'E2E-7', creditorAgent: 'BNPAFRPP' });
    const text = JSON.stringify(buildPaymentBody(values, 'payments', 'sepa-credit-transfers'), null, 2);
    const back = formValuesFromJson(text, 'payments', 'sepa-credit-transfers');
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.kept).toEqual([]);
    expect(back.values.debtorIban).toBe('DE89 3704 0044 0532 0130 00');
    expect(buildPaymentBody(back.values, 'payments', 'sepa-credit-transfers')).toEqual(
      buildPaymentBody(values, 'payments', 'sepa-credit-transfers'),
    );
  });

  it('round-trips a periodic body with MonthlyVariable months', () => {
    const values = periodic({
      frequency: 'MonthlyVariable',
      monthsOfExecution: ['3', '9'],
      executionRule: 'preceding',
    });
    const body = buildPaymentBody(values, 'periodic-payments', 'instant-sepa-credit-transfers');
    const back = formValuesFromBody(body, 'periodic-payments', 'instant-sepa-credit-transfers');
    expect(back.ok && buildPaymentBody(back.values, 'periodic-payments', 'instant-sepa-credit-transfers')).toEqual(
      body,
    );
  });

  it('keeps members the form does not show and sends them unchanged', () => {
    const body = {
      ...buildPaymentBody(filled(), 'payments', 'sepa-credit-transfers'),
      debtorAccount: { iban: DEBTOR, currency: 'EUR' },
      creditorAgentName: 'Banque Exemple',
      startDate: '2030-01-01',
    };
    const back = formValuesFromBody(body, 'payments', 'sepa-credit-transfers');
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.kept.sort()).toEqual(['creditorAgentName', 'debtorAccount.currency', 'startDate']);
    back.values.amount = '50.00';
    const rebuilt = buildPaymentBody(back.values, 'payments', 'sepa-credit-transfers');
    expect(rebuilt).toEqual({ ...body, instructedAmount: { amount: '50.00', currency: 'EUR' } });
  });

  it('refuses invalid JSON with a message', () => {
    const back = formValuesFromJson('{"creditorName": "A",', 'payments', 'sepa-credit-transfers');
    expect(back).toEqual({ ok: false, message: expect.stringMatching(/^The JSON is not valid: /) as unknown });
  });

  it('refuses a body that is not an object', () => {
    expect(formValuesFromJson('[1, 2]', 'payments', 'sepa-credit-transfers')).toEqual({
      ok: false,
      message: 'The body must be a JSON object ({ … }).',
    });
  });

  it('refuses a member the form shows but cannot hold, naming it', () => {
    const back = formValuesFromJson(
      '{"instructedAmount": {"currency": "EUR", "amount": 12.5}, "debtorAccount": "DE89"}',
      'payments',
      'sepa-credit-transfers',
    );
    expect(back.ok).toBe(false);
    if (back.ok) return;
    expect(back.message).toContain('instructedAmount.amount is a number, not a string');
    expect(back.message).toContain('debtorAccount is not an object');
  });
});

describe('bank error paths', () => {
  const visible = visibleFields('payments', 'sepa-credit-transfers');

  it.each([
    ['creditorAccount.iban', 'creditorIban'],
    ['instructedAmount.amount', 'amount'],
    ['instructedAmount.currency', 'currency'],
    ['$.debtorAccount.iban', 'debtorIban'],
    ['/instructedAmount/amount', 'amount'],
    ['creditorAccount[iban]', 'creditorIban'],
    ['debtorAccount', 'debtorIban'],
    ['instructedAmount', 'amount'],
    ['creditorName', 'creditorName'],
  ])('maps %s to the %s field', (path, field) => {
    expect(fieldForPath(path, visible)).toBe(field);
  });

  it('does not map paths of fields that are not shown, or headers', () => {
    expect(fieldForPath('startDate', visible)).toBeUndefined();
    expect(fieldForPath('TPP-Redirect-URI', visible)).toBeUndefined();
    expect(fieldForPath('', visible)).toBeUndefined();
    expect(fieldForPath('startDate', visibleFields('periodic-payments', 'sepa-credit-transfers'))).toBe('startDate');
  });

  it('normalises the ways banks write paths', () => {
    expect(normaliseSpecPath("$['creditorAccount']['iban']")).toBe('creditorAccount.iban');
    expect(normaliseSpecPath('/monthsOfExecution/0')).toBe('monthsOfExecution.0');
  });

  it('places messages with a known path at their fields and returns the rest', () => {
    const messages = [
      { code: 'FORMAT_ERROR', path: 'debtorAccount.iban', text: 'The debtor account is not held at this bank.' },
      { code: 'FORMAT_ERROR', path: 'PSU-IP-Address', text: 'Bad header.' },
      { code: 'PAYMENT_FAILED', text: 'No funds.' },
    ];
    const { fieldErrors, unplaced } = placeBankMessages(messages, visible);
    expect(fieldErrors).toEqual({ debtorIban: 'FORMAT_ERROR: The debtor account is not held at this bank.' });
    expect(unplaced.map((m) => m.code)).toEqual(['FORMAT_ERROR', 'PAYMENT_FAILED']);
    expect(unplaced[0]?.path).toBe('PSU-IP-Address');
  });
});
