// The body of a pain.001 payment product: the document in an XML editor, first written from the form (its debtor,
// creditor and amount, or the bulk's table), checked for well-formedness as it is typed and read back in plain words;
// a standing order's schedule, sent beside it as json_standingorderType, in words under it. Loaded on demand.
import { useEffect, type RefObject } from 'react';
import { Button } from '../../../components/ui';
import { XmlBodyEditor } from '../../../flows/body-editor';
import type { FormPaymentProduct } from '../model/payment-form';
import { pain001Template, readPain001Document, standingOrderPart, type TemplateSource } from '../model/pain001';
import { Pain001Words, ScheduleWords } from './pain001-words';

export interface Pain001EditorProps {
  source: TemplateSource;
  today: string;
  text: string;
  onText: (text: string) => void;
  /** The product whose form fields write a standing order's schedule. */
  product: FormPaymentProduct;
  textRef?: RefObject<HTMLTextAreaElement | null>;
}

export default function Pain001Editor({ source, product, today, text, onText, textRef }: Pain001EditorProps) {
  // A document to start from: the form's payment, as soon as the editor is shown.
  useEffect(() => {
    if (text === '') onText(pain001Template(source, today));
    // Only when the editor opens empty; later the user's text is theirs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const check = readPain001Document(text);
  const schedule = source.service === 'periodic-payments' ? standingOrderPart(source.values, product) : undefined;
  return (
    <XmlBodyEditor
      label="Request body (pain.001 XML)"
      text={text}
      onTextChange={onText}
      error={check.ok ? undefined : check.error}
      textRef={textRef}
      hint={
        source.service === 'periodic-payments'
          ? 'Sent as multipart/form-data: this document as xml_sct, the standing order fields above as json_standingorderType.'
          : 'Sent as it is, with Content-Type: application/xml.'
      }
      actions={
        <Button size="sm" onClick={() => onText(pain001Template(source, today))}>
          Write the document from the form
        </Button>
      }
    >
      {check.ok && (
        <p className="text-sm text-green-800">
          <span aria-hidden="true">✓ </span>Well-formed XML
          {check.reading.namespace && (
            <>
              {' '}
              in <code className="font-mono text-xs">{check.reading.namespace}</code>
            </>
          )}
          .
        </p>
      )}
      {check.ok && <Pain001Words reading={check.reading} />}
      {schedule && <ScheduleWords schedule={schedule} />}
    </XmlBodyEditor>
  );
}
