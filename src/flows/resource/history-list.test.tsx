// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HistoryList } from './history-list';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const noun = { one: 'payment', many: 'payments' };
const empty = { text: 'Initiate a payment.', link: { to: '/payments/new', label: 'Start a new payment' } };

function renderList(count: number, onClear = vi.fn()) {
  render(
    <MemoryRouter>
      <HistoryList count={count} noun={noun} empty={empty} onClear={onClear}>
        {Array.from({ length: count }, (_, index) => (
          <li key={index}>payment {index}</li>
        ))}
      </HistoryList>
    </MemoryRouter>,
  );
  return onClear;
}

describe('HistoryList', () => {
  it('names an empty list after its noun and leads to where one is made', () => {
    renderList(0);
    const section = screen.getByRole('region', { name: 'No payments yet' });
    expect(within(section).getByRole('link', { name: 'Start a new payment' }).getAttribute('href')).toBe(
      '/payments/new',
    );
  });

  it('counts its items and forgets them only once the question about the noun is answered yes', async () => {
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    const onClear = renderList(2);
    expect(screen.getByRole('list', { name: '2 payments, newest first' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear list' }));
    expect(confirm).toHaveBeenCalledWith('Forget every payment in this list? The payments stay at the bank.');
    expect(onClear).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Clear list' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });
});
