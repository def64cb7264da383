// Tolerant readers of values banks send in other forms than 1.3.12 defines (amounts as JSON numbers, dates with
// times, members sent as null, a challenge's data as one text, a structured remittance as an object): each shows what
// can be understood and names how the bank deviated. Plain code without zod, so pages that only show data (the
// consents list, the header) load no schema code.

/** What the console reads from an amount value, whatever JSON type the bank used, and how it deviates. */
export interface AmountReading {
  /** The amount as text: a string as sent, a JSON number written out in full, or '' when there is none. */
  text: string;
  /** Set when the bank did not send a string: what it sent instead, in plain words. */
  deviation?: string;
}

/** Any value from a JSON body as text: JSON for objects and arrays, never "[object Object]". */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return typeof value;
  }
}

/** A JSON number as the bank wrote it, without exponent: 12.5 → "12.5", 1e21 → "1000000000000000000000". */
function numberText(value: number): string {
  const plain = String(value);
  if (!/e/i.test(plain)) return plain;
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

/**
 * Reads an amount tolerantly: 1.3.12 sends amounts as strings ("12.50"), but some banks send JSON numbers (12.5).
 * A number is shown as its digits and flagged; anything else is shown as JSON and flagged; nothing throws.
 */
export function readAmountValue(value: unknown): AmountReading {
  if (typeof value === 'string') return { text: value };
  if (typeof value === 'number' && Number.isFinite(value)) {
    return { text: numberText(value), deviation: 'sent as a JSON number; 1.3.12 has amounts as strings' };
  }
  if (value === undefined || value === null) return { text: '', deviation: 'no amount sent' };
  return {
    text: jsonText(value),
    deviation: `sent as ${Array.isArray(value) ? 'an array' : typeof value}, not a string`,
  };
}

/** What the console reads from a value the spec defines as a date (YYYY-MM-DD), and how it deviates. */
export interface DateReading {
  /** The calendar date YYYY-MM-DD, when the value starts with one. */
  date?: string;
  /** The time part the bank added after the date ("10:00:00Z"), if any. */
  time?: string;
  /** The value as sent, as text ('' when there is none). */
  text: string;
  /** Set when the value is not a plain date: what the bank sent instead, in plain words. */
  deviation?: string;
}

const DATE_START = /^(\d{4}-\d{2}-\d{2})(?:[T ](.+))?$/;

/**
 * Reads a date tolerantly: a date-time where 1.3.12 has a date ("2026-11-20T10:00:00Z") gives its date and the time
 * beside it (flagged), so tables, sorting and validity still work with the date.
 */
export function readDate(value: unknown): DateReading {
  if (value === undefined || value === null) return { text: '' };
  const text = typeof value === 'string' ? value : jsonText(value);
  const match = DATE_START.exec(text.trim());
  const date = match?.[1];
  if (!match || date === undefined || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
    return { text, deviation: 'not a date in the form YYYY-MM-DD' };
  }
  const time = match[2];
  if (time === undefined) {
    return typeof value === 'string' ? { date, text } : { date, text, deviation: 'not sent as a string' };
  }
  return { date, time, text, deviation: `a date with a time (${time}); 1.3.12 has only the date here` };
}

/** One way a value deviates from 1.3.12: where (the member's path) and what, in plain words. */
export interface ReadDeviation {
  path: string;
  message: string;
}

/** What the console reads from an answer where the bank sent members as null: the answer without them, and where. */
export interface NullsReading {
  value: unknown;
  /** The members sent as null, by path (`accounts[0].ownerName`), each a deviation. */
  deviations: ReadDeviation[];
}

/** How the console names a member sent as null. */
export const NULL_MEMBER = 'sent as null: read as absent (1.3.12 leaves out a field that has no value)';

function memberPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent === '' ? key : `${parent}.${key}`;
}

function dropNulls(value: unknown, path: string, found: ReadDeviation[]): unknown {
  if (Array.isArray(value)) {
    const list: readonly unknown[] = value;
    let copy: unknown[] | undefined;
    list.forEach((item, index) => {
      const read = dropNulls(item, memberPath(path, index), found);
      if (read !== item) (copy ??= [...list])[index] = read;
    });
    return copy ?? list;
  }
  if (typeof value !== 'object' || value === null) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, member] of Object.entries(value)) {
    if (member === null) {
      found.push({ path: memberPath(path, key), message: NULL_MEMBER });
      copy ??= { ...value };
      delete copy[key];
      continue;
    }
    const read = dropNulls(member, memberPath(path, key), found);
    if (read !== member) (copy ??= { ...value })[key] = read;
  }
  return copy ?? value;
}

