import { describe, expect, it } from 'vitest';
import { tppError } from './errors';
import {
  describeMessageCode,
  httpStatusFor,
  isMessageCode,
  messageCodeInfo,
  messageCodes,
  messageCodesFor,
} from './message-codes';

describe('message codes', () => {
  it('every code has a meaning and at least one status', () => {
    for (const code of messageCodes) {
      const info = messageCodeInfo[code];
      expect(info.meaning.length, code).toBeGreaterThan(20);
      expect([...info.pis, ...info.ais, ...info.piis, ...info.sbs].length, code).toBeGreaterThan(0);
    }
  });

  it('includes the 2xx, certificate and token codes', () => {
    for (const code of [
      'WARNING',
      'BENEFICIARY_WHITELISTING_REQUIRED',
      'FUNDS_NOT_AVAILABLE',
      'CERTIFICATE_REVOKE',
      'TOKEN_EXPIRED',
      'ACCESS_EXCEEDED',
      'KID_MISSING',
    ]) {
      expect(isMessageCode(code), code).toBe(true);
    }
    expect(isMessageCode('CERTIFICATE_REVOKED')).toBe(false);
  });

  it('picks the status the IG asks for', () => {
    expect(httpStatusFor('CONSENT_UNKNOWN', 'ais', 'header')).toBe(400);
    expect(httpStatusFor('CONSENT_UNKNOWN', 'ais', 'path')).toBe(403);
    expect(httpStatusFor('CONSENT_UNKNOWN', 'pis')).toBe(400);
    expect(httpStatusFor('ACCESS_EXCEEDED', 'ais')).toBe(429);
    expect(httpStatusFor('STATUS_INVALID', 'pis')).toBe(409);
    expect(httpStatusFor('STATUS_INVALID', 'ais')).toBe(409);
    expect(httpStatusFor('PRODUCT_UNKNOWN', 'pis')).toBe(404);
    expect(httpStatusFor('PRODUCT_INVALID', 'pis')).toBe(403);
    expect(httpStatusFor('FORMAT_ERROR', 'pis', 'path')).toBe(400);
    expect(httpStatusFor('PSU_CREDENTIALS_INVALID', 'pis')).toBe(401);
    expect(httpStatusFor('CANCELLATION_INVALID', 'pis')).toBe(405);
    expect(httpStatusFor('REQUESTED_FORMATS_INVALID', 'ais')).toBe(406);
  });

  it('RESOURCE_UNKNOWN: 400 in the payload, 403 for a path ID, 404 when the caller prefers it', () => {
    expect(httpStatusFor('RESOURCE_UNKNOWN', 'pis', 'payload')).toBe(400);
    expect(httpStatusFor('RESOURCE_UNKNOWN', 'pis', 'path')).toBe(403);
    expect(httpStatusFor('RESOURCE_UNKNOWN', 'ais', { prefer: 404 })).toBe(404);
    expect(httpStatusFor('RESOURCE_UNKNOWN', 'ais', { prefer: 409 })).toBe(400); // not allowed → payload rule
  });

  it('SERVICE_INVALID: 400 for the body, 405 for the method', () => {
    expect(httpStatusFor('SERVICE_INVALID', 'ais')).toBe(400);
    expect(httpStatusFor('SERVICE_INVALID', 'ais', { prefer: 405 })).toBe(405);
  });

  it('falls back to another area for codes the area does not define', () => {
    expect(httpStatusFor('ACCESS_EXCEEDED', 'pis')).toBe(429);
    expect(httpStatusFor('PAYMENT_FAILED', 'ais')).toBe(400);
  });

  it('lists the codes allowed with a status', () => {
    expect(messageCodesFor(404, 'pis').sort()).toEqual(['PRODUCT_UNKNOWN', 'RESOURCE_UNKNOWN']);
    expect(messageCodesFor(404, 'ais')).toEqual(['RESOURCE_UNKNOWN']);
    expect(messageCodesFor(429, 'ais')).toEqual(['ACCESS_EXCEEDED']);
    expect(messageCodesFor(403, 'ais').sort()).toEqual([
      'CONSENT_UNKNOWN',
      'RESOURCE_EXPIRED',
      'RESOURCE_UNKNOWN',
      'SERVICE_BLOCKED',
    ]);
  });

  it('describes known and unknown codes', () => {
    expect(describeMessageCode('ACCESS_EXCEEDED')).toMatch(/frequencyPerDay/);
    expect(describeMessageCode('MY_BANK_SPECIAL')).toMatch(/not a 1\.3\.12 message code/);
  });

  it('tppError builds a NextGenPSD2 body', () => {
    expect(tppError('FORMAT_ERROR', 'invalid amount', 'instructedAmount.amount')).toEqual({
      tppMessages: [
        { category: 'ERROR', code: 'FORMAT_ERROR', text: 'invalid amount', path: 'instructedAmount.amount' },
      ],
    });
    expect(tppError('CONSENT_UNKNOWN', 'x'.repeat(600)).tppMessages[0].text).toHaveLength(500);
    expect('path' in tppError('CONSENT_UNKNOWN', 'no path').tppMessages[0]).toBe(false);
  });
});
