// The card accounts of the seed: Alice's private credit card and the company card of Bob's roastery, each with a year
// of card transactions up to the anchor. Purchases abroad are charged in euros with the merchant's amount, the rate and
// the bank's markup fee beside them; a statement on a fixed day of each month invoices what was booked before it, and
// is settled from the PSU's account ten days later. The last days' purchases are still pending.
import type { NewBalance, NewCardAccount, NewCardTransaction } from '../store/schema';
import { bobBusiness } from './business-profile';
import { clockTime, civil, dayInMonth, followingWorkingDay, isoOf, shopsOpen } from './calendar';
import { PENDING_DAYS } from './context';
import * as shops from './merchants';
import type { Merchant } from './merchants';
import { formatAmount, parseAmount } from './money';
import { Random, hashDigits, hashHex } from './random';

type Weighted = readonly (readonly [Merchant, number])[];

/** Where a card is used on ordinary days: a list of merchants, how often a day, and the amounts (major units). */
interface Habit {
  merchants: Weighted;
  perDay: number;
  amount: readonly [min: number, max: number, skew: number];
}

/** A trip abroad: the days after the history's start, how long, where and in which currency at which rate. */
interface Trip {
  startsAfter: number;
  days: number;
  merchants: Weighted;
  country: string;
  currency: 'GBP' | 'USD';
  /** Euros for one unit of the currency. */
  rate: number;
  perDay: readonly [min: number, max: number];
  amount: readonly [min: number, max: number, skew: number];
}

interface CardSpec {
  key: string;
  psuId: string;
  /** Six digits of the card scheme's range: the PAN's start. */
  bin: string;
  name: string;
  product: string;
  ownerName: string;
  usage: 'PRIV' | 'ORGA';
  /** Major units. */
  creditLimit: number;
  /** The day of the month the statement is made. */
  statementDay: number;
  habits: readonly Habit[];
  trips: readonly Trip[];
}

/** The bank's markup on a purchase in another currency, in percent. */
const MARKUP_PERCENT = 1.75;
/** Days from a statement to its settlement from the PSU's account. */
const SETTLEMENT_DAYS = 10;

const cardSpecs: readonly CardSpec[] = [
  {
    key: 'alice-credit',
    psuId: 'alice',
    bin: '453998',
    name: 'Visa Kreditkarte',
    product: 'Visa Classic',
    ownerName: 'Alice Schneider',
    usage: 'PRIV',
    creditLimit: 3000,
    statementDay: 20,
    habits: [
      { merchants: shops.online, perDay: 0.12, amount: [9, 160, 1.8] },
      { merchants: shops.restaurants, perDay: 0.06, amount: [18, 96, 1.5] },
      { merchants: shops.shops, perDay: 0.04, amount: [12, 240, 2] },
      { merchants: shops.transport, perDay: 0.05, amount: [3, 89, 1.6] },
    ],
    trips: [
      {
        startsAfter: 118,
        days: 5,
        merchants: shops.london,
        country: 'GB',
        currency: 'GBP',
        rate: 1.1712,
        perDay: [2, 5],
        amount: [2.8, 64, 1.7],
      },
      {
        startsAfter: 243,
        days: 8,
        merchants: shops.newYork,
        country: 'US',
        currency: 'USD',
        rate: 0.9235,
        perDay: [3, 6],
        amount: [2.9, 88, 1.7],
      },
    ],
  },
  {
    key: 'bob-business',
    psuId: 'bob',
    bin: '552033',
    name: 'Firmenkreditkarte',
    product: 'Mastercard Business',
    ownerName: bobBusiness.company,
    usage: 'ORGA',
    creditLimit: 10000,
    statementDay: 25,
    habits: bobBusiness.cardMerchants.map(([merchant, [min, max], weight]) => ({
      merchants: [[merchant, 1]],
      perDay: weight / 40,
      amount: [min, max, 1.6],
    })),
    trips: [
      {
        startsAfter: 92,
        days: 3,
        merchants: shops.london,
        country: 'GB',
        currency: 'GBP',
        rate: 1.1688,
        perDay: [2, 4],
        amount: [3.2, 140, 2],
      },
    ],
  },
];

