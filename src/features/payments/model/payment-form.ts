// The payment form's model: its values, which fields a service and product use, building the request body from
// them (and back, for the JSON view), and mapping spec paths to fields. Its validation (with the 1.3.12 body schemas)
// is payment-form-check.ts, which the page loads when the form is first used.
import { placeMessagesAtFields, type BankMessageLike } from '../../../api';
import {
  cannotShowMessage,
  isObject,
  memberPaths,
  memberTypes,
  normaliseSpecPath,
  parseJsonObject,
  readMember,
  type BodyIssue,
  type JsonObject,
} from '../../../flows/form-model';
import {
  electronicIban,
  formatIban,
  frequencies as frequencyCodes,
  jsonPaymentProducts,
  type ExecutionRule,
} from '../../../xs2a';
import { isXmlProduct } from './format';

export const formPaymentServices = ['payments', 'periodic-payments'] as const;
export type FormPaymentService = (typeof formPaymentServices)[number];

export const formPaymentProducts = jsonPaymentProducts;
export type FormPaymentProduct = (typeof formPaymentProducts)[number];

export const paymentServiceLabels: Record<FormPaymentService, string> = {
  payments: 'Single payment (payments)',
  'periodic-payments': 'Standing order (periodic-payments)',
};

export const paymentProductLabels: Record<FormPaymentProduct, string> = {
  'sepa-credit-transfers': 'SEPA credit transfer',
  'instant-sepa-credit-transfers': 'Instant SEPA credit transfer',
  'target-2-payments': 'TARGET2 payment',
  'cross-border-credit-transfers': 'Cross-border credit transfer',
};

export { isXmlProduct };

/** The JSON product whose form fields a pain.001 product's template is written from. */
export const templateProductOf = (product: string): FormPaymentProduct => {
  const json = isXmlProduct(product) ? product.slice('pain.001-'.length) : product;
  return isFormPaymentProduct(json) ? json : 'sepa-credit-transfers';
};

export const frequencies = frequencyCodes;
export const executionRules: readonly ExecutionRule[] = ['following', 'preceding'];

export function isFormPaymentService(value: string | undefined): value is FormPaymentService {
  return (formPaymentServices as readonly (string | undefined)[]).includes(value);
}

export function isFormPaymentProduct(value: string | undefined): value is FormPaymentProduct {
  return (formPaymentProducts as readonly (string | undefined)[]).includes(value);
}

/** Members of the body the form does not edit (from the JSON view); they are kept and sent as they are. */
export type ExtraMembers = Record<string, unknown>;

export interface PaymentFormValues {
  debtorIban: string;
  creditorIban: string;
  creditorName: string;
  creditorAgent: string;
  streetName: string;
  buildingNumber: string;
  postCode: string;
  townName: string;
  country: string;
  amount: string;
  currency: string;
  remittanceInformationUnstructured: string;
  endToEndIdentification: string;
  startDate: string;
  endDate: string;
  frequency: string;
  executionRule: string;
  dayOfExecution: string;
  monthsOfExecution: string[];
  extra: ExtraMembers;
}

export type FieldName = Exclude<keyof PaymentFormValues, 'extra'>;

export function emptyPaymentForm(): PaymentFormValues {
  return {
    debtorIban: '',
    creditorIban: '',
    creditorName: '',
    creditorAgent: '',
    streetName: '',
    buildingNumber: '',
    postCode: '',
    townName: '',
    country: '',
    amount: '',
    currency: 'EUR',
    remittanceInformationUnstructured: '',
    endToEndIdentification: '',
    startDate: '',
    endDate: '',
    frequency: 'Monthly',
    executionRule: '',
    dayOfExecution: '',
    monthsOfExecution: [],
    extra: {},
  };
}

export const fieldLabels: Record<FieldName, string> = {
  debtorIban: 'Debtor IBAN',
  creditorIban: 'Creditor IBAN',
  creditorName: 'Creditor name',
  creditorAgent: 'Creditor agent (BIC)',
  streetName: 'Street',
  buildingNumber: 'Building number',
  postCode: 'Post code',
  townName: 'Town',
  country: 'Country',
  amount: 'Amount',
  currency: 'Currency',
  remittanceInformationUnstructured: 'Remittance information',
  endToEndIdentification: 'End-to-end identification',
  startDate: 'Start date',
  endDate: 'End date',
  frequency: 'Frequency',
  executionRule: 'Execution rule',
  dayOfExecution: 'Day of execution',
  monthsOfExecution: 'Months of execution',
};

