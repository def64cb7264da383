// Describes what the PSU is asked to approve: a payment, its cancellation, a consent, or a signing basket of them.
import { html } from 'hono/html';
import * as z from 'zod/mini';
import { formatAmount } from '../../../src/xs2a';
import type { AuthorisationRow, ConsentRow, PaymentRow } from '../store/schema';
import { PLAIN_PAGE, type PageDisplay } from './presenter';

/** A member the summary shows when it has the expected shape, and leaves out otherwise. */
const shown = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);
const text = shown(z.string());
const reference = shown(z.object({ iban: text }));

/** What the summary reads of a stored payment initiation. */
const PaymentBody = z.object({
  instructedAmount: shown(z.object({ currency: z.string(), amount: z.string() })),
  creditorName: text,
  creditorAccount: reference,
  debtorAccount: reference,
  remittanceInformationUnstructured: text,
  requestedExecutionDate: text,
  startDate: text,
  endDate: text,
  frequency: text,
  payments: shown(
    z.array(
      z.object({
        instructedAmount: shown(z.object({ currency: z.string(), amount: z.string() })),
        creditorName: text,
      }),
    ),
  ),
});

type PaymentBody = z.infer<typeof PaymentBody>;

/** A bulk's amount: its payments' sum when they share a currency, with how many there are. */
function bulkAmount(payments: NonNullable<PaymentBody['payments']>): string {
  const currencies = new Set(payments.map((p) => p.instructedAmount?.currency));
  const [currency] = currencies;
  const count = `${payments.length} payment${payments.length === 1 ? '' : 's'}`;
  if (currencies.size !== 1 || currency === undefined) return count;
  const cents = payments.reduce((sum, p) => sum + Math.round(Number(p.instructedAmount?.amount) * 100), 0);
  return `${formatAmount((cents / 100).toFixed(2), currency, 'en-GB')} in ${count}`;
}

/** An account a consent names: by IBAN, or a card account by its masked PAN or PAN. */
const NamedAccount = z.object({ iban: text, maskedPan: text, pan: text });

/** What the summary reads of a stored consent's access. */
const Access = z.object({
  accounts: shown(z.array(NamedAccount)),
  balances: shown(z.array(NamedAccount)),
  transactions: shown(z.array(NamedAccount)),
  availableAccounts: text,
  availableAccountsWithBalance: text,
  allPsd2: text,
});

export function paymentSummary(payment: PaymentRow, auth: AuthorisationRow, display: PageDisplay = PLAIN_PAGE) {
  const cancel = auth.kind === 'cancellation';
  const periodic = payment.payment_service === 'periodic-payments';
  const bulk = payment.payment_service === 'bulk-payments';
  const what = bulk ? 'these payments' : 'this payment';
  return html`<h1>${cancel ? `Cancel ${what}?` : periodic ? 'Set up this standing order?' : `Approve ${what}?`}</h1>
    ${paymentDetails(payment, display)}`;
}

