// @vitest-environment happy-dom
// The inspector's list folds status polling: one row "Status read 14 times, unchanged" that opens to its reads, opens
// by itself when one of them is selected, and leaves a read that changed the status as its own row.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Exchange } from '../../api';
import { MemoryRouter } from 'react-router-dom';
import { ExchangeDetail } from './exchange-detail';
import { ExchangeList } from './exchange-list';

afterEach(cleanup);

function statusRead(index: number, transactionStatus: string): Exchange {
  const body = { transactionStatus };
  return {
    id: `exchange-${index}`,
    flow: 'payment:p-1',
    operationId: 'getPaymentInitiationStatus',
    requestId: `request-${index}`,
    startedAt: Date.UTC(2026, 0, 15, 9, 30, index),
    durationMs: 12,
    request: {
      method: 'GET',
      url: 'https://bank.example/psd2/v1/payments/sepa-credit-transfers/p-1/status',
      headers: {},
    },
    response: { status: 200, statusText: 'OK', headers: {}, body, bodyText: JSON.stringify(body) },
    deviations: [],
  };
}

const polling = [...Array.from({ length: 14 }, (_, index) => statusRead(index + 1, 'RCVD')), statusRead(15, 'ACSC')];

describe('a run of status reads in the inspector', () => {
  it('is one row that opens to its reads and closes again', async () => {
    const onSelect = vi.fn();
    render(<ExchangeList exchanges={polling} view="flow" selectedId={null} onSelect={onSelect} />);
    const row = screen.getByRole('button', { name: /Status read 14 times, unchanged \(RCVD\)/ });
    expect(row.getAttribute('aria-expanded')).toBe('false');
    // The read that changed the status stays a row of its own; the 14 reads are not listed.
    expect(screen.getAllByRole('button', { name: /^GET / })).toHaveLength(2);

    const user = userEvent.setup();
    await user.click(row);
    expect(row.getAttribute('aria-expanded')).toBe('true');
    const reads = screen.getByRole('list', { name: 'The 14 status reads' });
    expect(within(reads).getAllByRole('button')).toHaveLength(14);
    await user.click(within(reads).getAllByRole('button')[2] as HTMLElement);
    expect(onSelect).toHaveBeenCalledWith('exchange-3');

    await user.click(row);
    expect(screen.queryByRole('list', { name: 'The 14 status reads' })).toBeNull();
  });

  it('is open when one of its reads is selected, also when selected later', () => {
    const { rerender } = render(
      <ExchangeList exchanges={polling} view="all" selectedId={null} onSelect={() => undefined} />,
    );
    expect(screen.queryByRole('list', { name: 'The 14 status reads' })).toBeNull();
    rerender(<ExchangeList exchanges={polling} view="all" selectedId="exchange-7" onSelect={() => undefined} />);
    const reads = screen.getByRole('list', { name: 'The 14 status reads' });
    expect(
      within(reads)
        .getAllByRole('button')
        .filter((button) => button.getAttribute('aria-current')),
    ).toHaveLength(1);
  });

  it('counts the reads the log folded into its latest read, which says so', async () => {
    const first = statusRead(1, 'RCVD');
    const latest: Exchange = {
      ...statusRead(14, 'RCVD'),
      folded: { count: 12, firstAt: Date.UTC(2026, 0, 15, 9, 30, 2), lastAt: Date.UTC(2026, 0, 15, 9, 30, 13) },
    };
    render(<ExchangeList exchanges={[first, latest]} view="flow" selectedId={null} onSelect={() => undefined} />);
    await userEvent.setup().click(screen.getByRole('button', { name: /Status read 14 times, unchanged \(RCVD\)/ }));
    const reads = within(screen.getByRole('list', { name: 'The 14 status reads' })).getAllByRole('button');
    expect(reads).toHaveLength(2);
    expect(reads[1]?.textContent).toContain('+ 12 earlier reads with the same answer');
    expect(reads[0]?.textContent).not.toContain('earlier');
  });

  it('says in the latest read’s detail which reads it stands for', () => {
    const latest: Exchange = {
      ...statusRead(14, 'RCVD'),
      folded: {
        count: 12,
        firstAt: new Date(2026, 0, 15, 9, 30, 2).getTime(),
        lastAt: new Date(2026, 0, 15, 9, 30, 13).getTime(),
      },
    };
    render(<ExchangeDetail exchange={latest} curl={() => ''} />, { wrapper: MemoryRouter });
    expect(screen.getByText(/Folded reads:/).closest('p')?.textContent).toBe(
      'Folded reads: this is the latest of a run of reads of this status that all got the same answer. The log keeps ' +
        'the run’s first read and this one; the 12 reads in between (sent from 09:30:02.000 to 09:30:13.000) are ' +
        'counted here rather than listed.',
    );
  });
});
