// Gets a valid AIS consent for the test PSU over the API with embedded SCA, as a TPP without a browser would.
import { randomUUID } from 'node:crypto';

export const PSU = { id: 'alice', password: 'sandbox', otp: '123456' } as const;
export const PSU_IP_ADDRESS = '192.168.8.78';

export interface BenchConsent {
  consentId: string;
  /** Alice's main EUR current account, the debtor of the benchmark's payments. */
  debtorIban: string;
  /** The exact body GET /v1/accounts answers, so the baseline server can answer the same bytes. */
  accountsBody: string;
}

interface Answer {
  status: number;
  text: string;
  json: Record<string, unknown>;
}

/** Makes XS2A calls against one base_url, each with a fresh X-Request-ID. */
export class Xs2aCaller {
  private readonly origin: string;

  constructor(readonly base: string) {
    this.origin = new URL(base).origin;
  }

  /** A `_links` href (a path with the prefix, or absolute) as a URL. */
  resolve(href: string): string {
    return new URL(href, this.origin).toString();
  }

  async call(
    method: string,
    url: string,
    expected: number,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<Answer> {
    const init: RequestInit = { method, headers: { 'X-Request-ID': randomUUID(), ...headers } };
    if (body !== undefined) init.body = JSON.stringify(body);
    const response = await fetch(url.startsWith('http') ? url : `${this.base}${url}`, init);
    const text = await response.text();
    if (response.status !== expected) {
      throw new Error(`${method} ${url} answered ${response.status}, expected ${expected}: ${text.slice(0, 500)}`);
    }
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (typeof parsed !== 'object' || parsed === null)
      throw new Error(`${method} ${url} answered no JSON object: ${text}`);
    return { status: response.status, text, json: parsed as Record<string, unknown> };
  }
}

function link(answer: Answer, name: string): string {
  const links = answer.json._links as Record<string, { href?: unknown } | undefined> | undefined;
  const href = links?.[name]?.href;
  if (typeof href !== 'string') throw new Error(`The answer has no _links.${name}: ${answer.text.slice(0, 500)}`);
  return href;
}

function expectScaStatus(answer: Answer, scaStatus: string) {
  if (answer.json.scaStatus !== scaStatus) {
    throw new Error(
      `Expected scaStatus ${scaStatus}, got ${String(answer.json.scaStatus)}: ${answer.text.slice(0, 500)}`,
    );
  }
}

function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Creates an allPsd2 consent for alice and authorises it: password, SMS method, OTP. */
export async function authorisedConsent(bank: Xs2aCaller): Promise<BenchConsent> {
  const json = { 'Content-Type': 'application/json' };
  const psu = { 'PSU-IP-Address': PSU_IP_ADDRESS, 'PSU-ID': PSU.id };
  const created = await bank.call(
    'POST',
    '/v1/consents',
    201,
    { ...json, ...psu, 'TPP-Redirect-Preferred': 'false' },
    {
      access: { allPsd2: 'allAccounts' },
      recurringIndicator: true,
      validUntil: inDays(30),
      frequencyPerDay: 100_000_000,
      combinedServiceIndicator: false,
    },
  );
  const consentId = created.json.consentId;
  if (typeof consentId !== 'string') throw new Error(`The consent has no consentId: ${created.text}`);

  const started = await bank.call(
    'POST',
    bank.resolve(link(created, 'startAuthorisationWithPsuAuthentication')),
    201,
    {
      ...json,
      ...psu,
    },
    { psuData: { password: PSU.password } },
  );
  expectScaStatus(started, 'psuAuthenticated');
  const selected = await bank.call(
    'PUT',
    bank.resolve(link(started, 'selectAuthenticationMethod')),
    200,
    { ...json, ...psu },
    {
      authenticationMethodId: 'sms',
    },
  );
  expectScaStatus(selected, 'scaMethodSelected');
  const finalised = await bank.call(
    'PUT',
    bank.resolve(link(selected, 'authoriseTransaction')),
    200,
    { ...json, ...psu },
    {
      scaAuthenticationData: PSU.otp,
    },
  );
  expectScaStatus(finalised, 'finalised');

  const status = await bank.call('GET', `/v1/consents/${consentId}/status`, 200, { 'PSU-IP-Address': PSU_IP_ADDRESS });
  if (status.json.consentStatus !== 'valid') throw new Error(`The consent is not valid after SCA: ${status.text}`);

  // With the PSU present, so this read does not count against frequencyPerDay.
  const accounts = await bank.call('GET', '/v1/accounts', 200, {
    'Consent-ID': consentId,
    'PSU-IP-Address': PSU_IP_ADDRESS,
  });
  const list = (accounts.json.accounts ?? []) as { iban?: unknown; currency?: unknown; cashAccountType?: unknown }[];
  const main = list.find((a) => a.currency === 'EUR' && a.cashAccountType === 'CACC') ?? list[0];
  if (typeof main?.iban !== 'string')
    throw new Error(`The consent shows no account with an IBAN: ${accounts.text.slice(0, 500)}`);
  return { consentId, debtorIban: main.iban, accountsBody: accounts.text };
}

/** The benchmark's payment: a small SEPA credit transfer from alice's main account. */
export function paymentBody(debtorIban: string): string {
  return JSON.stringify({
    instructedAmount: { currency: 'EUR', amount: '12.50' },
    debtorAccount: { iban: debtorIban },
    creditorName: 'Bench GmbH',
    creditorAccount: { iban: 'DE02100100109307118603' },
  });
}