/**
 * Null means absent: the answer as the console reads it, without the object members the bank sent as null (a null
 * ownerName is no owner, a null creditLimitIncluded says nothing about the limit), and each of them named. Entries of a
 * list that are null stay: the readers of that list show them. An answer without nulls is returned as it is.
 */
export function withoutNulls(value: unknown): NullsReading {
  const deviations: ReadDeviation[] = [];
  return { value: dropNulls(value, '', deviations), deviations };
}

/**
 * A place where a schema check found a member of another JSON type than 1.3.12 gives it: zod's issues have this shape
 * (`invalid_type` with the type expected, `invalid_value` for a value outside a list of codes).
 */
export interface TypeIssue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly expected?: string;
}

/** What the console reads from an answer whose members are not all of the JSON types 1.3.12 gives them. */
export interface TypedReading {
  /** The answer with each such member read as its type, or left out when it cannot be. */
  value: unknown;
  /** For each issue of the first check (same index): what the console made of the member, undefined when nothing. */
  notes: (string | undefined)[];
}

/** Members whose own readers take any form the bank sends (links, challenges, remittances, amounts): kept as sent. */
const READ_BY_OWN_READER = new Set([
  '_links',
  'challengeData',
  'remittanceInformationStructured',
  'remittanceInformationStructuredArray',
]);

function readByOwnReader(path: readonly PropertyKey[]): boolean {
  return (
    path.at(-1) === 'amount' || path.some((segment) => typeof segment === 'string' && READ_BY_OWN_READER.has(segment))
  );
}

const LEFT_OUT = Symbol('left out');
type Read = { value: unknown; note: string };

const leftOut: Read = { value: LEFT_OUT, note: 'left out' };

/** A value as text: numbers in full, other JSON as its JSON. */
function asText(value: unknown): Read {
  if (typeof value === 'number') return { value: numberText(value), note: 'read as text' };
  if (typeof value === 'boolean') return { value: String(value), note: 'read as text' };
  return { value: jsonText(value), note: 'shown as its JSON' };
}

const NUMBER_TEXT = /^-?\d+(?:\.\d+)?$/;

/** How the console reads a member of another type than expected; undefined: as it is (absent stays absent). */
function readAs(expected: string | undefined, value: unknown, atRoot: boolean): Read | undefined {
  if (value === undefined) {
    // A required list that is missing has no entries; a required text or object that is missing stays absent.
    return expected === 'array' ? { value: [], note: 'read as an empty list' } : undefined;
  }
  if (value === null) return atRoot ? { value: {}, note: 'read as an answer without members' } : leftOut;
  switch (expected) {
    case 'string':
      return asText(value);
    case 'number':
    case 'int':
      if (typeof value === 'number') return undefined;
      return typeof value === 'string' && NUMBER_TEXT.test(value.trim())
        ? { value: Number(value), note: 'read as the number it names' }
        : leftOut;
    case 'boolean':
      return value === 'true' || value === 'false' ? { value: value === 'true', note: `read as ${value}` } : leftOut;
    case 'array':
      return { value: [value], note: 'read as a list of one entry' };
    case 'object':
      return atRoot ? { value: {}, note: 'read as an answer without members' } : leftOut;
    default:
      return leftOut;
  }
}

function readIssue(issue: TypeIssue, value: unknown): Read | undefined {
  if (readByOwnReader(issue.path)) return undefined;
  // A code (a status) that is not text is read as text; text outside the list stays, its readers name it.
  if (issue.code === 'invalid_value')
    return value === undefined || typeof value === 'string' ? undefined : asText(value);
  if (issue.code !== 'invalid_type') return undefined;
  return readAs(issue.expected, value, issue.path.length === 0);
}

function pathKey(path: readonly PropertyKey[]): string {
  return JSON.stringify(path.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment)));
}

function memberAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const segment of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

/** The members to read otherwise, by path, and the paths that lead to them (with the names of the members they hold). */
interface Reads {
  values: Map<string, unknown>;
  holders: Map<string, Set<string>>;
}

