// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Balance } from '../../../xs2a';
import { BalancesTable } from './balances-table';

afterEach(cleanup);

describe('BalancesTable with a deviating bank', () => {
  it('shows an amount sent as a JSON number, flagged beside it, and a date with a time', () => {
    const balances = [
      {
        balanceType: 'closingBooked',
        balanceAmount: { currency: 'EUR', amount: 1234.5 },
        referenceDate: '2026-11-20T10:00:00Z',
      },
    ] as unknown as Balance[];
    render(<BalancesTable balances={balances} caption="Balances" />);
    const row = screen.getByRole('row', { name: /Closing booked/ });
    expect(row.textContent).toMatch(/1,234\.50|1\.234,50/);
    expect(
      within(row).getByTitle('balanceAmount.amount 1234.5: sent as a JSON number; 1.3.12 has amounts as strings'),
    ).toBeTruthy();
    expect(row.querySelector('time')?.textContent).toBe('2026-11-20 10:00:00Z');
  });
});
