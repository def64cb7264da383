// The payment form's checks: the fields the body needs, then the whole body against the service's 1.3.12 schema. The
// schemas weigh more than the rest of the page, so the page loads this module when the form is first used.
import { bodyIssues, isObject, placeIssues, type BodyIssue } from '../../../flows/form-model';
import { paymentBodySchemaFor } from '../../../xs2a';
import {
  addressFields,
  buildPaymentBody,
  fieldForPath,
  fieldLabels,
  fieldPaths,
  visibleFields,
  type ExtraMembers,
  type FieldErrors,
  type FieldName,
  type FormPaymentProduct,
  type FormPaymentService,
  type PaymentFormValidation,
  type PaymentFormValues,
} from './payment-form';

function hasOtherIdentifier(extra: ExtraMembers, account: 'debtorAccount' | 'creditorAccount'): boolean {
  const ref = extra[account];
  return isObject(ref) && ['bban', 'pan', 'maskedPan', 'msisdn', 'other'].some((key) => ref[key] !== undefined);
}

const requiredMessages: Partial<Record<FieldName, string>> = {
  debtorIban: "Enter the IBAN of the account to pay from (the PSU's account).",
  creditorIban: 'Enter the IBAN of the account to pay to.',
  creditorName: 'Enter the name of the creditor.',
  amount: 'Enter the amount, e.g. 12.50.',
  currency: 'Enter the currency, e.g. EUR.',
  startDate: 'Enter the date of the first execution.',
  frequency: 'Choose how often the payment is made.',
  monthsOfExecution: 'Choose at least one month for a MonthlyVariable standing order.',
  country: 'Enter the country of the address (2 letters, e.g. FR) or leave the whole address empty.',
};

/**
 * Validates the form for a service and product: first the fields the body needs, then the whole body against the
 * service's 1.3.12 schema (`paymentBodySchemaFor`), each finding placed at the field whose member it names. Given the
 * bank's calendar day (bankToday), a standing order's start before it is named too: the bank refuses it.
 */
export function validatePaymentForm(
  values: PaymentFormValues,
  service: FormPaymentService,
  product: FormPaymentProduct,
  today?: string,
): PaymentFormValidation {
  const body = buildPaymentBody(values, service, product);
  const visible = visibleFields(service, product, values.frequency);
  const errors: FieldErrors = {};

  const required: FieldName[] = ['creditorName', 'amount', 'currency'];
  if (!hasOtherIdentifier(values.extra, 'debtorAccount')) required.push('debtorIban');
  if (!hasOtherIdentifier(values.extra, 'creditorAccount')) required.push('creditorIban');
  if (service === 'periodic-payments') required.push('startDate', 'frequency');
  if (visible.includes('monthsOfExecution')) required.push('monthsOfExecution');
  const addressUsed = visible.includes('streetName') && addressFields.some((field) => values[field].trim() !== '');
  if (addressUsed) required.push('country');
  for (const field of required) {
    const value = values[field];
    if (typeof value === 'string' ? value.trim() === '' : value.length === 0) {
      errors[field] = requiredMessages[field] ?? `Enter the ${fieldLabels[field].toLowerCase()}.`;
    }
  }
  const startDate = values.startDate.trim();
  if (today && visible.includes('startDate') && /^\d{4}-\d{2}-\d{2}$/.test(startDate) && startDate < today) {
    errors.startDate = `The first execution lies in the past: the bank’s today is ${today}; choose it or a later day.`;
  }

  const otherIssues = placeIssues(paymentBodySchemaFor(service).safeParse(body), errors, {
    fieldOf: (path) => fieldForPath(path, visible),
    labelOf: (field) => fieldLabels[field],
    covered: (path) => required.some((name) => errors[name] && pathMatchesField(path, name)),
  });
  const valid = Object.keys(errors).length === 0 && otherIssues.length === 0;
  return { body, errors, otherIssues, valid };
}

function pathMatchesField(path: string, field: FieldName): boolean {
  const fieldPath = fieldPaths[field];
  return fieldPath === path || fieldPath.startsWith(`${path}.`);
}

/** Checks a body from the JSON view against the service's schema only; paths as the spec writes them. */
export function checkPaymentBody(service: FormPaymentService, body: unknown): BodyIssue[] {
  return bodyIssues(paymentBodySchemaFor(service).safeParse(body));
}