/** `value` with the members in `reads` replaced, added or left out; copies only along the paths changed. */
function applyReads(value: unknown, reads: Reads, path: PropertyKey[]): unknown {
  const key = pathKey(path);
  if (reads.values.has(key)) return reads.values.get(key);
  const names = reads.holders.get(key);
  if (!names || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const list: readonly unknown[] = value;
    return list.map((item, index) => applyReads(item, reads, [...path, index])).filter((item) => item !== LEFT_OUT);
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  // A member that is missing may be read too (a required list as empty): the names come from the reads as well.
  for (const name of new Set([...Object.keys(copy), ...names])) {
    const read = applyReads(copy[name], reads, [...path, name]);
    if (read === LEFT_OUT || read === undefined) delete copy[name];
    else copy[name] = read;
  }
  return copy;
}

/**
 * Reads an answer as 1.3.12 types it, so a page can rely on the types of what it shows: a member of another JSON type
 * is read as its type where that says the same (a number or object where text belongs: its digits or JSON; "4" where
 * a number belongs; "true" for a boolean; one entry where a list belongs, whose own members are then read alike), a
 * missing list as empty, and is otherwise left out; an entry of a list that cannot be read is taken out of it. Links,
 * challenges, remittances and amounts stay as sent: their own readers show every form. `check` names the issues of a
 * value (the schema check); the first check's are `first`. Nothing here throws.
 */
export function readAsTyped(
  value: unknown,
  check: (value: unknown) => readonly TypeIssue[],
  first: readonly TypeIssue[] = check(value),
): TypedReading {
  const notes: (string | undefined)[] = [];
  let current = value;
  let issues = first;
  // Each pass reads what the last one made (the entries of a list of one); a few passes are enough, and it ends.
  for (let pass = 0; pass < 4 && issues.length > 0; pass += 1) {
    const reads: Reads = { values: new Map(), holders: new Map() };
    issues.forEach((issue, index) => {
      const read = readIssue(issue, memberAt(current, issue.path));
      if (!read) return;
      reads.values.set(pathKey(issue.path), read.value);
      issue.path.forEach((segment, depth) => {
        const holder = pathKey(issue.path.slice(0, depth));
        const names = reads.holders.get(holder) ?? new Set<string>();
        names.add(String(segment));
        reads.holders.set(holder, names);
      });
      if (pass === 0) notes[index] = read.note;
    });
    if (reads.values.size === 0) break;
    current = applyReads(current, reads, []);
    issues = check(current);
  }
  return { value: current, notes };
}

/** What the console reads from a challenge (challengeData) the bank sent with an embedded SCA step. */
export interface ChallengeReading {
  /** The challenge's lines (`data`), each as text. */
  lines: string[];
  /** Base64 image data. */
  image?: string;
  imageLink?: string;
  otpMaxLength?: number;
  otpFormat?: string;
  /** What the TPP must show the PSU. */
  additionalInformation?: string;
  /** Each member that deviates from 1.3.12, with what the console made of it, in plain words. */
  deviations: ReadDeviation[];
}

const CHALLENGE = 'challengeData';

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** The challenge's lines: a list of texts in 1.3.12; one text, a number or an object is shown as one line, named. */
function challengeLines(data: unknown, deviations: ReadDeviation[]): string[] {
  const path = `${CHALLENGE}.data`;
  if (data === undefined) return [];
  if (!Array.isArray(data)) {
    const text = typeof data === 'string' ? data : jsonText(data);
    deviations.push({ path, message: `the bank sent the challenge as ${kindOf(data)}, not a list: shown as one line` });
    return text.trim() === '' ? [] : [text];
  }
  const lines = data.map((line: unknown) => (typeof line === 'string' ? line : jsonText(line)));
  if (data.some((line: unknown) => typeof line !== 'string')) {
    deviations.push({ path, message: 'the challenge list holds entries that are not text: shown as they came' });
  }
  return lines;
}

/** otpMaxLength: a whole number in 1.3.12; digits sent as text are read as the number they name. */
function readOtpMaxLength(value: unknown, deviations: ReadDeviation[]): number | undefined {
  const path = `${CHALLENGE}.otpMaxLength`;
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d{1,3}$/.test(value.trim()) && Number(value) > 0) {
    deviations.push({ path, message: 'the bank sent the code’s length as text, not a number: read as the number' });
    return Number(value);
  }
  deviations.push({
    path,
    message: `the bank sent the code’s length as ${jsonText(value)}, not a whole number: ignored`,
  });
  return undefined;
}

/** A text member of the challenge; another JSON type is shown as its JSON, named. */
function challengeText(challenge: Record<string, unknown>, key: string, deviations: ReadDeviation[]) {
  const value = challenge[key];
  if (value === undefined || typeof value === 'string') return value;
  deviations.push({ path: `${CHALLENGE}.${key}`, message: `sent as ${kindOf(value)}, not text: shown as it came` });
  return jsonText(value);
}

