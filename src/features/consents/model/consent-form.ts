// The consent builder's model: its values, the POST /v1/consents body built from them (and read back for the JSON
// view), and spec paths mapped to fields. Its validation (the 1.3.12 `Consents` schema plus the spec's prose rules) is
// consent-form-check.ts, which the page loads when the form is first used.
import { addDays, placeMessagesAtFields, type BankMessageLike } from '../../../api';
import {
  cannotShowMessage,
  describeType,
  isObject,
  memberPaths,
  memberTypes,
  normaliseSpecPath,
  parseJsonObject,
  readMember,
  type BodyIssue,
  type JsonObject,
  type MemberType,
} from '../../../flows/form-model';
import { electronicIban, formatIban } from '../../../xs2a';

export const accessKinds = [
  'allPsd2',
  'availableAccounts',
  'availableAccountsWithBalance',
  'dedicated',
  'bankOffered',
] as const;
export type AccessKind = (typeof accessKinds)[number];

/** The access forms that take allAccounts / allAccountsWithOwnerName. */
export const globalKinds = ['allPsd2', 'availableAccounts', 'availableAccountsWithBalance'] as const;
export type GlobalKind = (typeof globalKinds)[number];

export const accessKindLabels: Record<AccessKind, string> = {
  allPsd2: 'All account information (allPsd2)',
  availableAccounts: 'Account list (availableAccounts)',
  availableAccountsWithBalance: 'Account list with balances (availableAccountsWithBalance)',
  dedicated: 'Named accounts (dedicated)',
  bankOffered: 'Accounts chosen at the bank (bank-offered)',
};

export const accessKindHints: Record<AccessKind, string> = {
  allPsd2: 'Details, balances and transactions of every payment account the PSU has.',
  availableAccounts: 'Only the list of the PSU’s accounts, without balances or transactions.',
  availableAccountsWithBalance: 'The list of the PSU’s accounts with their balances.',
  dedicated:
    'Details, balances and transactions of the accounts you name by IBAN (card accounts by masked PAN), each service separately.',
  bankOffered: 'Empty lists: the PSU picks the accounts in the bank’s dialogue. Needs redirect SCA at most banks.',
};

export const allAccountsTypes = ['allAccounts', 'allAccountsWithOwnerName'] as const;
export type AllAccountsType = (typeof allAccountsTypes)[number];

/** The three lists of a dedicated consent, in body order. */
export const accessLists = ['accounts', 'balances', 'transactions'] as const;
export type AccessList = (typeof accessLists)[number];
/** The rows the form edits: one list per service, or one shared list when "same IBANs for all three" is on. */
export type RowList = AccessList | 'shared';

export const rowListLabels: Record<RowList, string> = {
  accounts: 'account details',
  balances: 'balances',
  transactions: 'transactions',
  shared: 'accounts, balances and transactions',
};

export interface AccountRow {
  /** Stable React key; never sent. */
  key: string;
  iban: string;
  currency: string;
}

export type ExtraMembers = Record<string, unknown>;

export interface ConsentFormValues {
  accessKind: AccessKind;
  allAccountsType: AllAccountsType;
  /** One list of IBANs for accounts, balances and transactions. */
  sameForAll: boolean;
  shared: AccountRow[];
  accounts: AccountRow[];
  balances: AccountRow[];
  transactions: AccountRow[];
  /** cashAccountType codes, separated by commas or spaces (access.restrictedTo). */
  restrictedTo: string;
  recurringIndicator: boolean;
  validUntil: string;
  frequencyPerDay: string;
  combinedServiceIndicator: boolean;
  /** Members of the body the form does not edit (from the JSON view), sent as they are. */
  extra: ExtraMembers;
  /** The same inside `access` (e.g. additionalInformation). */
  accessExtra: ExtraMembers;
}

let rowSequence = 0;
export function newRow(iban = '', currency = ''): AccountRow {
  rowSequence += 1;
  return { key: `row-${rowSequence}`, iban, currency };
}

