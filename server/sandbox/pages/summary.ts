// Describes what the PSU is asked to approve: a payment, its cancellation, or a consent.
import { html } from 'hono/html';
import { formatAmount } from '../../../src/xs2a';
import type { AuthorisationRow, ConsentRow, PaymentRow } from '../store/schema';

interface PaymentBody {
  instructedAmount?: { currency: string; amount: string };
  creditorName?: string;
  creditorAccount?: { iban?: string };
  debtorAccount?: { iban?: string };
  remittanceInformationUnstructured?: string;
  requestedExecutionDate?: string;
  startDate?: string;
  endDate?: string;
  frequency?: string;
}

export function paymentSummary(payment: PaymentRow, auth: AuthorisationRow) {
  const body = JSON.parse(payment.body) as PaymentBody;
  const amount = body.instructedAmount
    ? formatAmount(body.instructedAmount.amount, body.instructedAmount.currency, 'en-GB')
    : '';
  const cancel = auth.kind === 'cancellation';
  const periodic = payment.payment_service === 'periodic-payments';
  return html`<h1>
      ${cancel ? 'Cancel this payment?' : periodic ? 'Set up this standing order?' : 'Approve this payment?'}
    </h1>
    <dl aria-label="Payment details">
      <dt>Amount</dt>
      <dd>${amount}</dd>
      <dt>To</dt>
      <dd>${body.creditorName ?? ''}</dd>
      <dt>Creditor IBAN</dt>
      <dd>${body.creditorAccount?.iban ?? ''}</dd>
      <dt>From</dt>
      <dd>${body.debtorAccount?.iban ?? ''}</dd>
      ${
        body.remittanceInformationUnstructured
          ? html`<dt>Reference</dt>
              <dd>${body.remittanceInformationUnstructured}</dd>`
          : ''
      }
      ${
        periodic
          ? html`<dt>Schedule</dt>
              <dd>
                ${body.frequency ?? ''} from ${body.startDate ?? ''}${body.endDate ? ` until ${body.endDate}` : ''}
              </dd>`
          : body.requestedExecutionDate
            ? html`<dt>Execution date</dt>
                <dd>${body.requestedExecutionDate}</dd>`
            : ''
      }
      <dt>Product</dt>
      <dd>${payment.payment_product}</dd>
    </dl>`;
}

interface Access {
  accounts?: { iban?: string }[];
  balances?: { iban?: string }[];
  transactions?: { iban?: string }[];
  availableAccounts?: string;
  availableAccountsWithBalance?: string;
  allPsd2?: string;
}

export function consentSummary(consent: ConsentRow) {
  const access = JSON.parse(consent.access) as Access;
  const list = (refs: { iban?: string }[] | undefined) =>
    refs === undefined
      ? 'none'
      : refs.length === 0
        ? 'accounts you choose at the bank'
        : refs.map((r) => r.iban ?? '?').join(', ');
  const lines = access.allPsd2
    ? [['Access', 'all your payment accounts: details, balances and transactions']]
    : access.availableAccounts
      ? [['Access', 'the list of your payment accounts']]
      : access.availableAccountsWithBalance
        ? [['Access', 'the list of your payment accounts with their balances']]
        : [
            ['Account details', list(access.accounts)],
            ['Balances', list(access.balances)],
            ['Transactions', list(access.transactions)],
          ];
  return html`<h1>Share your account information?</h1>
    <dl aria-label="Consent details">
      ${lines.map(
        ([term, value]) =>
          html`<dt>${term}</dt>
            <dd>${value}</dd>`,
      )}
      <dt>Valid until</dt>
      <dd>${consent.valid_until}</dd>
      <dt>Access per day</dt>
      <dd>${consent.recurring_indicator ? `up to ${consent.frequency_per_day} times a day` : 'once'}</dd>
    </dl>`;
}