/**
 * Reads a challenge tolerantly: whatever shape the bank gave it, the panel shows what can be understood of it (its
 * lines, image, instructions, the code's format) and names each member that deviates; nothing throws.
 */
export function readChallengeData(value: unknown): ChallengeReading | undefined {
  if (value === undefined || value === null) return undefined;
  const deviations: ReadDeviation[] = [];
  if (typeof value !== 'object' || Array.isArray(value)) {
    deviations.push({
      path: CHALLENGE,
      message: `the bank sent the challenge as ${kindOf(value)}, not an object with its data: shown as it came`,
    });
    const lines = Array.isArray(value)
      ? challengeLines(value, [])
      : [typeof value === 'string' ? value : jsonText(value)];
    return { lines, deviations };
  }
  const challenge = value as Record<string, unknown>;
  const reading: ChallengeReading = { lines: challengeLines(challenge.data, deviations), deviations };
  const image = challengeText(challenge, 'image', deviations);
  const imageLink = challengeText(challenge, 'imageLink', deviations);
  const otpFormat = challengeText(challenge, 'otpFormat', deviations);
  const additionalInformation = challengeText(challenge, 'additionalInformation', deviations);
  const otpMaxLength = readOtpMaxLength(challenge.otpMaxLength, deviations);
  if (image !== undefined) reading.image = image;
  if (imageLink !== undefined) reading.imageLink = imageLink;
  if (otpFormat !== undefined) reading.otpFormat = otpFormat;
  if (additionalInformation !== undefined) reading.additionalInformation = additionalInformation;
  if (otpMaxLength !== undefined) reading.otpMaxLength = otpMaxLength;
  return reading;
}

/** What the console reads from a structured remittance (a creditor reference) and how it deviates. */
export interface RemittanceReading {
  /** The reference, with its type in brackets ("RF18539007547034 (SCOR)"), or the value as text. */
  text: string;
  reference?: string;
  referenceType?: string;
  referenceIssuer?: string;
  /** Set when the bank sent another form than 1.3.12 has in this place, in plain words. */
  deviation?: string;
}

/**
 * Reads a structured remittance tolerantly. 1.3.12 has it as text in a transaction and as an object
 * `{reference, referenceType, referenceIssuer}` in `remittanceInformationStructuredArray` and in a batch's entries
 * (`form: 'reference'`); many banks send the object where text belongs. Either form gives its reference and type;
 * anything else is shown as its JSON. Undefined when there is none.
 */
export function readStructuredRemittance(
  value: unknown,
  form: 'text' | 'reference' = 'text',
): RemittanceReading | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string') {
    return form === 'text' ? { text: value } : { text: value, deviation: 'sent as text, not a reference object' };
  }
  if (typeof value !== 'object' || Array.isArray(value)) {
    return {
      text: jsonText(value),
      deviation: `sent as ${kindOf(value)}, not ${form === 'text' ? 'text' : 'an object'}`,
    };
  }
  const { reference, referenceType, referenceIssuer } = value as Record<string, unknown>;
  if (typeof reference !== 'string' || reference === '') {
    return { text: jsonText(value), deviation: 'an object without a reference: shown as it came' };
  }
  const type = typeof referenceType === 'string' && referenceType !== '' ? referenceType : undefined;
  const issuer = typeof referenceIssuer === 'string' && referenceIssuer !== '' ? referenceIssuer : undefined;
  const reading: RemittanceReading = { text: type ? `${reference} (${type})` : reference, reference };
  if (type) reading.referenceType = type;
  if (issuer) reading.referenceIssuer = issuer;
  if (form === 'text') {
    reading.deviation =
      'sent as an object (reference, type, issuer) where 1.3.12 has text: its reference and type are shown';
  }
  return reading;
}

/**
 * A schema deviation the console can say better than the schema's own message: the shapes real banks use for links,
 * challenges and remittances, by where they occur. Undefined when the schema's message stands.
 */
export function deviationInWords(path: readonly PropertyKey[], value: unknown): string | undefined {
  const last = path.at(-1);
  if (last === '_links' && Array.isArray(value)) {
    return 'a list of link objects where 1.3.12 has one object of named links: each link is read by its name';
  }
  if (last === 'data' && path.at(-2) === CHALLENGE && !Array.isArray(value)) {
    return `the bank sent the challenge as ${kindOf(value)}, not a list: shown as one line`;
  }
  if (last === 'remittanceInformationStructured' && typeof value === 'object' && value !== null) {
    return readStructuredRemittance(value)?.deviation;
  }
  return undefined;
}
