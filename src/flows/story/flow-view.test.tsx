// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exchangeLog, flowEvents, presenterMode } from '../../api';
import { recordExchange, updateExchange } from '../../api/exchange-log';
import { PRESENTER_TYPE_SCALE, PresenterViewContext } from '../../components/ui';
import FlowView from './flow-view';

const FLOW = 'payment:p1';

function Inspector() {
  const location = useLocation();
  return <p>{`inspector at ${location.pathname}${location.search}`}</p>;
}

function renderView(presenting = false) {
  const router = createMemoryRouter(
    [
      { path: '/payment', element: <FlowView flow={FLOW} /> },
      { path: '/inspector', element: <Inspector /> },
    ],
    { initialEntries: ['/payment'] },
  );
  // The app hands presenter mode to the pieces through this context, as it does on every page.
  render(
    <PresenterViewContext.Provider value={presenting}>
      <RouterProvider router={router} />
    </PresenterViewContext.Provider>,
  );
}

function record(operationId: string, method: string, answer: { status: number; body: unknown }, body?: unknown) {
  const id = recordExchange({
    flow: FLOW,
    operationId,
    requestId: `r-${operationId}`,
    startedAt: Date.now(),
    request: { method, url: 'https://bank.example/v1/payments/sepa-credit-transfers/p1', headers: {}, body },
  });
  updateExchange(id, {
    durationMs: 5,
    response: {
      status: answer.status,
      statusText: 'OK',
      headers: {},
      body: answer.body,
      bodyText: JSON.stringify(answer.body),
    },
  });
  return id;
}

afterEach(() => {
  cleanup();
  exchangeLog.clear();
  flowEvents.clear();
  presenterMode.set(false);
  vi.unstubAllGlobals();
});

describe('FlowView', () => {
  it('draws the flow from the exchange log and grows as the flow runs', () => {
    record('initiatePayment', 'POST', { status: 201, body: { transactionStatus: 'RCVD' } });
    renderView();
    const view = screen.getByRole('region', { name: 'Flow' });
    expect(within(view).getByRole('link', { name: /^Step 1: Initiate payment → 201, received\./ })).toBeTruthy();
    expect(within(view).getByText(/^Outcome:/, { selector: 'p' }).textContent).toBe(
      'Outcome: Received (RCVD): not authorised yet',
    );

    act(() => void record('getPaymentInitiationStatus', 'GET', { status: 200, body: { transactionStatus: 'ACSC' } }));
    expect(within(view).getByRole('link', { name: /^Step 2: Status → ACSC, settled\./ })).toBeTruthy();
    expect(within(view).getByText(/^Outcome:/, { selector: 'p' }).textContent).toBe('Outcome: Settled (ACSC)');
  });

  it('opens a step’s exchange in the inspector', async () => {
    const id = record('initiatePayment', 'POST', { status: 201, body: { transactionStatus: 'RCVD' } });
    renderView();
    await userEvent.click(screen.getByRole('link', { name: /^Step 1: Initiate payment/ }));
    expect(await screen.findByText(`inspector at /inspector?exchange=${id}`)).toBeTruthy();
  });

  it('keeps the flow in the log once its picture or Mermaid text is exported, not while it is only drawn', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    record('initiatePayment', 'POST', { status: 201, body: { transactionStatus: 'RCVD' } });
    renderView();
    expect(exchangeLog.kept().size).toBe(0);
    const user = userEvent.setup();
    await user.click(screen.getByText('Export'));
    await user.click(screen.getByRole('button', { name: 'Download Mermaid text' }));
    expect(exchangeLog.kept()).toEqual(new Set([FLOW]));
  });

  it('masks bank data as soon as presenter mode is switched on', () => {
    const body = { creditorName: 'Marie Curie', creditorAccount: { iban: 'FR1420041010050500013M02606' } };
    record('initiatePayment', 'POST', { status: 201, body: { transactionStatus: 'RCVD' } }, body);
    renderView();
    const view = screen.getByRole('region', { name: 'Flow' });
    expect(view.textContent).toContain('Curie');
    expect(view.textContent).toContain('FR1420041010050500013M02606');
    act(() => presenterMode.set(true));
    expect(view.textContent).toContain('Marie C.');
    expect(view.textContent).toContain('2606)');
    expect(view.textContent).not.toContain('Curie');
    expect(view.textContent).not.toContain('FR1420041010050500013M02606');
  });

  it('draws its text, lane titles and spacing larger with presenter mode’s larger type', () => {
    record('initiatePayment', 'POST', { status: 201, body: { transactionStatus: 'RCVD' } });
    const sizes = (presenting: boolean) => {
      renderView(presenting);
      const svg = screen.getByRole('region', { name: 'Flow' }).querySelector('svg')!;
      const step = svg.querySelector('g[data-step] text')!;
      const lane = svg.querySelector('rect[rx="6"]')!;
      const measured = {
        font: Number(step.getAttribute('font-size')),
        lane: Number(lane.getAttribute('height')),
        width: Number(svg.getAttribute('width')),
      };
      cleanup();
      return measured;
    };
    const usual = sizes(false);
    const presented = sizes(true);
    expect(usual.font).toBe(13);
    // The window decides between the phone's and the wide screen's scale, as the stylesheet does.
    const scale = window.matchMedia(PRESENTER_TYPE_SCALE.wideFrom).matches
      ? PRESENTER_TYPE_SCALE.wide
      : PRESENTER_TYPE_SCALE.narrow;
    expect(presented.font).toBe(Math.round(13 * scale * 10) / 10);
    expect(presented.width).toBe(usual.width);
    expect(presented.lane).toBeGreaterThan(usual.lane);
  });
});
