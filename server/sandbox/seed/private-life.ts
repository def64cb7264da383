// A year in the life of a private customer: salary, rent, bills, shopping, trips, transfers between own accounts.
import {
  civil,
  clockTime,
  dayInMonth,
  dayOf,
  daysInMonth,
  followingWorkingDay,
  germanDate,
  isWorkingDay,
  monthNamesDe,
  monthsBetween,
  precedingWorkingDay,
  shopsOpen,
  weekday,
  yearMonth,
} from './calendar';
import { PENDING_DAYS, type SeedContext } from './context';
import { party } from './iban';
import type { Ledger } from './ledger';
import * as shops from './merchants';
import type { Merchant } from './merchants';
import { germanAmount } from './money';
import { Random } from './random';
import { billAmount, billDay, billEntry, cardEntry, type Bill } from './recurring';
import type { TestAccountKey } from './test-psus';

type Weighted = readonly (readonly [Merchant, number])[];

export interface Income {
  employer: string;
  /** Net pay before the yearly raise, major units. */
  net: number;
  raise: number;
  raiseMonth: number;
  /** Day of month, or the last working day. */
  payDay: number | 'last';
  staffNo: string;
  bonus?: { month: number; amount: number; text: string };
}

export interface Trip {
  account: TestAccountKey;
  /** Days before the anchor the trip starts. */
  startsDaysAgo: number;
  nights: number;
  /** EUR moved to the currency account a week before, and the rate. */
  fund: number;
  rate: number;
  merchants: Weighted;
  perDay: [number, number];
  amounts: [number, number];
  hotel: Merchant;
  perNight: number;
}

export interface PrivateProfile {
  key: TestAccountKey;
  /** Arrives by transfer from the customer's previous bank when the history begins, major units. */
  opening: number;
  previousBank: string;
  income: Income | null;
  rent: { to: string; amount: number; text: (y: number, m: number) => string };
  bills: Bill[];
  savings?: { to: TestAccountKey; monthly: number; opening: number; keepAbove: number; topUpAbove: number };
  /** Monthly account fee, major units. */
  fee: number;
  /** Spending stops when it would take the balance below this, major units. */
  floor: number;
  groceries: Weighted;
  groceryMax: number;
  /** Multiplies the frequency of discretionary spending. */
  pace: number;
  atmAmounts: readonly number[];
  atmPerMonth: number;
  drives: boolean;
  friends: readonly string[];
  trips: Trip[];
  pendingCount: [number, number];
  extras?: (life: PrivateLife) => void;
}

/** Probability of a grocery run by weekday (Sunday first: shops are closed). */
const groceryOdds = [0, 0.42, 0.38, 0.45, 0.5, 0.62, 0.78];

export class PrivateLife {
  readonly rng: Random;
  readonly ledger: Ledger;
  readonly first: number;
  readonly anchor: number;
  readonly card: string;
  private readonly away = new Set<number>();

  constructor(
    readonly ctx: SeedContext,
    readonly profile: PrivateProfile,
  ) {
    this.rng = new Random(`private/${profile.key}`);
    this.ledger = ctx.ledgers[profile.key];
    this.anchor = ctx.anchor;
    this.first = followingWorkingDay(ctx.origin);
    this.card = this.ledger.spec.card ?? 'Debitkarte';
  }

  get ownName(): string {
    return this.ledger.spec.ownerName;
  }

  /** Whether an account can afford a discretionary spend today, keeping enough for the bills of the next weeks. */
  affords(day: number, minor: number, ledger = this.ledger): boolean {
    if (ledger !== this.ledger) return ledger.balanceOn(day) - minor >= 0;
    return ledger.lowestAhead(day, 16) - minor >= this.profile.floor * 100;
  }

  cardPayment(day: number, minute: number, merchant: Merchant, minor: number, ledger = this.ledger, card = this.card) {
    const bookingDay = followingWorkingDay(day);
    if (bookingDay > this.anchor || !this.affords(day, minor, ledger)) return false;
    ledger.add(cardEntry(merchant, day, minute, minor, card, { bookingDay }));
    return true;
  }

  pendingCard(day: number, minute: number, merchant: Merchant, minor: number) {
    const pendingValueDay = followingWorkingDay(Math.max(day, this.anchor) + 1);
    this.ledger.add(cardEntry(merchant, day, minute, minor, this.card, { pendingValueDay }));
  }

