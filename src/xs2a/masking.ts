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
 * A person's name shortened to the first given name and the initial of the last word: `Alice Schmidt` → `Alice S.`.
 * One-word names keep their first letter only (`Alice` → `A.`): a single word may be the whole of a real name.
 * Company-like names (GmbH, AG, Ltd …) are kept, since they are not personal data.
 */
export function shortenName(value: string): string {
  const words = value.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return value;
  if (words.some((word) => /^(gmbh|ag|kg|se|ltd|llc|inc|plc|sa|sarl|bv|nv|ab|oy|spa|srl|co\.?|&)$/i.test(word))) {
    return value;
  }
  const first = words[0] ?? '';
  if (words.length === 1) return `${first.charAt(0)}.`;
  const last = words[words.length - 1] ?? '';
  return `${first} ${last.charAt(0)}.`;
}

/**
 * Words that make a name a product's or an account's rather than a person's ("Main account", "Girokonto", "Savings
 * Plus", "Joint Account"), or a status a bank names in words ("Pending Review"): account names and names in texts are
 * shortened only when they read like a person's name.
 */
const PRODUCT_WORDS =
  /^(account|accounts|konto|girokonto|tagesgeld|sparkonto|savings?|saver|current|checking|main|joint|business|private|personal|premium|plus|gold|silver|basic|classic|card|credit|debit|depot|deposit|loan|salary|household|holiday|reserve|everyday|online|direct|student|youth|junior|pocket|money|cash|fund|funds|eur|usd|gbp|chf|pending|review|booked|received|accepted|rejected|settled|cancelled|expired|valid|invalid|unknown|error|status|bank|the)$/i;

/**
 * Whether an account's `name` (or any free name the bank gives) reads like a person's name: two to four words, each a
 * capitalised word of letters (hyphens and apostrophes allowed, "von"/"de"-style particles in between), none a
 * product or account word and no company form. "Alice Schmidt" and "Jean-Luc de la Croix" are personal; "Main account",
 * "Girokonto", "Savings Plus", "EUR 2" and "Bäckerei Muster GmbH" are not.
 */
export function looksLikePersonalName(value: string): boolean {
  const words = value.trim().split(/\s+/).filter(Boolean);
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

/** Masks every IBAN-looking run in a free text (e.g. remittance information or a bank's message). */
export function maskIbansInText(text: string): string {
  return text.replace(/\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?\b/g, (match) => maskIban(match));
}

/** A run of two to five capitalised words (particles between them allowed), which may be a person's name. */
const NAME_RUN =
  /\p{Lu}[\p{L}'’-]*\.?(?:\s+(?:(?:von|van|der|den|de|la|le|del|da|di|du|zu)\s+)*\p{Lu}[\p{L}'’-]*\.?){1,4}/gu;

/**
 * Free text as an audience may see it when it may quote bank data (a deviation's message, a bank's text): IBANs
 * masked, and every run of capitalised words that reads like a person's name (see looksLikePersonalName) shortened.
 */
export function maskPersonalDataInText(text: string): string {
  return maskIbansInText(text).replace(NAME_RUN, (run) => (looksLikePersonalName(run) ? shortenName(run) : run));
}

/** Members of 1.3.12 bodies that hold an account number (account references, card accounts). */
const ACCOUNT_MEMBERS = new Set(['iban', 'bban', 'pan', 'maskedPan', 'msisdn', 'counterpartyIban']);
/** Members that hold a person's name (payments, transactions, accounts, status answers). */
const NAME_MEMBERS = new Set([
  'creditorName',
  'debtorName',
  'ultimateCreditor',
  'ultimateDebtor',
  'ownerName',
  'psuName',
  'counterpartyName',
]);
/** Arrays whose items name people in their `name` member (`ownerNames: [{ name, role }]`). */
const NAMED_LISTS = new Set(['ownerNames', 'psuNames']);

function maskMember(key: string | undefined, value: unknown, inNamedList: boolean): unknown {
  if (typeof value === 'string') {
    if (key !== undefined && ACCOUNT_MEMBERS.has(key)) return maskAccountNumber(value);
    if (key !== undefined && (NAME_MEMBERS.has(key) || (inNamedList && key === 'name'))) return shortenName(value);
    // Any other `name` (an account's, an SCA method's) is shortened only when it reads like a person's name.
    if (key === 'name') return maskIbansInText(maskAccountName(value));
    return maskIbansInText(value);
  }
  if (Array.isArray(value)) {
    const named = key !== undefined && NAMED_LISTS.has(key);
    // A list of names as plain strings (`ownerName: ["Alice Schneider"]`) is shortened item by item.
    return value.map((item) =>
      typeof item === 'string' && key !== undefined && NAME_MEMBERS.has(key)
        ? shortenName(item)
        : maskMember(named ? undefined : key, item, named),
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
 * A copy of a bank's JSON body (or any value) as an audience may see it: account numbers masked, personal names
 * shortened, IBANs inside free texts masked. Names of accounts ("Girokonto") and of companies stay, an account named
 * after a person is shortened (see looksLikePersonalName); the shape stays.
 * Tolerant of any input: values of unexpected types pass through unchanged.
 */
export function maskBankData(value: unknown): unknown {
  return maskMember(undefined, value, false);
}
