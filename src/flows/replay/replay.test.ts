import { describe, expect, it } from 'vitest';
import { MASKED_DISPLAY, PLAIN_DISPLAY, type Exchange } from '../../api';
import { foldedAsRecorded } from '../../api/test-kit';
import { event, exchange, initiate, PAYMENT, resetKit, status } from '../story/story-test-kit';
import {
  BULK_ENTRIES,
  BULK_FLOW,
  bulkFlow,
  CARD_FLOW,
  cardFlow,
  DEBTOR_IBAN,
  MASKED_PAN,
} from '../test-export/testing/bulk-and-card-flows';
import { basketFlow, PLAIN_BASKET } from '../test-export/testing/basket-flow';
import { buildReplay } from './build-replay';
import { maskedReplay } from './replay-clean';
import { readReplayFile } from './replay-data';
import { exchangeTexts, REPLAY_CSP, replayHtml } from './replay-html';

/** Every kind of secret, each with a value found nowhere else, so a search for it finds only a leak. */
const secret = {
  bearerToken: 'tok-profile-7Hq2Lx9Vb',
  sessionToken: 'tok-session-4Kd8Pz1Wm',
  password: 'Pa55-word-Zq81',
  encryptedPassword: 'enc-PW-blob-Ur63',
  otp: '918273',
  accessToken: 'at-Y3n5Bq7Rk2',
  refreshToken: 'rt-H6v2Lm9Xc4',
  idToken: 'idt-P4s8Gw1Ze7',
  authorisationCode: 'code-Ab9Cd8Ef7',
  pkceVerifier: 'pkce-verifier-Jj2Kk3Ll4Mm5Nn6',
  clientSecret: 'client-secret-Qw3Er4',
  apiKey: 'api-key-Tt5Yy6Uu7',
  privateKey: 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC',
  passphrase: 'pass-phrase-Oo8Pp9',
};
const values = Object.values(secret);

const ALICE_IBAN = 'DE89370400440532013000';

function seeded(): Exchange[] {
  resetKit();
  const auth = { Authorization: `Bearer ${secret.bearerToken}`, 'X-API-Key': secret.apiKey };
  const withHeaders = (e: Exchange): Exchange => ({ ...e, request: { ...e.request, headers: auth } });
  return [
    withHeaders(
      initiate('RCVD', {
        instructedAmount: { amount: '12.50', currency: 'EUR' },
        debtorAccount: { iban: ALICE_IBAN },
        creditorName: 'Alice Schmidt',
        creditorAccount: { iban: 'FR1420041010050500013M02606' },
        remittanceInformationUnstructured: `Invoice for ${ALICE_IBAN}`,
      }),
    ),
    withHeaders(
      exchange('startPaymentAuthorisation', {
        method: 'POST',
        status: 201,
        path: '/payments/sepa-credit-transfers/p1/authorisations',
        requestBody: { psuData: { password: secret.password, encryptedPassword: secret.encryptedPassword } },
        body: {
          scaStatus: 'psuAuthenticated',
          authorisationId: 'a1',
          psuMessage: 'Please confirm with the code we sent.',
        },
      }),
    ),
    withHeaders(
      exchange('updatePsuAuthentication', {
        method: 'PUT',
        path: '/payments/sepa-credit-transfers/p1/authorisations/a1',
        requestBody: { scaAuthenticationData: secret.otp },
        body: { scaStatus: 'finalised' },
      }),
    ),
    exchange('oauthToken', {
      method: 'POST',
      path: `/token?code=${secret.authorisationCode}`,
      requestBody:
        `grant_type=authorization_code&code=${secret.authorisationCode}&code_verifier=${secret.pkceVerifier}` +
        `&client_secret=${secret.clientSecret}&passphrase=${secret.passphrase}`,
      body: {
        access_token: secret.accessToken,
        refresh_token: secret.refreshToken,
        id_token: secret.idToken,
        token_type: 'Bearer',
      },
    }),
    exchange('relayConfig', {
      method: 'POST',
      path: '/config',
      requestBody: {
        privateKey: `-----BEGIN PRIVATE KEY-----\n${secret.privateKey}\n-----END PRIVATE KEY-----`,
        keyPassphrase: secret.passphrase,
        note: `The session token is ${secret.sessionToken}`,
      },
      error: { kind: 'network', message: `refused for ${secret.sessionToken}` },
      status: 400,
      body: {
        tppMessages: [
          {
            category: 'ERROR',
            code: 'FORMAT_ERROR',
            text: `Bad key -----BEGIN RSA PRIVATE KEY-----\n${secret.privateKey}\n-----END RSA PRIVATE KEY-----`,
          },
        ],
      },
    }),
    status('ACSC'),
  ];
}