  transferOut(
    day: number,
    name: string,
    minor: number,
    text: string,
    kind: 'transferOut' | 'standingOrder' = 'transferOut',
  ) {
    this.ledger.add({
      kind,
      day,
      minute: this.rng.minute(7, 22),
      amount: -minor,
      name,
      iban: party(name).iban,
      remittance: text,
      endToEndId: `${kind === 'standingOrder' ? 'STO' : 'OB'}${yyyymmdd(day)}${this.rng.hex(8)}`,
    });
  }

  transferIn(day: number, name: string, minor: number, text: string, endToEndId: string | null = 'NOTPROVIDED') {
    this.ledger.add({
      kind: 'transferIn',
      day,
      minute: this.rng.minute(6, 18),
      amount: minor,
      name,
      iban: party(name).iban,
      remittance: text,
      endToEndId,
    });
  }

  /** A transfer between two of the customer's own accounts, possibly across currencies. */
  ownTransfer(day: number, from: TestAccountKey, to: TestAccountKey, minor: number, options: OwnTransferOptions = {}) {
    const source = this.ctx.ledgers[from];
    const target = this.ctx.ledgers[to];
    const credited = options.rate ? Math.round(minor * options.rate) : minor;
    const minute = this.rng.minute(7, 21);
    const e2e = `${options.standing ? 'STO' : 'UB'}${yyyymmdd(day)}${this.rng.hex(8)}`;
    const fx = options.rate ? ` Kurs ${options.rate.toFixed(4)} ${source.currency}/${target.currency}` : '';
    const text = options.text ?? 'Umbuchung';
    source.add({
      kind: options.standing ? 'standingOrder' : 'ownOut',
      day,
      minute,
      amount: -minor,
      name: target.spec.ownerName,
      iban: target.spec.iban,
      remittance: `${text} auf ${target.spec.name}${fx}`,
      endToEndId: e2e,
    });
    target.add({
      kind: 'ownIn',
      day,
      minute,
      amount: credited,
      name: source.spec.ownerName,
      iban: source.spec.iban,
      remittance: `${text} von ${source.spec.name}${fx}`,
      endToEndId: e2e,
    });
  }

  isAway(day: number): boolean {
    return this.away.has(day);
  }

  live(): void {
    const { profile, rng, anchor, first } = this;
    this.ledger.add({
      kind: 'transferIn',
      day: first,
      minute: 600,
      amount: profile.opening * 100,
      name: this.ownName,
      iban: party(this.ownName, 'DE', profile.previousBank).iban,
      remittance: `Kontowechsel: Übertrag Guthaben von ${profile.previousBank}`,
      endToEndId: `KW${yyyymmdd(first)}${rng.hex(10)}`,
    });
    if (profile.savings) {
      const savings = this.ctx.ledgers[profile.savings.to];
      savings.add({
        kind: 'transferIn',
        day: first,
        minute: 605,
        amount: profile.savings.opening * 100,
        name: this.ownName,
        iban: party(this.ownName, 'DE', `${profile.previousBank}/Tagesgeld`).iban,
        remittance: `Kontowechsel: Übertrag Tagesgeld von ${profile.previousBank}`,
        endToEndId: `KW${yyyymmdd(first)}${rng.hex(10)}`,
      });
    }
    this.scheduleMonthly();
    for (const trip of profile.trips) this.travel(trip);
    profile.extras?.(this);
    for (let day = first + 1; day <= anchor - PENDING_DAYS; day++) this.spendDay(day);
    this.pending();
  }

  /** Month by month: the pay (with its yearly raise and bonus), the rent, the bills, the savings and the fee. */
  private scheduleMonthly(): void {
    const { profile, first, anchor } = this;
    const raises = monthsBetween(first, anchor)
      .filter((mo) => profile.income && mo.m === profile.income.raiseMonth)
      .map((mo) => dayOf(mo.y, mo.m, 1));
    for (const { y, m } of monthsBetween(first, anchor)) {
      if (profile.income) this.payIncome(profile.income, y, m, raises);
      const rentDay = followingWorkingDay(dayOf(y, m, 1));
      if (this.inWindow(rentDay)) {
        this.transferOut(rentDay, profile.rent.to, profile.rent.amount * 100, profile.rent.text(y, m), 'standingOrder');
      }
      for (const bill of profile.bills) this.payBill(bill, y, m);
      if (profile.savings) {
        const day = followingWorkingDay(dayOf(y, m, 2));
        if (this.inWindow(day)) {
          this.ownTransfer(day, profile.key, profile.savings.to, profile.savings.monthly * 100, {
            standing: true,
            text: 'Dauerauftrag Sparen',
          });
        }
      }
      this.chargeFee(y, m);
    }
  }

