// Bank data shown to an audience (presenter mode, replay files): account numbers masked and personal names shortened,
// so a demo on a shared screen shows the shape of the data without the data.

const MASK = '••••';

/**
 * An IBAN (or any account number) with all but its first four and last four characters masked:
 * `DE16 •••• •••• 0001`. Spaces in the input are ignored; values of eight characters or fewer keep only the last two.
 */
export function maskIban(value: string): string {
  const compact = value.replace(/\s+/g, '');
  if (compact.length === 0) return value;
  if (compact.length <= 8) return `${MASK} ${compact.slice(-2)}`;
  // Always two masked groups: the length of an account number is not what the audience should read from it.
  return `${compact.slice(0, 4)} ${MASK} ${MASK} ${compact.slice(-4)}`;
}

/** Masks a masked PAN or BBAN the same way as an IBAN; already-masked values (with `*`, `X` or `•`) stay as they are. */
export function maskAccountNumber(value: string): string {
  return /[*•]|X{3,}/.test(value) ? value : maskIban(value);
}

/**
 * A name written last name first, as account lists and CSV files often write it ("Brandt, Erik"), in reading order
 * ("Erik Brandt"); any other name as it is.
 */
function inReadingOrder(value: string): string {
  const parts = /^\s*([^,]+?)\s*,\s*([^,]+?)\s*$/.exec(value);
  return parts ? `${parts[2]} ${parts[1]}` : value;
}

/**
 * A person's name shortened to the first given name and the initial of the last word: `Alice Schmidt` → `Alice S.`
 * (`Schmidt, Alice` too).
 * One-word names keep their first letter only (`Alice` → `A.`): a single word may be the whole of a real name.
 * Company-like names (GmbH, AG, Ltd …) are kept, since they are not personal data.
 */
export function shortenName(value: string): string {
  const words = inReadingOrder(value).trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return value;
  if (words.some((word) => /^(gmbh|ag|kg|se|ltd|llc|inc|plc|sa|sarl|bv|nv|ab|oy|spa|srl|co\.?|&)$/i.test(word))) {
    return value;
  }
  const titles = [];
  while (words.length > 1 && TITLES.test(words[0] ?? '')) titles.push(words.shift());
  const first = words[0] ?? '';
  const last = words[words.length - 1] ?? '';
  const short = words.length === 1 ? `${first.charAt(0)}.` : `${first} ${last.charAt(0)}.`;
  return [...titles, short].join(' ');
}

/** Titles before a name, kept when the name is shortened ("Dr. Hans Meier" → "Dr. Hans M."). */
const TITLES = /^(dr\.?|prof\.?|mr\.?|mrs\.?|ms\.?|herr|frau|mme\.?|m\.)$/i;

/**
 * Words that make a name a product's or an account's rather than a person's ("Main account", "Girokonto", "Savings
 * Plus", "Joint Account", "Visa Kreditkarte"), or a status a bank names in words ("Pending Review"): account names and names in texts are
 * shortened only when they read like a person's name.
 */
const PRODUCT_WORDS =
  /^(kiosk|markt|market|shop|store|stores|café|cafe|coffee|restaurant|ristorante|trattoria|bistro|bar|pub|grill|imbiss|pizza|pizzeria|burger|döner|bäckerei|boulangerie|patisserie|bakery|metzgerei|apotheke|pharmacy|drogerie|supermarkt|supermarket|tankstelle|hotel|hostel|kino|cinema|theater|theatre|studio|salon|friseur|fitness|gym|buchhandlung|books|verlag|stadtwerke|versicherung|insurance|energie|energy|telekom|mobile|media|services?|group|holding|company|corp|corporation|limited|foods|travel|reisen|airlines?|am|im|zum|zur|beim|an|auf|und|and|of|for|account|accounts|konto|girokonto|tagesgeld|sparkonto|savings?|saver|current|checking|main|joint|business|private|personal|premium|plus|gold|silver|basic|classic|card|credit|debit|visa|mastercard|maestro|amex|girocard|karte|kreditkarte|debitkarte|firmenkarte|platinum|depot|deposit|street|road|avenue|lane|food|festival|loan|salary|household|holiday|reserve|everyday|online|direct|student|youth|junior|pocket|money|cash|fund|funds|eur|usd|gbp|chf|pending|review|booked|received|accepted|rejected|settled|cancelled|expired|valid|invalid|unknown|error|status|bank|the)$/i;

/**
 * Whether an account's `name` (or any free name the bank gives) reads like a person's name: two to four words, each a
 * capitalised word of letters (hyphens and apostrophes allowed, "von"/"de"-style particles in between), none a
 * product or account word and no company form (last name first with a comma counts too). "Alice Schmidt", "Schmidt,
 * Alice" and "Jean-Luc de la Croix" are personal; "Main account",
 * "Girokonto", "Savings Plus", "EUR 2" and "Bäckerei Muster GmbH" are not.
 */
