// A pain.001 document in plain words: the debtor, how many payments, the total, each creditor and amount, and what does
// not add up; a standing order's schedule beside it. Also the payment page's view of a pain.001 payment read (the
// document as text, never as markup). Loaded on demand with the XML editor or the read.
import { useBankDataDisplay, type BankDataDisplay } from '../../../api';
import { ErrorCallout, KeyValueList, Table, type KeyValueItem } from '../../../components/ui';
import { displayIban, formatAmount } from '../../../xs2a';
import { multipartParts, readPain001Document, type Pain001Reading } from '../model/pain001';

const scheduleLabels: Record<string, string> = {
  startDate: 'Start date',
  endDate: 'End date',
  frequency: 'Frequency',
  executionRule: 'Execution rule',
  dayOfExecution: 'Day of execution',
  monthsOfExecution: 'Months of execution',
};

/** A standing order's schedule (its json_standingorderType part) in words. */
export function ScheduleWords({ schedule }: { schedule: Record<string, unknown> }) {
  const items: KeyValueItem[] = Object.entries(schedule).map(([key, value]) => ({
    key: scheduleLabels[key] ?? key,
    value: Array.isArray(value) ? value.map(String).join(', ') : String(value),
  }));
  if (items.length === 0) return null;
  return (
    <div className="space-y-1">
      <h3 className="text-sm font-semibold text-slate-800">Standing order (json_standingorderType)</h3>
      <KeyValueList items={items} />
    </div>
  );
}

const iban = (value: string, display: BankDataDisplay) =>
  value ? <span className="font-mono">{display.account(displayIban(value))}</span> : '(none)';

/** What a pain.001 document orders, in words. */
export function Pain001Words({ reading }: { reading: Pain001Reading }) {
  const display = useBankDataDisplay();
  const count = reading.transfers.length;
  const items: KeyValueItem[] = [
    {
      key: 'Debtor',
      value: (
        <>
          {reading.debtorName && `${display.name(reading.debtorName)}, `}
          {iban(reading.debtorIban, display)}
        </>
      ),
    },
    { key: 'Number of payments', value: String(count) },
    {
      key: 'Total',
      value: reading.totals.map((t) => formatAmount(t.amount, t.currency)).join(' and ') || '(none)',
    },
    ...(reading.requestedExecutionDate
      ? [{ key: 'Requested execution date', value: reading.requestedExecutionDate }]
      : []),
  ];
  return (
    <div className="space-y-3">
      <h3 className="text-sm font-semibold text-slate-800">What the document orders</h3>
      <KeyValueList items={items} />
      {count > 0 && (
        <div className="overflow-x-auto">
          <Table
            caption="The payments of the document"
            columns={[{ label: '#' }, { label: 'Creditor' }, { label: 'Creditor IBAN' }, { label: 'Amount' }]}
          >
            {reading.transfers.map((t, index) => (
              <tr key={index} className="border-b border-slate-100 align-top">
                <td className="py-1 pr-3">{index + 1}</td>
                <td className="py-1 pr-3">{t.creditorName ? display.name(t.creditorName) : '(none)'}</td>
                <td className="py-1 pr-3">{iban(t.creditorIban, display)}</td>
                <td className="py-1 pr-3 whitespace-nowrap">
                  {t.amount ? formatAmount(t.amount, t.currency) : '(none)'}
                </td>
              </tr>
            ))}
          </Table>
        </div>
      )}
      {reading.problems.length > 0 && (
        <ErrorCallout
          title="What a bank will object to"
          summary="The document is well-formed, but these do not add up."
          // The console's own findings, not the bank's words.
          messages={reading.problems.map((meaning) => ({ meaning }))}
        />
      )}
    </div>
  );
}

/**
 * A pain.001 payment as the bank read it back: the document's words, a standing order's schedule, and the document
 * itself as text.
 */
export default function Pain001DocumentView({ text, contentType }: { text: string; contentType: string }) {
  const parts = contentType.toLowerCase().startsWith('multipart/') ? multipartParts(text, contentType) : undefined;
  const xml = parts ? (parts.xml_sct ?? '') : text;
  let schedule: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = parts?.json_standingorderType ? JSON.parse(parts.json_standingorderType) : undefined;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) schedule = parsed as Record<string, unknown>;
  } catch {
    schedule = undefined;
  }
  const check = readPain001Document(xml);
  const display = useBankDataDisplay();
  return (
    <div className="space-y-3">
      {check.ok ? (
        <Pain001Words reading={check.reading} />
      ) : (
        <ErrorCallout title="The bank's document" summary={check.error} />
      )}
      {schedule && <ScheduleWords schedule={schedule} />}
      {/* Presenter mode masks the bank's data: the document itself is not shown there. */}
      {!display.masked && (
        <div className="space-y-1">
          <h3 className="text-sm font-semibold text-slate-800">The document as the bank answered it</h3>
          {/* Scrolls when long: focusable, so a keyboard can scroll it. */}
          <pre
            tabIndex={0}
            role="region"
            aria-label="The document as the bank answered it"
            className="max-h-96 overflow-auto rounded border border-slate-200 bg-slate-50 p-3 font-mono text-xs whitespace-pre-wrap break-all"
          >
            {parts ? text : xml}
          </pre>
        </div>
      )}
    </div>
  );
}
