// Deviation modes: under `{prefix}/deviating/<modes>` the sandbox plays a bank that deviates from 1.3.12 on purpose, on
// every answer a mode touches, while a client that reads tolerantly still finishes a payment with redirect SCA and a
// consent with account, balance and transaction reads there. The normal base stays a conforming bank over the same data.
/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- deviating answers do not fit the 1.3.12 schemas on purpose, so this test reads them as raw JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsentsResponse201, PaymentInitiationResponse201, PaymentInitiationWithStatusResponse } from '../../src/xs2a';
import { DEVIATION_MODES, type DeviationMode } from './deviations/modes';
import { SANDBOX_OTP, SANDBOX_PASSWORD } from './seed';
import { accountOf, browse, consentBody, ok, paymentBody, send } from './testing/test-kit';
import { createTestBank, type TestBank } from './testing/test-support';

const TPP_OK = 'https://tpp.example/callback/ok';
const ORIGIN = 'http://localhost:4318';

interface Exchange {
  method: string;
  url: string;
  status: number;
  headers: Headers;
  text: string;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the answers are inspected as sent
}

/** A client that reads tolerantly: links as strings or {href}, relative or absolute; statuses in any case. */
class TolerantClient {
  readonly log: Exchange[] = [];
  constructor(
    readonly bank: TestBank,
    readonly base: string,
  ) {}

  url(link: string) {
    return link.startsWith('http') ? link : `${ORIGIN}${link.startsWith('/') ? '' : '/'}${link}`;
  }

  /**
   * Sends a request as a tolerant client does: a path outside the base (`/v1/…`, as unprefixed links are) under the
   * base, and a read answered 429 once more (after the wait the bank asks for, which tests skip).
   */
  async call(method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) {
    const url = path.startsWith('http') || path.startsWith(this.base) ? this.url(path) : `${ORIGIN}${this.base}${path}`;
    const exchange = await this.send(method, url, options);
    return exchange.status === 429 && method === 'GET' ? this.send(method, url, options) : exchange;
  }

  async send(method: string, url: string, options: { body?: unknown; headers?: Record<string, string> }) {
    const res = await this.bank.call(method, url, options);
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).not.toBe(500);
    const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? null);
    const exchange: Exchange = { method, url, status: res.status, headers: res.headers, text, body: res.body };
    this.log.push(exchange);
    return exchange;
  }
}

/** A `_links` value by name: an object of named links, or a list of link objects `{ rel, href }`. */
const namedLinks = (links: unknown): Record<string, unknown> =>
  Array.isArray(links)
    ? Object.fromEntries(links.map((link: { rel?: unknown; href?: unknown }) => [String(link.rel), link.href]))
    : ((links as Record<string, unknown> | undefined) ?? {});
const linkOf = (links: unknown, name: string): string | undefined => {
  const link = namedLinks(links)[name];
  if (typeof link === 'string') return link;
  if (link && typeof link === 'object' && typeof (link as { href?: unknown }).href === 'string') {
    return (link as { href: string }).href;
  }
  return undefined;
};
const statusOf = (value: unknown) => String(value).toUpperCase();

/** A payment to ACSC through redirect SCA: initiation, the bank's page (login, approve), status until settled. */
async function payment(client: TolerantClient) {
  const created = await client.call('POST', '/v1/payments/sepa-credit-transfers', {
    body: paymentBody(),
    headers: { 'TPP-Redirect-URI': TPP_OK, 'PSU-ID': 'alice' },
  });
  expect(created.status).toBeLessThan(300);
  const scaRedirect = linkOf(created.body._links, 'scaRedirect');
  const self = linkOf(created.body._links, 'self');
  const status = linkOf(created.body._links, 'status');
  expect(scaRedirect && self && status).toBeTruthy();
  const page = client.url(scaRedirect!);
  const login = await browse(client.bank, `${page}/login`, { psuId: 'alice', password: SANDBOX_PASSWORD });
  expect(login.status, login.html).toBe(303);
  const decision = await browse(client.bank, `${page}/decision`, { action: 'approve', otp: SANDBOX_OTP });
  expect([200, 303], decision.html).toContain(decision.status);
  const accepted = await client.call('GET', status!);
  expect(statusOf(accepted.body.transactionStatus)).not.toBe('RCVD');
  client.bank.clock.advance(client.bank.sandbox.config.settlementDelayMs);
  const settled = await client.call('GET', status!);
  expect(statusOf(settled.body.transactionStatus)).toBe('ACSC');
  const read = await client.call('GET', self!);
  expect(read.status).toBe(200);
  return { created, settled, read };
}

