// The pain.001 payment products through the console against the sandbox: a single payment written from the form as a
// pain.001 document and authorised with redirect SCA until it settles, a bulk document, a standing order sent as
// multipart/form-data, and malformed XML held back (and a document the bank refuses) with the text kept.
import { expect, test, type Page } from '@playwright/test';
import { writePain001 } from '../src/xs2a/pain001';
import { frozenBench } from './bench';
import { testAccounts } from './fixtures';
import { approveAtBank, CREDITOR_IBAN, isoDateFromToday, pictured, transactionStatus } from './payments-helpers';

test.describe.configure({ timeout: 90_000 });

const alice = testAccounts['alice-main'];
const SCT_XML = 'SEPA credit transfer (pain.001 XML)';

async function chooseXml(page: Page, service: string) {
  await page.goto('/payments/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New payment' })).toBeVisible();
  await page.getByRole('radio', { name: service }).check();
  await page.getByLabel('Payment product').selectOption({ label: SCT_XML });
  return page.getByRole('textbox', { name: 'Request body (pain.001 XML)' });
}

const words = (page: Page) => page.getByRole('definition');

test('a single pain.001 payment, written from the form, goes through redirect SCA and settles', async ({
  page,
}, testInfo) => {
  const b = await frozenBench(page, testInfo);
  const xml = await chooseXml(page, 'Single payment (payments)');
  await page.getByLabel('Debtor IBAN').fill(alice.iban);
  await page.getByLabel('Amount').fill('12.50');
  await page.getByLabel('Creditor IBAN').fill(CREDITOR_IBAN);
  await page.getByLabel('Creditor name').fill('Boulangerie <Exemple> & Fils');
  await page.getByRole('button', { name: 'Write the document from the form' }).click();
  await expect(xml).toHaveValue(/<IBAN>FR1420041010050500013M02606<\/IBAN>/);
  // The name is escaped in the document and read back as it was typed.
  await expect(xml).toHaveValue(/Boulangerie &#60;Exemple&#62; &#38; Fils/);
  await expect(page.getByText('Well-formed XML')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Boulangerie <Exemple> & Fils' })).toBeVisible();
  await expect(words(page).filter({ hasText: '€12.50' }).first()).toBeVisible();
  await pictured(page, 'pain001-form', 1280);
  await pictured(page, 'pain001-form', 390);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Initiate payment' }).click();
  await page.waitForURL(/\/payments\/payments\/pain\.001-sepa-credit-transfers\/[^/?]+$/);
  const paymentPath = new URL(page.url()).pathname;
  await expect(transactionStatus(page)).toContainText('RCVD');
  await expect(page.getByText('The document as the bank answered it')).toBeVisible();
  await expect(page.getByText('<Nm>Boulangerie &#60;Exemple&#62; &#38; Fils</Nm>')).toBeVisible();

  await page.getByRole('link', { name: 'Continue at the bank' }).click();
  await approveAtBank(page, 'alice');
  await page.waitForURL((url) => url.pathname === paymentPath && url.searchParams.get('sca') === 'ok');
  await expect(transactionStatus(page)).toContainText('ACTC');
  await b.advance('PT1M');
  await page.reload();
  await expect(transactionStatus(page)).toContainText('ACSC');
  await pictured(page, 'pain001-payment', 1280);
  await pictured(page, 'pain001-payment', 390);
});

test('a bulk pain.001 document orders each of its payments', async ({ page }, testInfo) => {
  await frozenBench(page, testInfo);
  const xml = await chooseXml(page, 'Bulk payment (bulk-payments)');
  const document = writePain001({
    messageId: 'BULK-1',
    createdAt: '2026-01-01T09:00:00',
    debtorIban: alice.iban,
    requestedExecutionDate: isoDateFromToday(0),
    transfers: [
      { amount: '10.00', currency: 'EUR', creditorName: 'Kaffee Handel GmbH', creditorIban: CREDITOR_IBAN },
      { amount: '2.25', currency: 'EUR', creditorName: 'Brandt Erik', creditorIban: 'DE02100100109307118603' },
    ],
  });
  await xml.fill(document);
  await expect(words(page).filter({ hasText: /^2$/ })).toBeVisible();
  await expect(words(page).filter({ hasText: '€12.25' })).toBeVisible();
  await page.getByRole('button', { name: 'Initiate bulk payment' }).click();
  await page.waitForURL(/\/payments\/bulk-payments\/pain\.001-sepa-credit-transfers\/[^/?]+$/);
  const paymentPath = new URL(page.url()).pathname;
  await expect(page.getByRole('cell', { name: 'Brandt Erik' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue at the bank' }).click();
  await approveAtBank(page, 'alice');
  await page.waitForURL((url) => url.pathname === paymentPath && url.searchParams.get('sca') === 'ok');
  await expect(transactionStatus(page)).toContainText('ACTC');
});

test('a pain.001 standing order is sent as multipart/form-data and read back with its schedule', async ({
  page,
}, testInfo) => {
  await frozenBench(page, testInfo);
  await chooseXml(page, 'Standing order (periodic-payments)');
  await page.getByLabel('Debtor IBAN').fill(alice.iban);
  await page.getByLabel('Amount').fill('25.00');
  await page.getByLabel('Creditor IBAN').fill(CREDITOR_IBAN);
  await page.getByLabel('Creditor name').fill('Hausverwaltung Berg');
  await page.getByLabel('Start date').fill(isoDateFromToday(3));
  await page.getByLabel('Frequency').selectOption('Monthly');
  await page.getByRole('button', { name: 'Write the document from the form' }).click();
  await expect(page.getByRole('heading', { name: 'Standing order (json_standingorderType)' })).toBeVisible();
  await page.getByRole('button', { name: 'Initiate payment' }).click();
  await page.waitForURL(/\/payments\/periodic-payments\/pain\.001-sepa-credit-transfers\/[^/?]+$/);
  await expect(transactionStatus(page)).toContainText('RCVD');
  await expect(page.getByRole('heading', { name: 'Standing order (json_standingorderType)' })).toBeVisible();
  await expect(words(page).filter({ hasText: 'Monthly' })).toBeVisible();
  await expect(page.getByText(/Content-Disposition: form-data; name="xml_sct"/)).toBeVisible();
});

test('malformed XML is held back, and a document the bank refuses is told, the text kept both times', async ({
  page,
}, testInfo) => {
  await frozenBench(page, testInfo);
  const xml = await chooseXml(page, 'Single payment (payments)');
  await expect(xml).toHaveValue(/<Document/);
  const broken = (await xml.inputValue()).replace('</Cdtr>', '');
  await xml.fill(broken);
  await expect(page.getByText(/The XML is not well-formed/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Initiate payment' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Not sent: the XML is not well-formed' })).toBeVisible();
  await expect(xml).toHaveValue(broken);
  await expect(xml).toBeFocused();

  // Well-formed, but its count disagrees with its transfers: the bank says so in words.
  const wrong = writePain001({
    messageId: 'M-1',
    createdAt: '2026-01-01T09:00:00',
    debtorIban: alice.iban,
    requestedExecutionDate: isoDateFromToday(0),
    transfers: [{ amount: '1.00', currency: 'EUR', creditorName: 'A', creditorIban: CREDITOR_IBAN }],
  }).replace(/<NbOfTxs>1<\/NbOfTxs>/g, '<NbOfTxs>2</NbOfTxs>');
  await xml.fill(wrong);
  await expect(page.getByText('What a bank will object to')).toBeVisible();
  await page.getByRole('button', { name: 'Initiate payment' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /NbOfTxs 2/ })).toBeVisible();
  await expect(xml).toHaveValue(wrong);
  await pictured(page, 'pain001-refused', 1280);
  await pictured(page, 'pain001-refused', 390);
});
