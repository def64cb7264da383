import { describe, expect, it } from 'vitest';
import { BalanceSeriesError, deriveBalanceSeries, fromThousandths, pickAnchor, toThousandths } from './balance-series';

describe('decimal helpers', () => {
  it('convert amounts to thousandths and back exactly', () => {
    expect(toThousandths('-12.5')).toBe(-12500n);
    expect(toThousandths('0.001')).toBe(1n);
    expect(toThousandths('99999999999999.999')).toBe(99999999999999999n);
    expect(toThousandths('1,5')).toBeUndefined();
    expect(fromThousandths(-12500n, 2)).toBe('-12.50');
    expect(fromThousandths(1n, 3)).toBe('0.001');
    expect(fromThousandths(5000n, 0)).toBe('5');
    expect(fromThousandths(-0n, 2)).toBe('0.00');
  });
});

describe('deriveBalanceSeries', () => {
  const entries = [
    { date: '2026-03-10', amount: '-100.00' },
    { date: '2026-03-10', amount: '-0.10' },
    { date: '2026-03-05', amount: '2500.00' },
    { date: '2026-03-20', amount: '-0.20' },
  ];

  it('works backwards from a balance at the end of the period', () => {
    const series = deriveBalanceSeries({
      entries,
      anchor: { amount: '1000.00', date: '2026-03-31' },
      from: '2026-03-01',
      to: '2026-03-31',
      decimals: 2,
    });
    expect(series.points.map((p) => [p.date, p.amount])).toEqual([
      ['2026-02-28', '-1399.70'],
      ['2026-03-05', '1100.30'],
      ['2026-03-10', '1000.20'],
      ['2026-03-20', '1000.00'],
      ['2026-03-31', '1000.00'],
    ]);
    expect(series.start.amount).toBe('-1399.70');
    expect(series.end.amount).toBe('1000.00');
    expect(series.min).toMatchObject({ date: '2026-02-28', amount: '-1399.70' });
    expect(series.max).toMatchObject({ date: '2026-03-05', amount: '1100.30' });
    // 0.1 + 0.2 style sums stay exact.
    expect(series.points[2]?.value).toBe(1000.2);
  });

  it('works forwards from a balance inside the period (e.g. yesterday’s closing balance)', () => {
    const series = deriveBalanceSeries({
      entries,
      anchor: { amount: '1100.30', date: '2026-03-05' },
      from: '2026-03-01',
      to: '2026-03-31',
      decimals: 2,
    });
    expect(series.end.amount).toBe('1000.00');
    expect(series.start.amount).toBe('-1399.70');
  });

  it('gives a flat line for a period without bookings', () => {
    const series = deriveBalanceSeries({
      entries: [],
      anchor: { amount: '5.00', date: '2026-03-31' },
      from: '2026-03-01',
      to: '2026-03-31',
      decimals: 2,
    });
    expect(series.points.map((p) => p.amount)).toEqual(['5.00', '5.00']);
  });

  it('refuses a balance dated outside the period and amounts that are not decimals', () => {
    expect(() =>
      deriveBalanceSeries({
        entries,
        anchor: { amount: '1.00', date: '2026-04-15' },
        from: '2026-03-01',
        to: '2026-03-31',
        decimals: 2,
      }),
    ).toThrow(BalanceSeriesError);
    expect(() =>
      deriveBalanceSeries({
        entries: [{ date: '2026-03-02', amount: 'ten' }],
        anchor: { amount: '1.00', date: '2026-03-31' },
        from: '2026-03-01',
        to: '2026-03-31',
        decimals: 2,
      }),
    ).toThrow(/not a decimal/);
  });
});

describe('pickAnchor', () => {
  const amount = (value: string) => ({ amount: value, currency: 'EUR' });

  it('prefers the interim booked balance, then the closing booked one; never an available or expected one', () => {
    const balances = [
      { balanceType: 'closingBooked', balanceAmount: amount('1.00'), referenceDate: '2026-03-30' },
      { balanceType: 'interimBooked', balanceAmount: amount('2.00'), referenceDate: '2026-03-31' },
      { balanceType: 'expected', balanceAmount: amount('3.00') },
    ];
    expect(pickAnchor(balances, '2026-03-31')).toMatchObject({ amount: '2.00', date: '2026-03-31' });
    expect(pickAnchor(balances.slice(0, 1), '2026-03-31')).toMatchObject({ amount: '1.00', date: '2026-03-30' });
    expect(pickAnchor([{ balanceType: 'interimAvailable', balanceAmount: amount('9.00') }], '2026-03-31')).toBe(
      undefined,
    );
  });

  it('dates a balance by lastChangeDateTime, else today', () => {
    expect(
      pickAnchor(
        [{ balanceType: 'interimBooked', balanceAmount: amount('1'), lastChangeDateTime: '2026-03-29T10:00:00Z' }],
        '2026-03-31',
      )?.date,
    ).toBe('2026-03-29');
    expect(pickAnchor([{ balanceType: 'interimBooked', balanceAmount: amount('1') }], '2026-03-31')?.date).toBe(
      '2026-03-31',
    );
  });

  it('reads a referenceDate sent with a time by its date, and an amount sent as a JSON number', () => {
    const sent = [
      {
        balanceType: 'closingBooked',
        balanceAmount: { amount: 12.5 as unknown as string, currency: 'EUR' },
        referenceDate: '2026-03-30T00:00:00Z',
      },
    ];
    expect(pickAnchor(sent, '2026-03-31')).toMatchObject({ amount: '12.5', date: '2026-03-30' });
  });
});