function replayFile(masked: boolean) {
  const data = buildReplay({
    flow: PAYMENT,
    title: masked ? 'Payment to Alice S.' : 'Payment to Alice Schmidt',
    exchanges: seeded(),
    events: [event({ kind: 'hand-over', flow: PAYMENT, via: 'redirect', purpose: 'authorisation', returnTo: '/p' })],
    secrets: [secret.bearerToken, secret.sessionToken],
    display: masked ? MASKED_DISPLAY : PLAIN_DISPLAY,
    stateMap: { kind: 'transactionStatus', timeline: ['RCVD', 'ACTC'], current: 'ACSC' },
    savedAt: Date.UTC(2026, 10, 24, 12),
  });
  return { data, file: replayHtml(data) };
}

/** The forms a value could take in the file: as is, JSON-escaped, URL-encoded. */
const forms = (value: string) => [value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)];

describe.each([false, true])('a replay file (presenter mode %s)', (masked) => {
  it('holds no password, OTP, token, authorisation code, PKCE verifier, key or passphrase', () => {
    const { file } = replayFile(masked);
    for (const value of values) for (const form of forms(value)) expect(file, value).not.toContain(form);
    expect(file).toContain('[redacted]');
  });

  it('still tells the flow: its steps, exchanges and state map', () => {
    const { data, file } = replayFile(masked);
    expect(data.exchanges).toHaveLength(6);
    expect(data.story.steps.length).toBeGreaterThan(3);
    expect(file).toContain('data-state="ACSC"');
    expect(file).toContain('Step by step');
    // The sequence diagram, each request's arrow leading to its step below.
    expect(file).toContain(`data-step="${data.story.steps[0]?.id}"`);
    expect(file).toContain('href="#step-1"');
  });
});

describe('presenter mode in a replay', () => {
  it('masks account numbers and shortens names in the exchanges and the steps', () => {
    const { data, file } = replayFile(true);
    expect(data.masked).toBe(true);
    expect(file).not.toContain(ALICE_IBAN);
    expect(file).not.toContain('Alice Schmidt');
    expect(file).toContain('Alice S.');
  });

  it('leaves bank data as it is otherwise', () => {
    const { file } = replayFile(false);
    expect(file).toContain(ALICE_IBAN);
    expect(file).toContain('Alice Schmidt');
  });
});

