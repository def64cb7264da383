// Who the private customers are: their employers, rents, bills, habits and trips.
import {
  civil,
  dayOf,
  daysInMonth,
  followingWorkingDay,
  germanDate,
  monthNamesDe,
  monthsBetween,
  precedingWorkingDay,
  yearMonth,
} from './calendar';
import { PENDING_DAYS, type SeedContext } from './context';
import { party } from './iban';
import * as shops from './merchants';
import { yyyymmdd, type PrivateProfile } from './private-life';
import type { Bill } from './recurring';
import type { TestAccountKey } from './test-psus';

const monthYear = (y: number, m: number) => `${String(m).padStart(2, '0')}/${y}`;
const quarter = (m: number) => Math.floor((m - 1) / 3) + 1;

export const alice: PrivateProfile = {
  key: 'alice-main',
  opening: 2350,
  previousBank: 'Postbank',
  income: {
    employer: 'Nordlicht Software GmbH',
    net: 3480,
    raise: 0.035,
    raiseMonth: 4,
    payDay: 'last',
    staffNo: '10482',
    bonus: { month: 11, amount: 1650, text: 'Weihnachtsgeld/Christmas bonus' },
  },
  rent: {
    to: 'Hausverwaltung Kranich GmbH',
    amount: 1190,
    text: (y, m) => `Miete ${monthNamesDe[m - 1]} ${y} Wilhelm-Kuhr-Str. 12, Whg. 3.OG links`,
  },
  bills: [
    dd(
      'Vattenfall Europe Sales GmbH',
      62,
      15,
      'VF8004192344',
      (y, m) => `Abschlag Strom ${monthYear(y, m)} Vertragskonto 8004 1923 44`,
    ),
    dd(
      'Telekom Deutschland GmbH',
      39.95,
      6,
      'TK0231778520',
      (y, m) => `Telekom Festnetz/Internet Rechnung ${monthYear(y, m)} Kundennr. 0231778520`,
    ),
    dd(
      'Telefonica Germany GmbH & Co. OHG',
      19.99,
      11,
      'O2K4471902',
      (y, m) => `o2 Mobilfunk ${monthYear(y, m)} Kundennr. 4471902`,
    ),
    dd('HUK24 AG', 8.9, 1, 'HUK24HR559034', (y, m) => `Hausratversicherung ${monthYear(y, m)} Vers.-Nr. HR-559034`),
    dd(
      'Allianz Versicherungs-AG',
      64.37,
      1,
      'AZPHV77120',
      (y) => `Privathaftpflicht Beitrag ${y} Vers.-Nr. PHV-77120`,
      [3],
    ),
    dd(
      'ARD ZDF Deutschlandradio Beitragsservice',
      55.08,
      15,
      'BS448120937',
      (y, m) => `Rundfunkbeitrag Q${quarter(m)}/${y} Beitragsnr. 448 120 937`,
      [2, 5, 8, 11],
    ),
    dd(
      'FitX Deutschland GmbH',
      24.99,
      3,
      'FITX0092817',
      (y, m) => `Mitgliedsbeitrag ${monthYear(y, m)} Mitgl.-Nr. 0092817`,
    ),
    dd(
      'BVG Berliner Verkehrsbetriebe',
      58,
      1,
      'BVGDT3310472',
      (y, m) => `Deutschlandticket ${monthYear(y, m)} Abo-Nr. 3310472`,
    ),
    card('NETFLIX.COM', 13.99, 9),
    card('Spotify AB', 11.99, 21),
    card('Apple.com/bill', 2.99, 27),
    card('Amazon Prime', 89.9, 18, [6]),
  ],
  savings: { to: 'alice-savings', monthly: 400, opening: 8500, keepAbove: 3500, topUpAbove: 6500 },
  fee: 4.9,
  floor: 250,
  groceries: shops.groceries,
  groceryMax: 120,
  pace: 1,
  atmAmounts: [50, 100, 100, 150, 200],
  atmPerMonth: 2,
  drives: false,
  friends: ['Lena Hoffmann', 'Jana Becker', 'Tobias Krüger', 'Miriam Aydin'],
  trips: [
    {
      account: 'alice-usd',
      startsDaysAgo: 152,
      nights: 9,
      fund: 2500,
      rate: 1.0842,
      merchants: shops.newYork,
      perDay: [2, 5],
      amounts: [3.5, 95],
      hotel: { name: 'citizenM New York Bowery', place: 'New York' },
      perNight: 189,
    },
  ],
  pendingCount: [3, 4],
  extras: (life) => {
    const { anchor, rng } = life;
    const usd = life.ctx.ledgers['alice-usd'];
    life.ownTransfer(followingWorkingDay(life.first + 9), 'alice-main', 'alice-usd', 500_00, {
      rate: 1.0791,
      text: 'Umbuchung',
    });
    // A developer's USD subscription, charged to the USD card.
    for (let day = life.first + 20; day <= anchor - PENDING_DAYS; day++) {
      if (civil(day).d === 8) {
        life.cardPayment(day, rng.minute(1, 4), { name: 'GitHub, Inc.' }, 400, usd, usd.spec.card ?? life.card);
      }
    }
    const taxDay = followingWorkingDay(anchor - 204);
    life.transferIn(
      taxDay,
      'Finanzamt Berlin Friedrichshain-Kreuzberg',
      612_37,
      `Erstattung Einkommensteuer ${civil(taxDay).y - 1} StNr 14/231/60418`,
      `EST${civil(taxDay).y - 1}1423160418`,
    );
    const statementDay = followingWorkingDay(anchor - 118);
    life.transferIn(
      statementDay,
      'Vattenfall Europe Sales GmbH',
      86_40,
      'Guthaben aus Jahresverbrauchsabrechnung Vertragskonto 8004 1923 44',
      'VF8004192344-JVA',
    );
    life.transferOut(followingWorkingDay(anchor - 61), 'Miriam Aydin', 380_00, 'Anteil Ferienwohnung Usedom');
  },
};