/** ISO 18245 merchant category codes, by what the merchant's name says it is. */
const categories: readonly (readonly [RegExp, string])[] = [
  [/METRO/, '5300'],
  [/Tankstelle|Station/, '5541'],
  [/Baumarkt|BAUHAUS|IKEA/, '5200'],
  [/Google Ads|Meta Platforms/, '7311'],
  [/Büroshop/, '5943'],
  [/Parkhaus/, '7523'],
  [/DB Vertrieb|TfL|MTA/, '4111'],
  [/Uber|FREENOW|Miles/, '4121'],
  [/REWE|Tesco|Whole Foods|Trader Joe|Borough Market/, '5411'],
  [/Coffee|Café|Pret|Bottle|Roasters/, '5814'],
  [/Book|Foyles|Thalia|Dussmann/, '5942'],
  [/Museum|Kino|Bäder|Eventim|Boulder/, '7991'],
  [/Apotheke/, '5912'],
  [/MediaMarkt|Apple/, '5732'],
  [/Pizza|Shack|Dishoom|Deli|Trattoria|Burger|Sushi|Curry|Vietnam|Lokal|Garten|Markthalle|Klunker/, '5812'],
];
const categoryOf = (name: string) => categories.find(([pattern]) => pattern.test(name))?.[1] ?? '5999';

/** Where a web shop's terminal is registered (the shops without a place). */
const webCountries: Record<string, string> = {
  'AMAZON EU S.A R.L., NIEDERLASSUNG DEUTSCHLAND': 'LU',
  'Amazon Business EU S.a r.l.': 'LU',
  'Apple.com/bill': 'IE',
  'Google Ads': 'IE',
  'Meta Platforms Ireland Ltd': 'IE',
  'Uber BV': 'NL',
};

export interface CardSeed {
  cardAccounts: NewCardAccount[];
  cardBalances: NewBalance[];
  cardTransactions: NewCardTransaction[];
}

const maskPan = (pan: string) => `${pan.slice(0, 6)}******${pan.slice(-4)}`;

/** A card's PAN (its scheme's six digits and ten made from its key) and resource id. */
function cardIds(spec: CardSpec) {
  const pan = `${spec.bin}${hashDigits(`pan:${spec.key}`, 10)}`;
  return { pan, maskedPan: maskPan(pan), resourceId: `card-${hashHex(pan).slice(0, 12)}` };
}

/** The statement days of a card from `origin` to `anchor`, oldest first. */
function statementDays(spec: CardSpec, origin: number, anchor: number): number[] {
  const days: number[] = [];
  const first = civil(origin);
  for (let y = first.y, m = first.m; ; m === 12 ? ((y += 1), (m = 1)) : (m += 1)) {
    const day = dayInMonth(y, m, spec.statementDay);
    if (day > anchor) return days;
    if (day >= origin) days.push(day);
  }
}

/** The columns every card transaction sets; the others are null unless given. */
type CardRowFields = Pick<
  NewCardTransaction,
  | 'transaction_id'
  | 'account_id'
  | 'booking_status'
  | 'entry_date'
  | 'amount'
  | 'currency'
  | 'details'
  | 'masked_pan'
  | 'invoiced'
  | 'seq'
> &
  Partial<NewCardTransaction>;

/**
 * A card transaction naming every column (the seed's batched inserts take the columns from the first row), built as
 * one literal so that every row has the same object shape: a template of nulls spread into each row put V8 on a slow
 * path that cost tens of microseconds a row.
 */
