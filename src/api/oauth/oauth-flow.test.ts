// The OAuth SCA flow against a stubbed bank: metadata checks, the authorize URL with PKCE S256, the token exchange
// through the relay, and what the exchange log keeps of it.
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { describeXs2aError, loadMessageMeanings, OAuthFlowError, Xs2aError } from '../errors';
import { exchangeLog } from '../exchange-log';
import { testProfile } from '../test-kit';
import { answerAll, answerNext, jsonResponse, sent, sentCount } from '../../testing/http';
import {
  discoverOAuthServer,
  exchangeAuthorisationCode,
  issuersForMetadataUrl,
  prepareOAuthAuthorisation,
  type OAuthServer,
} from './oauth-flow';

const BANK = 'https://bank.example/psd2';
const METADATA_URL = `${BANK}/oauth/.well-known/oauth-authorization-server`;
const metadata = {
  issuer: `${BANK}/oauth`,
  authorization_endpoint: `${BANK}/oauth/authorize`,
  token_endpoint: `${BANK}/oauth/token`,
  response_types_supported: ['code'],
  grant_types_supported: ['authorization_code'],
  code_challenge_methods_supported: ['S256'],
  token_endpoint_auth_methods_supported: ['none'],
};
const server: OAuthServer = {
  issuer: metadata.issuer,
  authorizationEndpoint: metadata.authorization_endpoint,
  tokenEndpoint: metadata.token_endpoint,
};
const profile = testProfile({ id: 'bank', baseUrl: BANK });
const relayed = testProfile({ id: 'bank', baseUrl: BANK, relayTarget: 'strict' });

beforeEach(() => {
  exchangeLog.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('it succeeded');
    },
    (error: unknown) => error,
  );
}

describe('issuersForMetadataUrl', () => {
  it('knows the well-known segment after the issuer’s path and, as RFC 8414 puts it, before', () => {
    expect(issuersForMetadataUrl(METADATA_URL)).toEqual([`${BANK}/oauth`]);
    expect(issuersForMetadataUrl('https://auth.bank.example/.well-known/oauth-authorization-server/psd2')).toEqual([
      'https://auth.bank.example/psd2',
    ]);
    expect(issuersForMetadataUrl('https://auth.bank.example/.well-known/openid-configuration')).toEqual([
      'https://auth.bank.example/',
    ]);
    expect(issuersForMetadataUrl('https://auth.bank.example/oauth/metadata')).toEqual([]);
  });
});

describe('discoverOAuthServer', () => {
  it('reads the metadata through the profile’s relay, records it, and keeps what the flow needs', async () => {
    answerNext(jsonResponse(metadata));
    await expect(discoverOAuthServer(relayed, METADATA_URL, { flow: 'consent:c-1' })).resolves.toEqual(server);
    expect((await sent()).url).toBe(`http://localhost/relay/strict?url=${encodeURIComponent(METADATA_URL)}`);
    const [exchange] = exchangeLog.list();
    expect(exchange).toMatchObject({
      operationId: 'oauthMetadata',
      flow: 'consent:c-1',
      relayTarget: 'strict',
      request: { method: 'GET', url: METADATA_URL },
      response: { status: 200 },
    });
  });

  it('resolves a relative scaOAuth href against the base_url', async () => {
    answerNext(jsonResponse(metadata));
    await discoverOAuthServer(profile, '/psd2/oauth/.well-known/oauth-authorization-server');
    expect((await sent()).url).toBe(METADATA_URL);
  });

  it.each([
    [{ issuer: 'https://evil.example/oauth' }, /names the issuer https:\/\/evil\.example\/oauth/],
    [{ issuer: undefined }, /names no issuer/],
    [{ token_endpoint: undefined }, /has no token_endpoint/],
    [{ authorization_endpoint: 'http://bank.example/authorize' }, /does not use https/],
    [
      { code_challenge_methods_supported: ['plain'] },
      /does not offer PKCE with S256 \(code_challenge_methods_supported: plain\)/,
    ],
    [{ code_challenge_methods_supported: undefined }, /does not say that it supports PKCE with S256/],
    [{ response_types_supported: ['token'] }, /offers no authorisation code flow/],
  ])('refuses metadata with %j in plain words', async (change, message) => {
    answerNext(jsonResponse({ ...metadata, ...change }));
    const error = await rejection(discoverOAuthServer(profile, METADATA_URL));
    expect(error).toBeInstanceOf(OAuthFlowError);
    expect(describeXs2aError(error)).toMatchObject({
      title: 'The bank’s OAuth server cannot be used',
      summary: expect.stringMatching(message) as unknown,
      advice: expect.any(String) as unknown,
    });
  });

  it('allows plain http only for a server on this machine', async () => {
    const local = 'http://127.0.0.1:4318/sandbox/oauth';
    answerNext(
      jsonResponse({
        ...metadata,
        issuer: local,
        authorization_endpoint: `${local}/authorize`,
        token_endpoint: `${local}/token`,
      }),
    );
    const found = await discoverOAuthServer(profile, `${local}/.well-known/oauth-authorization-server`);
    expect(found.tokenEndpoint).toBe(`${local}/token`);
  });

  it('says so when the metadata cannot be read', async () => {
    answerNext(new Response('not here', { status: 404, statusText: 'Not Found' }));
    const error = await rejection(discoverOAuthServer(profile, METADATA_URL));
    expect(describeXs2aError(error).summary).toMatch(/answered with 404 Not Found/);
  });
});

