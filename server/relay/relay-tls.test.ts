// The relay's mutual TLS, bank CAs, request signing and further origins, against small HTTPS banks on loopback ports
// with a test PKI made for the run.
import { X509Certificate } from 'node:crypto';
import { readFileSync, mkdtempSync } from 'node:fs';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server as HttpServer,
  type ServerResponse,
} from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHostPolicy } from '../host-policy';
import { verifySignedRequest, type SignatureProblem } from '../signing/xs2a-signature';
import { writeTestPki, type TestPkiFiles } from '../testing/test-pki';
import { parseRelayConfig } from './config';
import { createRelay, type Relay } from './relay';

interface Seen {
  method: string;
  url: string;
  headers: Headers;
  body: Buffer;
  clientCertificate: string | undefined;
  signature: SignatureProblem | 'valid';
}

let pki: TestPkiFiles;
let bank: Server;
let tls12Bank: Server;
let plainBank: HttpServer;
let bankOrigin: string;
let tls12Origin: string;
let plainOrigin: string;
let seen: Seen[] = [];
let relay: Relay;
/** Every relay error body of the run, checked for secrets at the end. */
const errorBodies: string[] = [];

function listen(server: Server | HttpServer): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/** A bank that records each request, the client certificate it came with, and whether its signature holds. */
function handler(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const headers = headersOf(req);
    const socket = req.socket as Partial<TLSSocket>;
    const peer = socket.getPeerCertificate?.();
    const problem = verifySignedRequest(
      { method: req.method ?? '', path: req.url ?? '', headers, body: new Uint8Array(body) },
      { trusted: [new X509Certificate(readFileSync(pki.caCert))] },
    );
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers,
      body,
      clientCertificate: peer && 'subject' in peer ? String(peer.subject.CN) : undefined,
      signature: problem ?? 'valid',
    });
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ ok: true }));
  });
}

beforeAll(async () => {
  pki = writeTestPki(mkdtempSync(join(tmpdir(), 'relay-tls-')));
  const serverTls = {
    cert: readFileSync(pki.serverCert),
    key: readFileSync(pki.serverKey),
    ca: readFileSync(pki.caCert),
    // As a strict bank: no connection without a client certificate issued by its CA.
    requestCert: true,
    rejectUnauthorized: true,
  };
  bank = createServer(serverTls, handler);
  tls12Bank = createServer({ ...serverTls, maxVersion: 'TLSv1.2' }, handler);
  plainBank = createHttpServer(handler);
  bankOrigin = `https://127.0.0.1:${await listen(bank)}`;
  tls12Origin = `https://127.0.0.1:${await listen(tls12Bank)}`;
  plainOrigin = `http://127.0.0.1:${await listen(plainBank)}`;

  // The targets as a config file beside the PKI names them.
  const base = { timeoutMs: 5000 };
  const config = parseRelayConfig(
    {
      targets: [
        {
          ...base,
          id: 'pem',
          baseUrl: `${bankOrigin}/psd2`,
          tls: { cert: 'qwac.pem', key: 'qwac-key.pem', ca: 'ca.pem' },
        },
        {
          ...base,
          id: 'p12',
          baseUrl: `${bankOrigin}/psd2`,
          tls: { pfx: 'qwac.p12', passphraseEnv: 'P12', ca: 'ca.pem' },
        },
        {
          ...base,
          id: 'signed',
          baseUrl: `${bankOrigin}/psd2`,
          tls: { pfx: 'qwac.p12', passphrase: pki.clientP12Passphrase, ca: 'ca.pem' },
          signing: { key: 'qsealc-key.pem', cert: 'qsealc.pem' },
          alsoAllow: [plainOrigin],
        },
        { ...base, id: 'no-cert', baseUrl: `${bankOrigin}/psd2`, tls: { ca: 'ca.pem' } },
        { ...base, id: 'no-cert-tls12', baseUrl: `${tls12Origin}/psd2`, tls: { ca: 'ca.pem' } },
        {
          ...base,
          id: 'rogue-cert',
          baseUrl: `${bankOrigin}/psd2`,
          tls: { cert: 'rogue-qwac.pem', key: 'rogue-qwac-key.pem', ca: 'ca.pem' },
        },
        { ...base, id: 'untrusted', baseUrl: `${bankOrigin}/psd2`, tls: { cert: 'qwac.pem', key: 'qwac-key.pem' } },
        {
          ...base,
          id: 'wrong-ca',
          baseUrl: `${bankOrigin}/psd2`,
          tls: { cert: 'qwac.pem', key: 'qwac-key.pem', ca: 'rogue-ca.pem' },
        },
      ],
    },
    join(pki.dir, 'relay.json'),
    { env: { P12: pki.clientP12Passphrase } },
  );
  relay = createRelay(config, { hosts });
});