export const bob: PrivateProfile = {
  key: 'bob-main',
  opening: 3100,
  previousBank: 'Commerzbank',
  income: null, // paid by his own company, see the business account
  rent: {
    to: 'Hausverwaltung Becker & Söhne',
    amount: 1640,
    text: (y, m) => `Miete ${monthNamesDe[m - 1]} ${y} Kollwitzstr. 41, Whg. 7`,
  },
  bills: [
    dd(
      'Vattenfall Europe Sales GmbH',
      74,
      15,
      'VF8004388120',
      (y, m) => `Abschlag Strom ${monthYear(y, m)} Vertragskonto 8004 3881 20`,
    ),
    dd(
      'Telekom Deutschland GmbH',
      44.95,
      6,
      'TK0388104721',
      (y, m) => `Telekom MagentaZuhause ${monthYear(y, m)} Kundennr. 0388104721`,
    ),
    dd('Vodafone GmbH', 34.99, 12, 'VFM1180027', (y, m) => `Vodafone Mobilfunk ${monthYear(y, m)} Kundennr. 1180027`),
    dd('Allianz Versicherungs-AG', 12.4, 1, 'AZHR90877', (y, m) => `Hausrat ${monthYear(y, m)} Vers.-Nr. HR-90877`),
    dd(
      'ARD ZDF Deutschlandradio Beitragsservice',
      55.08,
      15,
      'BS512887301',
      (y, m) => `Rundfunkbeitrag Q${quarter(m)}/${y} Beitragsnr. 512 887 301`,
      [1, 4, 7, 10],
    ),
    dd('Urban Sports GmbH', 59, 1, 'USC2210934', (y, m) => `Urban Sports Club M ${monthYear(y, m)} Mitgl. 2210934`),
    card('NETFLIX.COM', 19.99, 14),
    card('Spotify AB', 17.99, 4),
    card('The Economist', 22.9, 23),
  ],
  fee: 4.9,
  floor: 400,
  groceries: shops.groceries,
  groceryMax: 140,
  pace: 1.05,
  atmAmounts: [50, 100, 200],
  atmPerMonth: 1.5,
  drives: false,
  friends: ['Claire Dubois', 'Malte Richter', 'Sven Olsen'],
  trips: [
    {
      account: 'bob-gbp',
      startsDaysAgo: 231,
      nights: 4,
      fund: 1200,
      rate: 0.8461,
      merchants: shops.london,
      perDay: [3, 5],
      amounts: [2.8, 68],
      hotel: { name: 'The Hoxton, Shoreditch', place: 'London' },
      perNight: 214,
    },
    {
      account: 'bob-gbp',
      startsDaysAgo: 74,
      nights: 3,
      fund: 900,
      rate: 0.8392,
      merchants: shops.london,
      perDay: [3, 5],
      amounts: [2.8, 68],
      hotel: { name: 'The Hoxton, Holborn', place: 'London' },
      perNight: 229,
    },
  ],
  pendingCount: [2, 4],
  extras: (life) => {
    life.ownTransfer(followingWorkingDay(life.first + 6), 'bob-main', 'bob-gbp', 300_00, { rate: 0.8532 });
  },
};