/** A payment's terms as a list: amount, creditor, debtor, reference, schedule or date, product. */
export function paymentDetails(payment: PaymentRow, display: PageDisplay = PLAIN_PAGE) {
  const body = PaymentBody.parse(JSON.parse(payment.body));
  const shown = (value: string | undefined, as: (value: string) => string) => (value === undefined ? '' : as(value));
  const amount = body.payments
    ? bulkAmount(body.payments)
    : body.instructedAmount
      ? formatAmount(body.instructedAmount.amount, body.instructedAmount.currency, 'en-GB')
      : '';
  const periodic = payment.payment_service === 'periodic-payments';
  const to = body.payments
    ? body.payments.map((p) => shown(p.creditorName, display.name)).join(', ')
    : shown(body.creditorName, display.name);
  return html`<dl aria-label="Payment details">
    <dt>Amount</dt>
    <dd>${amount}</dd>
    <dt>To</dt>
    <dd>${to}</dd>
    ${
      body.creditorAccount
        ? html`<dt>Creditor IBAN</dt>
            <dd>${shown(body.creditorAccount.iban, display.account)}</dd>`
        : ''
    }
    <dt>From</dt>
    <dd>${shown(body.debtorAccount?.iban, display.account)}</dd>
    ${
      body.remittanceInformationUnstructured
        ? html`<dt>Reference</dt>
            <dd>${display.text(body.remittanceInformationUnstructured)}</dd>`
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

/** The access a consent asks for, as term and description pairs. */
function accessLines(consent: ConsentRow, display: PageDisplay): string[][] {
  const access = Access.parse(JSON.parse(consent.access));
  const named = (r: z.infer<typeof NamedAccount>) => {
    if (r.iban !== undefined) return display.account(r.iban);
    const card = r.maskedPan ?? r.pan;
    return card === undefined ? '?' : `card ${display.account(card)}`;
  };
  const list = (refs: z.infer<typeof NamedAccount>[] | undefined) =>
    refs === undefined ? 'none' : refs.length === 0 ? 'accounts you choose at the bank' : refs.map(named).join(', ');
  return access.allPsd2
    ? [['Access', 'all your payment and card accounts: details, balances and transactions']]
    : access.availableAccounts
      ? [['Access', 'the list of your payment and card accounts']]
      : access.availableAccountsWithBalance
        ? [['Access', 'the list of your payment and card accounts with their balances']]
        : [
            ['Account details', list(access.accounts)],
            ['Balances', list(access.balances)],
            ['Transactions', list(access.transactions)],
          ];
}

export function consentSummary(consent: ConsentRow, display: PageDisplay = PLAIN_PAGE) {
  return html`<h1>Share your account information?</h1>
    ${consentDetails(consent, display)}`;
}

/** A consent's access, validity and reads per day as a list. */
export function consentDetails(consent: ConsentRow, display: PageDisplay = PLAIN_PAGE) {
  const lines = accessLines(consent, display);
  return html`<dl aria-label="Consent details">
    ${lines.map(
      ([term, value]) =>
        html`<dt>${term}</dt>
          <dd>${value}</dd>`,
    )}
    <dt>Valid until</dt>
    <dd>${consent.valid_until}</dd>
    <dt>Access per day</dt>
    <dd>${timesADay(consent)}</dd>
  </dl>`;
}

/** How often the TPP may read: once for a one-off consent, else its frequencyPerDay, in the singular for one. */
function timesADay(consent: ConsentRow): string {
  if (!consent.recurring_indicator) return 'once';
  return consent.frequency_per_day === 1 ? 'once a day' : `up to ${consent.frequency_per_day} times a day`;
}

/** What a request in the banking app is, in one line: a payment's kind, amount and creditor, or a consent's access. */
export function paymentHeadline(payment: PaymentRow, auth: AuthorisationRow, display: PageDisplay = PLAIN_PAGE) {
  const body = PaymentBody.parse(JSON.parse(payment.body));
  const what =
    auth.kind === 'cancellation'
      ? 'Cancel payment'
      : payment.payment_service === 'periodic-payments'
        ? 'Standing order'
        : 'Payment';
  const amount = body.instructedAmount
    ? formatAmount(body.instructedAmount.amount, body.instructedAmount.currency, 'en-GB')
    : 'an amount not given';
  const creditor = body.creditorName ?? body.creditorAccount?.iban;
  const to =
    creditor === undefined ? '' : ` to ${body.creditorName ? display.name(creditor) : display.account(creditor)}`;
  return `${what}: ${amount}${to}`;
}

export function consentHeadline(consent: ConsentRow, display: PageDisplay = PLAIN_PAGE) {
  const lines = accessLines(consent, display).filter(([, value]) => value !== 'none');
  const access = lines.map(([term, value]) => (term === 'Access' ? value : `${term}: ${value}`)).join('; ');
  return `Account access: ${access || 'nothing named'}`;
}

/** The payments and consents of a signing basket, as the pages show them. */
export interface BasketMembers {
  payments: PaymentRow[];
  consents: ConsentRow[];
}

const counted = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** What a signing basket holds, in one line. */
export function basketHeadline(members: BasketMembers) {
  const parts = [
    ...(members.payments.length ? [counted(members.payments.length, 'payment')] : []),
    ...(members.consents.length ? [counted(members.consents.length, 'consent')] : []),
  ];
  return `Signing basket: ${parts.join(' and ') || 'nothing left'}`;
}

/** Every payment's terms and every consent's access of a basket, each under its id. */
export function basketDetails(members: BasketMembers, display: PageDisplay = PLAIN_PAGE) {
  return html`${members.payments.map(
    (p) =>
      html`<h2>Payment ${p.payment_id}</h2>
        ${paymentDetails(p, display)}`,
  )}
  ${members.consents.map(
    (c) =>
      html`<h2>Consent ${c.consent_id}</h2>
        ${consentDetails(c, display)}`,
  )}`;
}

export function basketSummary(members: BasketMembers, display: PageDisplay = PLAIN_PAGE) {
  return html`<h1>Approve everything in this signing basket?</h1>
    <p>${basketHeadline(members)}</p>
    ${basketDetails(members, display)}`;
}
