// Bob's coffee roastery: exactly 10,000 entries in twelve months, for paging and long lists. Customers (cafés,
// hotels, offices) pay invoices, the web shop and the café counter pay out daily, suppliers, staff and taxes get paid.
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
  weekday,
} from './calendar';
import { PENDING_DAYS, type SeedContext } from './context';
import { party, type Party } from './iban';
import type { EntryInput, EntryKind } from './ledger';
import { germanAmount } from './money';
import { Random } from './random';

/** Entries on the business account, booked and pending together. */
export const BUSINESS_ENTRIES = 10_000;
const PENDING_ENTRIES = 4;
const COMPANY = 'Laurent Kaffeerösterei GmbH';

interface Customer extends Party {
  number: string;
  /** Typical invoice, major units. */
  size: [number, number];
  weight: number;
}

interface Supplier extends Party {
  amounts: [number, number];
  weight: number;
  number: string;
}

const customerKinds = [
  ['Café', [45, 520], 5],
  ['Kaffeebar', [45, 480], 3],
  ['Bistro', [60, 640], 2],
  ['Hotel', [280, 2400], 1],
  ['Restaurant', [80, 820], 2],
  ['Bäckerei', [120, 1200], 2],
  ['Konditorei', [60, 560], 1],
  ['Feinkost', [90, 900], 1],
  ['Brunchlokal', [60, 620], 1],
] as const;

const customerNames = [
  'Kranich',
  'Spreeblick',
  'Morgenrot',
  'Milchbar',
  'Lindenhof',
  'Kiezliebe',
  'Hafenblick',
  'Sonnenallee',
  'Am Markt',
  'Eckhaus',
  'Glücksgriff',
  'Feldlerche',
  'Kastanie',
  'Uferlos',
  'Nordstern',
  'Backstein',
  'Wolke Sieben',
  'Zur Linde',
  'Amsel',
  'Stadtgarten',
  'Löwenzahn',
  'Tante Emma',
  'Fuchsbau',
  'Mauerpark',
  'Weitblick',
  'Hinterhof',
  'Flussperle',
  'Birke',
  'Eisvogel',
  'Kiezkrone',
  'Bohnenglück',
  'Rixdorf',
  'Schillerkiez',
  'Kollwitz',
  'Boxhagen',
  'Wrangel',
  'Paul & Paula',
  'Frieda',
  'Oskar',
  'Ludwig',
] as const;

const legalForms = ['GmbH', 'UG (haftungsbeschränkt)', 'GbR', 'e.K.', 'OHG', '', '', ''] as const;

/** Offices and a co-working space that buy their coffee here (two of them employ other test PSUs). */
const officeCustomers: [string, [number, number], number][] = [
  ['Nordlicht Software GmbH', [180, 940], 3],
  ['Spreewerk Logistik GmbH', [120, 760], 2],
  ['Factory Works Coworking GmbH', [240, 1600], 2],
  ['Kanzlei Brandt & Yilmaz Rechtsanwälte PartG mbB', [90, 420], 1],
  ['Stadtbibliothek Café Kreuzberg gGmbH', [60, 380], 1],
];

function makeCustomers(rng: Random): Customer[] {
  const customers: Customer[] = [];
  const used = new Set<string>();
  let number = 10_100;
  for (const name of customerNames) {
    const [kind, size, weight] = rng.pick(customerKinds);
    const legal = rng.pick(legalForms);
    const full = `${kind} ${name}${legal ? ` ${legal}` : ''}`;
    if (used.has(full)) continue;
    used.add(full);
    customers.push({ ...party(full), number: String((number += rng.int(3, 40))), size: [size[0], size[1]], weight });
  }
  for (const [name, size, weight] of officeCustomers) {
    customers.push({ ...party(name), number: String((number += rng.int(3, 40))), size, weight });
  }
  return customers;
}