function cardRow(f: CardRowFields): NewCardTransaction {
  return {
    transaction_id: f.transaction_id,
    account_id: f.account_id,
    booking_status: f.booking_status,
    entry_date: f.entry_date,
    acceptor_date_time: f.acceptor_date_time ?? null,
    booking_date: f.booking_date ?? null,
    value_date: f.value_date ?? null,
    amount: f.amount,
    currency: f.currency,
    original_amount: f.original_amount ?? null,
    original_currency: f.original_currency ?? null,
    exchange_rate: f.exchange_rate ?? null,
    markup_fee: f.markup_fee ?? null,
    markup_fee_percentage: f.markup_fee_percentage ?? null,
    card_acceptor_id: f.card_acceptor_id ?? null,
    terminal_id: f.terminal_id ?? null,
    details: f.details,
    acceptor_street: f.acceptor_street ?? null,
    acceptor_town: f.acceptor_town ?? null,
    acceptor_post_code: f.acceptor_post_code ?? null,
    acceptor_country: f.acceptor_country ?? null,
    merchant_category_code: f.merchant_category_code ?? null,
    masked_pan: f.masked_pan,
    invoiced: f.invoiced,
    proprietary_bank_transaction_code: f.proprietary_bank_transaction_code ?? null,
    seq: f.seq,
  };
}

/** One card's transactions, balances and account row. */
class CardLife {
  private readonly rng: Random;
  private readonly rows: NewCardTransaction[] = [];
  readonly pan: string;
  readonly resourceId: string;

  constructor(
    private readonly spec: CardSpec,
    private readonly origin: number,
    private readonly anchor: number,
  ) {
    this.rng = new Random(`card:${spec.key}`);
    ({ pan: this.pan, resourceId: this.resourceId } = cardIds(spec));
  }

  private purchase(day: number, merchant: Merchant, minor: number, abroad?: Trip) {
    const minute = this.rng.minute(8, 22);
    const pending = day > this.anchor - PENDING_DAYS;
    const bookingDay = followingWorkingDay(day + 1);
    const row = cardRow({
      transaction_id: this.nextId(),
      account_id: this.resourceId,
      booking_status: pending || bookingDay > this.anchor ? 'pending' : 'booked',
      entry_date: isoOf(day),
      acceptor_date_time: `${isoOf(day)}T${clockTime(minute)}:00Z`,
      amount: '',
      currency: 'EUR',
      card_acceptor_id: hashDigits(`acceptor:${merchant.name}`, 15),
      terminal_id: merchant.place ? `T${hashDigits(`terminal:${merchant.name}`, 7)}` : null,
      details: merchant.name,
      acceptor_town: merchant.place ?? null,
      acceptor_country: abroad?.country ?? webCountries[merchant.name] ?? 'DE',
      merchant_category_code: categoryOf(merchant.name),
      masked_pan: maskPan(this.pan),
      invoiced: 0,
      proprietary_bank_transaction_code: abroad ? 'PURCHASE-FX' : 'PURCHASE',
      seq: minute,
    });
    let euros = minor;
    if (abroad) {
      euros = Math.round(minor * abroad.rate);
      const fee = Math.round((euros * MARKUP_PERCENT) / 100);
      row.original_amount = formatAmount(-minor, abroad.currency);
      row.original_currency = abroad.currency;
      row.exchange_rate = abroad.rate.toFixed(4);
      row.markup_fee = formatAmount(fee, 'EUR');
      row.markup_fee_percentage = MARKUP_PERCENT.toFixed(2);
      euros += fee;
    }
    row.amount = formatAmount(-euros, 'EUR');
    if (row.booking_status === 'booked') {
      row.booking_date = isoOf(bookingDay);
      row.value_date = isoOf(day);
    }
    this.rows.push(row);
  }

  private nextId() {
    return `ct-${hashHex(`${this.spec.key}:${this.rows.length}`).slice(0, 16)}`;
  }

  /** The statement's settlement: the invoiced amount paid back from the PSU's account. */
  private settlement(statement: number, minor: number) {
    const day = followingWorkingDay(statement + SETTLEMENT_DAYS);
    if (day > this.anchor || minor === 0) return;
    this.rows.push(
      cardRow({
        transaction_id: this.nextId(),
        account_id: this.resourceId,
        booking_status: 'booked',
        entry_date: isoOf(day),
        booking_date: isoOf(day),
        value_date: isoOf(day),
        amount: formatAmount(minor, 'EUR'),
        currency: 'EUR',
        details: `Ausgleich Kartenabrechnung vom ${isoOf(statement)}`,
        masked_pan: maskPan(this.pan),
        invoiced: 1,
        proprietary_bank_transaction_code: 'SETTLEMENT',
        seq: 0,
      }),
    );
  }