/** "9999-12-31" asks the bank for the longest validity it allows, as 1.3.12 defines it. */
export const LONGEST_VALIDITY = '9999-12-31';

export const validUntilQuickPicks = [
  { label: 'Tomorrow', days: 1 },
  { label: '30 days', days: 30 },
  { label: '90 days', days: 90 },
  { label: '180 days', days: 180 },
] as const;

/**
 * The form once the bank's day is known to be `today` rather than `before` (the bank's time is read from the first
 * answer's Date, which may come after the form opened): a validUntil the user left at its default moves with the day;
 * one the user chose stays.
 */
export function withBankDay(values: ConsentFormValues, before: string, today: string): ConsentFormValues {
  const moved = emptyConsentForm(today).validUntil;
  return values.validUntil === emptyConsentForm(before).validUntil && moved !== values.validUntil
    ? { ...values, validUntil: moved }
    : values;
}

/** A new consent's form; `today` is the bank's calendar day (bankToday), validUntil 90 days on. */
export function emptyConsentForm(today: string): ConsentFormValues {
  return {
    accessKind: 'allPsd2',
    allAccountsType: 'allAccounts',
    sameForAll: false,
    shared: [newRow()],
    accounts: [newRow()],
    balances: [newRow()],
    transactions: [newRow()],
    restrictedTo: '',
    recurringIndicator: true,
    validUntil: addDays(today, 90),
    frequencyPerDay: '4',
    combinedServiceIndicator: false,
    extra: {},
    accessExtra: {},
  };
}

// ---------------------------------------------------------------- body building

/** The rows that end up in a list of the body (`shared` stands in for all three when sameForAll is on). */
export function rowsOf(values: ConsentFormValues, list: AccessList): AccountRow[] {
  return values.sameForAll ? values.shared : values[list];
}

/** Rows with something typed in them; empty rows are placeholders and are not sent. */
function filledRows(rows: AccountRow[]): AccountRow[] {
  return rows.filter((row) => row.iban.trim() !== '' || row.currency.trim() !== '');
}

/** A card number as banks mask it: digits, then masking characters, then the last digits ("453998******0580"). */
export function isMaskedPan(text: string): boolean {
  return /^\d{4,8}[*Xx•]{2,}\d{2,4}$/.test(text.replace(/\s/g, ''));
}

/** A row as an account reference: a card account by its masked PAN, any other by its IBAN. */
function reference(row: AccountRow): JsonObject {
  const currency = row.currency.trim().toUpperCase();
  const account = isMaskedPan(row.iban)
    ? { maskedPan: row.iban.replace(/\s/g, '') }
    : { iban: electronicIban(row.iban) };
  return { ...account, ...(currency && { currency }) };
}

export function restrictedToCodes(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
}

/** The number sent as frequencyPerDay: 1 for a one-off consent, else what was typed (as typed when it is no number). */
function frequencyValue(values: ConsentFormValues): number | string {
  if (!values.recurringIndicator) return 1;
  const text = values.frequencyPerDay.trim();
  return /^-?\d+$/.test(text) ? Number(text) : text;
}

export function buildAccess(values: ConsentFormValues): JsonObject {
  const access: JsonObject = { ...values.accessExtra };
  const kind = values.accessKind;
  if (kind === 'dedicated') {
    for (const list of accessLists) {
      const rows = filledRows(rowsOf(values, list));
      if (rows.length > 0) access[list] = rows.map(reference);
    }
  } else if (kind === 'bankOffered') {
    for (const list of accessLists) access[list] = [];
  } else {
    access[kind] = values.allAccountsType;
  }
  const restricted = restrictedToCodes(values.restrictedTo);
  if (kind !== 'dedicated' && restricted.length > 0) access.restrictedTo = restricted;
  return access;
}

/** The POST /v1/consents body the form stands for: members in the spec's order, then kept extras. */
export function buildConsentBody(values: ConsentFormValues): JsonObject {
  return {
    ...values.extra,
    access: buildAccess(values),
    recurringIndicator: values.recurringIndicator,
    validUntil: values.validUntil.trim(),
    frequencyPerDay: frequencyValue(values),
    combinedServiceIndicator: values.combinedServiceIndicator,
  };
}

