// Bob's coffee roastery: exactly 10,000 entries in twelve months, for paging and long lists. The business profile
// (business-profile.ts) describes it; this file lives it: the fixed calendar of bills, payroll and payouts, and
// between them the daily trade of customer payments and spending, steered by the balance.
import {
  civil,
  dayOf,
  daysInMonth,
  followingWorkingDay,
  germanDate,
  isWorkingDay,
  monthNamesDe,
  monthsBetween,
  weekday,
} from './calendar';
import { PENDING_DAYS, type SeedContext } from './context';
import { party, type Party } from './iban';
import type { EntryInput, EntryKind, Ledger } from './ledger';
import type { Merchant } from './merchants';
import { germanAmount } from './money';
import { Random } from './random';
import { billDay, billEntry, cardEntry, workingDayFromEnd, type AmountRange } from './recurring';
import { bobBusiness, type BusinessProfile, type Payout } from './business-profile';

/** Entries on the business account, booked and pending together. */
export const BUSINESS_ENTRIES = 10_000;
const PENDING_ENTRIES = 4;

interface Customer extends Party {
  number: string;
  /** Typical invoice, major units. */
  size: AmountRange;
  weight: number;
}

interface Supplier extends Party {
  amounts: AmountRange;
  weight: number;
  number: string;
}

/** An entry of the fixed calendar: booked when the trade reaches its day, so its draws fall in day order. */
interface Scheduled {
  day: number;
  book: () => void;
}

function makeCustomers(profile: BusinessProfile, rng: Random): Customer[] {
  const customers: Customer[] = [];
  const used = new Set<string>();
  let number = profile.firstCustomerNumber;
  for (const name of profile.customerNames) {
    const [kind, size, weight] = rng.pick(profile.customerKinds);
    const legal = rng.pick(profile.legalForms);
    const full = `${kind} ${name}${legal ? ` ${legal}` : ''}`;
    if (used.has(full)) continue;
    used.add(full);
    customers.push({ ...party(full), number: String((number += rng.int(3, 40))), size: [size[0], size[1]], weight });
  }
  for (const [name, size, weight] of profile.officeCustomers) {
    customers.push({ ...party(name), number: String((number += rng.int(3, 40))), size, weight });
  }
  return customers;
}

class BusinessLife {
  private readonly rng = new Random('business/bob-business');
  private readonly ledger: Ledger;
  private readonly owner: Ledger;
  private readonly first: number;
  private readonly anchor: number;
  private readonly card: string;
  private readonly customers: Customer[];
  private readonly pickCustomer: () => Customer;
  private readonly pickSupplier: () => Supplier;
  private readonly pickCard: () => readonly [Merchant, AmountRange, number];
  private readonly fixed: Scheduled[] = [];
  /** The last invoice number per year. */
  private readonly invoiceCounter = new Map<number, number>();

  constructor(
    ctx: SeedContext,
    private readonly profile: BusinessProfile,
  ) {
    const { rng } = this;
    this.ledger = ctx.ledgers['bob-business'];
    this.owner = ctx.ledgers['bob-main'];
    this.anchor = ctx.anchor;
    this.first = followingWorkingDay(ctx.origin);
    this.card = this.ledger.spec.card ?? 'Mastercard Business';
    this.customers = makeCustomers(profile, rng);
    const suppliers: Supplier[] = profile.suppliers.map((s) => ({
      ...party(s.name, s.country),
      amounts: s.amounts,
      weight: s.weight,
      number: `K${rng.digits(5)}`,
    }));
    this.pickCustomer = rng.picker(this.customers.map((c) => [c, c.weight] as const));
    this.pickSupplier = rng.picker(suppliers.map((s) => [s, s.weight] as const));
    this.pickCard = rng.picker(profile.cardMerchants.map((m) => [m, m[2]] as const));
  }

  live(): void {
    this.scheduleOpening();
    for (const { y, m } of monthsBetween(this.first, this.anchor)) this.scheduleMonth(y, m);
    this.scheduleDaily();
    this.trade(this.quotas(BUSINESS_ENTRIES - PENDING_ENTRIES - this.fixed.length));
    this.pending();
    if (this.ledger.entries.length !== BUSINESS_ENTRIES) {
      throw new Error(`Business account has ${this.ledger.entries.length} entries, expected ${BUSINESS_ENTRIES}`);
    }
  }