  live(): CardSeed {
    for (let day = this.origin; day <= this.anchor; day++) {
      const trip = this.spec.trips.find(
        (t) => day >= this.origin + t.startsAfter && day < this.origin + t.startsAfter + t.days,
      );
      if (trip) {
        const count = this.rng.int(trip.perDay[0], trip.perDay[1]);
        for (let i = 0; i < count; i++)
          this.purchase(day, this.rng.weighted(trip.merchants), this.rng.amount(...trip.amount), trip);
        continue;
      }
      for (const habit of this.spec.habits) {
        const merchant = this.rng.weighted(habit.merchants);
        if ((merchant.place && !shopsOpen(day)) || !this.rng.chance(habit.perDay)) continue;
        this.purchase(day, merchant, this.rng.amount(...habit.amount));
      }
    }
    this.invoice();
    return { cardAccounts: [this.account()], cardBalances: this.balances(), cardTransactions: this.rows };
  }

  /** Each statement invoices the purchases booked since the one before, and is settled ten days later. */
  private invoice() {
    let from = '';
    for (const statement of statementDays(this.spec, this.origin, this.anchor)) {
      const until = isoOf(statement);
      let total = 0;
      for (const row of this.rows) {
        if (row.booking_date && row.booking_date > from && row.booking_date <= until && row.invoiced === 0) {
          row.invoiced = 1;
          total -= parseAmount(row.amount, 'EUR');
        }
      }
      from = until;
      this.settlement(statement, total);
    }
  }

  private account(): NewCardAccount {
    const position = cardSpecs.filter((s) => s.psuId === this.spec.psuId).indexOf(this.spec);
    return {
      resource_id: this.resourceId,
      psu_id: this.spec.psuId,
      pan: this.pan,
      masked_pan: maskPan(this.pan),
      currency: 'EUR',
      name: this.spec.name,
      display_name: null,
      product: this.spec.product,
      owner_name: this.spec.ownerName,
      status: 'enabled',
      usage: this.spec.usage,
      credit_limit: formatAmount(this.spec.creditLimit * 100, 'EUR'),
      position,
    };
  }

  /** What is owed (booked), what is not yet on a statement, and what may still be spent within the limit. */
  private balances(): NewBalance[] {
    const minor = (row: NewCardTransaction) => parseAmount(row.amount, 'EUR');
    const booked = this.rows.filter((r) => r.booking_status === 'booked');
    const owed = booked.reduce((sum, r) => sum + minor(r), 0);
    const nonInvoiced = booked.filter((r) => r.invoiced === 0).reduce((sum, r) => sum + minor(r), 0);
    const pending = this.rows.filter((r) => r.booking_status === 'pending').reduce((sum, r) => sum + minor(r), 0);
    const today = isoOf(this.anchor);
    const balance = (type: NewBalance['balance_type'], amount: number, position: number, limit: number | null) => ({
      account_id: this.resourceId,
      balance_type: type,
      amount: formatAmount(amount, 'EUR'),
      currency: 'EUR',
      credit_limit_included: limit,
      last_change_date_time: null,
      reference_date: today,
      last_committed_transaction: null,
      position,
    });
    return [
      balance('interimBooked', owed, 0, 0),
      balance('nonInvoiced', nonInvoiced, 1, null),
      balance('interimAvailable', this.spec.creditLimit * 100 + owed + pending, 2, 1),
    ];
  }
}

/** The seed's card accounts as of `anchor`, history from `origin`. */
export function buildCardSeed(origin: number, anchor: number): CardSeed {
  const seed: CardSeed = { cardAccounts: [], cardBalances: [], cardTransactions: [] };
  for (const spec of cardSpecs) {
    const life = new CardLife(spec, origin, anchor).live();
    seed.cardAccounts.push(...life.cardAccounts);
    seed.cardBalances.push(...life.cardBalances);
    seed.cardTransactions.push(...life.cardTransactions);
  }
  return seed;
}

/** The seed's cards, for tests and the console's test PSUs: whose, and the PAN and masked PAN a consent names. */
export const testCards = cardSpecs.map((spec) => ({ psuId: spec.psuId, name: spec.name, ...cardIds(spec) }));
