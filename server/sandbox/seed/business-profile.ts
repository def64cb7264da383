// Bob's coffee roastery described as data: who buys (cafés, hotels, offices), who supplies, where the company card
// is used, the staff, the bills and taxes of every month, and the payouts of the web shop and the café counter. The
// business life in business-account.ts interprets it.
import { civil, dayOf, germanDate, monthNamesDe, weekday } from './calendar';
import type { Merchant } from './merchants';
import type { Random } from './random';
import type { AmountRange, Bill } from './recurring';

/** An amount range in major units with its skew towards the minimum (1 = uniform). */
export type SkewedRange = readonly [min: number, max: number, skew: number];

export interface CustomerKind {
  kind: string;
  /** Typical invoice, major units. */
  size: AmountRange;
  weight: number;
}

export interface Supplier {
  name: string;
  country: 'DE' | 'NL';
  amounts: AmountRange;
  weight: number;
}

/** A daily flow of the business: a payment provider's payout, or a carrier's weekly direct debit. */
export interface Payout {
  name: string;
  country: 'DE' | 'IE';
  kind: 'transferIn' | 'directDebit';
  /** Weekdays it runs on (0 = Sunday); every working day when absent. */
  weekdays?: readonly number[];
  minute: number;
  amount: SkewedRange;
  /** Scaled by the season (more coffee in the dark months). */
  seasonal: boolean;
  /** A reference drawn before the amount, which the text and the end-to-end id may repeat. */
  reference?: (rng: Random) => string;
  text: (day: number, reference: string, rng: Random) => string;
  endToEndId: (day: number, reference: string, rng: Random) => string;
}