/** A payment through embedded SCA, each step through the link the bank's last answer names: password, method, OTP. */
async function embeddedPayment(client: TolerantClient) {
  const headers = { 'PSU-ID': 'alice' };
  const created = await client.call('POST', '/v1/payments/sepa-credit-transfers', {
    body: paymentBody(),
    headers: { ...headers, 'TPP-Redirect-Preferred': 'false' },
  });
  expect(created.status).toBeLessThan(300);
  const password = { psuData: { password: SANDBOX_PASSWORD } };
  const withPassword = linkOf(created.body._links, 'startAuthorisationWithPsuAuthentication');
  const start = withPassword ?? linkOf(created.body._links, 'startAuthorisation');
  let answer = start ? await client.call('POST', start, { headers, body: withPassword ? password : {} }) : created;
  const steps: Exchange[] = [answer];
  while (statusOf(answer.body.scaStatus) !== 'FINALISED' && steps.length < 6) {
    const links = answer.body._links;
    const method = (answer.body.scaMethods as { authenticationMethodId: string }[] | undefined)?.[0];
    const [href, body] = linkOf(links, 'updatePsuAuthentication')
      ? [linkOf(links, 'updatePsuAuthentication'), password]
      : linkOf(links, 'selectAuthenticationMethod')
        ? [linkOf(links, 'selectAuthenticationMethod'), { authenticationMethodId: method?.authenticationMethodId }]
        : [linkOf(links, 'authoriseTransaction'), { scaAuthenticationData: SANDBOX_OTP }];
    expect(href, `a next step in ${answer.text}`).toBeTruthy();
    answer = await client.call('PUT', href!, { headers, body });
    expect(answer.status, answer.text).toBe(200);
    steps.push(answer);
  }
  expect(statusOf(answer.body.scaStatus)).toBe('FINALISED');
  return { created, steps };
}

/** A consent through redirect SCA, then the accounts, a balance read and every transaction the report offers. */
async function consent(client: TolerantClient) {
  const created = await client.call('POST', '/v1/consents', {
    body: consentBody(),
    headers: { 'TPP-Redirect-URI': TPP_OK, 'PSU-ID': 'alice' },
  });
  expect(created.status).toBeLessThan(300);
  const consentId = created.body.consentId as string;
  const page = client.url(linkOf(created.body._links, 'scaRedirect')!);
  expect((await browse(client.bank, `${page}/login`, { psuId: 'alice', password: SANDBOX_PASSWORD })).status).toBe(303);
  const decision = await browse(client.bank, `${page}/decision`, { action: 'approve', otp: SANDBOX_OTP });
  expect([200, 303], decision.html).toContain(decision.status);
  const headers = { 'Consent-ID': consentId };
  const info = await client.call('GET', `/v1/consents/${consentId}`, { headers });
  expect(statusOf(info.body.consentStatus)).toBe('VALID');
  const accounts = await client.call('GET', '/v1/accounts', { headers });
  expect(accounts.status).toBe(200);
  const account = (accounts.body.accounts as { _links: unknown }[])[0]!;
  const balances = await client.call('GET', linkOf(account._links, 'balances')!, { headers });
  expect(balances.status).toBe(200);
  let next: string | undefined =
    `${linkOf(account._links, 'transactions')!}?bookingStatus=both&dateFrom=2025-06-01&pageSize=5`;
  const entries: unknown[] = [];
  const reports: Exchange[] = [];
  while (next) {
    const report = await client.call('GET', next, { headers });
    expect(report.status, report.text).toBe(200);
    reports.push(report);
    let transactions = report.body.transactions;
    const download = linkOf(transactions?._links, 'download');
    if (download && !transactions.booked) {
      const file = await client.call('GET', download, { headers });
      expect(file.status).toBe(200);
      transactions = file.body.transactions;
    }
    entries.push(...(transactions.booked ?? []), ...(transactions.pending ?? []));
    next = linkOf(transactions._links, 'next');
  }
  return { created, info, accounts, balances, reports, entries, consentId };
}