export function looksLikePersonalName(value: string): boolean {
  const words = inReadingOrder(value).trim().split(/\s+/).filter(Boolean);
  if (words.length < 2 || words.length > 5) return false;
  const capitalised = words.filter((word) =>
    /^\p{Lu}\p{Ll}*(?:['’]?\p{Lu}\p{Ll}+)*(?:-\p{Lu}\p{Ll}+)*\.?$/u.test(word),
  );
  const particles = words.filter((word) => /^(von|van|der|den|de|la|le|del|da|di|du|zu|y|bin|ibn)$/.test(word));
  if (capitalised.length + particles.length !== words.length || capitalised.length < 2) return false;
  // Company forms (GmbH, AG, SE) are not capitalised words of letters, so a company never gets this far.
  return !words.some((word) => PRODUCT_WORDS.test(word));
}

/**
 * An account's `name` as an audience may see it: shortened like a person's name when it reads like one (some banks
 * name an account after its holder), kept as it is when it names a product ("Main account", "Girokonto").
 */
export function maskAccountName(value: string): string {
  return looksLikePersonalName(value) ? shortenName(value) : value;
}

/**
 * A counterparty's name (creditor, debtor, the other side of a transaction) as an audience may see it: shortened when
 * it reads like a person's name ("Bob Laurent" → "Bob L."), kept when it names a business or a product ("Rossmann",
 * "LIDL", "NETFLIX.COM", "Curry 36", "Kiosk Am Markt", "Bäckerei Muster GmbH").
 */
export function maskCounterpartyName(value: string): string {
  return looksLikePersonalName(value) ? shortenName(value) : value;
}

/**
 * A street address in free text, from the street to the end of its clause: a street name ending in a street word
 * (Straße, Str., Weg, Platz, Allee, Gasse, Ring, Damm, Street, Road, Avenue…) or starting with one (Rue, Via, Calle),
 * then a house number; or a house number first ("221 Baker Street", "12 rue de Rivoli"); then what follows up to a
 * semicolon or the end (flat, floor, postcode and town).
 */
const STREET_WORD = String.raw`(?:Street|St\.|Road|Rd\.|Avenue|Ave\.|Lane|Drive|Boulevard|Blvd\.)`;
const STREET_AFTER_NUMBER = new RegExp(
  [
    // "Hauptstraße 5", "Wilhelm-Kuhr-Str. 12", "Lindenweg 3"
    String.raw`(?:\p{L}[\p{L}.'’-]*(?:[Ss]tra(?:ß|ss)e|[Ss]tr\.|weg|platz|allee|gasse|damm|ufer|chaussee)`,
    // "Baker Street 221", "Am Ring 5"
    String.raw`|(?:\p{Lu}[\p{L}'’-]*\s+){1,3}(?:${STREET_WORD.slice(3, -1)}|Straße|Strasse|Weg|Platz|Allee|Gasse|Ring|Damm)`,
    // "rue de Rivoli 12", "Via Roma 3"
    String.raw`|\b(?:[Rr]ue|[Vv]ia|[Cc]alle|[Aa]venida|[Rr]ua|[Pp]lace)\s+[\p{L}' -]+?)`,
    String.raw`\s+\d+\s*[a-z]?\b(?:\s*,[^;\n]*)?`,
  ].join(''),
  'gu',
);
// "221 Baker Street", "221B Baker Street, London", "12 rue de Rivoli"
const NUMBER_BEFORE_STREET = new RegExp(
  String.raw`\b\d+\s*[a-zA-Z]?,?\s+(?:(?:rue|avenue|boulevard|place|chemin|allée|impasse)\s+[\p{L}' -]+|(?:\p{Lu}[\p{L}'’-]*\s+){1,3}${STREET_WORD}(?=\W|$))(?:\s*,[^;\n]*)?`,
  'gu',
);

/** The words that stand for a masked street address. */
export const ADDRESS_MASK = '[address]';

/** Masks every street address in a free text (see STREET_AFTER_NUMBER and NUMBER_BEFORE_STREET). */
export function maskAddressesInText(text: string): string {
  return text.replace(STREET_AFTER_NUMBER, ADDRESS_MASK).replace(NUMBER_BEFORE_STREET, ADDRESS_MASK);
}

/** Masks every IBAN-looking run in a free text (e.g. remittance information or a bank's message). */
export function maskIbansInText(text: string): string {
  return text.replace(/\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?\b/g, (match) => maskIban(match));
}

/** A run of two to five capitalised words (particles between them allowed), which may be a person's name. */
const NAME_RUN =
  /\p{Lu}[\p{L}'’-]*\.?(?:\s+(?:(?:von|van|der|den|de|la|le|del|da|di|du|zu)\s+)*\p{Lu}[\p{L}'’-]*\.?){1,4}/gu;

/**
 * Free text as an audience may see it when it may quote bank data (a deviation's message, a bank's text, a
 * remittance): IBANs and street addresses masked, and every run of capitalised words that reads like a person's name (see looksLikePersonalName) shortened.
 */
export function maskPersonalDataInText(text: string): string {
  return maskAddressesInText(maskIbansInText(text)).replace(NAME_RUN, maskNameRun);
}

/**
 * An XML document (a pain.001 body) as an audience may see it: each text between tags, each attribute value, comment
 * and CDATA section masked as free text (IBANs, street addresses, personal names), the markup itself kept, so the
 * document still reads as one and an address never swallows the elements after it.
 */
export function maskXmlText(text: string): string {
  return text.replace(
    /<!--([\s\S]*?)-->|<!\[CDATA\[([\s\S]*?)\]\]>|<[^>]*>|[^<]+/g,
    (part, comment: string | undefined, cdata: string | undefined) => {
      if (comment !== undefined) return `<!--${maskPersonalDataInText(comment)}-->`;
      if (cdata !== undefined) return `<![CDATA[${maskPersonalDataInText(cdata)}]]>`;
      if (part.startsWith('<')) {
        return part.replace(/"([^"]*)"|'([^']*)'/g, (quoted, double: string | undefined, single: string | undefined) =>
          double !== undefined
            ? `"${maskPersonalDataInText(double)}"`
            : single !== undefined
              ? `'${maskPersonalDataInText(single)}'`
              : quoted,
        );
      }
      return maskPersonalDataInText(part);
    },
  );
}

