import { describe, expect, it } from 'vitest';
import {
  PaymentInitiationJson,
  PaymentInitiationResponse201,
  PeriodicPaymentInitiationJson,
  foreignPaymentKeys,
  paymentBodySchemaFor,
  periodicPaymentKeys,
  singlePaymentKeys,
} from './payments';

const single = {
  instructedAmount: { currency: 'EUR', amount: '123.50' },
  debtorAccount: { iban: 'DE40100100103307118608' },
  creditorName: 'Merchant123',
  creditorAccount: { iban: 'DE02100100109307118603' },
  remittanceInformationUnstructured: 'Ref Number Merchant',
};
const periodic = {
  ...single,
  startDate: '2018-03-01',
  frequency: 'Monthly',
  executionRule: 'preceding',
  dayOfExecution: '1',
};

function issuePaths(result: { error?: { issues: Array<{ path: PropertyKey[] }> } }): string[] {
  return result.error?.issues.map((issue) => issue.path.join('.')) ?? [];
}

describe('single payment body', () => {
  it('accepts the spec example and all optional members', () => {
    expect(PaymentInitiationJson.safeParse(single).success).toBe(true);
    const full = {
      ...single,
      endToEndIdentification: 'E2E-1',
      creditorAgent: 'AAAADEBBXXX',
      creditorAgentName: 'Bank',
      creditorAddress: {
        streetName: 'rue blue',
        buildingNumber: '89',
        townName: 'Paris',
        postCode: '75000',
        country: 'FR',
      },
    };
    expect(PaymentInitiationJson.safeParse(full).success).toBe(true);
  });

  it('requires debtorAccount, instructedAmount, creditorAccount and creditorName', () => {
    const result = PaymentInitiationJson.safeParse({});
    expect(issuePaths(result).sort()).toEqual(['creditorAccount', 'creditorName', 'debtorAccount', 'instructedAmount']);
  });

  it('rejects bad amounts, lengths and identifiers', () => {
    expect(
      issuePaths(
        PaymentInitiationJson.safeParse({ ...single, instructedAmount: { currency: 'EUR', amount: '12,50x' } }),
      ),
    ).toEqual(['instructedAmount.amount']);
    expect(
      issuePaths(PaymentInitiationJson.safeParse({ ...single, instructedAmount: { currency: 'EURO', amount: '1' } })),
    ).toEqual(['instructedAmount.currency']);
    expect(issuePaths(PaymentInitiationJson.safeParse({ ...single, creditorName: 'x'.repeat(71) }))).toEqual([
      'creditorName',
    ]);
    expect(issuePaths(PaymentInitiationJson.safeParse({ ...single, creditorName: '  ' }))).toEqual(['creditorName']);
    expect(
      issuePaths(PaymentInitiationJson.safeParse({ ...single, remittanceInformationUnstructured: 'x'.repeat(141) })),
    ).toEqual(['remittanceInformationUnstructured']);
    expect(
      issuePaths(
        PaymentInitiationJson.safeParse({ ...single, creditorAccount: { iban: 'DE89 3704 0044 0532 0130 00' } }),
      ),
    ).toEqual(['creditorAccount.iban']);
    expect(
      issuePaths(PaymentInitiationJson.safeParse({ ...single, debtorAccount: { iban: 'DE41100100103307118608' } })),
    ).toEqual(['debtorAccount.iban']);
  });

  it('knows which members belong to which body', () => {
    expect(singlePaymentKeys).toContain('creditorAgentName');
    expect(periodicPaymentKeys).not.toContain('creditorAgentName');
    expect(periodicPaymentKeys).toContain('monthsOfExecution');
    expect(foreignPaymentKeys('payments', { ...single, startDate: '2020-01-01', foo: 1 })).toEqual(['startDate']);
    expect(foreignPaymentKeys('periodic-payments', { ...periodic, creditorAgentName: 'B' })).toEqual([
      'creditorAgentName',
    ]);
    expect(foreignPaymentKeys('payments', single)).toEqual([]);
  });
});