  private inWindow(day: number): boolean {
    return day > this.first && day <= this.anchor;
  }

  /** The month's pay, raised by `raise` after every raise day before it, and the bonus in its month. */
  private payIncome(income: Income, y: number, m: number, raises: readonly number[]): void {
    const due = income.payDay === 'last' ? daysInMonth(y, m) : income.payDay;
    const day = precedingWorkingDay(dayInMonth(y, m, due));
    if (!this.inWindow(day)) return;
    const factor = (1 + income.raise) ** raises.filter((r) => r <= day).length;
    const employer = party(income.employer);
    this.ledger.add({
      kind: 'salary',
      day,
      minute: 360,
      amount: Math.round(income.net * factor) * 100,
      name: employer.name,
      iban: employer.iban,
      remittance: `Gehalt/Salary ${yearMonth(y, m)} PersNr ${income.staffNo}`,
      endToEndId: `SAL${yearMonth(y, m).replace('-', '')}${income.staffNo}`,
    });
    if (income.bonus?.month !== m) return;
    this.ledger.add({
      kind: 'salary',
      day,
      minute: 361,
      amount: Math.round(income.bonus.amount * factor) * 100,
      name: employer.name,
      iban: employer.iban,
      remittance: `${income.bonus.text} ${y} PersNr ${income.staffNo}`,
      endToEndId: `BON${y}${income.staffNo}`,
    });
  }

  private payBill(bill: Bill, y: number, m: number): void {
    const day = billDay(bill, y, m, this.first, this.anchor);
    if (day === undefined) return;
    if (bill.kind === 'card') {
      this.cardPayment(day, this.rng.minute(2, 6), { name: bill.name }, billAmount(bill, this.rng));
    } else {
      this.ledger.add(billEntry(bill, day, y, m, this.rng));
    }
  }

  private chargeFee(y: number, m: number): void {
    if (this.profile.fee <= 0) return;
    const day = precedingWorkingDay(dayOf(y, m, daysInMonth(y, m)));
    if (!this.inWindow(day)) return;
    this.ledger.add({
      kind: 'charges',
      day,
      minute: 1380,
      amount: -Math.round(this.profile.fee * 100),
      remittance: `Kontoführungsentgelt ${monthNamesDe[m - 1]} ${y}`,
    });
  }

  private travel(trip: Trip): void {
    const { rng, anchor, first } = this;
    const start = anchor - trip.startsDaysAgo;
    if (start - 10 <= first) return;
    const target = this.ctx.ledgers[trip.account];
    const fundDay = precedingWorkingDay(start - 6);
    const savings = this.profile.savings;
    if (savings) {
      // The holiday money comes out of savings first.
      this.ownTransfer(precedingWorkingDay(fundDay - 2), savings.to, this.profile.key, trip.fund * 100, {
        text: 'Umbuchung Urlaub',
      });
    }
    this.ownTransfer(fundDay, this.profile.key, trip.account, trip.fund * 100, {
      rate: trip.rate,
      text: 'Umbuchung Reisekasse',
    });
    const card = target.spec.card ?? this.card;
    for (let day = start; day <= start + trip.nights; day++) {
      this.away.add(day);
      const count = rng.int(trip.perDay[0], trip.perDay[1]);
      for (let i = 0; i < count; i++) {
        const merchant = rng.weighted(trip.merchants);
        this.cardPayment(
          day,
          rng.minute(8, 23),
          merchant,
          rng.amount(trip.amounts[0], trip.amounts[1], 1.8),
          target,
          card,
        );
      }
    }
    const checkout = start + trip.nights;
    this.cardPayment(
      checkout,
      rng.minute(9, 11),
      trip.hotel,
      Math.round(trip.perNight * trip.nights * 100),
      target,
      card,
    );
  }

