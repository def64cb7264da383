import { describe, expect, it } from 'vitest';
import {
  AuthorisationConfirmationResponse,
  ChallengeData,
  PsuData,
  ScaStatusResponse,
  SelectPsuAuthenticationMethodResponse,
  StartScaprocessResponse,
  UpdatePsuAuthenticationResponse,
  UpdatePsuIdentificationResponse,
  parseStartAuthorisationBody,
  parseUpdatePsuDataBody,
  updatePsuDataResponseSchemaFor,
} from './sca';

describe('parseStartAuthorisationBody', () => {
  it('treats a missing or empty body as a plain start', () => {
    expect(parseStartAuthorisationBody(undefined)).toEqual({ success: true, data: { kind: 'empty' } });
    expect(parseStartAuthorisationBody({})).toEqual({ success: true, data: { kind: 'empty' } });
    expect(parseStartAuthorisationBody({ somethingElse: 1 })).toEqual({ success: true, data: { kind: 'empty' } });
  });

  it('selects each variant by its member', () => {
    expect(parseStartAuthorisationBody({ psuData: { password: 'start12' } })).toEqual({
      success: true,
      data: { kind: 'psuData', psuData: { password: 'start12' } },
    });
    expect(parseStartAuthorisationBody({ authenticationMethodId: 'sms' })).toEqual({
      success: true,
      data: { kind: 'authenticationMethodId', authenticationMethodId: 'sms' },
    });
    expect(parseStartAuthorisationBody({ scaAuthenticationData: '123456' })).toEqual({
      success: true,
      data: { kind: 'scaAuthenticationData', scaAuthenticationData: '123456' },
    });
  });

  it('refuses confirmationCode at start, but the PUT accepts it', () => {
    const result = parseStartAuthorisationBody({ confirmationCode: 'abc' });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.path).toBe('confirmationCode');
    expect(parseUpdatePsuDataBody({ confirmationCode: 'abc' })).toEqual({
      success: true,
      data: { kind: 'confirmationCode', confirmationCode: 'abc' },
    });
  });

  it('reports the offending member', () => {
    const empty = parseStartAuthorisationBody({ psuData: {} });
    expect(empty).toMatchObject({ success: false, error: { path: 'psuData' } });
    const wrongType = parseUpdatePsuDataBody({ scaAuthenticationData: 123456 });
    expect(wrongType).toMatchObject({ success: false, error: { path: 'scaAuthenticationData' } });
    const tooLong = parseUpdatePsuDataBody({ authenticationMethodId: 'x'.repeat(36) });
    expect(tooLong).toMatchObject({ success: false, error: { path: 'authenticationMethodId' } });
    const nested = parseUpdatePsuDataBody({ psuData: { password: 7 } });
    expect(nested).toMatchObject({ success: false, error: { path: 'psuData.password' } });
  });

  it('rejects two variants at once and non-objects', () => {
    expect(parseUpdatePsuDataBody({ authenticationMethodId: 'sms', scaAuthenticationData: '1' })).toMatchObject({
      success: false,
      error: { path: 'scaAuthenticationData' },
    });
    expect(parseUpdatePsuDataBody([1])).toMatchObject({ success: false, error: { path: '' } });
    expect(parseUpdatePsuDataBody('x')).toMatchObject({ success: false });
  });
});

describe('SCA data types', () => {
  it('PsuData needs at least one member', () => {
    expect(PsuData.safeParse({}).success).toBe(false);
    expect(PsuData.safeParse({ encryptedPassword: 'abc' }).success).toBe(true);
  });

  it('ChallengeData: otpMaxLength is an integer (the spec example sends "6")', () => {
    expect(ChallengeData.safeParse({ otpMaxLength: 6, otpFormat: 'integer' }).success).toBe(true);
    expect(ChallengeData.safeParse({ otpMaxLength: '6' }).success).toBe(false);
    expect(ChallengeData.safeParse({ otpFormat: 'digits' }).success).toBe(false);
    expect(ChallengeData.safeParse({ image: 'iVBORw0KGgo=' }).success).toBe(true);
    expect(ChallengeData.safeParse({ image: 'not base64!' }).success).toBe(false);
  });
});

describe('authorisation responses', () => {
  it('start-authorisation needs scaStatus, authorisationId and _links', () => {
    expect(
      StartScaprocessResponse.safeParse({ scaStatus: 'received', authorisationId: 'a1', _links: {} }).success,
    ).toBe(true);
    expect(StartScaprocessResponse.safeParse({ scaStatus: 'received', _links: {} }).success).toBe(false);
  });

  it('PUT responses by step', () => {
    expect(updatePsuDataResponseSchemaFor('empty')).toBe(UpdatePsuIdentificationResponse);
    expect(updatePsuDataResponseSchemaFor('psuData')).toBe(UpdatePsuAuthenticationResponse);
    expect(updatePsuDataResponseSchemaFor('authenticationMethodId')).toBe(SelectPsuAuthenticationMethodResponse);
    expect(updatePsuDataResponseSchemaFor('scaAuthenticationData')).toBe(ScaStatusResponse);
    expect(updatePsuDataResponseSchemaFor('confirmationCode')).toBe(AuthorisationConfirmationResponse);
  });

  it('identification needs _links; confirmation allows only finalised or failed', () => {
    expect(UpdatePsuIdentificationResponse.safeParse({ scaStatus: 'psuIdentified' }).success).toBe(false);
    expect(AuthorisationConfirmationResponse.safeParse({ scaStatus: 'finalised', _links: {} }).success).toBe(true);
    expect(AuthorisationConfirmationResponse.safeParse({ scaStatus: 'started', _links: {} }).success).toBe(false);
  });

  it('SCA status uses the singular tppMessage with any code', () => {
    const body = { scaStatus: 'failed', tppMessage: [{ category: 'ERROR', code: 'BANK_SPECIFIC', text: 'x' }] };
    expect(ScaStatusResponse.safeParse(body).success).toBe(true);
  });
});