const supplierList: [string, [number, number], number, 'DE' | 'NL'][] = [
  ['Hanseatic Green Coffee GmbH', [1800, 9600], 2, 'DE'],
  ['Bergfeld Rohkaffee KG', [1200, 7400], 2, 'DE'],
  ['Origin Direct Coffee Trading B.V.', [2400, 8800], 1, 'NL'],
  ['Verpackungswerk Nord GmbH', [380, 2600], 3, 'DE'],
  ['Kaffeetüten Manufaktur GmbH', [220, 1400], 2, 'DE'],
  ['Molkerei Havelland eG', [120, 680], 6, 'DE'],
  ['Oatly Deutschland GmbH', [90, 420], 4, 'DE'],
  ['Bäckerei Sieberts Großhandel', [80, 460], 6, 'DE'],
  ['GLS Germany GmbH & Co. OHG', [60, 540], 4, 'DE'],
  ['Kurierdienst Spreebote', [35, 240], 4, 'DE'],
  ['Röstmaschinen Service Berlin GmbH', [240, 1800], 1, 'DE'],
  ['Elektro Schulz GmbH', [90, 940], 1, 'DE'],
  ['Studio Fuchs Grafikdesign', [380, 1600], 1, 'DE'],
  ['Druckerei Kreuzberg GmbH', [120, 980], 2, 'DE'],
  ['Glanzwerk Gebäudereinigung GmbH', [180, 620], 2, 'DE'],
  ['Teehandel Gerling GmbH', [90, 720], 2, 'DE'],
  ['Sirup-Kontor Hamburg GmbH', [80, 560], 2, 'DE'],
  ['Espresso-Technik Müller GmbH', [640, 4800], 1, 'DE'],
  ['Kassensysteme Berlin GmbH', [40, 320], 1, 'DE'],
  ['Bürobedarf Schneider KG', [25, 260], 2, 'DE'],
];

const cardMerchants: [string, string | null, [number, number], number][] = [
  ['METRO Berlin-Friedrichshain', 'Berlin', [40, 680], 6],
  ['Aral Tankstelle', 'Berlin', [48, 96], 4],
  ['Shell Station', 'Berlin', [48, 96], 2],
  ['Hornbach Baumarkt', 'Berlin-Mariendorf', [12, 340], 1],
  ['BAUHAUS', 'Berlin-Lichtenberg', [10, 260], 1],
  ['Amazon Business EU S.a r.l.', null, [9, 420], 4],
  ['DB Vertrieb GmbH', null, [19, 189], 1],
  ['Google Ads', null, [40, 380], 2],
  ['Meta Platforms Ireland Ltd', null, [25, 260], 2],
  ['Büroshop24 GmbH', null, [12, 180], 1],
  ['Parkhaus Ostbahnhof', 'Berlin', [3, 24], 2],
  ['REWE Markt GmbH', 'Berlin', [6, 90], 3],
];

const staff: [string, number][] = [
  ['Mira Schulte', 2890],
  ['Jonas Petersen', 2640],
  ['Lea Okonkwo', 2410],
  ['Tim Baumann', 2280],
  ['Selin Kaya', 2350],
  ['Paul Wagner', 1980],
  ['Nora Lindqvist', 2120],
  ['Hannes Vogel', 1860],
  ['Emily Brooks', 1740],
];

type Fixed = { day: number; add: () => void };