  private at(day: number, book: () => void): void {
    if (day >= this.first && day <= this.anchor) this.fixed.push({ day, book });
  }

  private add(input: EntryInput): void {
    this.ledger.add(input);
  }

  private transfer(kind: EntryKind, day: number, minute: number, who: Party, minor: number, text: string, e2e: string) {
    const amount = kind === 'transferIn' ? minor : -minor;
    this.add({ kind, day, minute, amount, name: who.name, iban: who.iban, remittance: text, endToEndId: e2e });
  }

  private cardPay(day: number, minute: number, merchant: Merchant, minor: number, pendingValueDay?: number): void {
    const timing = pendingValueDay === undefined ? {} : { pendingValueDay };
    this.add(cardEntry(merchant, day, minute, minor, this.card, timing));
  }

  private scheduleOpening(): void {
    const { first, profile } = this;
    const { opening } = profile;
    const from = party(profile.company, 'DE', opening.previousBank);
    this.at(first, () =>
      this.transfer(
        'transferIn',
        first,
        opening.minute,
        from,
        opening.amount * 100,
        opening.text,
        `KW${this.rng.hex(12)}`,
      ),
    );
  }

  /** The month's bills, contributions and payroll, the managing director's pay and the bank's fee. */
  private scheduleMonth(y: number, m: number): void {
    for (const bill of this.profile.bills) {
      const day = billDay(bill, y, m, this.first, this.anchor);
      if (day !== undefined) this.at(day, () => this.add(billEntry(bill, day, y, m, this.rng)));
    }
    const { ownerPay, company, fee } = this.profile;
    const payday = workingDayFromEnd(y, m, ownerPay.workingDayFromEnd);
    const month = String(m).padStart(2, '0');
    this.at(payday, () => {
      const e2e = `GEHALT${y}${month}${ownerPay.staffNo}`;
      const text = `Geschäftsführergehalt ${month}/${y} PersNr ${ownerPay.staffNo}`;
      const to = { name: this.owner.spec.ownerName, iban: this.owner.spec.iban };
      this.transfer('transferOut', payday, ownerPay.minute, to, ownerPay.amount * 100, text, e2e);
      this.owner.add({
        kind: 'salary',
        day: payday,
        minute: ownerPay.minute,
        amount: ownerPay.amount * 100,
        name: company,
        iban: this.ledger.spec.iban,
        remittance: `Gehalt/Salary ${y}-${month} PersNr ${ownerPay.staffNo}`,
        endToEndId: e2e,
      });
    });
    const feeDay = workingDayFromEnd(y, m, 1);
    this.at(feeDay, () => {
      const postings = this.ledger.countEntries(dayOf(y, m, 1), dayOf(y, m, daysInMonth(y, m)));
      this.add({
        kind: 'charges',
        day: feeDay,
        minute: fee.minute,
        amount: -(fee.base + postings * fee.perPosting),
        remittance: fee.text(monthNamesDe[m - 1] ?? '', y, postings),
      });
    });
  }

  /** Every working day after the opening: the payouts, the weekly carrier debit and the run to the wholesale market. */
  private scheduleDaily(): void {
    const { anchor, profile, rng } = this;
    const { wholesale } = profile;
    for (let day = this.first + 1; day <= anchor; day++) {
      if (!isWorkingDay(day)) continue;
      const wd = weekday(day);
      for (const payout of profile.payouts) {
        if (!payout.weekdays || payout.weekdays.includes(wd)) this.at(day, () => this.payout(payout, day));
      }
      if (wd === wholesale.weekday && day < anchor - PENDING_DAYS) {
        const minute = rng.minute(wholesale.hours[0], wholesale.hours[1]);
        const [min, max, skew] = wholesale.amount;
        this.at(day, () => this.cardPay(day, minute, wholesale.merchant, rng.amount(min, max, skew)));
      }
    }
  }

