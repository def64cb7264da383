// The funds check on an account page: what the user typed, the confirmationOfFunds body it makes, and the schema's
// findings placed at the fields. Plain data; the 1.3.12 schema is loaded with the first check.
import type { AccountReference, ConfirmationOfFunds } from '../../../xs2a';

export { fundsCheckAccount } from './funds-check-account';

export interface FundsCheckValues {
  amount: string;
  currency: string;
  payee: string;
  cardNumber: string;
}

export type FundsCheckField = keyof FundsCheckValues;
export type FundsCheckErrors = Partial<Record<FundsCheckField | 'account', string>>;

/** The body as typed: optional members only when filled in, the currency in capitals, amounts with a dot. */
export function fundsCheckBody(account: AccountReference, values: FundsCheckValues): ConfirmationOfFunds {
  const body: ConfirmationOfFunds = {
    account,
    instructedAmount: {
      currency: values.currency.trim().toUpperCase(),
      amount: values.amount.trim().replace(',', '.'),
    },
  };
  const cardNumber = values.cardNumber.replace(/\s+/g, '');
  if (cardNumber) body.cardNumber = cardNumber;
  const payee = values.payee.trim();
  if (payee) body.payee = payee;
  return body;
}

const fieldOfPath: Record<string, FundsCheckField | 'account'> = {
  'instructedAmount.amount': 'amount',
  'instructedAmount.currency': 'currency',
  instructedAmount: 'amount',
  payee: 'payee',
  cardNumber: 'cardNumber',
};

/** Where a finding at `path` (dotted, as the schema and the bank name it) belongs on the form. */
export function fundsCheckFieldOf(path: string): FundsCheckField | 'account' {
  return fieldOfPath[path] ?? 'account';
}

/** The body's findings against 1.3.12's confirmationOfFunds, at their fields; empty when it may be sent. */
export async function checkFundsBody(body: ConfirmationOfFunds): Promise<FundsCheckErrors> {
  const { ConfirmationOfFunds: schema } = await import('../../../xs2a/funds-confirmations');
  const result = schema.safeParse(body);
  const errors: FundsCheckErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = fundsCheckFieldOf(issue.path.map(String).join('.'));
    const words = issue.message.charAt(0).toUpperCase() + issue.message.slice(1);
    errors[field] ??= field === 'account' ? `The account's reference: ${issue.message}.` : `${words}.`;
  }
  return errors;
}
