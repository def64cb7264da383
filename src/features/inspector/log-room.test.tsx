// @vitest-environment happy-dom
// The inspector tells the user before the log drops flows (how many more fit, which go next, with a way to keep or
// export them) and after (what went); each flow has a Keep control, and a flow opened in the inspector is kept.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FLOW_LIMIT, WARN_WITHIN } from '../../api';
import { exchangeLog, recordExchange, updateExchange } from '../../api/exchange-log';
import { forgetPage, renderRoute } from '../../testing/pages';
import { InspectorPage } from './inspector-page';
import { LogRoomLink } from './log-room';

let clock = Date.UTC(2026, 0, 15, 9, 0);

/** A payment's flow of two exchanges: its initiation and its status read. */
function paymentFlow(n: number): void {
  for (const [operationId, method, path, status] of [
    ['initiatePayment', 'POST', '', 201],
    ['getPaymentInitiationStatus', 'GET', `/p-${n}/status`, 200],
  ] as const) {
    clock += 1000;
    const id = recordExchange({
      flow: `payment:p-${n}`,
      operationId,
      requestId: `r-${n}-${operationId}`,
      startedAt: clock,
      request: { method, url: `https://bank.example/psd2/v1/payments/sepa-credit-transfers${path}`, headers: {} },
    });
    const body = { transactionStatus: 'RCVD' };
    updateExchange(id, {
      durationMs: 12,
      response: { status, statusText: '', headers: {}, body, bodyText: JSON.stringify(body) },
    });
  }
}

const flows = (count: number, from = 0) => {
  for (let n = from; n < from + count; n += 1) paymentFlow(n);
};

beforeEach(() => exchangeLog.clear());
afterEach(() => {
  act(() => exchangeLog.clear());
  forgetPage();
  vi.unstubAllGlobals();
});

function openInspector(): void {
  renderRoute('/inspector', <InspectorPage />);
}

/** The inspector's notice of the log's room. */
const notice = () => document.getElementById('log-room') as HTMLElement;

describe('the inspector’s notice of the log’s room', () => {
  it('says nothing while there is room', () => {
    flows(FLOW_LIMIT - WARN_WITHIN - 1);
    openInspector();
    expect(notice().textContent).toBe('');
    expect(notice().getAttribute('role')).toBe('status');
  });

  it(`says how many more flows fit once ${WARN_WITHIN} or fewer do, and which go next, and keeps them on request`, async () => {
    flows(FLOW_LIMIT - WARN_WITHIN);
    openInspector();
    expect(notice().textContent).toContain(
      'The log is nearly full: it keeps the latest 60 flows besides the ones you keep, and 5 more flows fit before ' +
        'the oldest go. Next to go: Payment p-0, Payment p-1 and Payment p-2.',
    );
    await userEvent.setup().click(within(notice()).getByRole('button', { name: 'Keep these 3' }));
    expect([...exchangeLog.kept()]).toEqual(['payment:p-0', 'payment:p-1', 'payment:p-2']);
    expect(notice().textContent).toBe('');
    const kept = screen.getByRole('region', { name: 'Payment p-0' });
    expect(within(kept).getByRole('button', { name: 'Kept Payment p-0' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('exports the flows that go next as HAR, which keeps them', async () => {
    const files: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: (blob: Blob) => (files.push(blob), 'blob:x'), revokeObjectURL: () => {} }),
    );
    flows(FLOW_LIMIT);
    openInspector();
    expect(notice().textContent).toContain(
      'The log is full: it keeps the latest 60 flows besides the ones you keep, so each new flow now drops the oldest ' +
        'one. Next to go: Payment p-0, Payment p-1 and Payment p-2.',
    );
    await userEvent.setup().click(within(notice()).getByRole('button', { name: 'Export these 3 as HAR' }));
    const har = JSON.parse(await (files[0] as Blob).text()) as { log: { entries: { _xs2a: { flow: string } }[] } };
    expect(har.log.entries.map((entry) => entry._xs2a.flow)).toEqual([
      'payment:p-0',
      'payment:p-0',
      'payment:p-1',
      'payment:p-1',
      'payment:p-2',
      'payment:p-2',
    ]);
    expect(exchangeLog.kept()).toEqual(new Set(['payment:p-0', 'payment:p-1', 'payment:p-2']));
  });

  it('says what was dropped, until dismissed', async () => {
    flows(FLOW_LIMIT + 2);
    openInspector();
    expect(notice().textContent).toContain(
      'Dropped to make room for newer flows: 2 flows (4 exchanges). Payment p-0 and Payment p-1.',
    );
    await userEvent.setup().click(within(notice()).getByRole('button', { name: 'Dismiss' }));
    expect(notice().textContent).not.toContain('Dropped');
    expect(exchangeLog.dropped()).toBeUndefined();
  });
});

describe('Keep on a flow', () => {
  it('marks the flow kept and lets it go again', async () => {
    flows(3);
    openInspector();
    const user = userEvent.setup();
    const keep = screen.getByRole('button', { name: 'Keep Payment p-1' });
    expect(keep.getAttribute('aria-pressed')).toBe('false');
    await user.click(keep);
    const kept = screen.getByRole('button', { name: 'Kept Payment p-1' });
    expect(kept.getAttribute('aria-pressed')).toBe('true');
    expect(exchangeLog.kept()).toEqual(new Set(['payment:p-1']));
    await user.click(kept);
    expect(exchangeLog.kept().size).toBe(0);
  });

  it('is set on a flow whose exchange is opened, and shown beside the exchange’s flow', async () => {
    flows(2);
    openInspector();
    const user = userEvent.setup();
    const flow = screen.getByRole('region', { name: 'Payment p-0' });
    await user.click(within(flow).getAllByRole('button', { name: /^GET / })[0] as HTMLElement);
    expect(exchangeLog.kept()).toEqual(new Set(['payment:p-0']));
    const detail = screen.getByTestId('exchange-detail-pane');
    expect(within(detail).getByRole('button', { name: 'Kept Payment p-0' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('the notice beside the inspector’s link', () => {
  function renderLink() {
    render(<LogRoomLink />, { wrapper: MemoryRouter });
    return () => screen.getByRole('status');
  }

  it('is empty while there is room, then leads to the inspector with how many flows fit, or what went', () => {
    flows(FLOW_LIMIT - WARN_WITHIN - 1);
    const status = renderLink();
    expect(status().textContent).toBe('');
    act(() => flows(1, 100));
    const link = within(status()).getByRole('link', { name: 'Log: 5 more flows fit' });
    expect(link.getAttribute('href')).toBe('/inspector#log-room');
    act(() => flows(WARN_WITHIN, 200));
    expect(status().textContent).toBe('Log full: oldest flows go next');
    act(() => {
      exchangeLog.keep(exchangeLog.list().map((exchange) => exchange.flow ?? ''));
    });
    expect(status().textContent).toBe('');
  });

  it('says what was dropped while the log has room again', () => {
    flows(FLOW_LIMIT + 1);
    const status = renderLink();
    expect(status().textContent).toBe('Log full: oldest flows go next');
    act(() => exchangeLog.keep(exchangeLog.list().map((exchange) => exchange.flow ?? '')));
    expect(status().textContent).toBe('Log: 1 flow dropped');
  });
});