  private payout(payout: Payout, day: number): void {
    const { rng } = this;
    const reference = payout.reference?.(rng) ?? '';
    const [min, max, skew] = payout.amount;
    const drawn = rng.amount(min, max, skew);
    const minor = payout.seasonal ? Math.round(drawn * this.season(day)) : drawn;
    const text = payout.text(day, reference, rng);
    const e2e = payout.endToEndId(day, reference, rng);
    this.transfer(payout.kind, day, payout.minute, party(payout.name, payout.country), minor, text, e2e);
  }

  private season(day: number): number {
    return this.profile.season[civil(day).m - 1] ?? 1;
  }

  /**
   * Whatever the fixed calendar leaves of the 10,000 goes to the working days by weight (busier on Mondays and in
   * December, growing over the year, a short anchor day): the count of trade entries per day.
   */
  private quotas(variable: number): Map<number, number> {
    const { first, anchor } = this;
    const days: number[] = [];
    const weights: number[] = [];
    for (let day = first + 1; day <= anchor; day++) {
      if (!isWorkingDay(day)) continue;
      days.push(day);
      const w = [0, 1.25, 1.05, 1, 1, 0.85, 0][weekday(day)] ?? 1;
      const growth = 0.9 + (0.2 * (day - first)) / (anchor - first);
      weights.push(w * this.season(day) * growth * (day === anchor ? 0.35 : 1));
    }
    const total = weights.reduce((a, b) => a + b, 0);
    const quota = new Map<number, number>();
    let cumulative = 0;
    let assigned = 0;
    days.forEach((day, i) => {
      cumulative += weights[i] ?? 0;
      const upTo = Math.round((cumulative / total) * variable);
      quota.set(day, upTo - assigned);
      assigned = upTo;
    });
    return quota;
  }

  /** Day by day: the fixed calendar's entries of the day, then the day's trade. */
  private trade(quota: Map<number, number>): void {
    const fixed = [...this.fixed].sort((a, b) => a.day - b.day);
    let next = 0;
    for (let day = this.first; day <= this.anchor; day++) {
      while (next < fixed.length && (fixed[next]?.day ?? Infinity) <= day) fixed[next++]?.book();
      const count = quota.get(day) ?? 0;
      for (let i = 0; i < count; i++) this.tradeOnce(day);
    }
    while (next < fixed.length) fixed[next++]?.book();
  }

  /** One trade entry: money in (mostly invoices paid) the more likely the further the balance is below target. */
  private tradeOnce(day: number): void {
    const { rng, first, anchor } = this;
    const [from, to] = this.profile.targetBalance;
    const target = from * 100 + (to - from) * 100 * ((day - first) / (anchor - first));
    const balance = this.ledger.balanceOn(day);
    const pIn = Math.min(0.92, Math.max(0.3, 0.64 + (target - balance) / 4_000_000));
    const minute = day === anchor ? 0 : rng.minute(7, 19);
    if (rng.chance(pIn)) {
      if (rng.chance(0.98)) this.payInvoice(day, minute);
      else this.supplierCredit(day, minute);
      return;
    }
    const r = rng.next();
    if (r < 0.55 || day > anchor - PENDING_DAYS) this.supplierInvoice(day, minute);
    else if (r < 0.9) {
      const [merchant, range] = this.pickCard();
      this.cardPay(day, minute, merchant, rng.amount(range[0], range[1], 1.8));
    } else this.refund(day, minute);
  }

  private payInvoice(day: number, minute: number): void {
    const { rng } = this;
    const c = this.pickCustomer();
    const invoiceDay = day - rng.int(10, 32);
    const y = civil(invoiceDay).y;
    // Invoice numbers run per year; the first year of the history starts where that year had got to.
    const start = y === civil(this.first).y ? (this.first - dayOf(y, 1, 1)) * 16 : 0;
    const n = (this.invoiceCounter.get(y) ?? start) + rng.int(1, 2);
    this.invoiceCounter.set(y, n);
    const invoice = `RE-${y}-${String(n).padStart(5, '0')}`;
    const minor = Math.round(rng.amount(c.size[0], c.size[1], 2.2) * this.season(day));
    const text = invoiceText(rng.int(0, 4), invoice, c.number, invoiceDay, minor);
    const e2e = rng.chance(0.4) ? 'NOTPROVIDED' : `${c.number}${invoice.replaceAll('-', '')}`;
    this.transfer('transferIn', day, minute, c, minor, text, e2e);
  }

