// @vitest-environment happy-dom
// The inspector shows a bank's redirect as an answer the console did not follow, with its status where it is known.
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Exchange } from '../../api';
import { failedExchange } from '../../api/test-exchanges';
import { ExchangeDetail } from './exchange-detail';
import { filterExchanges, statusCategory } from './exchange-filters';
import { ExchangeStatusBadge } from './exchange-status';
import { toHar } from './to-har';

afterEach(cleanup);

const message = 'The bank answered with a redirect, which the console does not follow: …';

/** What the client records for an opaque redirect: no answer the browser lets the page read. */
const opaque: Exchange = {
  ...failedExchange(),
  request: { method: 'POST', url: 'https://bank.example/psd2/v1/consents', headers: {} },
  error: { kind: 'redirect', message },
};

/** The relay's answer for a bank's 307: its status, the bank's Location as X-Relay-Location. */
const relayed: Exchange = {
  ...opaque,
  relayTarget: 'bank-a',
  response: {
    status: 307,
    statusText: 'Temporary Redirect',
    headers: { 'x-relay-location': 'https://evil.example/collect' },
    bodyText: '',
  },
  error: { kind: 'redirect', message },
};

describe('a redirect in the inspector', () => {
  it('counts as a 3xx answer, also when the browser hid its status, and not as a request without an answer', () => {
    expect(statusCategory(opaque)).toBe('3xx');
    expect(statusCategory(relayed)).toBe('3xx');
    expect(filterExchanges([opaque, relayed], '', '3xx')).toEqual([opaque, relayed]);
    expect(filterExchanges([opaque], '', 'failed')).toEqual([]);
  });

  it('badges an opaque redirect “redirect, not followed” and a relayed one with its status', () => {
    render(<ExchangeStatusBadge exchange={opaque} />);
    expect(screen.getByText('redirect, not followed')).toBeTruthy();
    cleanup();
    render(<ExchangeStatusBadge exchange={relayed} />);
    expect(screen.getByText('307')).toBeTruthy();
  });

  it('spells out in the detail that the redirect was not followed, and where it pointed', () => {
    render(<ExchangeDetail exchange={opaque} curl={() => ''} />, { wrapper: MemoryRouter });
    expect(screen.getByText('Redirect, not followed (the browser does not show its status or location)')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain(message);
    cleanup();

    render(<ExchangeDetail exchange={relayed} curl={() => ''} />, { wrapper: MemoryRouter });
    expect(screen.getByText('307 Temporary Redirect, not followed')).toBeTruthy();
    const pointedTo = screen.getByText('Pointed to (not followed)').nextElementSibling;
    expect(pointedTo?.textContent).toBe('https://evil.example/collect');
    expect(pointedTo?.querySelector('a')).toBeNull();
  });

  it('exports where a relayed redirect pointed as the HAR entry’s redirectURL, and an opaque one with status 0', () => {
    const [hidden, shown] = toHar([opaque, relayed]).log.entries;
    expect(hidden?.response).toMatchObject({ status: 0, redirectURL: '', _error: `redirect: ${message}` });
    expect(shown?.response).toMatchObject({ status: 307, redirectURL: 'https://evil.example/collect' });
  });
});