export interface BusinessProfile {
  company: string;
  /** Arrives from the company's previous bank when the history begins. */
  opening: { amount: number; previousBank: string; minute: number; text: string };
  customerKinds: readonly (readonly [kind: string, size: AmountRange, weight: number])[];
  customerNames: readonly string[];
  legalForms: readonly string[];
  /** Customers named in full, after the generated ones. */
  officeCustomers: readonly (readonly [name: string, size: AmountRange, weight: number])[];
  /** Customer numbers start here and grow by 3 to 40. */
  firstCustomerNumber: number;
  suppliers: readonly Supplier[];
  /** Where the company card pays, with amount ranges (major units) and weights. */
  cardMerchants: readonly (readonly [Merchant, AmountRange, number])[];
  /** Bills, contributions and payroll, booked month by month in this order. */
  bills: readonly Bill[];
  /** The managing director's pay, moved to his private account. */
  ownerPay: { amount: number; minute: number; staffNo: string; workingDayFromEnd: number };
  /** The bank's monthly fee: a base price and a price per posting of the month (minor units). */
  fee: {
    base: number;
    perPosting: number;
    minute: number;
    text: (month: string, y: number, postings: number) => string;
  };
  payouts: readonly Payout[];
  /** A weekly card run to the wholesale market, before the last days. */
  wholesale: { merchant: Merchant; weekday: number; hours: readonly [number, number]; amount: SkewedRange };
  /** Multiplies sales by month (January first). */
  season: readonly number[];
  /** The balance the daily trade steers towards, from the first day to the anchor, major units. */
  targetBalance: readonly [from: number, to: number];
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

const supplier = (name: string, amounts: AmountRange, weight: number, country: 'DE' | 'NL' = 'DE'): Supplier => ({
  name,
  country,
  amounts,
  weight,
});

const suppliers = [
  supplier('Hanseatic Green Coffee GmbH', [1800, 9600], 2),
  supplier('Bergfeld Rohkaffee KG', [1200, 7400], 2),
  supplier('Origin Direct Coffee Trading B.V.', [2400, 8800], 1, 'NL'),
  supplier('Verpackungswerk Nord GmbH', [380, 2600], 3),
  supplier('Kaffeetüten Manufaktur GmbH', [220, 1400], 2),
  supplier('Molkerei Havelland eG', [120, 680], 6),
  supplier('Oatly Deutschland GmbH', [90, 420], 4),
  supplier('Bäckerei Sieberts Großhandel', [80, 460], 6),
  supplier('GLS Germany GmbH & Co. OHG', [60, 540], 4),
  supplier('Kurierdienst Spreebote', [35, 240], 4),
  supplier('Röstmaschinen Service Berlin GmbH', [240, 1800], 1),
  supplier('Elektro Schulz GmbH', [90, 940], 1),
  supplier('Studio Fuchs Grafikdesign', [380, 1600], 1),
  supplier('Druckerei Kreuzberg GmbH', [120, 980], 2),
  supplier('Glanzwerk Gebäudereinigung GmbH', [180, 620], 2),
  supplier('Teehandel Gerling GmbH', [90, 720], 2),
  supplier('Sirup-Kontor Hamburg GmbH', [80, 560], 2),
  supplier('Espresso-Technik Müller GmbH', [640, 4800], 1),
  supplier('Kassensysteme Berlin GmbH', [40, 320], 1),
  supplier('Bürobedarf Schneider KG', [25, 260], 2),
];

const at = (name: string, place: string): Merchant => ({ name, place });
const web = (name: string): Merchant => ({ name });

const cardMerchants: BusinessProfile['cardMerchants'] = [
  [at('METRO Berlin-Friedrichshain', 'Berlin'), [40, 680], 6],
  [at('Aral Tankstelle', 'Berlin'), [48, 96], 4],
  [at('Shell Station', 'Berlin'), [48, 96], 2],
  [at('Hornbach Baumarkt', 'Berlin-Mariendorf'), [12, 340], 1],
  [at('BAUHAUS', 'Berlin-Lichtenberg'), [10, 260], 1],
  [web('Amazon Business EU S.a r.l.'), [9, 420], 4],
  [web('DB Vertrieb GmbH'), [19, 189], 1],
  [web('Google Ads'), [40, 380], 2],
  [web('Meta Platforms Ireland Ltd'), [25, 260], 2],
  [web('Büroshop24 GmbH'), [12, 180], 1],
  [at('Parkhaus Ostbahnhof', 'Berlin'), [3, 24], 2],
  [at('REWE Markt GmbH', 'Berlin'), [6, 90], 3],
];

const staff: readonly (readonly [string, number])[] = [
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

/** MM/YYYY, as German remittance texts write a month. */
export const monthYear = (y: number, m: number) => `${String(m).padStart(2, '0')}/${y}`;
const previousMonth = (y: number, m: number) => (m === 1 ? monthYear(y - 1, 12) : monthYear(y, m - 1));
const quarter = (m: number) => Math.ceil(m / 3);
const quarterly = [1, 4, 7, 10] as const;
const TAX_NUMBER = '2946601822';

/** A bill due on a day of the month, with a fixed minute and its own end-to-end id. */
function monthly(
  kind: Bill['kind'],
  name: string,
  amount: Bill['amount'],
  dayOfMonth: number,
  minute: number,
  text: Bill['text'],
  endToEndId: Bill['endToEndId'],
  months?: readonly number[],
): Bill {
  return { kind, name, amount, due: { dayOfMonth }, minute, text, endToEndId, ...(months ? { months } : {}) };
}

const rentAndBills: Bill[] = [
  monthly(
    'standingOrder',
    'Gewerbehof Spreeufer GmbH',
    3850,
    1,
    380,
    (y, m) => `Gewerbemiete ${monthNamesDe[m - 1] ?? ''} ${y} Halle 3, EG rechts`,
    (y, m) => `STO${y}${m}GSP`,
  ),
  monthly(
    'directDebit',
    'Deutsche Leasing AG',
    1236.4,
    2,
    400,
    (y, m) => `Leasingrate ${monthYear(y, m)} Röstmaschine Vertrag 8820114`,
    (y, m) => `DL8820114-${y}${m}`,
  ),
  monthly(
    'directDebit',
    'Hetzner Online GmbH',
    48.79,
    3,
    402,
    (_y, _m, rng) => `Hetzner Rechnung R00${rng.digits(8)} Kd 381044`,
    (y, m) => `HZ381044-${y}${m}`,
  ),
  monthly(
    'directDebit',
    'Telekom Deutschland GmbH',
    89.9,
    6,
    404,
    (y, m) => `Telekom Business ${monthYear(y, m)} Kundennr. 0612298834`,
    (y, m) => `TK0612298834-${y}${m}`,
  ),
  monthly(
    'directDebit',
    'Finanzamt Berlin Friedrichshain-Kreuzberg',
    [2800, 6400],
    10,
    410,
    (y, m) => `Umsatzsteuer-Vorauszahlung ${previousMonth(y, m)} StNr 29/466/01822`,
    (y, m) => `USTVA${y}${m}${TAX_NUMBER}`,
  ),
  monthly(
    'directDebit',
    'Finanzamt Berlin Friedrichshain-Kreuzberg',
    [3050, 3320],
    10,
    411,
    (y, m) => `Lohnsteuer-Anmeldung ${previousMonth(y, m)} StNr 29/466/01822`,
    (y, m) => `LSTA${y}${m}${TAX_NUMBER}`,
  ),
  monthly(
    'transferOut',
    'Steuerberatung Hartmann & Partner mbB',
    690.2,
    10,
    600,
    (y, m) => `Honorar Finanz- und Lohnbuchhaltung ${monthYear(y, m)} Mdt.-Nr. 20481`,
    (y, m) => `OB${y}${m}HP20481`,
  ),
  monthly(
    'directDebit',
    'Vattenfall Europe Sales GmbH',
    418,
    15,
    420,
    (y, m) => `Abschlag Strom Gewerbe ${monthYear(y, m)} Vertragskonto 8007 4412 90`,
    (y, m) => `VF800744129-${y}${m}`,
  ),
  monthly(
    'directDebit',
    'GASAG AG',
    612,
    15,
    421,
    (y, m) => `Abschlag Erdgas ${monthYear(y, m)} Vertragskonto 505 118 227`,
    (y, m) => `GASAG505118227-${y}${m}`,
  ),
  monthly(
    'directDebit',
    'HUK-COBURG',
    96.2,
    20,
    422,
    (y, m) => `Kfz-Versicherung Lieferwagen B-LK 2204 ${monthYear(y, m)}`,
    (y, m) => `HUKB-LK2204-${y}${m}`,
  ),
  monthly(
    'directDebit',
    'Allianz Versicherungs-AG',
    412.3,
    1,
    430,
    (y, m) => `Betriebshaftpflicht Q${quarter(m)}/${y} Vers.-Nr. BH-2207781`,
    (y, m) => `AZBH2207781-${y}${m}`,
    quarterly,
  ),
  monthly(
    'directDebit',
    'Berliner Wasserbetriebe',
    186.3,
    10,
    431,
    (y, m) => `Abschlag Wasser/Abwasser Q${quarter(m)}/${y} Kd 7790124`,
    (y, m) => `BWB7790124-${y}${m}`,
    quarterly,
  ),
  monthly(
    'directDebit',
    'Berliner Stadtreinigung (BSR)',
    244.71,
    15,
    432,
    (y, m) => `Abfallentsorgung Q${quarter(m)}/${y} Objekt 118 440`,
    (y, m) => `BSR118440-${y}${m}`,
    quarterly,
  ),
  monthly(
    'transferOut',
    'BG Nahrungsmittel und Gastgewerbe',
    1870,
    15,
    610,
    (y) => `Beitrag ${y - 1} Mitgl.-Nr. 4410 2290`,
    (y) => `BGN${y}44102290`,
    [4],
  ),
  monthly(
    'transferOut',
    'IHK Berlin',
    340,
    20,
    611,
    (y) => `IHK-Beitrag ${y} Ident-Nr. 1012 7739`,
    (y) => `IHK${y}10127739`,
    [5],
  ),
];

/** Social insurance is due on the third-last working day, within 3 % of the usual amount. */
const contributions: Bill[] = (
  [
    ['AOK Nordost', 4120, 412],
    ['Techniker Krankenkasse', 2890, 413],
    ['BARMER', 1240, 414],
  ] as const
).map(([name, amount, minute]) => ({
  kind: 'directDebit',
  name,
  amount: [amount * 0.97, amount * 1.03],
  due: { workingDayFromEnd: 3 },
  minute,
  text: (y, m) => `Gesamtsozialversicherungsbeitrag ${monthYear(y, m)} BNR 81722044`,
  endToEndId: (y, m) => `SV${y}${m}81722044`,
}));

/** Payroll goes out on the last-but-one working day. */
const PAYDAY_FROM_END = 2;
const payroll: Bill[] = staff.map(([name, net], i) => ({
  kind: 'transferOut',
  name,
  amount: net,
  due: { workingDayFromEnd: PAYDAY_FROM_END },
  minute: 540 + i,
  text: (y, m) => `Lohn/Gehalt ${monthYear(y, m)} PersNr ${1001 + i}`,
  endToEndId: (y, m) => `GEHALT${y}${String(m).padStart(2, '0')}${1001 + i}`,
}));

const payouts: Payout[] = [
  {
    name: 'Stripe Technology Europe Ltd',
    country: 'IE',
    kind: 'transferIn',
    minute: 300,
    amount: [180, 1400, 1.4],
    seasonal: true,
    reference: (rng) => `po_${rng.hex(24).toLowerCase()}`,
    text: (_day, payout) => `STRIPE PAYOUT ${payout}`,
    endToEndId: (_day, payout) => payout,
  },
  {
    name: 'SumUp Payments Limited',
    country: 'IE',
    kind: 'transferIn',
    minute: 301,
    amount: [150, 900, 1.2],
    seasonal: true,
    text: (day) => `SumUp Auszahlung ${germanDate(day - 1)} Händler-ID MCF8TQ2`,
    endToEndId: (_day, _ref, rng) => `SUMUP${rng.hex(14)}`,
  },
  {
    name: 'PayPal Europe S.a.r.l. et Cie S.C.A',
    country: 'DE',
    kind: 'transferIn',
    weekdays: [1, 4],
    minute: 302,
    amount: [250, 1800, 1.5],
    seasonal: true,
    text: (_day, _ref, rng) => `PayPal Auszahlung an Bankkonto ${rng.hex(17)}`,
    endToEndId: (_day, _ref, rng) => `PPAUS${rng.hex(12)}`,
  },
  {
    name: 'DHL Paket GmbH',
    country: 'DE',
    kind: 'directDebit',
    weekdays: [3],
    minute: 424,
    amount: [120, 640, 1.3],
    seasonal: false,
    text: (day) => `DHL Geschäftskundenportal Rechnung KW ${isoWeek(day)} Kd 5012883441`,
    endToEndId: (day) => `DHL5012883441KW${isoWeek(day)}`,
  },
];

export const bobBusiness: BusinessProfile = {
  company: 'Laurent Kaffeerösterei GmbH',
  opening: {
    amount: 38_000,
    previousBank: 'Berliner Volksbank',
    minute: 540,
    text: 'Kontowechsel: Übertrag Guthaben von Berliner Volksbank',
  },
  customerKinds,
  customerNames,
  legalForms: ['GmbH', 'UG (haftungsbeschränkt)', 'GbR', 'e.K.', 'OHG', '', '', ''],
  // Offices and a co-working space that buy their coffee here (two of them employ other test PSUs).
  officeCustomers: [
    ['Nordlicht Software GmbH', [180, 940], 3],
    ['Spreewerk Logistik GmbH', [120, 760], 2],
    ['Factory Works Coworking GmbH', [240, 1600], 2],
    ['Kanzlei Brandt & Yilmaz Rechtsanwälte PartG mbB', [90, 420], 1],
    ['Stadtbibliothek Café Kreuzberg gGmbH', [60, 380], 1],
  ],
  firstCustomerNumber: 10_100,
  suppliers,
  cardMerchants,
  bills: [...rentAndBills, ...contributions, ...payroll],
  ownerPay: { amount: 4200, minute: 539, staffNo: '1000', workingDayFromEnd: PAYDAY_FROM_END },
  fee: {
    base: 19_90,
    perPosting: 12,
    minute: 1390,
    text: (month, y, postings) =>
      `Kontoführung Business Konto ${month} ${y}: Grundpreis 19,90 EUR, ${postings} Buchungsposten à 0,12 EUR`,
  },
  payouts,
  wholesale: {
    merchant: at('METRO Berlin-Friedrichshain', 'Berlin'),
    weekday: 2,
    hours: [7, 10],
    amount: [120, 680, 1.3],
  },
  season: [0.92, 0.95, 1, 1, 0.97, 0.92, 0.85, 0.84, 1, 1.05, 1.15, 1.3],
  targetBalance: [48_000, 70_000],
};

function isoWeek(day: number): number {
  const thursday = day - ((weekday(day) + 6) % 7) + 3;
  const { y } = civil(thursday);
  return Math.floor((thursday - dayOf(y, 1, 1)) / 7) + 1;
}