  private supplierCredit(day: number, minute: number): void {
    const { rng } = this;
    const s = this.pickSupplier();
    const minor = rng.amount(15, 220, 1.6);
    const why = rng.pick(['Retoure', 'Bonus', 'Reklamation']);
    const text = `Gutschrift ${why} Rechnung ${rng.digits(6)} Kd-Nr. ${s.number}`;
    this.transfer('transferIn', day, minute, s, minor, text, `GS${rng.hex(12)}`);
  }

  private supplierInvoice(day: number, minute: number): void {
    const { rng } = this;
    const s = this.pickSupplier();
    const minor = rng.amount(s.amounts[0], s.amounts[1], 2);
    const kind: EntryKind = rng.chance(0.25) ? 'directDebit' : 'transferOut';
    const invoice = `${rng.int(1, 9)}${rng.digits(5)}`;
    const variant = rng.int(0, 2);
    const text =
      variant === 0
        ? `Rechnung ${invoice} vom ${germanDate(day - rng.int(7, 30))} Kd-Nr. ${s.number}`
        : variant === 1
          ? `RG ${invoice} Kd ${s.number}`
          : `Rechnungsnr. ${invoice} abzgl. 2% Skonto`;
    const e2e = kind === 'directDebit' ? `${s.number}-${invoice}` : `OB${rng.hex(14)}`;
    this.transfer(kind, day, minute, s, minor, text, e2e);
  }

  /** A credit note paid back to a customer. */
  private refund(day: number, minute: number): void {
    const { rng } = this;
    const c = this.pickCustomer();
    const minor = rng.amount(12, Math.min(c.size[1], 300), 1.8);
    const y = civil(day).y;
    const note = String(rng.int(100, 999));
    const invoice = String(rng.int(1000, 9999)).padStart(5, '0');
    const text = `Gutschrift GS-${y}-${note} zu RE-${y}-${invoice} Kd-Nr. ${c.number}`;
    this.transfer('transferOut', day, minute, c, minor, text, `OB${rng.hex(14)}`);
  }

  /** Still pending: three card payments of the last days and an incoming payment in clearing. */
  private pending(): void {
    const { rng, anchor } = this;
    const pendingValue = followingWorkingDay(anchor + 1);
    for (let i = 0; i < PENDING_ENTRIES - 1; i++) {
      const day = anchor - PENDING_DAYS + 1 + (i % (PENDING_DAYS - 1));
      const [merchant, range] = this.pickCard();
      const minute = rng.minute(8, 18);
      this.cardPay(day, minute, merchant, rng.amount(range[0], range[1], 1.8), pendingValue);
    }
    const payer = this.pickCustomer();
    const y = civil(anchor).y;
    this.add({
      kind: 'transferIn',
      day: anchor - 1,
      minute: 17 * 60 + 12,
      amount: rng.amount(payer.size[0], payer.size[1], 2),
      name: payer.name,
      iban: payer.iban,
      remittance: `RE-${y}-${String((this.invoiceCounter.get(y) ?? 0) + 1).padStart(5, '0')} Kd-Nr. ${payer.number}`,
      endToEndId: 'NOTPROVIDED',
      pendingValueDay: pendingValue,
    });
  }
}

/** Books the business account's year (and the managing director's pay on his private account). */
export function runBusiness(ctx: SeedContext, profile: BusinessProfile = bobBusiness): void {
  new BusinessLife(ctx, profile).live();
}

function invoiceText(variant: number, invoice: string, customerNo: string, invoiceDay: number, minor: number): string {
  switch (variant) {
    case 0:
      return `${invoice} Kd-Nr. ${customerNo}`;
    case 1:
      return `Rechnung ${invoice} vom ${germanDate(invoiceDay)}`;
    case 2:
      return `${invoice} Kaffeebestellung`;
    case 3:
      return `RG ${invoice.slice(3)} Kunde ${customerNo} Danke!`;
    default:
      return `Rechnung ${invoice} ${germanAmount(minor)} EUR`;
  }
}