afterAll(async () => {
  await relay.close();
  for (const server of [bank, tls12Bank, plainBank]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** The console's server: http://127.0.0.1:4318. */
const hosts = createHostPolicy({ listenHost: '127.0.0.1', port: 4318 });

function relayRequest(targetId: string, url: string, init: RequestInit = {}): Request {
  return new Request(`http://127.0.0.1:4318/relay/${targetId}?url=${encodeURIComponent(url)}`, init);
}

async function relayErrorOf(response: Response) {
  const text = await response.text();
  errorBodies.push(text);
  return { status: response.status, header: response.headers.get('x-relay-error'), ...(JSON.parse(text) as object) };
}

describe('the relay with mutual TLS', () => {
  it('reaches a bank that requires client certificates, with a PEM certificate and key', async () => {
    seen = [];
    const response = await relay.fetch(relayRequest('pem', `${bankOrigin}/psd2/v1/accounts`));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(seen[0]?.clientCertificate).toBe('XS2A Console Test TPP');
  });

  it('reaches it with a PKCS#12 bundle whose passphrase comes from the environment', async () => {
    seen = [];
    const response = await relay.fetch(relayRequest('p12', `${bankOrigin}/psd2/v1/accounts`));
    expect(response.status).toBe(200);
    expect(seen[0]?.clientCertificate).toBe('XS2A Console Test TPP');
  });

  it('answers 502 CERTIFICATE_REJECTED when the bank demands a client certificate and the target has none', async () => {
    for (const [id, origin] of [
      ['no-cert', bankOrigin], // TLS 1.3: the "certificate required" alert after the handshake
      ['no-cert-tls12', tls12Origin], // TLS 1.2: a handshake failure
    ] as const) {
      const response = await relay.fetch(relayRequest(id, `${origin}/psd2/v1/accounts`));
      expect(await relayErrorOf(response)).toMatchObject({
        status: 502,
        header: 'CERTIFICATE_REJECTED',
        relayError: {
          code: 'CERTIFICATE_REJECTED',
          message: expect.stringMatching(
            new RegExp(
              `^The bank at ${new URL(origin).host} demands a client certificate in the TLS handshake \\(ERR_SSL_\\w+\\), and relay target ${id} has none: set tls\\.cert and tls\\.key, or tls\\.pfx`,
            ),
          ) as string,
        },
      });
    }
  });

  it('says the bank may have refused a client certificate it closed the connection on', async () => {
    // A Node bank checks the certificate after a TLS 1.3 handshake and closes without an alert.
    const response = await relay.fetch(relayRequest('rogue-cert', `${bankOrigin}/psd2/v1/accounts`));
    const error = await relayErrorOf(response);
    expect(error.status).toBe(502);
    expect(JSON.stringify(error)).toMatch(/client certificate/);
  });

  it('answers 502 TLS_FAILURE for a bank certificate from a CA it does not trust, and says to set tls.ca', async () => {
    const response = await relay.fetch(relayRequest('untrusted', `${bankOrigin}/psd2/v1/accounts`));
    expect(await relayErrorOf(response)).toMatchObject({
      status: 502,
      header: 'TLS_FAILURE',
      relayError: {
        code: 'TLS_FAILURE',
        message: expect.stringMatching(
          /^The bank at 127\.0\.0\.1:\d+ shows a TLS certificate from a certificate authority the relay does not trust \(\w+\)\. If the bank uses a private CA, set tls\.ca of relay target untrusted to that CA’s certificate \(PEM\)\.$/,
        ) as string,
      },
    });
    const wrongCa = await relayErrorOf(await relay.fetch(relayRequest('wrong-ca', `${bankOrigin}/psd2/v1/accounts`)));
    expect(wrongCa).toMatchObject({
      header: 'TLS_FAILURE',
      relayError: {
        message: expect.stringContaining('check that tls.ca holds the CA of the bank’s certificate') as string,
      },
    });
  });

  it('answers 502 TLS_FAILURE, naming the scheme, for a bank that speaks plain http on an https URL', async () => {
    const httpsToPlain = plainOrigin.replace('http:', 'https:');
    const plainRelay = createRelay(
      { targets: [{ id: 'plain', baseUrl: httpsToPlain, timeoutMs: 5000, alsoAllow: [] }] },
      { hosts },
    );
    const response = await plainRelay.fetch(relayRequest('plain', `${httpsToPlain}/v1/accounts`));
    await plainRelay.close();
    expect(await relayErrorOf(response)).toMatchObject({
      status: 502,
      header: 'TLS_FAILURE',
      relayError: { message: expect.stringContaining('it may speak plain http') as string },
    });
  });
});

describe('the relay signing requests', () => {
  it('signs the exact bytes it forwards, and the bank’s verification holds', async () => {
    seen = [];
    const body = JSON.stringify({ instructedAmount: { currency: 'EUR', amount: '12.50' }, creditorName: 'Zoë' });
    const response = await relay.fetch(
      relayRequest('signed', `${bankOrigin}/psd2/v1/payments/sepa-credit-transfers?x=a%20b`, {
        method: 'POST',
        body,
        headers: {
          'Content-Type': 'application/json',
          'X-Request-ID': '99391c7e-ad88-49ec-a2ad-99ddcb1f7721',
          'PSU-ID': 'alice',
          'TPP-Redirect-URI': 'http://127.0.0.1:4318/callback/ok',
          Authorization: 'Bearer console-token',
          // A signature the console might send is replaced by the relay's own.
          Digest: 'SHA-256=bogus',
          Signature: 'keyId="x",signature="bogus"',
        },
      }),
    );
    expect(response.status).toBe(200);
    const request = seen[0];
    expect(request?.signature).toBe('valid');
    expect(request?.body.toString()).toBe(body);
    expect(request?.headers.get('digest')).toMatch(/^SHA-256=[A-Za-z0-9+/]+=*$/);
    expect(request?.headers.get('signature')).toMatch(
      /^keyId="SN=[0-9A-F]+,CA=.*",algorithm="rsa-sha256",headers="digest x-request-id date psu-id tpp-redirect-uri",signature="/,
    );
    expect(request?.headers.get('tpp-signature-certificate')).toBe(
      new X509Certificate(readFileSync(pki.sealCert)).raw.toString('base64'),
    );
    expect(Math.abs(Date.parse(request?.headers.get('date') ?? '') - Date.now())).toBeLessThan(60_000);
    // The bearer token is forwarded as it came.
    expect(request?.headers.get('authorization')).toBe('Bearer console-token');
    expect(request?.headers.get('x-request-id')).toBe('99391c7e-ad88-49ec-a2ad-99ddcb1f7721');
  });

  it('signs a GET without a body, and gives a request without X-Request-ID one to sign', async () => {
    seen = [];
    expect((await relay.fetch(relayRequest('signed', `${bankOrigin}/psd2/v1/accounts?withBalance=true`))).status).toBe(
      200,
    );
    expect(seen[0]?.signature).toBe('valid');
    expect(seen[0]?.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('does not sign for targets without signing', async () => {
    seen = [];
    await relay.fetch(relayRequest('pem', `${bankOrigin}/psd2/v1/accounts`, { headers: { 'X-Request-ID': 'r1' } }));
    expect(seen[0]?.signature).toMatchObject({ code: 'SIGNATURE_MISSING' });
    expect(seen[0]?.headers.get('date')).toBeNull();
  });
});

describe('the relay’s further origins of a target', () => {
  it('forwards to an alsoAllow origin, and refuses any other origin without sending', async () => {
    seen = [];
    const token = await relay.fetch(
      relayRequest('signed', `${plainOrigin}/oauth/token`, {
        method: 'POST',
        body: 'grant_type=authorization_code&code=abc',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      }),
    );
    expect(token.status).toBe(200);
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual(['POST /oauth/token']);

    seen = [];
    const elsewhere = await relayErrorOf(
      await relay.fetch(relayRequest('signed', 'https://auth.other.example/oauth/token', { method: 'POST' })),
    );
    expect(elsewhere).toMatchObject({
      status: 403,
      header: 'TARGET_NOT_ALLOWED',
      relayError: {
        message: `The relay target signed forwards only to ${bankOrigin}, ${plainOrigin}, not to auth.other.example.`,
      },
    });
    // The alsoAllow origins of one target are not another target's.
    const otherTarget = await relayErrorOf(await relay.fetch(relayRequest('pem', `${plainOrigin}/oauth/token`)));
    expect(otherTarget).toMatchObject({ status: 403, header: 'TARGET_NOT_ALLOWED' });
    expect(seen).toEqual([]);
  });
});

describe('what the relay shows of its targets', () => {
  it('lists what each target does, and no file, passphrase or key', async () => {
    const response = await relay.fetch(new Request('http://127.0.0.1:4318/relay'));
    const text = await response.text();
    const { targets } = JSON.parse(text) as { targets: object[] };
    expect(targets.find((target) => (target as { id: string }).id === 'signed')).toEqual({
      id: 'signed',
      baseUrl: `${bankOrigin}/psd2`,
      mtls: true,
      signing: true,
      alsoAllow: [plainOrigin],
    });
    expect(targets.find((target) => (target as { id: string }).id === 'no-cert')).toMatchObject({
      mtls: false,
      signing: false,
    });
    expect(Object.keys(targets[0] ?? {}).sort()).toEqual(['alsoAllow', 'baseUrl', 'id', 'mtls', 'signing']);
    errorBodies.push(text);
  });

  it('never puts a passphrase, a key or a file name in what it answers', () => {
    expect(errorBodies.length).toBeGreaterThan(5);
    const secrets = [
      pki.clientP12Passphrase,
      ...[pki.clientKey, pki.sealKey, pki.rogueClientKey].map((file) => readFileSync(file, 'utf8').split('\n')[1]),
      'qwac-key.pem',
      'qsealc-key.pem',
      'qwac.p12',
    ];
    for (const body of errorBodies) {
      for (const secret of secrets) expect(body).not.toContain(secret);
    }
  });
});
