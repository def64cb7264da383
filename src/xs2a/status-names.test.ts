import { describe, expect, it } from 'vitest';
import {
  consentStatusCodes,
  consentStatusInfo,
  consentStatusLabel,
  consentStatusLabels,
  scaStatusCodes,
  scaStatusInfo,
  scaStatusLabel,
  scaStatusLabels,
  transactionStatusCodes,
  transactionStatusInfo,
  transactionStatusLabel,
} from './status-names';

describe('status names', () => {
  it('name and explain every code of 1.3.12', () => {
    expect(transactionStatusCodes).toHaveLength(14);
    expect(consentStatusCodes).toHaveLength(7);
    expect(scaStatusCodes).toHaveLength(9);
    for (const code of transactionStatusCodes) {
      expect(transactionStatusInfo[code].name.length).toBeGreaterThan(0);
      expect(transactionStatusInfo[code].label.length).toBeGreaterThan(0);
      expect(transactionStatusInfo[code].meaning.length).toBeGreaterThan(10);
    }
    for (const code of consentStatusCodes) {
      expect(consentStatusInfo[code].length).toBeGreaterThan(10);
      expect(consentStatusLabels[code].length).toBeGreaterThan(0);
    }
    for (const code of scaStatusCodes) {
      expect(scaStatusInfo[code].length).toBeGreaterThan(10);
      expect(scaStatusLabels[code].length).toBeGreaterThan(0);
    }
  });

  it('give short plain names and leave codes 1.3.12 does not define as they are', () => {
    expect(transactionStatusLabel('ACSC')).toBe('Settled');
    expect(transactionStatusLabel('RJCT')).toBe('Rejected');
    expect(transactionStatusLabel('XXXX')).toBe('XXXX');
    expect(transactionStatusLabel('toString')).toBe('toString');
    expect(consentStatusLabel('terminatedByTpp')).toBe('Deleted by the TPP');
    expect(consentStatusLabel('constructor')).toBe('constructor');
    expect(scaStatusLabel('psuAuthenticated')).toBe('PSU authenticated');
    expect(scaStatusLabel('somethingNew')).toBe('somethingNew');
  });
});
