// Who private customers pay by card: Berlin shops, chains and web shops a developer recognises.

export interface Merchant {
  name: string;
  /** Where the terminal stands; absent for web shops. */
  place?: string;
}

type Weighted = readonly (readonly [Merchant, number])[];

const at = (name: string, place: string): Merchant => ({ name, place });
const web = (name: string): Merchant => ({ name });

export const groceries: Weighted = [
  [at('REWE Markt GmbH', 'Berlin'), 6],
  [at('EDEKA Center', 'Berlin'), 3],
  [at('ALDI Nord', 'Berlin'), 3],
  [at('LIDL', 'Berlin'), 3],
  [at('PENNY Markt', 'Berlin'), 2],
  [at('Kaufland', 'Berlin-Neukölln'), 1],
  [at('Bio Company', 'Berlin'), 1],
  [at('denns BioMarkt', 'Berlin'), 1],
];

export const budgetGroceries: Weighted = [
  [at('ALDI Nord', 'Berlin'), 5],
  [at('LIDL', 'Berlin'), 5],
  [at('PENNY Markt', 'Berlin'), 3],
  [at('Netto Marken-Discount', 'Berlin'), 3],
  [at('REWE Markt GmbH', 'Berlin'), 1],
];

export const drugstores: Weighted = [
  [at('dm-drogerie markt', 'Berlin'), 3],
  [at('Rossmann', 'Berlin'), 2],
];

export const coffee: Weighted = [
  [at('Zeit für Brot', 'Berlin'), 3],
  [at('Bäckerei Siebert', 'Berlin'), 2],
  [at('Balzac Coffee', 'Berlin'), 2],
  [at('Five Elephant', 'Berlin'), 1],
  [at('The Barn Café', 'Berlin'), 1],
  [at('Kamps Backstube', 'Berlin'), 2],
];

export const restaurants: Weighted = [
  [at('Trattoria Lucia', 'Berlin'), 2],
  [at('Curry 36', 'Berlin'), 2],
  [at('Burgermeister', 'Berlin'), 2],
  [at('Vietnam Village', 'Berlin'), 2],
  [at('Markthalle Neun', 'Berlin'), 2],
  [at('Sushi Yoshi', 'Berlin'), 1],
  [at('Lokal am Landwehrkanal', 'Berlin'), 1],
  [at('Prater Garten', 'Berlin'), 1],
  [at('Klunkerkranich', 'Berlin'), 1],
];

export const delivery: Weighted = [
  [web('Lieferando.de'), 3],
  [web('Wolt'), 2],
];

export const online: Weighted = [
  [web('AMAZON EU S.A R.L., NIEDERLASSUNG DEUTSCHLAND'), 6],
  [web('Thalia Bücher GmbH'), 1],
  [web('Decathlon Online'), 1],
  [web('Apple.com/bill'), 1],
];

export const shops: Weighted = [
  [at('IKEA Berlin-Lichtenberg', 'Berlin'), 1],
  [at('MediaMarkt Alexanderplatz', 'Berlin'), 1],
  [at('Apotheke am Rosenthaler Platz', 'Berlin'), 3],
  [at('TK Maxx', 'Berlin'), 1],
  [at('Dussmann das KulturKaufhaus', 'Berlin'), 1],
  [at('Blumen Rosenthal', 'Berlin'), 1],
];

export const leisure: Weighted = [
  [at('Yorck Kinogruppe', 'Berlin'), 3],
  [at('Berliner Bäder-Betriebe', 'Berlin'), 2],
  [web('Eventim'), 1],
  [at('Boulderklub Kreuzberg', 'Berlin'), 2],
];

export const transport: Weighted = [
  [web('DB Vertrieb GmbH'), 4],
  [web('FREENOW'), 2],
  [web('Uber BV'), 1],
  [web('Miles Mobility'), 1],
];

export const fuel: Weighted = [
  [at('Aral Tankstelle', 'Berlin'), 3],
  [at('Shell Station', 'Berlin'), 2],
  [at('TotalEnergies Station', 'Berlin'), 1],
  [at('JET Tankstelle', 'Berlin'), 1],
];

/** Web shops that take PayPal, which collects by SEPA direct debit. */
export const paypalShops = [
  'Zalando SE',
  'Otto GmbH & Co KG',
  'About You SE & Co. KG',
  'Etsy Ireland UC',
  'Vinted UAB',
];

export const atms = [
  ['Berliner Sparkasse', 'Alexanderplatz'],
  ['Berliner Sparkasse', 'Kottbusser Tor'],
  ['Berliner Volksbank', 'Hermannplatz'],
  ['Cash Group', 'Friedrichstraße'],
  ['Cash Group', 'Schönhauser Allee'],
] as const;

export const newYork: Weighted = [
  [at('Whole Foods Market', 'New York'), 3],
  [at("Joe's Pizza", 'New York'), 2],
  [at('MTA NYC Transit OMNY', 'New York'), 4],
  [at('Blue Bottle Coffee', 'New York'), 3],
  [at('Shake Shack', 'New York'), 2],
  [at("Trader Joe's", 'New York'), 2],
  [at('The Metropolitan Museum of Art', 'New York'), 1],
  [at('Strand Book Store', 'New York'), 1],
  [at('Uber Trip', 'New York'), 2],
  [at("Katz's Delicatessen", 'New York'), 1],
];

export const london: Weighted = [
  [at('TfL Travel Charge', 'London'), 4],
  [at('Pret A Manger', 'London'), 3],
  [at('Monmouth Coffee Company', 'London'), 2],
  [at('Borough Market', 'London'), 2],
  [at('Tesco Express', 'London'), 2],
  [at('Dishoom Shoreditch', 'London'), 1],
  [at('Square Mile Coffee Roasters', 'London'), 1],
  [at('Foyles', 'London'), 1],
];
