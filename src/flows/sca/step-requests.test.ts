import { describe, expect, it } from 'vitest';
import { Xs2aError } from '../../api';
import { fieldRejection, loginHint, otpRetryHint, startBody, stepRequest, typedPsuId } from './step-requests';

describe('SCA step requests', () => {
  it('map each input to one step and body, used by a PUT and by a start alike', () => {
    expect(stepRequest({ kind: 'none' })).toBeUndefined();
    expect(stepRequest({ kind: 'identification', psuId: 'PSU-1' })).toEqual({ step: 'identification', body: {} });
    expect(stepRequest({ kind: 'authentication', psuId: 'PSU-1', password: 'pw' })).toEqual({
      step: 'authentication',
      body: { psuData: { password: 'pw' } },
    });
    expect(stepRequest({ kind: 'additionalAuthentication', password: 'pw2' })).toEqual({
      step: 'authentication',
      body: { psuData: { additionalPassword: 'pw2' } },
    });
    expect(stepRequest({ kind: 'selectMethod', authenticationMethodId: 'sms' })).toEqual({
      step: 'selectMethod',
      body: { authenticationMethodId: 'sms' },
    });
    expect(stepRequest({ kind: 'authoriseTransaction', otp: '123456' })).toEqual({
      step: 'authoriseTransaction',
      body: { scaAuthenticationData: '123456' },
    });
    expect(stepRequest({ kind: 'confirmation', confirmationCode: 'c' })).toEqual({
      step: 'confirmation',
      body: { confirmationCode: 'c' },
    });
  });

  it('a start sends the same bodies, nothing for a plain start and never a confirmation code', () => {
    expect(startBody({ kind: 'none' })).toBeUndefined();
    expect(startBody({ kind: 'identification', psuId: 'PSU-1' })).toEqual({});
    expect(startBody({ kind: 'authoriseTransaction', otp: '1' })).toEqual({ scaAuthenticationData: '1' });
    expect(startBody({ kind: 'confirmation', confirmationCode: 'c' })).toBeUndefined();
  });

  it('keeps a PSU-ID typed for identification or login only', () => {
    expect(typedPsuId({ kind: 'identification', psuId: 'PSU-2' })).toBe('PSU-2');
    expect(typedPsuId({ kind: 'authentication', psuId: '', password: 'pw' })).toBeUndefined();
    expect(typedPsuId({ kind: 'selectMethod', authenticationMethodId: 'sms' })).toBeUndefined();
  });
});

describe('refusals in words', () => {
  const wrongLogin = new Xs2aError({
    kind: 'http',
    status: 401,
    requestId: 'r-1',
    exchangeId: 'e-1',
    url: 'http://bank.test/v1/consents/c-1/authorisations/a-1',
    tppMessages: [{ category: 'ERROR', code: 'PSU_CREDENTIALS_INVALID' }],
  });
  const login = { kind: 'authentication', psuId: 'PSU-1', password: 'pw' } as const;

  it('puts a refused login or OTP at its field, and nothing else', () => {
    expect(fieldRejection(login, wrongLogin)).toMatch(/did not accept the login/);
    expect(fieldRejection({ kind: 'authoriseTransaction', otp: '1' }, wrongLogin)).toMatch(/one-time password/);
    expect(fieldRejection(login, new Error('network'))).toBeUndefined();
    expect(loginHint(login, wrongLogin)).toMatch(/Check the PSU-ID and password/);
    expect(loginHint({ kind: 'selectMethod', authenticationMethodId: 'x' }, wrongLogin)).toBeUndefined();
  });

  it('tells whether another OTP may be tried from the status read after a refusal', () => {
    expect(otpRetryHint({ scaStatus: 'scaMethodSelected' })).toMatch(/still open \(scaStatus scaMethodSelected\)/);
    expect(otpRetryHint({})).toMatch(/scaStatus unknown/);
    expect(otpRetryHint({ scaStatus: 'failed' })).toBeUndefined();
    expect(otpRetryHint('unreadable')).toMatch(/while the bank allows it/);
  });
});