export function runBusiness(ctx: SeedContext): void {
  const ledger = ctx.ledgers['bob-business'];
  const bobMain = ctx.ledgers['bob-main'];
  const rng = new Random('business/bob-business');
  const { anchor } = ctx;
  const first = followingWorkingDay(ctx.origin);
  const card = ledger.spec.card ?? 'Mastercard Business';
  const customers = makeCustomers(rng);
  const suppliers: Supplier[] = supplierList.map(([name, amounts, weight, country]) => ({
    ...party(name, country),
    amounts,
    weight,
    number: `K${rng.digits(5)}`,
  }));
  const pickCustomer = rng.picker(customers.map((c) => [c, c.weight] as const));
  const pickSupplier = rng.picker(suppliers.map((s) => [s, s.weight] as const));
  const pickCard = rng.picker(cardMerchants.map((m) => [m, m[3]] as const));

  const add = (input: EntryInput) => ledger.add(input);
  const debit = (
    kind: EntryKind,
    day: number,
    minute: number,
    who: Party,
    minor: number,
    text: string,
    e2e: string | null,
  ) => add({ kind, day, minute, amount: -minor, name: who.name, iban: who.iban, remittance: text, endToEndId: e2e });
  const credit = (day: number, minute: number, who: Party, minor: number, text: string, e2e: string | null) =>
    add({
      kind: 'transferIn',
      day,
      minute,
      amount: minor,
      name: who.name,
      iban: who.iban,
      remittance: text,
      endToEndId: e2e,
    });

  // The fixed calendar: opening, rent, payroll, taxes, social insurance, utilities, payouts, the bank's fee.
  const fixed: Fixed[] = [];
  const at = (day: number, fn: () => void) => {
    if (day >= first && day <= anchor) fixed.push({ day, add: fn });
  };
  const monthly = (
    y: number,
    m: number,
    dom: number,
    fn: (day: number) => void,
    rule: 'following' | 'preceding' = 'following',
  ) => {
    const due = dayInMonth(y, m, dom);
    const day = rule === 'following' ? followingWorkingDay(due) : precedingWorkingDay(due);
    if (day > first) at(day, () => fn(day));
  };
  const mm = (y: number, m: number) => `${String(m).padStart(2, '0')}/${y}`;
  const previous = (y: number, m: number) => (m === 1 ? mm(y - 1, 12) : mm(y, m - 1));

  at(first, () =>
    credit(
      first,
      540,
      party(COMPANY, 'DE', 'Berliner Volksbank'),
      38_000_00,
      'Kontowechsel: Übertrag Guthaben von Berliner Volksbank',
      `KW${rng.hex(12)}`,
    ),
  );

  for (const { y, m } of monthsBetween(first, anchor)) {
    const month = monthNamesDe[m - 1] ?? '';
    monthly(y, m, 1, (day) =>
      debit(
        'standingOrder',
        day,
        380,
        party('Gewerbehof Spreeufer GmbH'),
        3_850_00,
        `Gewerbemiete ${month} ${y} Halle 3, EG rechts`,
        `STO${y}${m}GSP`,
      ),
    );
    monthly(y, m, 2, (day) =>
      debit(
        'directDebit',
        day,
        400,
        party('Deutsche Leasing AG'),
        1_236_40,
        `Leasingrate ${mm(y, m)} Röstmaschine Vertrag 8820114`,
        `DL8820114-${y}${m}`,
      ),
    );
    monthly(y, m, 3, (day) =>
      debit(
        'directDebit',
        day,
        402,
        party('Hetzner Online GmbH'),
        48_79,
        `Hetzner Rechnung R00${rng.digits(8)} Kd 381044`,
        `HZ381044-${y}${m}`,
      ),
    );
    monthly(y, m, 6, (day) =>
      debit(
        'directDebit',
        day,
        404,
        party('Telekom Deutschland GmbH'),
        89_90,
        `Telekom Business ${mm(y, m)} Kundennr. 0612298834`,
        `TK0612298834-${y}${m}`,
      ),
    );
    monthly(y, m, 10, (day) =>
      debit(
        'directDebit',
        day,
        410,
        party('Finanzamt Berlin Friedrichshain-Kreuzberg'),
        rng.amount(2800, 6400),
        `Umsatzsteuer-Vorauszahlung ${previous(y, m)} StNr 29/466/01822`,
        `USTVA${y}${m}2946601822`,
      ),
    );
    monthly(y, m, 10, (day) =>
      debit(
        'directDebit',
        day,
        411,
        party('Finanzamt Berlin Friedrichshain-Kreuzberg'),
        rng.amount(3050, 3320),
        `Lohnsteuer-Anmeldung ${previous(y, m)} StNr 29/466/01822`,
        `LSTA${y}${m}2946601822`,
      ),
    );
    monthly(y, m, 10, (day) =>
      debit(
        'transferOut',
        day,
        600,
        party('Steuerberatung Hartmann & Partner mbB'),
        690_20,
        `Honorar Finanz- und Lohnbuchhaltung ${mm(y, m)} Mdt.-Nr. 20481`,
        `OB${y}${m}HP20481`,
      ),
    );
    monthly(y, m, 15, (day) =>
      debit(
        'directDebit',
        day,
        420,
        party('Vattenfall Europe Sales GmbH'),
        418_00,
        `Abschlag Strom Gewerbe ${mm(y, m)} Vertragskonto 8007 4412 90`,
        `VF800744129-${y}${m}`,
      ),
    );
    monthly(y, m, 15, (day) =>
      debit(
        'directDebit',
        day,
        421,
        party('GASAG AG'),
        612_00,
        `Abschlag Erdgas ${mm(y, m)} Vertragskonto 505 118 227`,
        `GASAG505118227-${y}${m}`,
      ),
    );
    monthly(y, m, 20, (day) =>
      debit(
        'directDebit',
        day,
        422,
        party('HUK-COBURG'),
        96_20,
        `Kfz-Versicherung Lieferwagen B-LK 2204 ${mm(y, m)}`,
        `HUKB-LK2204-${y}${m}`,
      ),
    );
    if (m % 3 === 1) {
      monthly(y, m, 1, (day) =>
        debit(
          'directDebit',
          day,
          430,
          party('Allianz Versicherungs-AG'),
          412_30,
          `Betriebshaftpflicht Q${Math.ceil(m / 3)}/${y} Vers.-Nr. BH-2207781`,
          `AZBH2207781-${y}${m}`,
        ),
      );
      monthly(y, m, 10, (day) =>
        debit(
          'directDebit',
          day,
          431,
          party('Berliner Wasserbetriebe'),
          186_30,
          `Abschlag Wasser/Abwasser Q${Math.ceil(m / 3)}/${y} Kd 7790124`,
          `BWB7790124-${y}${m}`,
        ),
      );
      monthly(y, m, 15, (day) =>
        debit(
          'directDebit',
          day,
          432,
          party('Berliner Stadtreinigung (BSR)'),
          244_71,
          `Abfallentsorgung Q${Math.ceil(m / 3)}/${y} Objekt 118 440`,
          `BSR118440-${y}${m}`,
        ),
      );
    }
    if (m === 4) {
      monthly(y, m, 15, (day) =>
        debit(
          'transferOut',
          day,
          610,
          party('BG Nahrungsmittel und Gastgewerbe'),
          1_870_00,
          `Beitrag ${y - 1} Mitgl.-Nr. 4410 2290`,
          `BGN${y}44102290`,
        ),
      );
    }
    if (m === 5) {
      monthly(y, m, 20, (day) =>
        debit(
          'transferOut',
          day,
          611,
          party('IHK Berlin'),
          340_00,
          `IHK-Beitrag ${y} Ident-Nr. 1012 7739`,
          `IHK${y}10127739`,
        ),
      );
    }
    // Social insurance is due on the third-last working day, payroll on the last-but-one.
    const lastDay = dayOf(y, m, daysInMonth(y, m));
    const thirdLast = precedingWorkingDay(precedingWorkingDay(precedingWorkingDay(lastDay) - 1) - 1);
    for (const [name, amount, minute] of [
      ['AOK Nordost', 4120, 412],
      ['Techniker Krankenkasse', 2890, 413],
      ['BARMER', 1240, 414],
    ] as const) {
      at(thirdLast, () =>
        debit(
          'directDebit',
          thirdLast,
          minute,
          party(name),
          rng.amount(amount * 0.97, amount * 1.03),
          `Gesamtsozialversicherungsbeitrag ${mm(y, m)} BNR 81722044`,
          `SV${y}${m}81722044`,
        ),
      );
    }
    const payday = precedingWorkingDay(precedingWorkingDay(lastDay) - 1);
    staff.forEach(([name, net], i) => {
      at(payday, () =>
        debit(
          'transferOut',
          payday,
          540 + i,
          party(name),
          net * 100,
          `Lohn/Gehalt ${mm(y, m)} PersNr ${1001 + i}`,
          `GEHALT${y}${String(m).padStart(2, '0')}${1001 + i}`,
        ),
      );
    });
    at(payday, () => {
      const e2e = `GEHALT${y}${String(m).padStart(2, '0')}1000`;
      const text = `Geschäftsführergehalt ${mm(y, m)} PersNr 1000`;
      debit('transferOut', payday, 539, { name: bobMain.spec.ownerName, iban: bobMain.spec.iban }, 4_200_00, text, e2e);
      bobMain.add({
        kind: 'salary',
        day: payday,
        minute: 539,
        amount: 4_200_00,
        name: COMPANY,
        iban: ledger.spec.iban,
        remittance: `Gehalt/Salary ${y}-${String(m).padStart(2, '0')} PersNr 1000`,
        endToEndId: e2e,
      });
    });
    const feeDay = precedingWorkingDay(lastDay);
    at(feeDay, () => {
      const postings = ledger.countEntries(dayOf(y, m, 1), lastDay);
      ledger.add({
        kind: 'charges',
        day: feeDay,
        minute: 1390,
        amount: -(19_90 + postings * 12),
        remittance: `Kontoführung Business Konto ${month} ${y}: Grundpreis 19,90 EUR, ${postings} Buchungsposten à 0,12 EUR`,
      });
    });
  }

  // Daily payouts from the web shop and the card terminal, twice a week from PayPal; DHL collects weekly.
  const stripe = party('Stripe Technology Europe Ltd', 'IE');
  const sumup = party('SumUp Payments Limited', 'IE');
  const paypal = party('PayPal Europe S.a.r.l. et Cie S.C.A');
  const dhl = party('DHL Paket GmbH');
  for (let day = first + 1; day <= anchor; day++) {
    if (!isWorkingDay(day)) continue;
    const season = seasonFactor(day);
    at(day, () => {
      const payout = `po_${rng.hex(24).toLowerCase()}`;
      credit(day, 300, stripe, Math.round(rng.amount(180, 1400, 1.4) * season), `STRIPE PAYOUT ${payout}`, payout);
    });
    at(day, () =>
      credit(
        day,
        301,
        sumup,
        Math.round(rng.amount(150, 900, 1.2) * season),
        `SumUp Auszahlung ${germanDate(day - 1)} Händler-ID MCF8TQ2`,
        `SUMUP${rng.hex(14)}`,
      ),
    );
    const wd = weekday(day);
    if (wd === 1 || wd === 4) {
      at(day, () =>
        credit(
          day,
          302,
          paypal,
          Math.round(rng.amount(250, 1800, 1.5) * season),
          `PayPal Auszahlung an Bankkonto ${rng.hex(17)}`,
          `PPAUS${rng.hex(12)}`,
        ),
      );
    }
    if (wd === 3) {
      const week = isoWeek(day);
      at(day, () =>
        debit(
          'directDebit',
          day,
          424,
          dhl,
          rng.amount(120, 640, 1.3),
          `DHL Geschäftskundenportal Rechnung KW ${week} Kd 5012883441`,
          `DHL5012883441KW${week}`,
        ),
      );
    }
    if (wd === 2 && day < anchor - PENDING_DAYS) {
      const metro = { name: 'METRO Berlin-Friedrichshain', iban: null };
      const minute = rng.minute(7, 10);
      at(day, () => cardPay(day, minute, metro.name, 'Berlin', rng.amount(120, 680, 1.3)));
    }
  }

  function cardPay(day: number, minute: number, name: string, place: string | null, minor: number) {
    const where = place ? `${name}, ${place}` : `${name} (online)`;
    add({
      kind: 'card',
      day,
      minute,
      amount: -minor,
      name,
      remittance: `Kartenzahlung ${where} ${germanDate(day)} ${clockTime(minute)} ${card}`,
    });
  }

  // Whatever the fixed calendar leaves of the 10,000 goes to the working days by weight (busier on Mondays and in
  // December), then each day's entries are drawn as customer payments or spending, steered by the balance.
  const variable = BUSINESS_ENTRIES - PENDING_ENTRIES - fixed.length;
  const days: number[] = [];
  const weights: number[] = [];
  for (let day = first + 1; day <= anchor; day++) {
    if (!isWorkingDay(day)) continue;
    days.push(day);
    const wd = weekday(day);
    const w = [0, 1.25, 1.05, 1, 1, 0.85, 0][wd] ?? 1;
    weights.push(
      w * seasonFactor(day) * (0.9 + (0.2 * (day - first)) / (anchor - first)) * (day === anchor ? 0.35 : 1),
    );
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

  fixed.sort((a, b) => a.day - b.day);
  let next = 0;
  const invoiceCounter = new Map<number, number>();
  for (let day = first; day <= anchor; day++) {
    while (next < fixed.length && (fixed[next]?.day ?? Infinity) <= day) fixed[next++]?.add();
    const count = quota.get(day) ?? 0;
    for (let i = 0; i < count; i++) {
      const target = 48_000_00 + 22_000_00 * ((day - first) / (anchor - first));
      const balance = ledger.balanceOn(day);
      const pIn = Math.min(0.92, Math.max(0.3, 0.64 + (target - balance) / 4_000_000));
      const minute = day === anchor ? 0 : rng.minute(7, 19);
      if (rng.chance(pIn)) {
        if (rng.chance(0.98)) payInvoice(day, minute);
        else {
          const s = pickSupplier();
          credit(
            day,
            minute,
            s,
            rng.amount(15, 220, 1.6),
            `Gutschrift ${rng.pick(['Retoure', 'Bonus', 'Reklamation'])} Rechnung ${rng.digits(6)} Kd-Nr. ${s.number}`,
            `GS${rng.hex(12)}`,
          );
        }
        continue;
      }
      const r = rng.next();
      if (r < 0.55 || day > anchor - PENDING_DAYS) {
        const s = pickSupplier();
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
        debit(
          kind,
          day,
          minute,
          s,
          minor,
          text,
          kind === 'directDebit' ? `${s.number}-${invoice}` : `OB${rng.hex(14)}`,
        );
      } else if (r < 0.9) {
        const [name, place, range] = pickCard();
        cardPay(day, minute, name, place, rng.amount(range[0], range[1], 1.8));
      } else {
        const c = pickCustomer();
        const refund = rng.amount(12, Math.min(c.size[1], 300), 1.8);
        const y = civil(day).y;
        debit(
          'transferOut',
          day,
          minute,
          c,
          refund,
          `Gutschrift GS-${y}-${String(rng.int(100, 999))} zu RE-${y}-${String(rng.int(1000, 9999)).padStart(5, '0')} Kd-Nr. ${c.number}`,
          `OB${rng.hex(14)}`,
        );
      }
    }
  }
  while (next < fixed.length) fixed[next++]?.add();

  function payInvoice(day: number, minute: number) {
    const c = pickCustomer();
    const invoiceDay = day - rng.int(10, 32);
    const y = civil(invoiceDay).y;
    // Invoice numbers run per year; the first year of the history starts where that year had got to.
    const n = (invoiceCounter.get(y) ?? (y === civil(first).y ? (first - dayOf(y, 1, 1)) * 16 : 0)) + rng.int(1, 2);
    invoiceCounter.set(y, n);
    const invoice = `RE-${y}-${String(n).padStart(5, '0')}`;
    const minor = Math.round(rng.amount(c.size[0], c.size[1], 2.2) * seasonFactor(day));
    const text = invoiceText(rng.int(0, 4), invoice, c.number, invoiceDay, minor);
    credit(day, minute, c, minor, text, rng.chance(0.4) ? 'NOTPROVIDED' : `${c.number}${invoice.replaceAll('-', '')}`);
  }

  // Still pending: three card payments of the last days and an incoming payment in clearing.
  const pendingValue = followingWorkingDay(anchor + 1);
  for (let i = 0; i < PENDING_ENTRIES - 1; i++) {
    const day = anchor - PENDING_DAYS + 1 + (i % (PENDING_DAYS - 1));
    const [name, place, range] = pickCard();
    const minute = rng.minute(8, 18);
    const where = place ? `${name}, ${place}` : `${name} (online)`;
    add({
      kind: 'card',
      day,
      minute,
      amount: -rng.amount(range[0], range[1], 1.8),
      name,
      remittance: `Kartenzahlung ${where} ${germanDate(day)} ${clockTime(minute)} ${card}`,
      pendingValueDay: pendingValue,
    });
  }
  const payer = pickCustomer();
  const y = civil(anchor).y;
  add({
    kind: 'transferIn',
    day: anchor - 1,
    minute: 17 * 60 + 12,
    amount: rng.amount(payer.size[0], payer.size[1], 2),
    name: payer.name,
    iban: payer.iban,
    remittance: `RE-${y}-${String((invoiceCounter.get(y) ?? 0) + 1).padStart(5, '0')} Kd-Nr. ${payer.number}`,
    endToEndId: 'NOTPROVIDED',
    pendingValueDay: pendingValue,
  });

  if (ledger.entries.length !== BUSINESS_ENTRIES) {
    throw new Error(`Business account has ${ledger.entries.length} entries, expected ${BUSINESS_ENTRIES}`);
  }
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

/** More coffee in the dark months, less in the summer holidays. */
function seasonFactor(day: number): number {
  return [0.92, 0.95, 1, 1, 0.97, 0.92, 0.85, 0.84, 1, 1.05, 1.15, 1.3][civil(day).m - 1] ?? 1;
}

function isoWeek(day: number): number {
  const thursday = day - ((weekday(day) + 6) % 7) + 3;
  const { y } = civil(thursday);
  return Math.floor((thursday - dayOf(y, 1, 1)) / 7) + 1;
}