// ---------------------------------------------------------------- JSON view → form

export type JsonToFormResult = { ok: true; values: ConsentFormValues } | { ok: false; message: string };

function readRows(value: unknown, path: string, problems: string[]): AccountRow[] | undefined {
  if (!Array.isArray(value)) {
    problems.push(`${path} is ${describeType(value)}, not a list`);
    return undefined;
  }
  const rows: AccountRow[] = [];
  value.forEach((ref, index) => {
    const at = `${path}[${index}]`;
    if (!isObject(ref)) {
      problems.push(`${at} is ${describeType(ref)}, not an account reference`);
      return;
    }
    const number = typeof ref.iban === 'string' ? 'iban' : 'maskedPan';
    const others = Object.keys(ref).filter((key) => key !== number && key !== 'currency');
    const value = ref[number];
    if (typeof value !== 'string' || others.length > 0) {
      problems.push(`${at} is not an IBAN reference or a card's masked PAN (the form shows those and currency only)`);
      return;
    }
    const currency = readMember(ref.currency, memberTypes.string, `${at}.currency`, problems);
    if (ref.currency !== undefined && currency === undefined) return;
    rows.push(newRow(number === 'iban' ? formatIban(value) : value, currency ?? ''));
  });
  return rows;
}

function sameRows(a: AccountRow[], b: AccountRow[]): boolean {
  return a.length === b.length && a.every((row, i) => row.iban === b[i]?.iban && row.currency === b[i]?.currency);
}

/**
 * Reads a JSON text back into form values. Members the form shows fill its fields; anything else is kept and sent
 * unchanged. An access the form cannot show (e.g. named accounts together with allPsd2, or references by BBAN) is
 * refused with a message, so the text is never silently changed.
 */
export function formValuesFromJson(text: string, previous: ConsentFormValues): JsonToFormResult {
  const reading = parseJsonObject(text);
  return reading.ok ? formValuesFromBody(reading.body, previous) : reading;
}

const dateString: MemberType<string> = { is: memberTypes.string.is, expected: 'not a date string' };
const codeList: MemberType<string[]> = { is: memberTypes.strings.is, expected: 'not a list of codes' };

/** The top-level members the form shows (all but access). */
function readTerms(body: JsonObject, values: ConsentFormValues, problems: string[]): void {
  values.recurringIndicator =
    readMember(body.recurringIndicator, memberTypes.boolean, 'recurringIndicator', problems) ?? false;
  values.combinedServiceIndicator =
    readMember(body.combinedServiceIndicator, memberTypes.boolean, 'combinedServiceIndicator', problems) ?? false;
  values.validUntil = readMember(body.validUntil, dateString, 'validUntil', problems) ?? '';
  const frequency = readMember(body.frequencyPerDay, memberTypes.number, 'frequencyPerDay', problems);
  values.frequencyPerDay = frequency === undefined ? '' : String(frequency);
  if (!values.recurringIndicator && frequency !== undefined && frequency !== 1) {
    problems.push('frequencyPerDay is not 1 although recurringIndicator is false (the form always sends 1 then)');
  }
}

type Present<K extends string> = (readonly [K, unknown])[];

/** The members of `access` among `names` that the body has, in that order. */
function present<K extends string>(access: JsonObject, names: readonly K[]): Present<K> {
  return names.filter((name) => access[name] !== undefined).map((name) => [name, access[name]] as const);
}

function readGlobal(name: GlobalKind, value: unknown, values: ConsentFormValues, problems: string[]): void {
  if (value === 'allAccounts' || value === 'allAccountsWithOwnerName') {
    values.accessKind = name;
    values.allAccountsType = value;
  } else {
    problems.push(`access.${name} is ${JSON.stringify(value)}, not allAccounts or allAccountsWithOwnerName`);
  }
}

