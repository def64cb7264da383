// Copy as code: in every language, the profile's token, PSU passwords and OTPs stay out of the code unless the user
// asks for the profile's credentials (and then only the token goes in), and the X-Request-ID is a new one.
import { describe, expect, it } from 'vitest';
import { codeRequest, presenterRequest } from './code-request';
import type { RequestParts } from './har-request';
import { codeLanguages, snippetFor } from './snippets';

const TOKEN = 'tok-9f8e7d6c5b4a';
const OLD_ID = '11111111-2222-4333-8444-555555555555';
const NEW_ID = '99999999-8888-4777-8666-555555555555';

const request: RequestParts = {
  method: 'PUT',
  url: 'https://bank.example/psd2/v1/consents/c-1/authorisations/a-1?access_token=tok-9f8e7d6c5b4a&code=oauth-code-77',
  headers: {
    'X-Request-ID': OLD_ID,
    'Content-Type': 'application/json',
    Authorization: `Bearer ${TOKEN}`,
    'PSU-IP-Address': '192.168.0.10',
    'X-Api-Token': 'api-token-5150',
    Cookie: 'session=cookie-4242',
  },
  body: {
    psuData: { password: 'hunter2-secret', encryptedPassword: 'enc-pass-31' },
    scaAuthenticationData: 'otp-654321',
    note: `echo ${TOKEN}`,
  },
};

/** Every secret of `request` other than the profile's token: PSU passwords, the OTP, secret headers, the OAuth code. */
const OTHER_SECRETS = ['hunter2-secret', 'enc-pass-31', 'otp-654321', 'api-token-5150', 'cookie-4242', 'oauth-code-77'];

describe.each(codeLanguages.map((language) => language.id))('the %s code', (language) => {
  it('has no secret and a fresh X-Request-ID by default', async () => {
    const code = await snippetFor(codeRequest(request, { secrets: [TOKEN], requestId: NEW_ID }), language);
    expect(code).not.toContain(TOKEN);
    for (const secret of OTHER_SECRETS) expect(code).not.toContain(secret);
    expect(code).not.toContain(OLD_ID);
    expect(code).toContain(NEW_ID);
    expect(code).toContain('[redacted]');
    expect(code).toContain('192.168.0.10');
  });

  it('carries the profile’s token when the user includes its credentials, and still no PSU password', async () => {
    const code = await snippetFor(
      codeRequest(request, {
        secrets: [TOKEN],
        requestId: NEW_ID,
        credentials: { bearerToken: TOKEN, origin: 'https://bank.example' },
      }),
      language,
    );
    expect(code).toContain(`Bearer ${TOKEN}`);
    for (const secret of OTHER_SECRETS) expect(code).not.toContain(secret);
    expect(code).not.toContain(OLD_ID);
  });
});

describe('codeRequest', () => {
  it('adds an X-Request-ID to a request that had none, and the token where the request had no Authorization', () => {
    const bare = codeRequest(
      { method: 'GET', url: 'https://bank.example/v1/accounts', headers: {} },
      { secrets: [], requestId: NEW_ID, credentials: { bearerToken: TOKEN, origin: 'https://bank.example' } },
    );
    expect(bare.headers).toEqual({ 'X-Request-ID': NEW_ID, Authorization: `Bearer ${TOKEN}` });
  });

  it('never puts the profile’s token into code for a request to another origin', () => {
    const elsewhere = codeRequest(
      { method: 'GET', url: 'https://other-bank.example/v1/accounts', headers: { Authorization: '[redacted]' } },
      { secrets: [TOKEN], requestId: NEW_ID, credentials: { bearerToken: TOKEN, origin: 'https://bank.example' } },
    );
    expect(JSON.stringify(elsewhere)).not.toContain(TOKEN);
    expect(elsewhere.headers.Authorization).toBe('[redacted]');
  });

  it('keeps an exchange the log already redacted redacted', () => {
    const logged = codeRequest(
      { ...request, headers: { ...request.headers, Authorization: '[redacted]' } },
      { secrets: [], requestId: NEW_ID },
    );
    expect(logged.headers.Authorization).toBe('[redacted]');
  });
});

describe('presenterRequest', () => {
  it('masks the body’s account numbers and people, and IBANs in the URL, keeping merchants', () => {
    const shown = presenterRequest({
      method: 'POST',
      url: 'https://bank.example/v1/payments/sepa-credit-transfers?iban=DE89370400440532013000',
      headers: { 'PSU-ID': 'alice' },
      body: {
        debtorAccount: { iban: 'DE89370400440532013000' },
        creditorName: 'Bob Laurent',
        ultimateCreditor: 'Rossmann',
        remittanceInformationUnstructured: 'Miete Wilhelm-Kuhr-Str. 12, Whg. 3.OG links',
      },
    });
    const text = JSON.stringify(shown);
    expect(text).not.toContain('DE89370400440532013000');
    expect(text).not.toContain('Bob Laurent');
    expect(text).not.toContain('Wilhelm-Kuhr');
    expect(text).toContain('Rossmann');
    expect(shown.headers['PSU-ID']).toBe('alice');
  });
});