export const carol: PrivateProfile = {
  key: 'carol-main',
  opening: 1180,
  previousBank: 'Sparkasse Kiel',
  income: {
    employer: 'Kiezkind Studio UG (haftungsbeschränkt)',
    net: 940,
    raise: 0.05,
    raiseMonth: 10,
    payDay: 'last',
    staffNo: '031',
  },
  rent: {
    to: 'Jonas Weber',
    amount: 460,
    text: (y, m) => `WG-Zimmer ${monthNamesDe[m - 1]} ${y} Weserstr. 58`,
  },
  bills: [
    dd('congstar GmbH', 10, 5, 'CS22019384', (y, m) => `congstar Rechnung ${monthYear(y, m)} Kundennr. 22019384`),
    card('Spotify AB', 5.99, 12),
  ],
  fee: 0,
  floor: 35,
  groceries: shops.budgetGroceries,
  groceryMax: 58,
  pace: 0.7,
  atmAmounts: [20, 20, 50],
  atmPerMonth: 1,
  drives: false,
  friends: ['Lena Hoffmann', 'Aylin Demir', 'Jonas Weber'],
  trips: [],
  pendingCount: [2, 2],
  extras: (life) => {
    const { first, anchor } = life;
    for (const { y, m } of monthsBetween(first, anchor)) {
      const day = followingWorkingDay(dayOf(y, m, 1));
      if (day > first && day <= anchor - PENDING_DAYS) {
        life.transferIn(day, 'Birgit Jensen', 250_00, `Unterstützung ${monthNamesDe[m - 1]} - Mama`, null);
      }
      if (m === 2 || m === 8) {
        const due = followingWorkingDay(dayOf(y, m, 10));
        const term = m === 2 ? `SoSe ${y}` : `WiSe ${y}/${String(y + 1).slice(2)}`;
        if (due > first && due <= anchor - PENDING_DAYS) {
          life.transferOut(due, 'Humboldt-Universität zu Berlin', 315_64, `Semesterbeitrag ${term} Matr.-Nr. 612345`);
        }
      }
    }
  },
};

export const dave: PrivateProfile = {
  key: 'dave-main',
  opening: 1480,
  previousBank: 'Berliner Volksbank',
  income: {
    employer: 'Spreewerk Logistik GmbH',
    net: 2680,
    raise: 0.03,
    raiseMonth: 1,
    payDay: 15,
    staffNo: '7719',
  },
  rent: {
    to: 'Wohnungsbaugenossenschaft Lichtenberg eG',
    amount: 790,
    text: (y, m) => `Nutzungsgebühr ${monthNamesDe[m - 1]} ${y} Mitgl.-Nr. 30417 Whg. 0412`,
  },
  bills: [
    dd(
      'E.ON Energie Deutschland GmbH',
      54,
      20,
      'EON21193847',
      (y, m) => `Abschlag Strom ${monthYear(y, m)} Vertragskonto 211 938 47`,
    ),
    dd('Vodafone GmbH', 29.99, 12, 'VFM2290413', (y, m) => `Vodafone Mobilfunk ${monthYear(y, m)} Kundennr. 2290413`),
    dd(
      'Vodafone Deutschland GmbH',
      39.99,
      12,
      'VFK1029338',
      (y, m) => `Vodafone Kabel Internet ${monthYear(y, m)} Kundennr. 1029338`,
    ),
    dd('RSG Group GmbH', 24.9, 1, 'MCF0834412', (y, m) => `McFIT Mitgliedsbeitrag ${monthYear(y, m)} Nr. 0834412`),
    dd(
      'Sky Deutschland Fernsehen GmbH & Co. KG',
      25,
      25,
      'SKY6601923',
      (y, m) => `Sky Abo ${monthYear(y, m)} Kundennr. 6601923`,
    ),
    dd('HUK-COBURG', 412.8, 2, 'HUKKFZ33871', (y) => `Kfz-Versicherung ${y} B-DO 4711 Vers.-Nr. 338 71`, [1]),
    dd('Bundeskasse Kiel', 148, 14, 'KFZST4711', (y) => `Kraftfahrzeugsteuer B-DO 4711 ${y}/${y + 1}`, [7]),
    dd(
      'ARD ZDF Deutschlandradio Beitragsservice',
      55.08,
      15,
      'BS601223980',
      (y, m) => `Rundfunkbeitrag Q${quarter(m)}/${y} Beitragsnr. 601 223 980`,
      [3, 6, 9, 12],
    ),
    card('DAZN Limited', 34.99, 19),
  ],
  fee: 4.9,
  floor: 150,
  groceries: shops.groceries,
  groceryMax: 110,
  pace: 0.9,
  atmAmounts: [50, 100, 100, 200],
  atmPerMonth: 2.5,
  drives: true,
  friends: ['Chidi Nwosu', 'Marcel Brandt', 'Ngozi Okafor'],
  trips: [],
  pendingCount: [2, 3],
  extras: (life) => {
    const repair = followingWorkingDay(life.anchor - 97);
    life.cardPayment(repair, 11 * 60 + 40, { name: 'A.T.U Auto-Teile-Unger', place: 'Berlin-Lichtenberg' }, 389_50);
  },
};

