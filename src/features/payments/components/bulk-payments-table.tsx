// A bulk's payments as the bank reports them (GET payment), each with what became of it in plain words; names and
// IBANs go through the presenter boundary like every other bank datum.
import type { BankDataDisplay, GetPaymentData } from '../../../api';
import { Badge, Table } from '../../../components/ui';
import { displayIban, formatAmount } from '../../../xs2a';
import { bulkEntryStates } from '../model/bulk-entries';

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

export function BulkPaymentsTable({ body, display }: { body: GetPaymentData; display: BankDataDisplay }) {
  const b = record(body);
  if (!Array.isArray(b.payments)) return null;
  const payments = b.payments.map(record);
  const states = bulkEntryStates(payments.length, text(b.transactionStatus), b.tppMessage);
  return (
    <div className="space-y-1">
      <h3 className="text-sm font-semibold text-slate-800">Payments of the bulk ({payments.length})</h3>
      <div
        role="region"
        aria-label="Payments of the bulk"
        // Scrolls sideways on a narrow screen; focusable so a keyboard can scroll it too.
        tabIndex={0}
        className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        <Table
          caption="Payments of the bulk, each with its status"
          columns={[
            { label: '#' },
            { label: 'Creditor' },
            { label: 'Creditor account' },
            { label: 'Amount' },
            { label: 'Remittance information' },
            { label: 'Status' },
          ]}
        >
          {payments.map((payment, index) => {
            const amount = record(payment.instructedAmount);
            const iban = text(record(payment.creditorAccount).iban);
            const name = text(payment.creditorName);
            const remittance = text(payment.remittanceInformationUnstructured);
            const state = states[index];
            return (
              <tr key={index} className="border-b border-slate-100 align-top">
                <td className="py-1 pr-3 text-slate-700">{index + 1}</td>
                <td className="py-1 pr-3">{name === undefined ? '' : display.name(name)}</td>
                <td className="py-1 pr-3 font-mono">{iban === undefined ? '' : display.account(displayIban(iban))}</td>
                <td className="py-1 pr-3 whitespace-nowrap">{formatAmount(amount.amount, amount.currency)}</td>
                <td className="py-1 pr-3">{remittance === undefined ? '' : display.text(remittance)}</td>
                <td className="py-1 pr-3">
                  {state && (
                    <>
                      <Badge tone={state.tone}>{state.words}</Badge>
                      {state.reason && <p className="mt-1 text-xs text-slate-700">{display.text(state.reason)}</p>}
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </Table>
      </div>
    </div>
  );
}
