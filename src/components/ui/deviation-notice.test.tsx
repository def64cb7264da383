// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DeviationNotice } from './deviation-notice';
import { PresenterViewContext } from './presenter-view';

afterEach(cleanup);

describe('DeviationNotice', () => {
  it('groups the same deviation in every entry of a list into one line with its count', () => {
    const deviations = Array.from({ length: 200 }, (_, index) => ({
      path: `transactions.booked[${index}].bookingDate`,
      message: 'a date-time where 1.3.12 has a date',
    }));
    deviations.push({ path: 'transactions.booked[3].valueDate', message: 'missing: 1.3.12 requires it here' });
    render(<DeviationNotice deviations={deviations} />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'transactions.booked[*].bookingDate: a date-time where 1.3.12 has a date, in 200 entries',
      'transactions.booked[3].valueDate: missing: 1.3.12 requires it here',
    ]);
    expect(screen.getByText(/deviates from XS2A 1\.3\.12/).textContent).toContain('2 differences');
  });
});

describe('DeviationNotice in presenter mode', () => {
  it('masks account numbers and shortens personal names the bank’s values put in a message', () => {
    const deviations = [
      { path: 'account.name', message: 'expected one of Main account, got Alice Schmidt for DE89370400440532013000' },
      { path: 'transactionStatus', message: 'the bank reports a status 1.3.12 does not define: Pending Review' },
    ];
    const { unmount } = render(<DeviationNotice deviations={deviations} />);
    expect(screen.getAllByRole('listitem')[0]?.textContent).toContain('Alice Schmidt for DE89370400440532013000');
    unmount();
    render(
      <PresenterViewContext.Provider value={true}>
        <DeviationNotice deviations={deviations} />
      </PresenterViewContext.Provider>,
    );
    const [named, status] = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(named).toBe('account.name: expected one of Main account, got Alice S. for DE89 •••• •••• 3000');
    expect(status).toBe('transactionStatus: the bank reports a status 1.3.12 does not define: Pending Review');
  });
});