function dd(
  name: string,
  amount: number,
  dayOfMonth: number,
  reference: string,
  text: Bill['text'],
  months?: number[],
): Bill {
  const endToEndId = (y: number, m: number) => `${reference}-${yearMonth(y, m)}`.slice(0, 35);
  return { kind: 'directDebit', name, amount, due: { dayOfMonth }, text, endToEndId, ...(months ? { months } : {}) };
}

function card(name: string, amount: number, dayOfMonth: number, months?: number[]): Bill {
  const none = () => '';
  return {
    kind: 'card',
    name,
    amount,
    due: { dayOfMonth },
    text: none,
    endToEndId: none,
    ...(months ? { months } : {}),
  };
}

/** Carol ends the history with exactly this booked balance (minor units). */
export const CAROL_BALANCE = 23_40;

/**
 * Brings Carol to exactly CAROL_BALANCE: round hundreds go to her savings at another bank and the odd rest is her
 * share of the flat's bills; if she is short, a friend pays back what she owes her.
 */
export function settleCarol(ctx: SeedContext): void {
  const ledger = ctx.ledgers['carol-main'];
  let booked = 0;
  let day = followingWorkingDay(ctx.origin);
  for (const entry of ledger.entries) {
    if (entry.pending) continue;
    booked += entry.amount;
    day = Math.max(day, entry.bookingDay ?? day);
  }
  const excess = booked - CAROL_BALANCE;
  const minute = 23 * 60;
  if (excess < 0) {
    const friend = party('Lena Hoffmann');
    ledger.add({
      kind: 'transferIn',
      day,
      minute,
      amount: -excess,
      name: friend.name,
      iban: friend.iban,
      remittance: 'Rückzahlung Kino',
      endToEndId: 'NOTPROVIDED',
    });
    return;
  }
  const toSavings = Math.floor(excess / 100_00) * 100_00;
  if (toSavings > 0) {
    const own = party('Carol Jensen', 'DE', 'Tagesgeld');
    ledger.add({
      kind: 'transferOut',
      day,
      minute,
      amount: -toSavings,
      name: own.name,
      iban: own.iban,
      remittance: 'Sparen Urlaub Sommer',
      endToEndId: `OB${yyyymmdd(day)}SPAREN`,
    });
  }
  if (excess > toSavings) {
    const flatmate = party('Jonas Weber');
    const { y, m } = civil(day);
    ledger.add({
      kind: 'transferOut',
      day,
      minute: minute + 1,
      amount: -(excess - toSavings),
      name: flatmate.name,
      iban: flatmate.iban,
      remittance: `Anteil Strom/Internet WG ${monthNamesDe[m - 1]} ${y}`,
      endToEndId: `OB${yyyymmdd(day)}WGNK`,
    });
  }
}

/** Monthly interest on the savings account, on what it held at the end of the month. */
export function payInterest(ctx: SeedContext, key: TestAccountKey, ratePerYear: number): void {
  const ledger = ctx.ledgers[key];
  const first = followingWorkingDay(ctx.origin);
  for (const { y, m } of monthsBetween(first, ctx.anchor)) {
    const day = precedingWorkingDay(dayOf(y, m, daysInMonth(y, m)));
    if (day <= first + 20 || day > ctx.anchor) continue;
    const interest = Math.round((ledger.balanceOn(day) * ratePerYear) / 12);
    if (interest <= 0) continue;
    ledger.add({
      kind: 'interest',
      day,
      minute: 1385,
      amount: interest,
      remittance: `Habenzinsen 01.${String(m).padStart(2, '0')}.${y} - ${germanDate(dayOf(y, m, daysInMonth(y, m)))} ${(ratePerYear * 100).toFixed(2).replace('.', ',')} % p.a.`,
    });
  }
}

export const privateProfiles = [alice, bob, carol, dave] as const;