function readLists(lists: Present<AccessList>, values: ConsentFormValues, problems: string[]): void {
  const read = lists.map(([name, value]) => [name, readRows(value, `access.${name}`, problems)] as const);
  const allEmpty = read.every(([, rows]) => rows?.length === 0);
  if (allEmpty && read.length === 3) {
    values.accessKind = 'bankOffered';
    return;
  }
  if (allEmpty) {
    problems.push(
      `access has empty ${read.map(([name]) => name).join(' and ')} only; the form shows bank-offered consents with all three lists empty`,
    );
    return;
  }
  values.accessKind = 'dedicated';
  for (const [name, rows] of read) if (rows && rows.length > 0) values[name] = rows;
  const first = values.accounts;
  if (read.length === 3 && sameRows(first, values.balances) && sameRows(first, values.transactions)) {
    values.sameForAll = true;
    values.shared = first.map((row) => newRow(row.iban, row.currency));
  }
}

const accessMembers: readonly string[] = [...accessLists, ...globalKinds, 'restrictedTo'];

/** The access form the body asks for; one the form cannot show is a problem. */
function readAccess(access: unknown, values: ConsentFormValues, problems: string[]): void {
  if (!isObject(access)) {
    problems.push(access === undefined ? 'access is missing' : `access is ${describeType(access)}, not an object`);
    return;
  }
  values.accessExtra = Object.fromEntries(Object.entries(access).filter(([key]) => !accessMembers.includes(key)));
  const globals = present(access, globalKinds);
  const lists = present(access, accessLists);
  const [global] = globals;
  if (globals.length + (lists.length > 0 ? 1 : 0) > 1) {
    const names = [...globals, ...lists].map(([name]) => name);
    problems.push(`access combines ${names.join(', ')}; the form shows one access form at a time`);
  } else if (global) {
    readGlobal(global[0], global[1], values, problems);
  } else if (lists.length > 0) {
    readLists(lists, values, problems);
  } else {
    problems.push('access requests nothing (no accounts, balances, transactions or global access)');
  }
  const restrictedTo = readMember(access.restrictedTo, codeList, 'access.restrictedTo', problems);
  if (restrictedTo === undefined) return;
  if (values.accessKind === 'dedicated') {
    problems.push('access.restrictedTo is only shown for global, available-accounts or bank-offered access');
  } else values.restrictedTo = restrictedTo.join(', ');
}

const termMembers: readonly string[] = [
  'access',
  'recurringIndicator',
  'validUntil',
  'frequencyPerDay',
  'combinedServiceIndicator',
];

export function formValuesFromBody(body: JsonObject, previous: ConsentFormValues): JsonToFormResult {
  const problems: string[] = [];
  const copy = structuredClone(body);
  const values: ConsentFormValues = {
    ...previous,
    shared: [newRow()],
    accounts: [newRow()],
    balances: [newRow()],
    transactions: [newRow()],
    sameForAll: false,
    restrictedTo: '',
    extra: Object.fromEntries(Object.entries(copy).filter(([key]) => !termMembers.includes(key))),
    accessExtra: {},
  };
  readTerms(copy, values, problems);
  readAccess(copy.access, values, problems);
  return problems.length > 0 ? { ok: false, message: cannotShowMessage(problems) } : { ok: true, values };
}

/** What the JSON view added that the form keeps without showing. */
export function keptMembers(values: ConsentFormValues): string[] {
  return [...memberPaths(values.extra), ...memberPaths(values.accessExtra, 'access.')];
}

// ---------------------------------------------------------------- fields and spec paths

/**
 * A field of the form: a fixed one, or one column of an account row (`row:<list>:<key>:iban|currency`), so that an
 * error stays with its row when rows are added or removed.
 */
export type FieldKey =
  | 'access'
  | 'restrictedTo'
  | 'recurringIndicator'
  | 'validUntil'
  | 'frequencyPerDay'
  | 'combinedServiceIndicator'
  | `row:${RowList}:${string}:${'iban' | 'currency'}`;

export type FieldErrors = Partial<Record<FieldKey, string>>;

export function rowField(list: RowList, row: AccountRow, column: 'iban' | 'currency'): FieldKey {
  return `row:${list}:${row.key}:${column}`;
}

