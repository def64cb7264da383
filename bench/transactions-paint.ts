// The accounts area's long list in Chromium: bob's business account with all 10,000 entries loaded through the bank's
// `next` links, and how fast the virtualized table paints them.
//
// Time from data to paint: from the User Timing mark the page sets when the last page's response has arrived and is in
// the React Query cache (`xs2a:transactions:last-page`, set right after the last GET …/transactions resolved and was
// stored, before React renders), to the mark the table sets in a task posted from the first requestAnimationFrame
// callback after it committed all 10,000 rows (`xs2a:transactions:rows-painted` with detail.rows = 10,000): that task
// runs once the frame showing the rows has been rendered. Both marks are on the page's own clock.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { SANDBOX_OTP, SANDBOX_PASSWORD, testAccounts } from '../server/sandbox/seed';
import { Xs2aCaller } from './xs2a-session';

const LAST_PAGE_MARK = 'xs2a:transactions:last-page';
const ROWS_PAINTED_MARK = 'xs2a:transactions:rows-painted';
const PSU_IP_ADDRESS = '192.168.8.78';

export interface TransactionsPaint {
  transactions: number;
  pages: number;
  /** From the click on "Load all pages" until the page reports every page loaded. */
  loadAllMs: number;
  /** Last page's response in the cache → first frame painted with all rows (see the file's head). */
  dataToPaintMs: number;
  /** Row elements (<tr> with aria-rowindex) in the DOM with the table at its top, and scrolled to its end. */
  domRowsTop: number;
  domRowsEnd: number;
  /** Scroll to the end → the frame showing the last row painted. */
  scrollToEndPaintMs: number;
}

function isoDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A one-off consent for bob's business account, authorised with embedded SCA over the API. */
export async function businessConsent(bank: Xs2aCaller, iban: string): Promise<string> {
  const headers = { 'Content-Type': 'application/json', 'PSU-IP-Address': PSU_IP_ADDRESS, 'PSU-ID': 'bob' };
  const created = await bank.call(
    'POST',
    '/v1/consents',
    201,
    { ...headers, 'TPP-Redirect-Preferred': 'false' },
    {
      access: { accounts: [{ iban }], balances: [{ iban }], transactions: [{ iban }] },
      recurringIndicator: false,
      validUntil: isoDay(7),
      frequencyPerDay: 1,
      combinedServiceIndicator: false,
    },
  );
  const link = (answer: { json: Record<string, unknown> }, name: string) => {
    const href = (answer.json._links as Record<string, { href?: string } | undefined> | undefined)?.[name]?.href;
    if (!href) throw new Error(`No _links.${name} in ${JSON.stringify(answer.json).slice(0, 300)}`);
    return bank.resolve(href);
  };
  let step = await bank.call('POST', link(created, 'startAuthorisationWithPsuAuthentication'), 201, headers, {
    psuData: { password: SANDBOX_PASSWORD },
  });
  step = await bank.call('PUT', link(step, 'selectAuthenticationMethod'), 200, headers, {
    authenticationMethodId: 'sms',
  });
  step = await bank.call('PUT', link(step, 'authoriseTransaction'), 200, headers, {
    scaAuthenticationData: SANDBOX_OTP,
  });
  if (step.json.scaStatus !== 'finalised') throw new Error(`The consent's SCA ended ${String(step.json.scaStatus)}`);
  const consentId = created.json.consentId;
  if (typeof consentId !== 'string') throw new Error('The consent has no consentId');
  return consentId;
}

/** Makes `consentId` the built-in sandbox profile's active consent in every page the context opens. */
export async function activateConsent(context: BrowserContext, consentId: string): Promise<void> {
  await context.addInitScript((id) => {
    if (window.location.pathname.startsWith('/sandbox')) return;
    window.localStorage.setItem('xs2a-console.active-consent.v1', JSON.stringify({ sandbox: id }));
  }, consentId);
}

/** Row elements of the transaction table in the DOM (the virtualizer's padding rows have no aria-rowindex). */
function domRows(page: Page): Promise<number> {
  return page.locator('table[aria-rowcount] tbody tr[aria-rowindex]').count();
}

/** Opens bob's business account with its whole year of entries, loads every page and measures the table. */
export async function measureTransactionsPaint(browser: Browser, origin: string): Promise<TransactionsPaint> {
  const account = testAccounts['bob-business'];
  const consentId = await businessConsent(new Xs2aCaller(`${origin}/sandbox`), account.iban);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await activateConsent(context, consentId);
    const page = await context.newPage();
    const query = new URLSearchParams({ dateFrom: isoDay(-400), dateTo: isoDay(0), bookingStatus: 'both' });
    await page.goto(`${origin}/accounts/${account.resourceId}?${query.toString()}`);
    await page.getByText(/^[\d,]+ entries on this page/).waitFor({ timeout: 60_000 });

    const started = Date.now();
    await page.getByRole('button', { name: 'Load all pages' }).first().click();
    const done = page.getByText(/^All [\d,]+ pages? loaded: [\d,]+ entries/);
    await done.waitFor({ timeout: 600_000 });
    const loadAllMs = Date.now() - started;
    const [, pages = '0', entries = '0'] =
      /^All ([\d,]+) pages? loaded: ([\d,]+) entries/.exec((await done.textContent()) ?? '') ?? [];
    const transactions = Number(entries.replace(/,/g, ''));

    // The painted mark comes one frame after the rows; wait for it, then pair it with the last page's mark.
    await page.waitForFunction(
      ({ painted, rows }) =>
        performance
          .getEntriesByName(painted, 'mark')
          .some((mark) => ((mark as PerformanceMark).detail as { rows?: number } | null)?.rows === rows),
      { painted: ROWS_PAINTED_MARK, rows: transactions },
    );
    const dataToPaintMs = await page.evaluate(
      ({ lastPage, painted, rows }) => {
        const arrived = performance.getEntriesByName(lastPage, 'mark').at(-1);
        if (!arrived) throw new Error(`No ${lastPage} mark`);
        const shown = performance
          .getEntriesByName(painted, 'mark')
          .find(
            (mark) =>
              mark.startTime >= arrived.startTime &&
              ((mark as PerformanceMark).detail as { rows?: number } | null)?.rows === rows,
          );
        if (!shown) throw new Error(`No ${painted} mark for ${rows} rows after the last page`);
        return shown.startTime - arrived.startTime;
      },
      { lastPage: LAST_PAGE_MARK, painted: ROWS_PAINTED_MARK, rows: transactions },
    );
    const domRowsTop = await domRows(page);

    const region = page.getByRole('region', { name: /^Transactions from .* \(scrollable\)$/ });
    // No named functions inside: the bench runs under tsx, whose helpers for names do not exist in the page.
    const scrollToEndPaintMs = await region.evaluate(async (element) => {
      const start = performance.now();
      const rowCount = element.querySelector('table')?.getAttribute('aria-rowcount');
      element.scrollTo({ top: element.scrollHeight });
      // The virtualizer renders the last rows on the scroll event; wait for the frame that shows them.
      for (let frame = 0; frame < 600; frame += 1) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        if (element.querySelector(`tr[aria-rowindex="${rowCount}"]`)) break;
      }
      await new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = resolve;
        channel.port2.postMessage(null);
      });
      return performance.now() - start;
    });
    const domRowsEnd = await domRows(page);
    return {
      transactions,
      pages: Number(pages.replace(/,/g, '')),
      loadAllMs,
      dataToPaintMs,
      domRowsTop,
      domRowsEnd,
      scrollToEndPaintMs,
    };
  } finally {
    await context.close();
  }
}