  private spendDay(day: number): void {
    const { rng, profile } = this;
    const wd = weekday(day);
    const open = shopsOpen(day);
    const pace = profile.pace;
    const { m } = civil(day);
    if (this.isAway(day)) return;

    if (open && rng.chance((groceryOdds[wd] ?? 0) * Math.min(pace, 1.1))) {
      const big = wd === 6 ? 1.3 : 1;
      this.cardPayment(
        day,
        wd === 6 ? rng.minute(9, 18) : rng.minute(17, 21),
        rng.weighted(profile.groceries),
        Math.round(rng.amount(8, profile.groceryMax, 1.9) * big),
      );
    }
    if (open && rng.chance(0.13 * pace)) {
      this.cardPayment(day, rng.minute(10, 20), rng.weighted(shops.drugstores), rng.amount(3, 42, 1.6));
    }
    if (isWorkingDay(day) && rng.chance(0.35 * pace)) {
      this.cardPayment(day, rng.minute(7, 10), rng.weighted(shops.coffee), rng.amount(2.6, 9.8, 1.3));
    }
    const weekendEvening = wd === 5 || wd === 6;
    if (rng.chance((weekendEvening ? 0.36 : 0.09) * pace)) {
      this.cardPayment(day, rng.minute(19, 23), rng.weighted(shops.restaurants), rng.amount(14, 88, 1.5));
    }
    if (rng.chance((wd === 0 ? 0.26 : 0.05) * pace)) {
      this.cardPayment(day, rng.minute(18, 22), rng.weighted(shops.delivery), rng.amount(17, 46, 1.2));
    }
    if (rng.chance(0.11 * pace * (m === 12 ? 2.2 : 1))) this.shopOnline(day);
    if (rng.chance(0.03 * pace)) this.payPal(day);
    if (rng.chance(0.05 * pace)) {
      const merchant = rng.weighted(shops.transport);
      const train = merchant.name.startsWith('DB');
      this.cardPayment(
        day,
        rng.minute(6, 23),
        merchant,
        train ? rng.amount(17.9, 139.9, 2.2) : rng.amount(7.5, 34, 1.5),
      );
    }
    if (rng.chance((wd === 0 || wd === 6 ? 0.14 : 0.03) * pace)) {
      this.cardPayment(day, rng.minute(11, 21), rng.weighted(shops.leisure), rng.amount(5.5, 48, 1.5));
    }
    if (open && rng.chance(0.045 * pace)) {
      const merchant = rng.weighted(shops.shops);
      const big = merchant.name.startsWith('IKEA') || merchant.name.startsWith('MediaMarkt');
      this.cardPayment(day, rng.minute(10, 20), merchant, big ? rng.amount(25, 390, 2.2) : rng.amount(4.5, 58, 1.6));
    }
    if (profile.drives && open && rng.chance(0.11)) {
      this.cardPayment(day, rng.minute(7, 21), rng.weighted(shops.fuel), rng.amount(42, 88, 1));
    }
    if (open && rng.chance(profile.atmPerMonth / 26)) this.cashWithdrawal(day);
    if (rng.chance(0.022 * pace)) this.payFriend(day);
    if (rng.chance(0.018)) {
      const friend = rng.pick(profile.friends);
      const text = rng.pick(['Danke fürs Auslegen', 'Pizza Freitag', 'Kino + Popcorn', 'Konzertkarte', 'Rückzahlung']);
      if (isWorkingDay(day)) this.transferIn(day, friend, rng.amount(8, 48, 1.4), text);
    }
    this.rebalance(day);
  }

  private shopOnline(day: number): void {
    const { rng, anchor } = this;
    const merchant = rng.weighted(shops.online);
    const amazon = merchant.name.startsWith('AMAZON');
    const minor = amazon ? rng.amount(7.99, 149, 2.1) : rng.amount(4.99, 79, 1.6);
    if (!this.cardPayment(day, rng.minute(7, 24), merchant, minor)) return;
    const refundDay = followingWorkingDay(day + rng.int(6, 16));
    if (amazon && refundDay <= anchor - PENDING_DAYS && rng.chance(0.12)) {
      const order = `${rng.digits(3)}-${rng.digits(7)}-${rng.digits(7)}`;
      this.transferIn(refundDay, 'AMAZON PAYMENTS EUROPE S.C.A.', minor, `Erstattung ${order} Amazon.de`, order);
    }
  }

  private payPal(day: number): void {
    const { rng, anchor } = this;
    const shop = rng.pick(shops.paypalShops);
    const minor = rng.amount(12, 129, 1.7);
    const debitDay = followingWorkingDay(day + 1);
    if (debitDay > anchor || !this.affords(day, minor)) return;
    const reference = `${rng.digits(13)} PP.${rng.digits(4)}.PP`;
    const paypal = party('PayPal Europe S.a.r.l. et Cie S.C.A');
    this.ledger.add({
      kind: 'directDebit',
      day: debitDay,
      minute: rng.minute(3, 6),
      amount: -minor,
      name: paypal.name,
      iban: paypal.iban,
      remittance: `${reference} . ${shop}, Ihr Einkauf bei ${shop}`,
      endToEndId: reference,
    });
    const refundDay = followingWorkingDay(day + rng.int(9, 20));
    if (shop.startsWith('Zalando') || shop.startsWith('About You')) {
      if (refundDay <= anchor - PENDING_DAYS && rng.chance(0.4)) {
        const returned = rng.chance(0.5) ? minor : Math.round(minor * rng.int(30, 70)) / 100;
        this.ledger.add({
          kind: 'transferIn',
          day: refundDay,
          minute: rng.minute(6, 18),
          amount: Math.max(Math.round(returned), 100),
          name: paypal.name,
          iban: paypal.iban,
          remittance: `${reference} . Rückzahlung von ${shop}`,
          endToEndId: reference,
        });
      }
    }
  }