describe('the replay file', () => {
  it('loads nothing: a CSP that forbids every fetch, no script to run, no outside reference', () => {
    const { file } = replayFile(false);
    expect(file).toContain(`<meta http-equiv="Content-Security-Policy" content="${REPLAY_CSP}">`);
    expect(REPLAY_CSP).toContain("default-src 'none'");
    const scripts = [...file.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts).toEqual(['<script type="application/json" id="xs2a-replay-data">']);
    expect(file).not.toMatch(/\b(?:src|href)="(?!#)/);
    expect(file).not.toMatch(/url\((?!#)/);
  });

  it('is read back by the console to the same data, and nothing else is taken from it', () => {
    const { data, file } = replayFile(true);
    expect(readReplayFile(file)).toEqual({ ok: true, data });
  });

  it('keeps what the bank sent from ending the data block or adding markup', () => {
    resetKit();
    const hostile = '</script><script>alert(1)</script><img src=x onerror=alert(2)>';
    const data = buildReplay({
      flow: PAYMENT,
      title: hostile,
      exchanges: [initiate('RCVD', { creditorName: hostile })],
      events: [],
      secrets: [],
      display: PLAIN_DISPLAY,
      stateMap: { kind: 'transactionStatus', timeline: [hostile] },
    });
    const file = replayHtml(data);
    expect(file).not.toContain('<img');
    expect(file.match(/<script/g)).toHaveLength(1);
    expect(file.match(/<\/script>/g)).toHaveLength(1);
    const read = readReplayFile(file);
    expect(read.ok && read.data.title).toBe(hostile);
  });

  it('refuses a file without replay data, with broken JSON, or with data of another form', () => {
    expect(readReplayFile('<html><body>hello</body></html>')).toMatchObject({ ok: false });
    const block = (json: string) => `<script type="application/json" id="xs2a-replay-data">${json}</script>`;
    const damaged = readReplayFile(block('{"format":'));
    expect(!damaged.ok && damaged.problem).toMatch(/damaged/);
    const other = readReplayFile(block('{"format":"xs2a-console-replay","version":2}'));
    expect(!other.ok && other.problem).toMatch(/not in the expected form/);
  });
});

describe('a replay of status reads the log folded', () => {
  it('keeps only the entries the log kept, and says how many reads each stands for, in the file and read back', () => {
    resetKit();
    const reads = [initiate('RCVD'), ...Array.from({ length: 6 }, () => status('RCVD'))];
    const exchanges = foldedAsRecorded(reads);
    const data = buildReplay({
      flow: PAYMENT,
      title: 'Payment',
      exchanges,
      events: [],
      secrets: [],
      display: PLAIN_DISPLAY,
    });
    expect(data.exchanges.map((exchange) => exchange.id)).toEqual(exchanges.map((exchange) => exchange.id));
    expect(data.exchanges.at(-1)?.foldedReads).toMatchObject({ count: 4 });
    expect(data.story.steps[1]).toMatchObject({ label: 'Status read 6 times, unchanged: RCVD', reads: 6 });
    const latest = data.exchanges.at(-1);
    expect(latest && exchangeTexts(latest).folded).toMatch(
      /^The bank gave the same answer to 4 more reads of this status before this one \(sent from \d\d:\d\d:\d\d to \d\d:\d\d:\d\d UTC\)/,
    );
    const file = replayHtml(data);
    expect(file).toContain('The bank gave the same answer to 4 more reads');
    expect(readReplayFile(file)).toEqual({ ok: true, data });
  });

  it('reads a replay saved before reads were counted: a waiting step without its count', () => {
    const { data } = replayFile(false);
    const steps = data.story.steps.map(({ reads: _reads, ...step }) => step);
    const older = { ...data, story: { ...data.story, steps } };
    expect(readReplayFile(replayHtml(older))).toEqual({ ok: true, data: older });
  });
});

describe('a plain replay opened in presenter mode', () => {
  it('is masked on display: no full name or IBAN anywhere in it, and a masked replay is left as it is', () => {
    const { data } = replayFile(false);
    expect(JSON.stringify(data)).toContain('Alice Schmidt');
    const shown = JSON.stringify(maskedReplay(data));
    expect(shown).not.toContain('Alice Schmidt');
    expect(shown).not.toMatch(/DE\d{20}/);
    expect(shown).toContain('Alice S.');
    const already = replayFile(true).data;
    expect(maskedReplay(already)).toBe(already);
  });
});

describe('presenter mode in a replay of a bulk payment and of card reads', () => {
  const replayOf = (flow: string, exchanges: Exchange[], masked: boolean) =>
    buildReplay({
      flow,
      title: 'Flow',
      exchanges,
      events: [],
      secrets: [],
      display: masked ? MASKED_DISPLAY : PLAIN_DISPLAY,
    });

  it('masks every payment’s creditor account and shortens each person among the creditors, saved masked or shown so', () => {
    const plain = replayOf(BULK_FLOW, bulkFlow(), false);
    for (const data of [replayOf(BULK_FLOW, bulkFlow(), true), maskedReplay(plain)]) {
      const file = replayHtml(data);
      for (const entry of BULK_ENTRIES) expect(file).not.toContain(entry.creditorIban);
      expect(file).not.toContain(DEBTOR_IBAN);
      expect(file).not.toContain('Brandt');
      expect(file).not.toContain('Alice Schneider');
      // Businesses keep their names; the person named last name first is shortened as one.
      expect(file).toContain('Boulangerie Exemple');
      expect(file).toContain('Kaffee Handel GmbH');
      expect(file).toContain('Erik B.');
      expect(readReplayFile(file)).toEqual({ ok: true, data });
    }
    expect(replayHtml(plain)).toContain('Brandt, Erik');
  });

  it('keeps the masked PAN as masked as it came, shortens the cardholder and keeps the card’s product name', () => {
    const plain = replayOf(CARD_FLOW, cardFlow(), false);
    for (const data of [replayOf(CARD_FLOW, cardFlow(), true), maskedReplay(plain)]) {
      const file = replayHtml(data);
      expect(file).toContain(MASKED_PAN);
      expect(file).not.toContain('Alice Schneider');
      expect(file).toContain('Alice S.');
      expect(file).toContain('Visa Kreditkarte');
    }
  });
});

describe('a replay of a signing basket', () => {
  const hostile = { ...PLAIN_BASKET, bankText: 'Sign </script><script>alert(1)</script> ${x} `' };
  const { flow, exchanges } = basketFlow(hostile);
  const replayOf = (masked: boolean) =>
    buildReplay({
      flow,
      title: 'Signing basket',
      exchanges,
      events: [],
      secrets: [],
      display: masked ? MASKED_DISPLAY : PLAIN_DISPLAY,
      stateMap: { kind: 'basketStatus', timeline: ['RCVD', 'ACTC'], current: 'ACTC' },
    });

  it('tells the basket’s story with its state map, keeps the bank’s text as text and reads back the same', () => {
    const data = replayOf(false);
    expect(data.story.subject).toBe('basket');
    expect(data.story.steps.length).toBeGreaterThan(2);
    expect(data.exchanges.map((e) => e.operationId)).toContain('createSigningBasket');
    expect(data.stateMap?.kind).toBe('basketStatus');
    const file = replayHtml(data);
    expect(data.exchanges.some((e) => e.responseBody?.includes('<script>alert(1)'))).toBe(true);
    expect(file).not.toContain('<script>alert(1)');
    expect(readReplayFile(file)).toEqual({ ok: true, data });
  });
});
