// The new payment page's body for a pain.001 product: the form's fields the document is written from (a bulk's table),
// and the XML editor, which loads on demand with the document's reading. usePain001Body keeps the text, and checks it
// before a send: a document that is not well-formed is held back, its text kept, the reason in words.
import { lazy, Suspense, useRef, useState } from 'react';
import type { SentDocument } from '../../../api';
import { ErrorCallout, LoadingText } from '../../../components/ui';
import type { BulkFormValues } from '../model/bulk-payment-form';
import { visibleFields, type FieldName, type FormPaymentProduct } from '../model/payment-form';
import type { TemplateSource } from '../model/pain001';
import { BulkPaymentFields } from './bulk-payment-fields';
import { PaymentFormFields } from './payment-form-fields';

const Pain001Editor = lazy(() => import('./pain001-editor'));
const loadPain001 = () => import('../model/pain001');

/** The fields a pain.001 template is written from, and a standing order's schedule. */
const templateFields: ReadonlySet<FieldName> = new Set<FieldName>([
  'endToEndIdentification',
  'debtorIban',
  'amount',
  'currency',
  'creditorIban',
  'creditorName',
  'creditorAgent',
  'remittanceInformationUnstructured',
  'startDate',
  'endDate',
  'frequency',
  'executionRule',
  'dayOfExecution',
  'monthsOfExecution',
]);

/** A pain.001 body ready to send: the request's document and the payment as the history keeps it. */
export interface PreparedPain001 {
  document: SentDocument;
  historyBody: Record<string, unknown>;
}

export function usePain001Body() {
  const [text, setText] = useState('');
  const [held, setHeld] = useState<string>();
  const [debtorName, setDebtorName] = useState<string>();
  const textRef = useRef<HTMLTextAreaElement>(null);
  /** The request for the document as it stands; undefined (and the reason shown) when it is not well-formed. */
  async function prepare(source: TemplateSource, product: FormPaymentProduct): Promise<PreparedPain001 | undefined> {
    const { readPain001Document, pain001Request, standingOrderPart, historyBody } = await loadPain001();
    const check = readPain001Document(text);
    if (!check.ok) {
      setHeld(check.error);
      textRef.current?.focus();
      return undefined;
    }
    const schedule = source.service === 'periodic-payments' ? standingOrderPart(source.values, product) : undefined;
    return {
      document: pain001Request(source.service, text, schedule),
      historyBody: historyBody(source.service, check.reading),
    };
  }
  return {
    text,
    held,
    debtorName,
    /** The debtor's name the document is written with (the chosen test PSU's). */
    setDebtorName,
    textRef,
    setText: (next: string) => {
      setText(next);
      setHeld(undefined);
    },
    /** Sends the document as it stands; one that is not well-formed is held back, the reason shown. */
    send: (
      source: TemplateSource,
      product: FormPaymentProduct,
      initiate: (document: SentDocument, historyBody: Record<string, unknown>) => void,
    ) => {
      void prepare(source, product).then((prepared) => {
        if (prepared) initiate(prepared.document, prepared.historyBody);
      });
    },
  };
}

export type Pain001Body = ReturnType<typeof usePain001Body>;

export interface Pain001SectionProps {
  source: TemplateSource;
  product: FormPaymentProduct;
  today: string;
  body: Pain001Body;
  debtorSuggestions: readonly string[];
  onChange: (field: FieldName, value: string | string[]) => void;
  onBulkChange: (values: BulkFormValues) => void;
}

export function Pain001Section({
  source,
  product,
  today,
  body,
  debtorSuggestions,
  onChange,
  onBulkChange,
}: Pain001SectionProps) {
  const schedule = source.service === 'periodic-payments';
  return (
    <>
      <p className="text-sm text-slate-700">
        The fields below fill the pain.001 document; the document is what is sent
        {schedule ? ', with the standing order fields beside it' : ''}.
      </p>
      {source.service === 'bulk-payments' ? (
        <BulkPaymentFields values={source.bulk} errors={{}} today={today} onChange={onBulkChange} />
      ) : (
        <div className="rounded border border-slate-200 bg-white p-4">
          <PaymentFormFields
            values={source.values}
            errors={{}}
            visible={visibleFields(source.service, product, source.values.frequency).filter((f) =>
              templateFields.has(f),
            )}
            product={product}
            debtorSuggestions={debtorSuggestions}
            onChange={onChange}
            today={today}
            dateNote="The document's ReqdExctnDt (the bank's today when written from the form) is the date asked for; edit it in the XML."
          />
        </div>
      )}
      <Suspense fallback={<LoadingText>Loading the XML editor…</LoadingText>}>
        <Pain001Editor
          source={{ ...source, debtorName: body.debtorName }}
          product={product}
          today={today}
          text={body.text}
          onText={body.setText}
          textRef={body.textRef}
        />
      </Suspense>
      {body.held && <ErrorCallout alert title="Not sent: the XML is not well-formed" summary={body.held} />}
    </>
  );
}
