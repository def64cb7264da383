// The account a funds check names, from the account's details: apart from the form's model (./funds-check), so the
// account page that offers the check loads none of the form until it is opened.
import type { AccountReference } from '../../../xs2a';

/** The account as a funds check names it: by its IBAN, else by the identifier its details give. */
export function fundsCheckAccount(account: {
  iban?: unknown;
  bban?: unknown;
  msisdn?: unknown;
  maskedPan?: unknown;
}): AccountReference | undefined {
  for (const key of ['iban', 'bban', 'maskedPan', 'msisdn'] as const) {
    const value = account[key];
    if (typeof value === 'string' && value.trim() !== '') return { [key]: value.replace(/\s+/g, '') };
  }
  return undefined;
}
