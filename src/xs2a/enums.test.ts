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
  consentStatusInfo,
  finalScaStatuses,
  isFinalScaStatus,
  scaStatusInfo,
  transactionStatusInfo,
} from './enums';

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

  it('every code has a description', () => {
    for (const code of TransactionStatus.options) {
      expect(transactionStatusInfo[code].name.length).toBeGreaterThan(0);
      expect(transactionStatusInfo[code].meaning.length).toBeGreaterThan(10);
    }
    for (const code of ConsentStatus.options) expect(consentStatusInfo[code].length).toBeGreaterThan(10);
    for (const code of ScaStatus.options) expect(scaStatusInfo[code].length).toBeGreaterThan(10);
    for (const code of BalanceType.options) expect(balanceTypeInfo[code].length).toBeGreaterThan(10);
  });
});