/** Where each field lives in the body (the spec's member path). */
export const fieldPaths: Record<FieldName, string> = {
  debtorIban: 'debtorAccount.iban',
  creditorIban: 'creditorAccount.iban',
  creditorName: 'creditorName',
  creditorAgent: 'creditorAgent',
  streetName: 'creditorAddress.streetName',
  buildingNumber: 'creditorAddress.buildingNumber',
  postCode: 'creditorAddress.postCode',
  townName: 'creditorAddress.townName',
  country: 'creditorAddress.country',
  amount: 'instructedAmount.amount',
  currency: 'instructedAmount.currency',
  remittanceInformationUnstructured: 'remittanceInformationUnstructured',
  endToEndIdentification: 'endToEndIdentification',
  startDate: 'startDate',
  endDate: 'endDate',
  frequency: 'frequency',
  executionRule: 'executionRule',
  dayOfExecution: 'dayOfExecution',
  monthsOfExecution: 'monthsOfExecution',
};

export const addressFields = ['streetName', 'buildingNumber', 'postCode', 'townName', 'country'] as const;
const periodicFields = ['startDate', 'endDate', 'frequency', 'executionRule', 'dayOfExecution'] as const;

/**
 * The fields shown for a service and product, in body order. The spec marks endToEndIdentification "n.a." and the
 * creditor address "conditional" for cross-border transfers, so the address is offered there and the reference is not.
 */
export function visibleFields(service: FormPaymentService, product: FormPaymentProduct, frequency = ''): FieldName[] {
  const crossBorder = product === 'cross-border-credit-transfers';
  const fields: FieldName[] = [];
  if (!crossBorder) fields.push('endToEndIdentification');
  fields.push('debtorIban', 'amount', 'currency', 'creditorIban', 'creditorAgent', 'creditorName');
  if (crossBorder) fields.push(...addressFields);
  fields.push('remittanceInformationUnstructured');
  if (service === 'periodic-payments') {
    fields.push(...periodicFields);
    if (frequency === 'MonthlyVariable') fields.push('monthsOfExecution');
  }
  return fields;
}

// ---------------------------------------------------------------- body building

/** Form values win over extras; nested objects are merged so e.g. debtorAccount.currency survives beside the IBAN. */
function merge(extra: JsonObject, own: JsonObject): JsonObject {
  const out: JsonObject = { ...extra };
  for (const [key, value] of Object.entries(own)) {
    const existing = out[key];
    out[key] = isObject(existing) && isObject(value) ? merge(existing, value) : value;
  }
  return out;
}

function set(target: JsonObject, path: string, value: string | string[]) {
  if (value === '' || (Array.isArray(value) && value.length === 0)) return;
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const child = node[part];
    if (isObject(child)) node = child;
    else node = node[part] = {};
  }
  node[parts[parts.length - 1] ?? path] = value;
}

/** What a field puts into the body: trimmed, IBANs in electronic form, codes in capitals. */
function normalised(field: FieldName, values: PaymentFormValues): string | string[] {
  if (field === 'monthsOfExecution') return [...values.monthsOfExecution].sort((a, b) => Number(a) - Number(b));
  const value = values[field].trim();
  if (field === 'debtorIban' || field === 'creditorIban') return electronicIban(value);
  if (field === 'currency' || field === 'creditorAgent' || field === 'country') return value.toUpperCase();
  return value;
}

/** The JSON body for the service and product: only the visible fields that have a value, plus kept extras. */
export function buildPaymentBody(
  values: PaymentFormValues,
  service: FormPaymentService,
  product: FormPaymentProduct,
): JsonObject {
  const own: JsonObject = {};
  for (const field of visibleFields(service, product, values.frequency)) {
    set(own, fieldPaths[field], normalised(field, values));
  }
  // An address needs its country; without any address member nothing is sent.
  return merge(values.extra, own);
}

// ---------------------------------------------------------------- JSON view → form

export type BodyToFormResult = { ok: true; values: PaymentFormValues; kept: string[] } | { ok: false; message: string };

/**
 * Reads a JSON text back into form values. Members the form shows for this service and product fill its fields;
 * every other member is kept as an extra (listed in `kept`) and sent unchanged. A shown member of the wrong type
 * (e.g. an amount as a number) cannot be edited in the form, so the switch is refused with a message.
 */
