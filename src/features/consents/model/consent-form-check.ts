// The consent form's checks: the spec's prose rules, then the body against the 1.3.12 `Consents` schema. The schemas
// weigh more than the rest of the page, so the page loads this module when the form is first used.
import { bodyIssues, placeIssues, type BodyIssue } from '../../../flows/form-model';
import { Consents } from '../../../xs2a';
import {
  accessLists,
  buildConsentBody,
  fieldForPath,
  labelOf,
  rowField,
  type ConsentFormValidation,
  type ConsentFormValues,
  type FieldErrors,
  type RowList,
} from './consent-form';

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Validates the form against the `Consents` schema and the spec's rules that need the bank's today (bankToday). */
export function validateConsentForm(values: ConsentFormValues, today: string): ConsentFormValidation {
  const body = buildConsentBody(values);
  const errors: FieldErrors = {};
  const warnings: ConsentFormValidation['warnings'] = {};

  if (values.accessKind === 'dedicated') {
    const lists: RowList[] = values.sameForAll ? ['shared'] : [...accessLists];
    let any = false;
    for (const list of lists) {
      for (const row of values[list]) {
        if (row.iban.trim() !== '') any = true;
        else if (row.currency.trim() !== '') errors[rowField(list, row, 'iban')] = 'Enter the IBAN, or remove the row.';
      }
    }
    if (!any) errors.access = 'Enter at least one IBAN, for account details, balances or transactions.';
  }

  const validUntil = values.validUntil.trim();
  if (validUntil === '') errors.validUntil = 'Enter the last day the consent is valid (YYYY-MM-DD).';
  else if (isCalendarDate(validUntil) && validUntil < today) {
    errors.validUntil = `Valid until lies in the past: the bank’s today is ${today}; choose it or a later day.`;
  }

  if (values.recurringIndicator) {
    const text = values.frequencyPerDay.trim();
    if (text === '') errors.frequencyPerDay = 'Enter how many reads a day are allowed without the PSU, e.g. 4.';
    else if (!/^-?\d+$/.test(text)) errors.frequencyPerDay = 'Reads per day must be a whole number.';
    else if (Number(text) > 4) {
      warnings.frequencyPerDay = 'More than 4 reads a day without the PSU needs an agreement with the bank.';
    }
  }

  const otherIssues = placeIssues(Consents.safeParse(body), errors, {
    fieldOf: (path) => fieldForPath(path, values) ?? (path === '' ? 'access' : undefined),
    labelOf: (field) => labelOf(field, values),
  });
  const valid = Object.keys(errors).length === 0 && otherIssues.length === 0;
  return { body, errors, otherIssues, warnings, valid };
}

/** Checks a body from the JSON view against the schema only; paths as the spec writes them. */
export function checkConsentBody(body: unknown): BodyIssue[] {
  return bodyIssues(Consents.safeParse(body));
}
