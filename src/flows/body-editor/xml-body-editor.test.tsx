// @vitest-environment happy-dom
// The XML editor of a pain.001 body in presenter mode: the audience reads the document masked while the presenter is not
// editing it, the presenter edits the real text, and the real text is what is kept.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PresenterViewContext } from '../../components/ui/presenter-view';
import { XmlBodyEditor } from './xml-body-editor';

afterEach(cleanup);

const DOCUMENT =
  '<Document><PmtInf><Dbtr><Nm>Alice Schneider</Nm></Dbtr><DbtrAcct><Id><IBAN>DE16990100000010010001</IBAN></Id>' +
  '</DbtrAcct><CdtTrfTxInf><Cdtr><Nm>Bob Laurent</Nm></Cdtr></CdtTrfTxInf></PmtInf></Document>';

function Editor({ presenting, onText }: { presenting: boolean; onText: (text: string) => void }) {
  const [text, setText] = useState(DOCUMENT);
  return (
    <PresenterViewContext.Provider value={presenting}>
      <XmlBodyEditor
        label="pain.001 document"
        text={text}
        onTextChange={(next) => {
          setText(next);
          onText(next);
        }}
      />
    </PresenterViewContext.Provider>
  );
}

describe('the XML body editor', () => {
  it('shows the document masked while idle in presenter mode, the real one while editing, and keeps what is typed', () => {
    let kept = DOCUMENT;
    render(<Editor presenting onText={(text) => (kept = text)} />);
    const field = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'pain.001 document' });
    expect(field.value).not.toMatch(/Alice Schneider|Bob Laurent|DE16990100000010010001/);
    expect(field.value).toContain('<Nm>Alice S.</Nm>');
    expect(field.value).toContain('<IBAN>DE16 •••• •••• 0001</IBAN>');

    fireEvent.focus(field);
    expect(field.value).toBe(DOCUMENT);
    fireEvent.change(field, { target: { value: DOCUMENT.replace('Bob Laurent', 'Carol Jensen') } });
    expect(kept).toContain('Carol Jensen');
    fireEvent.blur(field);
    expect(field.value).toContain('<Nm>Carol J.</Nm>');
    expect(kept).toContain('DE16990100000010010001');
  });

  it('shows the document as it is outside presenter mode', () => {
    render(<Editor presenting={false} onText={() => undefined} />);
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'pain.001 document' }).value).toBe(DOCUMENT);
  });
});
