import { describe, expect, it } from 'vitest';
import { dayOf, weekday } from './calendar';
import { Random } from './random';
import { billAmount, billDay, billEntry, cardEntry, cardText, workingDayFromEnd, type Bill } from './recurring';

const bill: Bill = {
  kind: 'directDebit',
  name: 'Stadtwerke',
  amount: 48.79,
  due: { dayOfMonth: 1 },
  minute: 400,
  text: (y, m) => `Abschlag ${m}/${y}`,
  endToEndId: (y, m) => `SW-${y}${m}`,
};

describe('recurring bills', () => {
  it('fall due on the working day on or after their day of the month, inside the history only', () => {
    // 1 March 2026 is a Sunday: the bill moves to Monday the 2nd.
    const due = dayOf(2026, 3, 2);
    expect(billDay(bill, 2026, 3, dayOf(2026, 1, 1), dayOf(2026, 12, 31))).toBe(due);
    expect(billDay(bill, 2026, 3, due, dayOf(2026, 12, 31))).toBeUndefined();
    expect(billDay(bill, 2026, 3, dayOf(2026, 1, 1), due - 1)).toBeUndefined();
    expect(billDay({ ...bill, months: [1, 4] }, 2026, 3, dayOf(2026, 1, 1), dayOf(2026, 12, 31))).toBeUndefined();
  });

  it('count working days back from the end of the month, and may fall on the opening day', () => {
    // 31 January 2026 is a Saturday: the last working day is Friday the 30th, the one before Thursday the 29th.
    expect(workingDayFromEnd(2026, 1, 1)).toBe(dayOf(2026, 1, 30));
    expect(workingDayFromEnd(2026, 1, 2)).toBe(dayOf(2026, 1, 29));
    expect(weekday(workingDayFromEnd(2026, 1, 3))).toBe(3);
    const payday = { ...bill, due: { workingDayFromEnd: 2 } };
    expect(billDay(payday, 2026, 1, dayOf(2026, 1, 29), dayOf(2026, 12, 31))).toBe(dayOf(2026, 1, 29));
  });

  it('book a debit with a fixed or drawn amount, its text and end-to-end id', () => {
    const rng = new Random('test');
    const entry = billEntry(bill, dayOf(2026, 3, 2), 2026, 3, rng);
    expect(entry).toMatchObject({ kind: 'directDebit', minute: 400, amount: -4879, name: 'Stadtwerke' });
    expect(entry).toMatchObject({ remittance: 'Abschlag 3/2026', endToEndId: 'SW-20263' });
    const drawn = billAmount({ ...bill, amount: [10, 20] }, rng);
    expect(drawn).toBeGreaterThanOrEqual(1000);
    expect(drawn).toBeLessThanOrEqual(2000);
    const random = billEntry({ ...bill, minute: undefined }, dayOf(2026, 3, 2), 2026, 3, new Random('x'));
    expect(random.minute).toBeGreaterThanOrEqual(360);
    expect(random.minute).toBeLessThan(540);
  });

  it('write card slips with the place, or (online) for web shops', () => {
    const day = dayOf(2026, 3, 2);
    expect(cardText({ name: 'REWE', place: 'Berlin' }, day, 605, 'Visa')).toBe(
      'Kartenzahlung REWE, Berlin 02.03.2026 10:05 Visa',
    );
    expect(cardText({ name: 'Shop' }, day, 605, 'Visa')).toMatch(/^Kartenzahlung Shop \(online\)/);
  });

  it('book card payments as debits carrying the slip, booked later or pending when told', () => {
    const day = dayOf(2026, 3, 2);
    const merchant = { name: 'REWE', place: 'Berlin' };
    expect(cardEntry(merchant, day, 605, 1250, 'Visa')).toEqual({
      kind: 'card',
      day,
      minute: 605,
      amount: -1250,
      name: 'REWE',
      remittance: 'Kartenzahlung REWE, Berlin 02.03.2026 10:05 Visa',
    });
    expect(cardEntry(merchant, day, 605, 1250, 'Visa', { bookingDay: day + 1 })).toMatchObject({ bookingDay: day + 1 });
    expect(cardEntry(merchant, day, 605, 1250, 'Visa', { pendingValueDay: day + 2 })).toMatchObject({
      pendingValueDay: day + 2,
    });
  });
});