describe('prepareOAuthAuthorisation', () => {
  it('sends the PSU to the authorize endpoint with the client, the console’s callback, the scope and PKCE S256', async () => {
    answerNext(jsonResponse(metadata));
    const prepared = await prepareOAuthAuthorisation({ profile, metadataUrl: METADATA_URL, scope: 'AIS:c-1' });
    const url = new URL(prepared.authorizationUrl);
    expect(url.origin + url.pathname).toBe(metadata.authorization_endpoint);
    const challenge = createHash('sha256').update(prepared.codeVerifier).digest('base64url');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'xs2a-console',
      redirect_uri: 'http://localhost/callback/oauth',
      scope: 'AIS:c-1',
      state: prepared.state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    expect(prepared.codeVerifier.length).toBeGreaterThanOrEqual(43);
    expect(prepared.state.length).toBeGreaterThanOrEqual(20);
    expect(prepared).toMatchObject({
      server,
      clientId: 'xs2a-console',
      redirectUri: 'http://localhost/callback/oauth',
    });
  });

  it('uses the profile’s OAuth client_id and a fresh verifier and state each time', async () => {
    answerAll(() => jsonResponse(metadata));
    const own = testProfile({ id: 'bank', baseUrl: BANK, oauthClientId: 'tpp-123' });
    const first = await prepareOAuthAuthorisation({ profile: own, metadataUrl: METADATA_URL, scope: 'PIS:p-1' });
    const second = await prepareOAuthAuthorisation({ profile: own, metadataUrl: METADATA_URL, scope: 'PIS:p-1' });
    expect(new URL(first.authorizationUrl).searchParams.get('client_id')).toBe('tpp-123');
    expect(first.state).not.toBe(second.state);
    expect(first.codeVerifier).not.toBe(second.codeVerifier);
  });
});