  private cashWithdrawal(day: number): void {
    const { rng } = this;
    const [operator, place] = rng.pick(shops.atms);
    const minor = rng.pick(this.profile.atmAmounts) * 100;
    const minute = rng.minute(8, 22);
    const bookingDay = followingWorkingDay(day);
    if (bookingDay > this.anchor || !this.affords(day, minor)) return;
    this.ledger.add({
      kind: 'cash',
      day,
      minute,
      bookingDay,
      amount: -minor,
      name: operator,
      remittance: `Bargeldauszahlung GA ${operator}, ${place} ${germanDate(day)} ${clockTime(minute)} ${this.card}`,
    });
  }

  private payFriend(day: number): void {
    const { rng } = this;
    if (!isWorkingDay(day)) return;
    const friend = rng.pick(this.profile.friends);
    const minor = rng.amount(10, 65, 1.5);
    if (!this.affords(day, minor)) return;
    const text = rng.pick(['Geschenk Anteil', 'Konzertkarten', 'Abendessen', 'Flohmarkt', 'Tickets', 'Danke!']);
    this.transferOut(day, friend, minor, `${text} ${germanAmount(minor)} EUR`);
  }

  /** Sweeps surplus to the savings account, or fetches some back when the current account runs low. */
  private rebalance(day: number): void {
    const savings = this.profile.savings;
    if (!savings || !isWorkingDay(day)) return;
    const balance = this.ledger.balanceOn(day);
    const { d } = civil(day);
    if (d >= 18 && d <= 22 && balance > savings.topUpAbove * 100) {
      const amount = Math.floor((balance - savings.keepAbove * 100) / 50_000) * 50_000;
      if (amount > 0) this.ownTransfer(day, this.profile.key, savings.to, amount, { text: 'Umbuchung' });
    } else if (balance < 150_00) {
      const spare = this.ctx.ledgers[savings.to].balanceOn(day);
      if (spare > 1_000_00) this.ownTransfer(day, savings.to, this.profile.key, 500_00, { text: 'Umbuchung' });
    }
  }

  /** The last days' card payments, still pending; and last night's PayPal debit, booked today. */
  private pending(): void {
    const { rng, anchor, profile } = this;
    const count = rng.int(profile.pendingCount[0], profile.pendingCount[1]);
    const small = profile.floor < 100;
    for (let i = 0; i < count; i++) {
      const day = anchor - PENDING_DAYS + 1 + (i % PENDING_DAYS);
      if (day === anchor) {
        this.pendingCard(
          day,
          20,
          rng.pick([...shops.online.map(([m]) => m)]),
          small ? rng.amount(1.99, 4.99) : rng.amount(4.99, 59, 1.5),
        );
      } else if (shopsOpen(day) || small) {
        const merchant = rng.weighted(i % 2 === 0 && !small ? profile.groceries : shops.coffee);
        this.pendingCard(day, rng.minute(8, 20), merchant, small ? rng.amount(1.2, 4.5) : rng.amount(3.2, 64, 1.7));
      } else {
        this.pendingCard(
          day,
          rng.minute(12, 22),
          rng.weighted(shops.restaurants),
          small ? rng.amount(2.5, 4.8) : rng.amount(14, 62, 1.4),
        );
      }
    }
    if (isWorkingDay(anchor) && !small) {
      const shop = rng.pick(shops.paypalShops);
      const paypal = party('PayPal Europe S.a.r.l. et Cie S.C.A');
      const reference = `${rng.digits(13)} PP.${rng.digits(4)}.PP`;
      this.ledger.add({
        kind: 'directDebit',
        day: anchor,
        minute: 30,
        amount: -rng.amount(14, 72, 1.4),
        name: paypal.name,
        iban: paypal.iban,
        remittance: `${reference} . ${shop}, Ihr Einkauf bei ${shop}`,
        endToEndId: reference,
      });
    }
  }
}

interface OwnTransferOptions {
  rate?: number;
  standing?: boolean;
  text?: string;
}

export function yyyymmdd(day: number): string {
  const { y, m, d } = civil(day);
  return `${y}${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}`;
}
