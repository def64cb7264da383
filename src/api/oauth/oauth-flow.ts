/**
 * The OAuth SCA flow of XS2A (the bank's `scaOAuth` link): reads and checks the bank's authorisation server metadata
 * (RFC 8414), prepares the authorisation request with PKCE S256 and a state, and exchanges the code the bank sends back
 * for an access token. Requests go through oauthFetch (relay, exchange log). Loaded on demand (loadOAuthFlow).
 */
import {
  allowInsecureRequests,
  authorizationCodeGrantRequest,
  calculatePKCECodeChallenge,
  customFetch,
  generateRandomCodeVerifier,
  generateRandomState,
  None,
  processAuthorizationCodeResponse,
  processDiscoveryResponse,
  validateAuthResponse,
  type AuthorizationServer,
  type Client,
} from 'oauth4webapi';
import { buildUrl } from '../client';
import { OAuthFlowError, Xs2aError } from '../errors';
import { DEFAULT_OAUTH_CLIENT_ID, oauthRedirectUri, type BankProfile } from '../profiles/bank-profile';
import { oauthFetch } from './oauth-fetch';

/** The parts of the bank's authorisation server metadata the flow uses. */
export interface OAuthServer {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** RFC 9207: the server names itself (`iss`) in its answers to the redirect URI. */
  issParameterSupported?: boolean;
}

export interface OAuthAuthorisationRequest {
  profile: BankProfile;
  /** The `scaOAuth` href: the metadata document's URL, absolute or relative to the base_url. */
  metadataUrl: string;
  /** `AIS:<consentId>`, `PIS:<paymentId>` or `SBS:<basketId>`. */
  scope: string;
  /** Inspector grouping of the metadata request. */
  flow?: string;
  signal?: AbortSignal;
}

/** Everything the callback needs later (keep it in the tab's storage), and where to send the PSU now. */
export interface PreparedOAuthAuthorisation {
  server: OAuthServer;
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string;
  codeVerifier: string;
  /** The bank's authorize URL with every parameter: the browser goes there. */
  authorizationUrl: string;
}

export interface OAuthCallbackResult {
  accessToken: string;
  /** Seconds, as the bank said (expires_in); undefined when it did not. */
  expiresIn?: number;
  /** The scope the bank granted, when it says. */
  scope?: string;
}

const WELL_KNOWN_SUFFIXES = ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration'];

/**
 * The issuers a metadata URL can belong to: RFC 8414 puts the well-known segment before the issuer's path
 * (`/.well-known/oauth-authorization-server/psd2`); many banks, and OpenID, put it after (`/psd2/oauth/.well-known/…`).
 * Empty when the URL follows neither form.
 */
export function issuersForMetadataUrl(metadataUrl: string): string[] {
  const url = new URL(metadataUrl);
  const path = url.pathname;
  const issuers: string[] = [];
  for (const suffix of WELL_KNOWN_SUFFIXES) {
    if (path.endsWith(suffix)) issuers.push(url.origin + path.slice(0, -suffix.length));
    if (path.startsWith(`${suffix}/`)) issuers.push(url.origin + path.slice(suffix.length));
  }
  return issuers.map((issuer) => new URL(issuer).href);
}

function isLoopback(url: URL): boolean {
  return url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
}

/** https, or http on this machine (a sandbox); anything else leaves codes and tokens readable on the way. */
function isAcceptableEndpoint(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url));
}

function metadataError(summary: string, advice?: string): OAuthFlowError {
  return new OAuthFlowError({
    title: 'The bank’s OAuth server cannot be used',
    summary,
    advice:
      advice ??
      'The scaOAuth link points at the bank’s authorisation server metadata (RFC 8414); the console needs its issuer, authorization_endpoint and token_endpoint, and PKCE with S256. Choose another SCA approach in the profile if the bank offers one.',
  });
}

function endpoint(metadata: Record<string, unknown>, name: string): string {
  const value = metadata[name];
  if (typeof value !== 'string' || value === '') throw metadataError(`The metadata has no ${name}.`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw metadataError(`The metadata’s ${name} “${value}” is not an absolute URL.`);
  }
  if (!isAcceptableEndpoint(url)) {
    throw metadataError(
      `The metadata’s ${name} ${value} does not use https.`,
      'An OAuth server outside this machine must use https, or the authorisation code and the token travel unprotected.',
    );
  }
  return url.href;
}

function listOf(metadata: Record<string, unknown>, name: string): string[] | undefined {
  const value = metadata[name];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
}