/** Whether a body's text is markup (an XML document): a tag first, after any white space. */
function isMarkup(text: string): boolean {
  return /^\s*</.test(text);
}

/**
 * A run of capitalised words with the person's name in it shortened: the whole run, or what follows a first word that
 * is no name ("For Jean-Luc de la Croix" → "For Jean-Luc C.").
 */
function maskNameRun(run: string): string {
  if (looksLikePersonalName(run)) return shortenName(run);
  const rest = /^(\S+\s+)(\S[\s\S]*)$/.exec(run);
  return rest ? `${rest[1]}${maskNameRun(rest[2] ?? '')}` : run;
}

/**
 * Members of 1.3.12 bodies that hold an account number (account references, card accounts, card transactions, a funds
 * check's card).
 */
const ACCOUNT_MEMBERS = new Set([
  'iban',
  'bban',
  'pan',
  'maskedPan',
  'maskedPAN',
  'msisdn',
  'counterpartyIban',
  'cardNumber',
]);
/** Members that name the account holder or the PSU: always a person. */
const PERSON_MEMBERS = new Set(['ownerName', 'psuName']);
/** Members that name the other side of a payment or transaction: a person or a business. */
const COUNTERPARTY_MEMBERS = new Set([
  'creditorName',
  'debtorName',
  'ultimateCreditor',
  'ultimateDebtor',
  'counterpartyName',
  // The merchant of a funds check.
  'payee',
]);

/** A name member's value as an audience may see it, or undefined when `key` holds no name. */
function maskedName(key: string | undefined, value: string, inNamedList: boolean): string | undefined {
  if (key === undefined) return undefined;
  if (PERSON_MEMBERS.has(key) || (inNamedList && key === 'name')) return shortenName(value);
  if (COUNTERPARTY_MEMBERS.has(key)) return maskCounterpartyName(value);
  return undefined;
}
/** Arrays whose items name people in their `name` member (`ownerNames: [{ name, role }]`). */
const NAMED_LISTS = new Set(['ownerNames', 'psuNames']);

function maskMember(key: string | undefined, value: unknown, inNamedList: boolean): unknown {
  if (typeof value === 'string') {
    if (key !== undefined && ACCOUNT_MEMBERS.has(key)) return maskAccountNumber(value);
    const name = maskedName(key, value, inNamedList);
    if (name !== undefined) return name;
    // Any other `name` (an account's, an SCA method's) is shortened only when it reads like a person's name.
    if (key === 'name') return maskIbansInText(maskAccountName(value));
    return maskPersonalDataInText(value);
  }
  if (Array.isArray(value)) {
    const named = key !== undefined && NAMED_LISTS.has(key);
    // A list of names as plain strings (`ownerName: ["Alice Schneider"]`) is shortened item by item.
    return value.map((item) =>
      typeof item === 'string' ? maskMember(key, item, named) : maskMember(named ? undefined : key, item, named),
    );
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([member, inner]) => [member, maskMember(member, inner, inNamedList)]),
    );
  }
  return value;
}

/**
 * A copy of a bank's JSON body (or any value) as an audience may see it: account numbers masked, the holder's and
 * the PSU's names shortened, counterparties shortened when they read like a person (merchants keep their names), and
 * IBANs, street addresses and personal names inside free texts masked; an XML document as text, its markup kept
 * (maskXmlText). Names of accounts ("Girokonto") and of companies stay, an account named
 * after a person is shortened (see looksLikePersonalName); the shape stays.
 * Tolerant of any input: values of unexpected types pass through unchanged.
 */
export function maskBankData(value: unknown): unknown {
  // A body that is a document (pain.001) is masked text by text, its markup kept.
  if (typeof value === 'string' && isMarkup(value)) return maskXmlText(value);
  return maskMember(undefined, value, false);
}