describe('exchangeAuthorisationCode', () => {
  const input = {
    profile: relayed,
    server,
    clientId: 'xs2a-console',
    redirectUri: 'http://localhost/callback/oauth',
    codeVerifier: 'verifier-0123456789-0123456789-0123456789-abcdef',
    state: 'state-1',
    flow: 'consent:c-1',
  };
  const callback = (extra = '') => new URLSearchParams(`code=the-code-42&state=state-1${extra}`);

  it('posts the code with the PKCE verifier through the relay and returns the token, logged without secrets', async () => {
    answerNext(
      jsonResponse(
        { access_token: 'token-abc-123', token_type: 'Bearer', expires_in: 3600, scope: 'AIS:c-1' },
        { headers: { 'Cache-Control': 'no-store' } },
      ),
    );
    await expect(exchangeAuthorisationCode({ ...input, parameters: callback() })).resolves.toEqual({
      accessToken: 'token-abc-123',
      expiresIn: 3600,
      scope: 'AIS:c-1',
    });
    const call = await sent();
    expect(call.url).toBe(`http://localhost/relay/strict?url=${encodeURIComponent(server.tokenEndpoint)}`);
    expect(call.method).toBe('POST');
    expect(Object.fromEntries(new URLSearchParams(call.body as string))).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code-42',
      redirect_uri: 'http://localhost/callback/oauth',
      client_id: 'xs2a-console',
      code_verifier: input.codeVerifier,
    });
    const logged = JSON.stringify(exchangeLog.list());
    expect(exchangeLog.list()[0]).toMatchObject({
      operationId: 'oauthToken',
      flow: 'consent:c-1',
      relayTarget: 'strict',
    });
    for (const secret of ['the-code-42', input.codeVerifier, 'token-abc-123']) expect(logged).not.toContain(secret);
    expect(logged).toContain('grant_type=authorization_code');
  });

  it('explains a refused code (invalid_grant) and asks to authorise again', async () => {
    answerNext(jsonResponse({ error: 'invalid_grant', error_description: 'code already used' }, { status: 400 }));
    const error = await rejection(exchangeAuthorisationCode({ ...input, parameters: callback() }));
    expect(error).toBeInstanceOf(OAuthFlowError);
    expect(describeXs2aError(error)).toMatchObject({
      title: 'The bank did not issue an access token',
      summary: expect.stringMatching(/refused the authorisation code/) as unknown,
      messages: [{ code: 'invalid_grant', text: 'code already used' }],
      advice: expect.stringMatching(/Authorise again/) as unknown,
    });
  });

  it('names the client_id when the bank does not accept it', async () => {
    answerNext(jsonResponse({ error: 'invalid_client' }, { status: 400 }));
    const error = await rejection(exchangeAuthorisationCode({ ...input, parameters: callback() }));
    expect(describeXs2aError(error).summary).toMatch(/does not accept the OAuth client_id “xs2a-console”/);
  });

  it('refuses a callback whose state or issuer does not fit, without calling the bank', async () => {
    const wrongState = await rejection(
      exchangeAuthorisationCode({ ...input, parameters: new URLSearchParams('code=x&state=other') }),
    );
    expect(describeXs2aError(wrongState).title).toBe('The bank’s answer to the authorisation cannot be used');
    const wrongIssuer = await rejection(
      exchangeAuthorisationCode({ ...input, parameters: callback('&iss=https%3A%2F%2Fevil.example') }),
    );
    expect(wrongIssuer).toBeInstanceOf(OAuthFlowError);
    expect(sentCount()).toBe(0);
  });

  it('shows a certificate refusal of the token endpoint as the bank’s error, with what to check in the relay config', async () => {
    await loadMessageMeanings();
    answerNext(
      jsonResponse(
        { tppMessages: [{ category: 'ERROR', code: 'CERTIFICATE_MISSING', text: 'no client certificate' }] },
        { status: 401 },
      ),
    );
    const error = await rejection(exchangeAuthorisationCode({ ...input, parameters: callback() }));
    expect(error).toBeInstanceOf(Xs2aError);
    const [message] = describeXs2aError(error).messages;
    expect(message).toMatchObject({ code: 'CERTIFICATE_MISSING', text: 'no client certificate' });
    expect(message?.advice).toMatch(/relay target “strict” has tls\.cert and tls\.key/);
  });

  it('shows the relay’s own failure as such', async () => {
    answerNext(
      jsonResponse(
        { relayError: { code: 'CERTIFICATE_REJECTED', message: 'bank.example refused the client certificate' } },
        { status: 502, headers: { 'X-Relay-Error': 'CERTIFICATE_REJECTED' } },
      ),
    );
    const error = await rejection(exchangeAuthorisationCode({ ...input, parameters: callback() }));
    expect(error).toMatchObject({ kind: 'relay', relayError: { code: 'CERTIFICATE_REJECTED' } });
    expect(describeXs2aError(error).advice).toMatch(
      /tls\.cert and tls\.key \(or tls\.pfx\) of the relay target “strict”/,
    );
  });
});
