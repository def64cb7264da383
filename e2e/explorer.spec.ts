// The operation explorer: every operation listed, requests edited and sent to the sandbox through the console's client,
// the bank's refusals shown where they point, and the request copied as code that runs.
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from './test';

const run = promisify(execFile);

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** Through the console's navigation, as a user gets there. */
async function openExplorer(page: Page) {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Explore' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Explore the API' })).toBeVisible();
}

async function openOperation(page: Page, title: string) {
  await page.getByRole('link', { name: new RegExp(`^${title}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

function answer(page: Page) {
  return page.getByRole('region', { name: 'Answer' });
}

function headerValue(page: Page, name: string) {
  return page.getByRole('textbox', { name: `Value of ${name}` });
}

async function removeHeader(page: Page, name: string) {
  await page.getByRole('button', { name: `Remove ${name}` }).click();
}

test('lists every operation in the spec’s groups and sends a consent request as prefilled', async ({ page }) => {
  await openExplorer(page);
  for (const group of [
    'Payment initiation (PIS)',
    'Account information (AIS)',
    'Confirmation of funds (PIIS)',
    'Signing baskets (SBS)',
    /Authorisations and update PSU data/,
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: group })).toBeVisible();
  }
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(38);

  await openOperation(page, 'Create a consent');
  await expect(page.getByText(/required X-Request-ID, PSU-IP-Address/)).toBeVisible();
  await expect(headerValue(page, 'X-Request-ID')).toHaveValue(/^[0-9a-f-]{36}$/);
  await expect(headerValue(page, 'PSU-IP-Address')).toHaveValue('192.168.0.10');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(answer(page).getByText('201 Created')).toBeVisible();
  await expect(answer(page).getByText('No deviation from the 1.3.12 answer')).toBeVisible();
  // The answer's _links, each opening the operation it starts.
  await answer(page)
    .getByRole('link', { name: /^scaStatus: / })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Read the SCA status of a consent’s authorisation' }),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'authorisationId' })).toHaveValue(/^auth-/);
});

test('a removed PSU-IP-Address on POST /v1/consents gets the bank’s FORMAT_ERROR at the header', async ({ page }) => {
  await page.goto('/explore/createConsent');
  await removeHeader(page, 'PSU-IP-Address');
  await expect(page.getByText('1.3.12 requires PSU-IP-Address')).toBeVisible();
  await page.getByRole('button', { name: 'Send anyway' }).click();
  await expect(answer(page).getByText('400 Bad Request')).toBeVisible();
  const headers = page.getByRole('group', { name: 'Headers' });
  await expect(headers.getByText(/The bank: FORMAT_ERROR/)).toBeVisible();
  await expect(headers.getByRole('button', { name: 'Add header PSU-IP-Address' })).toBeVisible();
});

const LANGUAGES = ['curl', 'JavaScript fetch', 'Node.js', 'Python requests', 'Java (java.net.http)', 'C# HttpClient'];

/** Copies the request as code in `language` and gives what the clipboard got. */
async function copyCode(page: Page, language: string): Promise<string> {
  const section = page.getByRole('region', { name: 'Copy as code' });
  await section.getByLabel('Language').selectOption({ label: language });
  await expect(section.getByRole('textbox', { name: `${language} code` })).not.toHaveValue('Making the code…');
  await section.getByRole('button', { name: `Copy ${language}` }).click();
  await expect(section.getByRole('status')).toHaveText('Copied');
  return page.evaluate(() => navigator.clipboard.readText());
}

test('copies a POST with its body in every language; the curl and Node code create a consent at the sandbox', async ({
  page,
}) => {
  await page.goto('/explore/createConsent');
  const shownId = await headerValue(page, 'X-Request-ID').inputValue();
  const dir = await mkdtemp(join(tmpdir(), 'explorer-code-'));
  const copies: Record<string, string> = {};
  for (const language of LANGUAGES) {
    const code = await copyCode(page, language);
    expect(code, language).toContain('/sandbox/v1/consents');
    expect(code, language).toContain('recurringIndicator');
    expect(code, language).toContain('PSU-IP-Address');
    expect(code, language).not.toContain(shownId);
    copies[language] = code;
  }
  const curlFile = join(dir, 'create-consent.sh');
  await writeFile(curlFile, `${copies.curl ?? ''} --fail-with-body --silent\n`);
  const curl = await run('sh', [curlFile]);
  expect(JSON.parse(curl.stdout)).toMatchObject({ consentStatus: 'received' });

  const nodeFile = join(dir, 'create-consent.mjs');
  await writeFile(nodeFile, copies['Node.js'] ?? '');
  // Playwright's FORCE_COLOR would colour what the code prints.
  const { FORCE_COLOR: _colour, ...env } = process.env;
  const node = await run('node', [nodeFile], { env: { ...env, NO_COLOR: '1' } });
  expect(node.stdout).toContain('"consentStatus":"received"');
});

interface Parts {
  path?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
}

/** Sets a header's value, adding the header when the request does not have it yet. */
async function setHeader(page: Page, name: string, value: string) {
  const existing = headerValue(page, name);
  if ((await existing.count()) === 0) {
    await page.getByRole('button', { name: 'Add a header', exact: true }).click();
    await page
      .getByRole('combobox', { name: /^Name of header/ })
      .last()
      .fill(name);
  }
  await headerValue(page, name).fill(value);
}

/**
 * Opens the operation from the explorer's list (in the page, so this tab's exchanges and the ids they carry stay),
 * edits the parts given, sends it and expects a success answer without deviation; returns the answer's body.
 */
async function sendOperation(page: Page, operation: string, parts: Parts = {}): Promise<Record<string, unknown>> {
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Explore' }).click();
  await page.locator(`a[href="/explore/${operation}"]`).click();
  await expect(page.getByText(`· ${operation}`, { exact: true })).toBeVisible();
  for (const [name, value] of Object.entries(parts.path ?? {})) await page.getByRole('combobox', { name }).fill(value);
  for (const [name, value] of Object.entries(parts.headers ?? {})) await setHeader(page, name, value);
  if (parts.body !== undefined) {
    await page.getByRole('textbox', { name: /Request body/ }).fill(JSON.stringify(parts.body));
  }
  await page.getByRole('button', { name: /^Send/ }).click();
  const region = answer(page);
  await expect(region.getByText(/^2\d\d [A-Z]/), operation).toBeVisible();
  await expect(region.getByText('No deviation from the 1.3.12 answer'), operation).toBeVisible();
  const body = region.getByRole('region', { name: 'Response body' });
  const text = (await body.count()) > 0 ? ((await body.textContent()) ?? '') : '';
  return text.trim().startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {};
}

const EMBEDDED = { 'PSU-ID': 'alice', 'TPP-Redirect-Preferred': 'false' };
const SEEN: string[] = [];

/** Takes the embedded SCA steps the bank's answer asks for: the SCA method, then the one-time password. */
async function finishEmbeddedSca(
  page: Page,
  operation: string,
  path: Record<string, string>,
  started: Record<string, unknown>,
) {
  let links = (started._links ?? {}) as Record<string, unknown>;
  if ('selectAuthenticationMethod' in links) {
    const chosen = await sendOperation(page, operation, {
      path,
      headers: EMBEDDED,
      body: { authenticationMethodId: 'sms' },
    });
    links = (chosen._links ?? {}) as Record<string, unknown>;
  }
  expect(Object.keys(links)).toContain('authoriseTransaction');
  const done = await sendOperation(page, operation, {
    path,
    headers: EMBEDDED,
    body: { scaAuthenticationData: '123456' },
  });
  expect(done.scaStatus).toBe('finalised');
  SEEN.push(operation);
}

async function send(page: Page, operation: string, parts: Parts = {}) {
  const body = await sendOperation(page, operation, parts);
  SEEN.push(operation);
  return body;
}

test('sends every operation of the explorer to the sandbox, each answered without deviation', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/explore');
  await expect(page.getByRole('heading', { level: 1, name: 'Explore the API' })).toBeVisible();
  const operations = await page
    .locator('main a[href^="/explore/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')?.replace('/explore/', '') ?? ''));

  // Account information: a consent for all accounts, authorised with embedded SCA, then its accounts read.
  const consent = await send(page, 'createConsent', { headers: EMBEDDED });
  const consentId = String(consent.consentId);
  const ofConsent = { consentId };
  await send(page, 'getConsentInformation', { path: ofConsent });
  await send(page, 'getConsentStatus', { path: ofConsent });
  const started = await send(page, 'startConsentAuthorisation', {
    path: ofConsent,
    headers: EMBEDDED,
    body: { psuData: { password: 'sandbox' } },
  });
  const consentAuthorisation = { ...ofConsent, authorisationId: String(started.authorisationId) };
  await send(page, 'getConsentAuthorisation', { path: ofConsent });
  await send(page, 'getConsentScaStatus', { path: consentAuthorisation });
  await finishEmbeddedSca(page, 'updateConsentsPsuData', consentAuthorisation, started);

  const underConsent = { headers: { 'Consent-ID': consentId } };
  const list = await send(page, 'getAccountList', underConsent);
  const account = (list.accounts as { resourceId: string; iban: string; currency: string }[])[0];
  expect(account).toBeDefined();
  const ofAccount = { ...underConsent, path: { 'account-id': account?.resourceId ?? '' } };
  await send(page, 'readAccountDetails', ofAccount);
  await send(page, 'getBalances', ofAccount);
  const transactions = await send(page, 'getTransactionList', ofAccount);
  const booked = (transactions.transactions as { booked: { transactionId: string }[] }).booked;
  await send(page, 'getTransactionDetails', {
    ...ofAccount,
    path: { ...ofAccount.path, transactionId: booked[0]?.transactionId ?? '' },
  });

  // Card accounts under the same consent: the list, then one card's details, balances and transactions.
  const cards = await send(page, 'getCardAccountList', underConsent);
  const card = (cards.cardAccounts as { resourceId: string }[])[0];
  expect(card).toBeDefined();
  const ofCard = { ...underConsent, path: { 'account-id': card?.resourceId ?? '' } };
  await send(page, 'readCardAccountDetails', ofCard);
  await send(page, 'getCardAccountBalances', ofCard);
  await send(page, 'getCardAccountTransactionList', ofCard);

  // Confirmation of funds on that account: a small amount is there.
  const funds = await send(page, 'checkAvailabilityOfFunds', {
    body: { account: { iban: account?.iban }, instructedAmount: { currency: account?.currency, amount: '1.00' } },
  });
  expect(funds.fundsAvailable).toBe(true);

  // Payment initiation: a standing order from that account, authorised, then cancelled with its own authorisation.
  const standingOrder = {
    instructedAmount: { currency: 'EUR', amount: '15.00' },
    debtorAccount: { iban: account?.iban },
    creditorName: 'Sportverein',
    creditorAccount: { iban: 'DE02100100109307118603' },
    startDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    frequency: 'Monthly',
  };
  const service = { 'payment-service': 'periodic-payments', 'payment-product': 'sepa-credit-transfers' };
  const payment = await send(page, 'initiatePayment', { path: service, headers: EMBEDDED, body: standingOrder });
  const ofPayment = { ...service, paymentId: String(payment.paymentId) };
  await send(page, 'getPaymentInformation', { path: ofPayment });
  await send(page, 'getPaymentInitiationStatus', { path: ofPayment });
  const paymentStart = await send(page, 'startPaymentAuthorisation', {
    path: ofPayment,
    headers: EMBEDDED,
    body: { psuData: { password: 'sandbox' } },
  });
  const paymentAuthorisation = { ...ofPayment, authorisationId: String(paymentStart.authorisationId) };
  await send(page, 'getPaymentInitiationAuthorisation', { path: ofPayment });
  await send(page, 'getPaymentInitiationScaStatus', { path: paymentAuthorisation });
  await finishEmbeddedSca(page, 'updatePaymentPsuData', paymentAuthorisation, paymentStart);

  await send(page, 'cancelPayment', { path: ofPayment, headers: { 'TPP-Redirect-Preferred': 'false' } });
  const cancellationStart = await send(page, 'startPaymentInitiationCancellationAuthorisation', {
    path: ofPayment,
    headers: EMBEDDED,
    body: { psuData: { password: 'sandbox' } },
  });
  const cancellation = { ...ofPayment, authorisationId: String(cancellationStart.authorisationId) };
  await send(page, 'getPaymentInitiationCancellationAuthorisationInformation', { path: ofPayment });
  await send(page, 'getPaymentCancellationScaStatus', { path: cancellation });
  await finishEmbeddedSca(page, 'updatePaymentCancellationPsuData', cancellation, cancellationStart);

  // Signing baskets: a payment and a consent that wait for their authorisation. A basket of the payment alone is made
  // and deleted before any authorisation (explicit start), then one of both is authorised with embedded SCA.
  const waiting = await send(page, 'initiatePayment', {
    path: { 'payment-service': 'payments', 'payment-product': 'sepa-credit-transfers' },
    headers: { ...EMBEDDED, 'TPP-Explicit-Authorisation-Preferred': 'true' },
    body: { ...standingOrder, startDate: undefined, frequency: undefined, creditorName: 'Kiosk am Markt' },
  });
  const waitingConsent = await send(page, 'createConsent', {
    headers: { ...EMBEDDED, 'TPP-Explicit-Authorisation-Preferred': 'true' },
  });
  const dropped = await send(page, 'createSigningBasket', {
    headers: { ...EMBEDDED, 'TPP-Explicit-Authorisation-Preferred': 'true' },
    body: { paymentIds: [String(waiting.paymentId)] },
  });
  await send(page, 'deleteSigningBasket', { path: { basketId: String(dropped.basketId) } });
  const basket = await send(page, 'createSigningBasket', {
    headers: { ...EMBEDDED, 'TPP-Explicit-Authorisation-Preferred': 'true' },
    body: { paymentIds: [String(waiting.paymentId)], consentIds: [String(waitingConsent.consentId)] },
  });
  const ofBasket = { basketId: String(basket.basketId) };
  await send(page, 'getSigningBasket', { path: ofBasket });
  await send(page, 'getSigningBasketStatus', { path: ofBasket });
  const basketStart = await send(page, 'startSigningBasketAuthorisation', {
    path: ofBasket,
    headers: EMBEDDED,
    body: { psuData: { password: 'sandbox' } },
  });
  const basketAuthorisation = { ...ofBasket, authorisationId: String(basketStart.authorisationId) };
  await send(page, 'getSigningBasketAuthorisation', { path: ofBasket });
  await send(page, 'getSigningBasketScaStatus', { path: basketAuthorisation });
  await finishEmbeddedSca(page, 'updateSigningBasketPsuData', basketAuthorisation, basketStart);

  await send(page, 'deleteConsent', { path: ofConsent });
  expect([...new Set(SEEN)].sort()).toEqual([...operations].sort());
});

test('a payment example is sent as prefilled and the sandbox accepts it: the debtor is a test PSU’s account', async ({
  page,
}) => {
  await page.goto('/explore/initiatePayment');
  const body = page.getByRole('textbox', { name: /Request body/ });
  await expect(body).toHaveValue(/"iban": "DE16990100000010010001"/);
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(answer(page).getByText('201 Created')).toBeVisible();
  await expect(answer(page).getByText('No deviation from the 1.3.12 answer')).toBeVisible();
});

test('edits and resends an inspector exchange: a changed header, a new X-Request-ID, kept across a reload', async ({
  page,
}) => {
  await page.goto('/explore/createConsent');
  const firstId = await headerValue(page, 'X-Request-ID').inputValue();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(answer(page).getByText('201 Created')).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: /Inspector/ })
    .click();
  await page.getByRole('button', { name: /^POST \/v1\/consents/ }).click();
  await page.getByRole('link', { name: 'Edit and resend' }).click();
  await expect(page).toHaveURL(/\/explore\?from=/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Create a consent' })).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: 'Edit and resend of' })).toContainText('/sandbox/v1/consents');
  await expect(headerValue(page, 'PSU-IP-Address')).toHaveValue('192.168.0.10');
  const resentId = await headerValue(page, 'X-Request-ID').inputValue();
  expect(resentId).toMatch(/^[0-9a-f-]{36}$/);
  expect(resentId).not.toBe(firstId);
  expect(JSON.parse(await page.getByRole('textbox', { name: /Request body/ }).inputValue())).toMatchObject({
    access: { allPsd2: 'allAccounts' },
  });

  await headerValue(page, 'PSU-IP-Address').fill('10.0.0.7');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(answer(page).getByText('201 Created')).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: /Inspector/ })
    .click();
  const rows = page.getByRole('button', { name: /^POST \/v1\/consents/ });
  await expect(rows).toHaveCount(2);
  await rows.last().click();
  const sent = page.getByRole('table', { name: 'Request headers' });
  await expect(sent.getByRole('row', { name: /PSU-IP-Address/i })).toContainText('10.0.0.7');
  await expect(sent.getByRole('row', { name: /^X-Request-ID/i })).toContainText(resentId);
});
