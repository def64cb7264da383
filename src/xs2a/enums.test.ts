import { describe, expect, it } from 'vitest';
import {
  BalanceType,
  ConsentStatus,
  DayOfExecution,
  MonthOfExecution,
  PaymentProduct,
  ScaStatus,
  TransactionStatus,
  balanceTypeInfo,
  finalScaStatuses,
  isFinalScaStatus,
} from './enums';
import { consentStatusCodes, scaStatusCodes, transactionStatusCodes } from './status-names';

describe('enums', () => {
  it('have the sizes of 1.3.12', () => {
    expect(TransactionStatus.options).toHaveLength(14);
    expect(ConsentStatus.options).toHaveLength(7);
    expect(ScaStatus.options).toHaveLength(9);
    expect(BalanceType.options).toHaveLength(7);
    expect(PaymentProduct.options).toHaveLength(8);
  });

  it('day and month of execution are strings without leading zeros', () => {
    expect(DayOfExecution.options).toHaveLength(31);
    expect(DayOfExecution.safeParse('1').success).toBe(true);
    expect(DayOfExecution.safeParse('31').success).toBe(true);
    expect(DayOfExecution.safeParse('01').success).toBe(false);
    expect(DayOfExecution.safeParse('32').success).toBe(false);
    expect(DayOfExecution.safeParse(1).success).toBe(false);
    expect(MonthOfExecution.options).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
  });

  it('final SCA statuses', () => {
    expect([...finalScaStatuses].sort()).toEqual(['exempted', 'failed', 'finalised']);
    expect(isFinalScaStatus('started')).toBe(false);
  });

  it('status enums are built from the zod-free name table', () => {
    expect(TransactionStatus.options).toEqual([...transactionStatusCodes]);
    expect(ConsentStatus.options).toEqual([...consentStatusCodes]);
    expect(ScaStatus.options).toEqual([...scaStatusCodes]);
  });

  it('every balance type has a description', () => {
    for (const code of BalanceType.options) expect(balanceTypeInfo[code].length).toBeGreaterThan(10);
  });
});