/** The issuer the metadata names, checked against where it was found. */
function checkedIssuer(metadata: Record<string, unknown>, metadataUrl: string): string {
  const issuer = metadata.issuer;
  if (typeof issuer !== 'string' || issuer === '') throw metadataError('The metadata names no issuer.');
  let issuerUrl: URL;
  try {
    issuerUrl = new URL(issuer);
  } catch {
    throw metadataError(`The metadata’s issuer “${issuer}” is not a URL.`);
  }
  const expected = issuersForMetadataUrl(metadataUrl);
  const matches =
    expected.length > 0 ? expected.includes(issuerUrl.href) : issuerUrl.origin === new URL(metadataUrl).origin;
  if (!matches) {
    throw metadataError(
      `The metadata at ${metadataUrl} names the issuer ${issuer}, which is not the server it was read from.`,
      'RFC 8414 requires the issuer to match the metadata’s address, so that one server cannot pass for another. The bank’s OAuth configuration needs fixing.',
    );
  }
  return issuer;
}

/** Checks the members the code flow with PKCE needs, in plain words for each missing one. */
function checkedServer(metadata: Record<string, unknown>, metadataUrl: string): OAuthServer {
  const issuer = checkedIssuer(metadata, metadataUrl);
  const authorizationEndpoint = endpoint(metadata, 'authorization_endpoint');
  const tokenEndpoint = endpoint(metadata, 'token_endpoint');
  const responseTypes = listOf(metadata, 'response_types_supported');
  if (responseTypes && !responseTypes.includes('code')) {
    throw metadataError(
      `The OAuth server offers no authorisation code flow (response_types_supported: ${responseTypes.join(', ') || 'none'}).`,
    );
  }
  const grantTypes = listOf(metadata, 'grant_types_supported');
  if (grantTypes && !grantTypes.includes('authorization_code')) {
    throw metadataError(
      `The OAuth server does not issue tokens for authorisation codes (grant_types_supported: ${grantTypes.join(', ') || 'none'}).`,
    );
  }
  const challengeMethods = listOf(metadata, 'code_challenge_methods_supported') ?? [];
  if (!challengeMethods.includes('S256')) {
    throw metadataError(
      challengeMethods.length > 0
        ? `The OAuth server does not offer PKCE with S256 (code_challenge_methods_supported: ${challengeMethods.join(', ')}).`
        : 'The OAuth server’s metadata does not say that it supports PKCE with S256 (code_challenge_methods_supported).',
      'The console runs the authorisation code flow only with PKCE S256, which keeps a stolen code useless.',
    );
  }
  return {
    issuer,
    authorizationEndpoint,
    tokenEndpoint,
    ...(metadata.authorization_response_iss_parameter_supported === true && { issParameterSupported: true }),
  };
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Reads the bank's authorisation server metadata through the console's fetch layer and checks it. */
export async function discoverOAuthServer(
  profile: BankProfile,
  metadataHref: string,
  options: { flow?: string; signal?: AbortSignal } = {},
): Promise<OAuthServer> {
  const metadataUrl = buildUrl(profile.baseUrl, { href: metadataHref });
  const response = await oauthFetch(
    metadataUrl,
    { method: 'GET', headers: { Accept: 'application/json' }, ...(options.signal && { signal: options.signal }) },
    { profile, operationId: 'oauthMetadata', ...(options.flow && { flow: options.flow }) },
  );
  const text = await response.text();
  if (response.status !== 200) {
    throw metadataError(
      `Reading the metadata at ${metadataUrl} was answered with ${[response.status, response.statusText].filter(Boolean).join(' ')}.`,
      'Check that the bank’s scaOAuth link points at its authorisation server metadata, and that the relay target (if any) may reach that origin (alsoAllow).',
    );
  }
  const metadata = parsedJson(text);
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) {
    throw metadataError(`The answer at ${metadataUrl} is not a JSON metadata document.`);
  }
  const server = checkedServer(metadata as Record<string, unknown>, metadataUrl);
  // The library's own conformance checks (status, JSON content type, issuer) on the same answer.
  try {
    await processDiscoveryResponse(
      new URL(server.issuer),
      new Response(text, { status: response.status, headers: response.headers }),
    );
  } catch (error) {
    throw metadataError(`The metadata at ${metadataUrl} is not conform: ${(error as Error).message}.`);
  }
  return server;
}

/** The OAuth client of a profile. */
export function clientIdOf(profile: BankProfile): string {
  return profile.oauthClientId?.trim() || DEFAULT_OAUTH_CLIENT_ID;
}

/**
 * Reads and checks the metadata, then makes a fresh PKCE verifier (S256) and state and the authorize URL. Nothing is
 * stored here: the caller keeps the result for the callback before it sends the browser to `authorizationUrl`.
 */