/** The DOM id of a field's control, for the error summary's links. */
export function fieldId(field: FieldKey): string {
  return `consent-${field.replace(/[^a-zA-Z0-9-]/g, '-')}`;
}

/** The row list a list of the body is edited in. */
function editedList(values: ConsentFormValues, list: AccessList): RowList {
  return values.sameForAll ? 'shared' : list;
}

/** The field a spec path names in the form as it is, or undefined when no field shows that member. */
export function fieldForPath(path: string, values: ConsentFormValues): FieldKey | undefined {
  const parts = normaliseSpecPath(path).split('.').filter(Boolean);
  const [first, second, third, fourth] = parts;
  if (first === undefined) return undefined;
  if (first !== 'access') {
    const fixed: readonly string[] = [
      'recurringIndicator',
      'validUntil',
      'frequencyPerDay',
      'combinedServiceIndicator',
    ];
    return fixed.includes(first) ? (first as FieldKey) : undefined;
  }
  if (second === undefined) return 'access';
  if (second === 'restrictedTo') return values.accessKind === 'dedicated' ? undefined : 'restrictedTo';
  if (second === 'allPsd2' || second === 'availableAccounts' || second === 'availableAccountsWithBalance') {
    return 'access';
  }
  if ((accessLists as readonly string[]).includes(second)) {
    const list = second as AccessList;
    if (values.accessKind !== 'dedicated') return 'access';
    if (third === undefined || !/^\d+$/.test(third)) return 'access';
    // Index into the body's list, which leaves out empty rows.
    const row = filledRows(rowsOf(values, list))[Number(third)];
    if (!row) return 'access';
    return rowField(editedList(values, list), row, fourth === 'currency' ? 'currency' : 'iban');
  }
  return undefined;
}

/** Places a bank's messages at the fields their `path` names; the rest are returned as unplaced. */
export function placeBankMessages<T extends BankMessageLike>(
  messages: readonly T[],
  values: ConsentFormValues,
): { fieldErrors: FieldErrors; unplaced: T[] } {
  return placeMessagesAtFields(messages, (path) => fieldForPath(path, values));
}

// ---------------------------------------------------------------- validation

export interface ConsentFormValidation {
  body: JsonObject;
  errors: FieldErrors;
  /** Problems with members no field shows (e.g. a kept additionalInformation). */
  otherIssues: BodyIssue[];
  /** Allowed, but worth a second look (e.g. more than 4 reads a day). */
  warnings: Partial<Record<FieldKey, string>>;
  valid: boolean;
}

export const fieldLabels: Record<Exclude<FieldKey, `row:${string}`>, string> = {
  access: 'Access',
  restrictedTo: 'Account types',
  recurringIndicator: 'Recurring access',
  validUntil: 'Valid until',
  frequencyPerDay: 'Reads per day',
  combinedServiceIndicator: 'Combined with a payment',
};

/** The label of a field as the error summary names it. */
export function labelOf(field: FieldKey, values: ConsentFormValues): string {
  if (!field.startsWith('row:')) return fieldLabels[field as keyof typeof fieldLabels];
  const [, list, key, column] = field.split(':') as [string, RowList, string, string];
  const index = values[list].findIndex((row) => row.key === key);
  return `${column === 'iban' ? 'IBAN' : 'Currency'} ${index + 1} for ${rowListLabels[list]}`;
}

/** The fields that have a message, in the order the form shows them (for the error summary). */
export function fieldsInFormOrder(errors: FieldErrors, values: ConsentFormValues): FieldKey[] {
  const lists: RowList[] = values.sameForAll ? ['shared'] : [...accessLists];
  const order: FieldKey[] = [
    'access',
    ...lists.flatMap((list) =>
      values[list].flatMap((row) => [rowField(list, row, 'iban'), rowField(list, row, 'currency')]),
    ),
    'restrictedTo',
    'recurringIndicator',
    'validUntil',
    'frequencyPerDay',
    'combinedServiceIndicator',
  ];
  return order.filter((field) => errors[field] !== undefined);
}
