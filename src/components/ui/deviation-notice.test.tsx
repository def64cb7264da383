// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DeviationNotice } from './deviation-notice';

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