export async function prepareOAuthAuthorisation(
  request: OAuthAuthorisationRequest,
): Promise<PreparedOAuthAuthorisation> {
  const { profile, scope } = request;
  const server = await discoverOAuthServer(profile, request.metadataUrl, {
    ...(request.flow && { flow: request.flow }),
    ...(request.signal && { signal: request.signal }),
  });
  const clientId = clientIdOf(profile);
  const redirectUri = oauthRedirectUri();
  const codeVerifier = generateRandomCodeVerifier();
  const state = generateRandomState();
  const url = new URL(server.authorizationEndpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', scope);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', await calculatePKCECodeChallenge(codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return { server, clientId, redirectUri, scope, state, codeVerifier, authorizationUrl: url.href };
}

function authorizationServer(server: OAuthServer): AuthorizationServer {
  return {
    issuer: server.issuer,
    authorization_endpoint: server.authorizationEndpoint,
    token_endpoint: server.tokenEndpoint,
    ...(server.issParameterSupported && { authorization_response_iss_parameter_supported: true }),
  };
}

/** The OAuth error code and description of an error the OAuth library raised for the server's answer, if any. */
function oauthErrorOf(error: unknown): { code: string; description?: string; status?: number } | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const record = error as { error?: unknown; error_description?: unknown; status?: unknown };
  if (typeof record.error !== 'string') return undefined;
  return {
    code: record.error,
    ...(typeof record.error_description === 'string' && { description: record.error_description }),
    ...(typeof record.status === 'number' && { status: record.status }),
  };
}

function tokenError(error: unknown, clientId: string): OAuthFlowError {
  const oauthError = oauthErrorOf(error);
  const title = 'The bank did not issue an access token';
  if (!oauthError) {
    return new OAuthFlowError({
      title,
      summary: `The token endpoint’s answer could not be used: ${error instanceof Error ? error.message : String(error)}.`,
      advice: 'Authorise again; if it keeps failing, the inspector shows the token endpoint’s answer.',
    });
  }
  const base = { title, code: oauthError.code, ...(oauthError.description && { description: oauthError.description }) };
  switch (oauthError.code) {
    case 'invalid_grant':
      return new OAuthFlowError({
        ...base,
        summary:
          'The bank refused the authorisation code: it was used already, is older than the bank allows, or was issued for another client_id, redirect URI or PKCE verifier.',
        advice: 'Authorise again at the bank: a new authorisation gives a new code.',
      });
    case 'invalid_client':
    case 'unauthorized_client':
      return new OAuthFlowError({
        ...base,
        summary: `The bank does not accept the OAuth client_id “${clientId}” for this.`,
        advice:
          'Set the client_id the bank registered for the TPP as the profile’s OAuth client_id in Settings, then authorise again.',
      });
    default:
      return new OAuthFlowError({
        ...base,
        summary: `The token endpoint answered ${oauthError.status ?? 'with'} error ${oauthError.code}.`,
        advice: 'Authorise again; if it keeps failing, the inspector shows the token request and the answer.',
      });
  }
}

/**
 * Exchanges the code of the bank's answer for an access token (PKCE verifier, the same client_id and redirect URI),
 * through the console's fetch layer. `parameters` are the callback URL's query; the state must be the expected one.
 */
export async function exchangeAuthorisationCode(input: {
  profile: BankProfile;
  server: OAuthServer;
  clientId: string;
  redirectUri: string;
  codeVerifier: string;
  state: string;
  parameters: URLSearchParams;
  flow?: string;
}): Promise<OAuthCallbackResult> {
  const { profile, clientId } = input;
  const as = authorizationServer(input.server);
  const client: Client = { client_id: clientId };
  let callbackParameters: URLSearchParams;
  try {
    callbackParameters = validateAuthResponse(as, client, input.parameters, input.state);
  } catch (error) {
    throw new OAuthFlowError({
      title: 'The bank’s answer to the authorisation cannot be used',
      summary: `The parameters the bank sent back do not fit the request: ${(error as Error).message}.`,
      advice: 'Authorise again from the payment or consent page.',
    });
  }
  const insecure = new URL(input.server.tokenEndpoint).protocol === 'http:';
  const options = {
    [customFetch]: (url: string, init: { method: string; headers: Record<string, string>; body?: unknown }) =>
      oauthFetch(
        url,
        {
          method: 'POST',
          headers: init.headers,
          ...(init.body instanceof URLSearchParams && { body: init.body }),
        },
        { profile, operationId: 'oauthToken', ...(input.flow && { flow: input.flow }) },
      ),
    // Only a token endpoint on this machine (a sandbox) may be plain http: the metadata check refused others.
    ...(insecure && { [allowInsecureRequests]: true }),
  };
  let response: Response;
  try {
    response = await authorizationCodeGrantRequest(
      as,
      client,
      None(),
      callbackParameters,
      input.redirectUri,
      input.codeVerifier,
      options,
    );
  } catch (error) {
    if (error instanceof Xs2aError) throw error;
    throw tokenError(error, clientId);
  }
  try {
    const result = await processAuthorizationCodeResponse(as, client, response);
    return {
      accessToken: result.access_token,
      ...(typeof result.expires_in === 'number' && { expiresIn: result.expires_in }),
      ...(typeof result.scope === 'string' && { scope: result.scope }),
    };
  } catch (error) {
    throw tokenError(error, clientId);
  }
}
