import { describe, expect, it } from 'vitest';
import { REDACTED, redactBodyText, redactExchange, redactHeaders, redactUrl } from './redact';
import { BEARER, failedExchange, scaExchange, secretValues } from './test-exchanges';

describe('redactHeaders', () => {
  it('hides Authorization and headers named after tokens, secrets and cookies, in any case', () => {
    expect(
      redactHeaders({
        authorization: 'Bearer x',
        'Proxy-Authorization': 'Basic y',
        'X-Api-Token': 't',
        'Client-Secret': 's',
        Cookie: 'a=b',
        'Set-Cookie': 'c=d',
        'PSU-ID': 'alice',
        'X-Request-ID': 'r-1',
      }),
    ).toEqual({
      authorization: REDACTED,
      'Proxy-Authorization': REDACTED,
      'X-Api-Token': REDACTED,
      'Client-Secret': REDACTED,
      Cookie: REDACTED,
      'Set-Cookie': REDACTED,
      'PSU-ID': 'alice',
      'X-Request-ID': 'r-1',
    });
  });

  it('removes known secrets from other headers too', () => {
    expect(redactHeaders({ 'X-Echo': `token was ${BEARER}` }, { secrets: [BEARER] })).toEqual({
      'X-Echo': `token was ${REDACTED}`,
    });
  });
});

describe('redactExchange', () => {
  it('hides psuData passwords, the OTP and OAuth tokens, keeping everything else', () => {
    const redacted = redactExchange(scaExchange());
    expect(redacted.request.body).toEqual({
      psuData: { password: REDACTED, encryptedPassword: REDACTED, additionalPassword: REDACTED },
      scaAuthenticationData: REDACTED,
      note: "it's a\nmulti-line note",
    });
    expect(redacted.response?.body).toEqual({
      scaStatus: 'finalised',
      access_token: REDACTED,
      tokens: { refresh_token: REDACTED },
    });
    expect(JSON.parse(redacted.response?.bodyText ?? '')).toEqual(redacted.response?.body);
    expect(redacted.request.headers['PSU-ID']).toBe('alice');
    expect(redacted.request.headers.Authorization).toBe(REDACTED);
    expect(redacted.response?.headers['set-cookie']).toBe(REDACTED);
  });

  it('leaves no secret anywhere in the copy, and does not touch the original', () => {
    const original = scaExchange();
    const text = JSON.stringify(redactExchange(original));
    for (const secret of secretValues) expect(text).not.toContain(secret);
    expect(original.request.headers.Authorization).toBe(`Bearer ${BEARER}`);
    expect((original.request.body as { scaAuthenticationData: string }).scaAuthenticationData).toBe('123456');
  });

  it('redacts an update that holds only some parts of an exchange, adding none', () => {
    const { response } = scaExchange();
    const update = { durationMs: 3, response: response! };
    const redacted = redactExchange(update, { secrets: [BEARER] });
    expect(redacted).not.toHaveProperty('request');
    expect(redacted).not.toHaveProperty('error');
    expect(redacted.durationMs).toBe(3);
    expect(redacted.response.body).toMatchObject({ access_token: REDACTED });
  });

  it('keeps an exchange without a response as it is, apart from secrets', () => {
    const redacted = redactExchange(failedExchange());
    expect(redacted.response).toBeUndefined();
    expect(redacted.error).toEqual({ kind: 'network', message: 'Failed to fetch' });
  });
});

describe('redactBodyText', () => {
  it('redacts JSON text by parsing it', () => {
    expect(JSON.parse(redactBodyText('{"psuData":{"password":"p"},"x":1}'))).toEqual({
      psuData: { password: REDACTED },
      x: 1,
    });
  });

  it('blanks secret members in text that is not valid JSON', () => {
    const text = redactBodyText('{"access_token": "abc\\"def", "refresh_token":42, "ok":"yes"');
    expect(text).not.toContain('abc');
    expect(text).not.toContain('42');
    expect(text).toContain('"ok":"yes"');
  });

  it('blanks form-encoded secrets', () => {
    expect(redactBodyText('grant_type=refresh&refresh_token=rt1&client_secret=cs1')).toBe(
      `grant_type=refresh&refresh_token=${REDACTED}&client_secret=${REDACTED}`,
    );
  });

  it('blanks the authorisation code and the PKCE verifier of a token request, keeping the rest', () => {
    const form =
      'grant_type=authorization_code&code=c0de-42&redirect_uri=https%3A%2F%2Fc.example%2Fcallback%2Foauth&client_id=xs2a-console&code_verifier=v3rifier';
    const text = redactBodyText(form);
    expect(text).toBe(
      `grant_type=authorization_code&code=${REDACTED}&redirect_uri=https%3A%2F%2Fc.example%2Fcallback%2Foauth&client_id=xs2a-console&code_verifier=${REDACTED}`,
    );
    expect(redactBodyText('code_verifier=v3rifier&code=c0de-42')).toBe(`code_verifier=${REDACTED}&code=${REDACTED}`);
  });

  it('keeps a message code in JSON, which is no secret, and blanks token answers and verifiers', () => {
    expect(JSON.parse(redactBodyText('{"tppMessages":[{"code":"TOKEN_INVALID"}]}'))).toEqual({
      tppMessages: [{ code: 'TOKEN_INVALID' }],
    });
    expect(
      JSON.parse(redactBodyText('{"access_token":"t","token_type":"Bearer","expires_in":3600,"code_verifier":"v"}')),
    ).toEqual({ access_token: REDACTED, token_type: 'Bearer', expires_in: 3600, code_verifier: REDACTED });
  });
});

describe('redactUrl', () => {
  it('blanks secret query parameters only', () => {
    expect(redactUrl('https://b.example/cb?access_token=abc&state=s1')).toBe(
      'https://b.example/cb?access_token=%5Bredacted%5D&state=s1',
    );
    expect(redactUrl('https://b.example/v1/consents?x=1')).toBe('https://b.example/v1/consents?x=1');
  });

  it('blanks an authorisation code and verifier in a URL', () => {
    expect(redactUrl('https://c.example/callback/oauth?code=c0de-42&state=s1&code_verifier=v')).toBe(
      'https://c.example/callback/oauth?code=%5Bredacted%5D&state=s1&code_verifier=%5Bredacted%5D',
    );
  });
});