/** Every `_links` object anywhere in a JSON value. */
function linksIn(value: unknown, found: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) for (const item of value) linksIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, field] of Object.entries(value)) {
      if (key === '_links' && field && typeof field === 'object') found.push(namedLinks(field));
      else linksIn(field, found);
    }
  }
  return found;
}

let bank: TestBank;
let sleeps: number[];
beforeAll(async () => {
  sleeps = [];
  bank = await createTestBank({
    config: { prefix: '/sandbox' },
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
  });
});
afterAll(() => bank.close());

const base = (modes: string) => `/sandbox/deviating/${modes}`;
const client = (modes: string) => new TolerantClient(bank, base(modes));

describe('the normal base', () => {
  it('still answers as 1.3.12 says, over the data a deviating base created', async () => {
    const deviating = client('amounts-as-numbers+string-links+lowercase-statuses+ok-instead-of-created');
    const { created } = await payment(deviating);
    const paymentId = created.body.paymentId as string;
    const read = await send(bank, 'GET', `${ORIGIN}/sandbox/v1/payments/sepa-credit-transfers/${paymentId}`);
    const body = ok(read, 200, PaymentInitiationWithStatusResponse);
    expect(body.instructedAmount).toEqual({ currency: 'EUR', amount: '12.50' });
    expect(body.transactionStatus).toBe('ACSC');

    const fresh = await send(bank, 'POST', `${ORIGIN}/sandbox/v1/payments/sepa-credit-transfers`, {
      body: paymentBody(),
      headers: { 'TPP-Redirect-URI': TPP_OK },
    });
    const initiation = ok(fresh, 201, PaymentInitiationResponse201);
    expect(initiation.transactionStatus).toBe('RCVD');
    expect(initiation._links?.self).toEqual({
      href: `/sandbox/v1/payments/sepa-credit-transfers/${(fresh.body as { paymentId: string }).paymentId}`,
    });
    expect(JSON.stringify(fresh.body)).not.toContain('deviating');
  });

  it('lists the modes at {prefix}/deviating, each with its base_url', async () => {
    const res = await bank.call('GET', `${ORIGIN}/sandbox/deviating`);
    expect(res.status).toBe(200);
    expect(res.body.modes.map((m: { name: string }) => m.name)).toEqual([...DEVIATION_MODES]);
    expect(res.body.modes[0].baseUrl).toBe(`${ORIGIN}/sandbox/deviating/amounts-as-numbers`);
    // Like the bank's other pages outside /v1/: never framed, no script.
    expect(res.headers.get('X-Frame-Options')).toBe('DENY');
    expect(res.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
  });

  it('answers an unknown or malformed mode with a 404 error body naming the modes, never a 500', async () => {
    for (const modes of ['bogus', 'amounts-as-numbers+bogus', '%E0%A4%A', '+']) {
      const res = await bank.call('GET', `${ORIGIN}/sandbox/deviating/${modes}/v1/accounts`);
      expect(res.status, modes).toBe(404);
      expect(res.body.tppMessages[0].code).toBe('RESOURCE_UNKNOWN');
      expect(res.body.tppMessages[0].text).toContain('amounts-as-numbers');
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    }
  });
});

describe.each(DEVIATION_MODES.map((mode) => [mode]))('%s', (mode: DeviationMode) => {
  it('lets a tolerant client finish a payment with redirect SCA, one with embedded SCA and a consent with reads', async () => {
    const c = client(mode);
    await payment(c);
    await embeddedPayment(c);
    const reads = await consent(c);
    expect(reads.entries.length).toBeGreaterThan(5);
    // Links, SCA pages and OAuth pages stay under the deviating base (the API's own links leave it out when unprefixed).
    for (const links of linksIn(c.log.map((e) => e.body))) {
      for (const name of Object.keys(links)) {
        const href = linkOf(links, name);
        if (mode === 'unprefixed-links' && href?.startsWith('/v1/')) continue;
        expect(href).toContain(base(mode));
      }
    }
  });
});

describe('what each mode changes', () => {
  it('amounts-as-numbers: every amount is a JSON number', async () => {
    const c = client('amounts-as-numbers');
    const { read } = await payment(c);
    expect(read.body.instructedAmount).toEqual({ currency: 'EUR', amount: 12.5 });
    const { balances, entries } = await consent(c);
    expect(typeof balances.body.balances[0].balanceAmount.amount).toBe('number');
    expect(
      entries.every(
        (e) => typeof (e as { transactionAmount: { amount: unknown } }).transactionAmount.amount === 'number',
      ),
    ).toBe(true);
    expect(c.log.some((e) => /"amount":"/.test(e.text))).toBe(false);
  });

  it('lowercase-statuses: transaction, consent and SCA statuses in lower case', async () => {
    const c = client('lowercase-statuses');
    const { created, settled } = await payment(c);
    expect(created.body.transactionStatus).toBe('rcvd');
    expect(settled.body.transactionStatus).toBe('acsc');
    const { info } = await consent(c);
    expect(info.body.consentStatus).toBe('valid');
    const auths = await c.call('GET', `${linkOf(created.body._links, 'self')}/authorisations`);
    const authorisationId = auths.body.authorisationIds[0] as string;
    const sca = await c.call('GET', `${linkOf(created.body._links, 'self')}/authorisations/${authorisationId}`);
    expect(sca.body.scaStatus).toBe('finalised');
    const started = await c.call('POST', '/v1/payments/sepa-credit-transfers', {
      body: paymentBody(),
      headers: { 'TPP-Redirect-Preferred': 'false', 'PSU-ID': 'alice' },
    });
    const auth = await c.call('POST', `${linkOf(started.body._links, 'self')}/authorisations`, {
      headers: { 'PSU-ID': 'alice' },
    });
    expect(auth.body.scaStatus).toBe('psuidentified');
  });

  it('unknown-statuses: undefined statuses in intermediate states, known ones once final', async () => {
    const c = client('unknown-statuses');
    const { created, settled } = await payment(c);
    expect(created.body.transactionStatus).toBe('PENDING_BANK');
    expect(c.log.find((e) => e.method === 'GET' && e.body.transactionStatus)?.body.transactionStatus).toBe(
      'PENDING_BANK',
    );
    expect(settled.body.transactionStatus).toBe('ACSC');
    const { created: consentCreated, info } = await consent(c);
    expect(consentCreated.body.consentStatus).toBe('PENDING_PSU');
    expect(info.body.consentStatus).toBe('valid');
  });

  const unknownPayment = (c: TolerantClient) => c.call('GET', '/v1/payments/sepa-credit-transfers/no-such-payment');

  it('code-message-errors: error bodies are {code, message}', async () => {
    const normal = await unknownPayment(client('slow'));
    const res = await unknownPayment(client('code-message-errors'));
    expect(res.status).toBe(normal.status);
    expect(res.body).toEqual({ code: normal.body.tppMessages[0].code, message: normal.body.tppMessages[0].text });
  });

  it('problem-json-errors: RFC 7807 bodies without the code, as application/problem+json', async () => {
    const normal = await unknownPayment(client('slow'));
    const res = await unknownPayment(client('problem-json-errors'));
    expect(res.status).toBe(normal.status);
    expect(res.headers.get('Content-Type')).toBe('application/problem+json');
    expect(res.body).toEqual({
      type: 'about:blank',
      title: 'Forbidden',
      status: normal.status,
      detail: normal.body.tppMessages[0].text,
    });
  });

  it('gateway-html-errors: every error answer is a 502 HTML page of a gateway; successful ones are untouched', async () => {
    const c = client('gateway-html-errors');
    const res = await unknownPayment(c);
    expect(res.status).toBe(502);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    expect(res.body).toContain('<h1>502 Bad Gateway</h1>');
    const bad = await c.call('POST', '/v1/consents', { body: { access: 'nonsense' } });
    expect(bad.status).toBe(502);
    const { created } = await payment(c);
    expect(created.status).toBe(201);
  });

  it('string-links: every _links value is a plain string', async () => {
    const c = client('string-links');
    await payment(c);
    await consent(c);
    const links = linksIn(c.log.map((e) => e.body));
    expect(links.length).toBeGreaterThan(5);
    for (const set of links) for (const value of Object.values(set)) expect(typeof value).toBe('string');
  });

  it('foreign-host-links: absolute links on the other loopback name, which the flows follow', async () => {
    const c = client('foreign-host-links');
    const { created } = await payment(c);
    expect(linkOf(created.body._links, 'self')).toMatch(/^http:\/\/127\.0\.0\.1:4318\/sandbox\/deviating\//);
    expect(created.headers.get('Location')).toMatch(/^http:\/\/127\.0\.0\.1:4318\//);
    await consent(c);
    // Each answer links to the other name than the one it was asked on: 127.0.0.1 from localhost and back.
    const other = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' } as Record<string, string>;
    let checked = 0;
    for (const exchange of c.log) {
      const asked = new URL(exchange.url).hostname;
      for (const set of linksIn(exchange.body)) {
        for (const name of Object.keys(set)) {
          expect(new URL(linkOf(set, name)!).hostname, `${name} in ${exchange.url}`).toBe(other[asked]);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('ok-instead-of-created: creations answer 200', async () => {
    const c = client('ok-instead-of-created');
    const { created } = await payment(c);
    expect(created.status).toBe(200);
    expect(created.headers.get('Location')).toContain(base('ok-instead-of-created'));
    const { created: consentCreated } = await consent(c);
    expect(consentCreated.status).toBe(200);
  });

  it('no-request-id: no answer echoes X-Request-ID', async () => {
    const c = client('no-request-id');
    await payment(c);
    await consent(c);
    await unknownPayment(c);
    for (const e of c.log) expect(e.headers.get('X-Request-ID'), e.url).toBeNull();
  });

  it('datetime-dates: dates are date-times with a time and a zone', async () => {
    const c = client('datetime-dates');
    const { info, entries } = await consent(c);
    expect(info.body.validUntil).toBe('2026-06-30T00:00:00Z');
    expect(info.body.lastActionDate).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
    for (const entry of entries as { bookingDate?: string; valueDate?: string }[]) {
      for (const date of [entry.bookingDate, entry.valueDate]) if (date) expect(date).toMatch(/T00:00:00Z$/);
    }
  });

  it('extra-fields: every object carries fields 1.3.12 does not define', async () => {
    const c = client('extra-fields');
    const { read } = await payment(c);
    expect(read.body.bankInternalId).toBe('X-1');
    expect(read.body.instructedAmount.bankExtension).toEqual({ channel: 'api', version: '2.4' });
    const { balances } = await consent(c);
    expect(balances.body.balances[0].bankInternalId).toBe('X-1');
  });

  it('download-only-reports: the report is only a download link, which answers the report as a JSON file', async () => {
    const c = client('download-only-reports');
    const { reports, entries, consentId } = await consent(c);
    expect(reports).toHaveLength(1);
    const [report] = reports;
    expect(Object.keys(report!.body.transactions)).toEqual(['_links']);
    const download = linkOf(report!.body.transactions._links, 'download')!;
    expect(download).toMatch(/\/transactions\/download\?bookingStatus=both&dateFrom=2025-06-01$/);
    const file = c.log.find((e) => e.url.includes('/transactions/download'))!;
    expect(file.headers.get('Content-Disposition')).toMatch(/^attachment; filename="transactions-.+\.json"$/);
    const normal = await bank.call(
      'GET',
      `${ORIGIN}/sandbox/v1/accounts/${accountOf('alice').resourceId}/transactions?bookingStatus=both&dateFrom=2025-06-01&pageSize=1000`,
      {
        headers: { 'Consent-ID': consentId },
      },
    );
    expect(entries).toHaveLength(normal.body.transactions.booked.length + normal.body.transactions.pending.length);
  });

  it('next-links-only: paging links only the next page, and following it reaches every entry', async () => {
    const c = client('next-links-only');
    const { reports, entries, consentId } = await consent(c);
    expect(reports.length).toBeGreaterThan(1);
    for (const report of reports) {
      const names = Object.keys(report.body.transactions._links);
      expect(names.filter((n) => ['first', 'previous', 'last'].includes(n))).toEqual([]);
    }
    const normal = await bank.call(
      'GET',
      `${ORIGIN}/sandbox/v1/accounts/${accountOf('alice').resourceId}/transactions?bookingStatus=both&dateFrom=2025-06-01&pageSize=5`,
      {
        headers: { 'Consent-ID': consentId },
      },
    );
    expect(Object.keys(normal.body.transactions._links)).toEqual(['account', 'first', 'next', 'last']);
    expect(entries.length).toBe(new Set(entries.map((e) => JSON.stringify(e))).size);
  });

  it('string-challenge: the challenge of embedded SCA is one string, the text that was its information', async () => {
    const c = client('string-challenge');
    const { steps } = await embeddedPayment(c);
    const challenge = steps.find((s) => s.body.challengeData)?.body.challengeData;
    expect(typeof challenge.data).toBe('string');
    expect(challenge.data).toContain(`the one-time password is ${SANDBOX_OTP}`);
    expect(challenge.additionalInformation).toBeUndefined();
    expect(challenge.otpMaxLength).toBe(6);
  });

  it('array-links: every _links is a list of {rel, href}, which the flows follow', async () => {
    const c = client('array-links');
    await embeddedPayment(c);
    await consent(c);
    const texts = c.log.map((e) => e.text).filter((text) => text.includes('"_links"'));
    expect(texts.length).toBeGreaterThan(10);
    for (const text of texts) {
      expect(text).not.toContain('"_links":{');
      expect(text).toMatch(/"_links":\[\{"rel":"[A-Za-z]+","href":"[^"]+"\}/);
    }
  });

  it('explicit-nulls: optional members without a value are null, not left out', async () => {
    const c = client('explicit-nulls');
    const { created, read } = await payment(c);
    expect(created.body.psuMessage).toBeNull();
    expect(read.body.psuMessage).toBeNull();
    const { steps } = await embeddedPayment(c);
    expect(steps.every((s) => 'psuMessage' in s.body)).toBe(true);
    const { accounts, balances, entries } = await consent(c);
    const account = accounts.body.accounts[0];
    // The consent grants no owner name: the bank says so with nulls.
    expect(account.ownerName).toBeNull();
    expect(account.ownerNames).toBeNull();
    expect(balances.body.balances.some((b: { creditLimitIncluded?: unknown }) => b.creditLimitIncluded === null)).toBe(
      true,
    );
    expect(entries.every((e) => Object.values(e as object).includes(null))).toBe(true);
    // Members with a value are unchanged.
    expect(account.iban).toBe(accountOf('alice').iban);
  });

  it('structured-remittance: each transaction carries an ISO 11649 creditor reference as an object', async () => {
    const c = client('structured-remittance');
    const { entries } = await consent(c);
    for (const entry of entries as { remittanceInformationStructured?: Record<string, string> }[]) {
      const structured = entry.remittanceInformationStructured!;
      expect(structured).toMatchObject({ referenceType: 'SCOR', referenceIssuer: 'ISO 11649' });
      expect(structured.reference).toMatch(/^RF\d{2}[A-Z0-9]{1,21}$/);
      // The check digits hold: the reference with RF and its digits moved to the end is 1 modulo 97.
      const moved = `${structured.reference!.slice(4)}${structured.reference!.slice(0, 4)}`;
      const digits = moved.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
      expect([...digits].reduce((rest, digit) => (rest * 10 + Number(digit)) % 97, 0)).toBe(1);
    }
  });

  it('unprefixed-links: the API’s links and Location leave out the prefix, and nothing answers there', async () => {
    const c = client('unprefixed-links');
    const { created } = await payment(c);
    const paymentId = created.body.paymentId as string;
    const own = `/v1/payments/sepa-credit-transfers/${paymentId}`;
    expect(created.headers.get('Location')).toBe(own);
    expect(linkOf(created.body._links, 'self')).toBe(own);
    expect(linkOf(created.body._links, 'status')).toBe(`${own}/status`);
    // The bank's pages stay under the base: a browser is sent there, not a client.
    expect(linkOf(created.body._links, 'scaRedirect')).toMatch(/\/sandbox\/deviating\/unprefixed-links\/sca\//);
    // At the host's root the bank has no API; under the base the same path answers.
    expect((await bank.call('GET', `${ORIGIN}${own}/status`)).status).toBe(404);
    expect((await bank.call('GET', `${ORIGIN}${base('unprefixed-links')}${own}/status`)).status).toBe(200);
    const { accounts } = await consent(c);
    const account = (accounts.body.accounts as { _links: unknown }[])[0]!;
    expect(linkOf(account._links, 'balances')).toMatch(/^\/v1\/accounts\/[^/]+\/balances$/);
  });

  it('rate-limited: the first GET of each resource per consent is 429 with Retry-After, writes never', async () => {
    const c = client('rate-limited');
    const { created } = await payment(c);
    expect(created.status).toBe(201);
    const refusals = c.log.filter((e) => e.status === 429);
    expect(refusals.length).toBeGreaterThan(0);
    expect(refusals.every((e) => e.method === 'GET')).toBe(true);
    for (const refusal of refusals) {
      expect(refusal.headers.get('Retry-After')).toBe('1');
      expect(refusal.body.tppMessages[0]).toMatchObject({ category: 'ERROR', code: 'ACCESS_EXCEEDED' });
      expect(refusal.headers.get('X-Request-ID')).toBeTruthy();
      // Each was followed by the same read, answered.
      const again = c.log[c.log.indexOf(refusal) + 1];
      expect(again).toMatchObject({ method: 'GET', url: refusal.url, status: 200 });
    }
    const { consentId, accounts } = await consent(c);
    const accountId = (accounts.body.accounts as { resourceId: string }[])[0]!.resourceId;
    // Another consent's first read of the same resource is limited too.
    const path = `${ORIGIN}${base('rate-limited')}/v1/accounts/${accountId}`;
    const read = (headers: Record<string, string>) => bank.call('GET', path, { headers, psuPresent: false });
    // A refused read is never counted against frequencyPerDay (4): four more reads pass, the fifth is the day's limit.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await read({ 'Consent-ID': consentId })).status);
    expect(statuses).toEqual([429, 200, 200, 200, 200, 429]);
    const daily = await read({ 'Consent-ID': consentId });
    expect(daily.headers.get('Retry-After')).toBeNull();
    // A page of another origin may read the wait (CORS), as from every answer of the bank.
    const origin = 'http://localhost:5173';
    const refused = await bank.call('GET', path, { headers: { 'Consent-ID': 'another-consent', Origin: origin } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Access-Control-Allow-Origin')).toBe(origin);
    expect(refused.headers.get('Access-Control-Expose-Headers')).toMatch(/Retry-After/);
  });

  it('slow: every answer waits slowMs on the injected timer first', async () => {
    sleeps.length = 0;
    const c = client('slow');
    await payment(c);
    expect(sleeps.length).toBeGreaterThanOrEqual(c.log.length);
    expect(new Set(sleeps)).toEqual(new Set([1_500]));
  });

  it('combines modes with +', async () => {
    const c = client('amounts-as-numbers+string-links+ok-instead-of-created');
    const { created, read } = await payment(c);
    expect(created.status).toBe(200);
    expect(typeof created.body._links.self).toBe('string');
    expect(read.body.instructedAmount.amount).toBe(12.5);
  });
});

describe('modes given at start', () => {
  it('apply to the normal base', async () => {
    const started = await createTestBank({ config: { prefix: '/sandbox', deviations: ['amounts-as-numbers'] } });
    try {
      const c = new TolerantClient(started, '/sandbox');
      const { read } = await payment(c);
      expect(read.body.instructedAmount.amount).toBe(12.5);
      const { balances } = await consent(c);
      expect(typeof balances.body.balances[0].balanceAmount.amount).toBe('number');
    } finally {
      await started.close();
    }
  });

  it('leave a consent of the normal base conforming when none are given', async () => {
    const c = new TolerantClient(bank, '/sandbox');
    const { created } = await consent(c);
    ok({ ...created, requestId: undefined }, 201, ConsentsResponse201);
  });
});

describe('a deviating base with redirect SCA through OAuth', () => {
  it('links its OAuth server under the deviating base, whose metadata names endpoints there', async () => {
    const oauth = await createTestBank({ config: { prefix: '/sandbox', scaRedirect: 'oauth' } });
    try {
      const c = new TolerantClient(oauth, base('string-links'));
      const created = await c.call('POST', '/v1/payments/sepa-credit-transfers', {
        body: paymentBody(),
        headers: { 'TPP-Redirect-URI': TPP_OK, 'PSU-ID': 'alice' },
      });
      const metadataLink = linkOf(created.body._links, 'scaOAuth')!;
      expect(metadataLink).toContain(`${base('string-links')}/oauth/`);
      const metadata = await c.call('GET', metadataLink);
      expect(metadata.status).toBe(200);
      for (const endpoint of ['issuer', 'authorization_endpoint', 'token_endpoint']) {
        expect(metadata.body[endpoint], endpoint).toContain(`${ORIGIN}${base('string-links')}/oauth`);
      }
    } finally {
      await oauth.close();
    }
  });
});