export function formValuesFromJson(
  text: string,
  service: FormPaymentService,
  product: FormPaymentProduct,
): BodyToFormResult {
  const reading = parseJsonObject(text);
  return reading.ok ? formValuesFromBody(reading.body, service, product) : reading;
}

const ibanFields: readonly FieldName[] = ['debtorIban', 'creditorIban'];

/** Moves one shown member from `rest` into its field; a member of another type than the field holds is a problem. */
function takeField(rest: JsonObject, field: FieldName, values: PaymentFormValues, problems: string[]): void {
  const path = fieldPaths[field].split('.');
  const parentPath = path.slice(0, -1);
  let parent: unknown = rest;
  for (const part of parentPath) parent = isObject(parent) ? parent[part] : undefined;
  if (parentPath.length > 0 && parent !== undefined && !isObject(parent)) {
    problems.push(`${parentPath.join('.')} is not an object`);
    return;
  }
  const key = path[path.length - 1] ?? '';
  if (!isObject(parent) || !(key in parent)) return;
  if (field === 'monthsOfExecution') {
    const months = readMember(parent[key], memberTypes.strings, fieldPaths[field], problems);
    if (months === undefined) return;
    values.monthsOfExecution = months;
  } else {
    const text = readMember(parent[key], memberTypes.string, fieldPaths[field], problems);
    if (text === undefined) return;
    values[field] = ibanFields.includes(field) ? formatIban(text) : text;
  }
  delete parent[key];
}

export function formValuesFromBody(
  body: JsonObject,
  service: FormPaymentService,
  product: FormPaymentProduct,
): BodyToFormResult {
  const values: PaymentFormValues = { ...emptyPaymentForm(), currency: '', frequency: '' };
  const rest = structuredClone(body);
  const frequency = memberTypes.string.is(body.frequency) ? body.frequency : '';
  const problems: string[] = [];
  for (const field of visibleFields(service, product, frequency)) takeField(rest, field, values, problems);
  if (problems.length > 0) return { ok: false, message: cannotShowMessage(problems) };
  // Objects the form emptied disappear; anything left is the user's own addition.
  for (const key of ['debtorAccount', 'creditorAccount', 'instructedAmount', 'creditorAddress']) {
    const member = rest[key];
    if (isObject(member) && Object.keys(member).length === 0) delete rest[key];
  }
  values.extra = rest;
  return { ok: true, values, kept: memberPaths(rest) };
}

// ---------------------------------------------------------------- validation

export type FieldErrors = Partial<Record<FieldName, string>>;

export interface PaymentFormValidation {
  body: JsonObject;
  errors: FieldErrors;
  /** Problems with members that no visible field shows (e.g. a kept extra). */
  otherIssues: BodyIssue[];
  valid: boolean;
}

// ---------------------------------------------------------------- spec paths → fields

// Whole objects map to the field that carries their essential member.
const objectFields: Record<string, FieldName> = {
  debtorAccount: 'debtorIban',
  creditorAccount: 'creditorIban',
  instructedAmount: 'amount',
  creditorAddress: 'country',
};

/**
 * The visible field a spec path names: exactly, through its enclosing object (e.g. "debtorAccount" → debtor IBAN),
 * or through a deeper member (e.g. "monthsOfExecution.0"). Undefined when no visible field shows it.
 */
export function fieldForPath(path: string, visible: readonly FieldName[]): FieldName | undefined {
  const normalisedPath = normaliseSpecPath(path);
  if (!normalisedPath) return undefined;
  const parts = normalisedPath.split('.');
  for (let length = parts.length; length > 0; length--) {
    const prefix = parts.slice(0, length).join('.');
    const field =
      (Object.keys(fieldPaths) as FieldName[]).find((name) => fieldPaths[name] === prefix) ??
      (length === 1 ? objectFields[prefix] : undefined);
    if (field) return visible.includes(field) ? field : undefined;
  }
  return undefined;
}

/** Places a bank's messages at the fields their `path` names; the rest are returned as unplaced. */
export function placeBankMessages<T extends BankMessageLike>(
  messages: readonly T[],
  visible: readonly FieldName[],
): { fieldErrors: FieldErrors; unplaced: T[] } {
  return placeMessagesAtFields(messages, (path) => fieldForPath(path, visible));
}