describe('periodic payment body', () => {
  it('accepts the corrected spec example', () => {
    expect(PeriodicPaymentInitiationJson.safeParse(periodic).success).toBe(true);
    expect(paymentBodySchemaFor('periodic-payments')).toBe(PeriodicPaymentInitiationJson);
    expect(paymentBodySchemaFor('payments')).toBe(PaymentInitiationJson);
  });

  it('rejects a leading-zero dayOfExecution, as in the spec example', () => {
    expect(issuePaths(PeriodicPaymentInitiationJson.safeParse({ ...periodic, dayOfExecution: '01' }))).toEqual([
      'dayOfExecution',
    ]);
  });

  it('requires startDate and frequency, and endDate not before startDate', () => {
    const { startDate: _s, frequency: _f, ...rest } = periodic;
    expect(issuePaths(PeriodicPaymentInitiationJson.safeParse(rest)).sort()).toEqual(['frequency', 'startDate']);
    expect(PeriodicPaymentInitiationJson.safeParse({ ...periodic, endDate: '2018-03-01' }).success).toBe(true);
    expect(issuePaths(PeriodicPaymentInitiationJson.safeParse({ ...periodic, endDate: '2018-02-28' }))).toEqual([
      'endDate',
    ]);
    expect(issuePaths(PeriodicPaymentInitiationJson.safeParse({ ...periodic, startDate: '2018-02-30' }))).toEqual([
      'startDate',
    ]);
  });

  it('monthsOfExecution: if and only if MonthlyVariable, at most 11, distinct', () => {
    const variable = { ...periodic, frequency: 'MonthlyVariable' };
    expect(PeriodicPaymentInitiationJson.safeParse({ ...variable, monthsOfExecution: ['1', '4', '10'] }).success).toBe(
      true,
    );
    expect(issuePaths(PeriodicPaymentInitiationJson.safeParse(variable))).toEqual(['monthsOfExecution']);
    expect(issuePaths(PeriodicPaymentInitiationJson.safeParse({ ...variable, monthsOfExecution: [] }))).toEqual([
      'monthsOfExecution',
    ]);
    expect(issuePaths(PeriodicPaymentInitiationJson.safeParse({ ...periodic, monthsOfExecution: ['1'] }))).toEqual([
      'monthsOfExecution',
    ]);
    expect(issuePaths(PeriodicPaymentInitiationJson.safeParse({ ...variable, monthsOfExecution: ['1', '1'] }))).toEqual(
      ['monthsOfExecution'],
    );
    const twelve = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'];
    expect(PeriodicPaymentInitiationJson.safeParse({ ...variable, monthsOfExecution: twelve }).success).toBe(false);
    expect(
      PeriodicPaymentInitiationJson.safeParse({ ...variable, monthsOfExecution: twelve.slice(0, 11) }).success,
    ).toBe(true);
    expect(issuePaths(PeriodicPaymentInitiationJson.safeParse({ ...variable, monthsOfExecution: ['01'] }))).toEqual([
      'monthsOfExecution.0',
    ]);
    expect(issuePaths(PeriodicPaymentInitiationJson.safeParse({ ...variable, monthsOfExecution: ['13'] }))).toEqual([
      'monthsOfExecution.0',
    ]);
  });
});

describe('201 response', () => {
  const base = {
    transactionStatus: 'RCVD',
    paymentId: 'p1',
    _links: { self: { href: '/v1/payments/sepa-credit-transfers/p1' } },
  };

  it('accepts the fee fields, SCA data and unknown members', () => {
    const full = {
      ...base,
      transactionFees: { currency: 'EUR', amount: '0.50' },
      currencyConversionFee: { currency: 'EUR', amount: '0.10' },
      transactionFeeIndicator: true,
      scaMethods: [{ authenticationType: 'SMS_OTP', authenticationMethodId: 'sms', name: 'SMS to +49 xxx' }],
      psuMessage: 'hello',
      tppMessages: [{ category: 'WARNING', code: 'BENEFICIARY_WHITELISTING_REQUIRED' }],
      bankSpecific: 42,
    };
    expect(PaymentInitiationResponse201.safeParse(full).success).toBe(true);
  });

  it('flags deviations', () => {
    expect(PaymentInitiationResponse201.safeParse({ ...base, _links: undefined }).success).toBe(false);
    expect(PaymentInitiationResponse201.safeParse({ ...base, transactionStatus: 'DONE' }).success).toBe(false);
    expect(PaymentInitiationResponse201.safeParse({ ...base, psuMessage: 'x'.repeat(501) }).success).toBe(false);
    expect(
      PaymentInitiationResponse201.safeParse({ ...base, tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR' }] })
        .success,
    ).toBe(false);
  });
});
