// @vitest-environment happy-dom
// A body editor in presenter mode: the audience reads the bank's data masked while the presenter is not editing, the
// presenter edits the real text, and the real text is what the form keeps.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { JsonBodyEditor } from './json-body-editor';
import { PresenterViewContext } from './presenter-view';

afterEach(cleanup);

const BODY = JSON.stringify({ debtorAccount: { iban: 'DE16990100000010010001' }, creditorName: 'Bob Laurent' });

function Editor({ presenting, onText }: { presenting: boolean; onText: (text: string) => void }) {
  const [text, setText] = useState(BODY);
  return (
    <PresenterViewContext.Provider value={presenting}>
      <JsonBodyEditor
        text={text}
        onTextChange={(next) => {
          setText(next);
          onText(next);
        }}
        findings={[]}
        findingsTitle="Findings"
      />
    </PresenterViewContext.Provider>
  );
}

describe('a body editor in presenter mode', () => {
  it('shows the body masked while idle, the real body while editing, and keeps what is typed', () => {
    let kept = BODY;
    render(<Editor presenting onText={(text) => (kept = text)} />);
    const field = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Request body (JSON)' });
    expect(field.value).not.toContain('DE16990100000010010001');
    expect(field.value).not.toContain('Bob Laurent');
    expect(field.value).toContain('DE16 •••• •••• 0001');

    fireEvent.focus(field);
    expect(field.value).toBe(BODY);
    fireEvent.change(field, { target: { value: BODY.replace('Bob Laurent', 'Carol Jensen') } });
    expect(kept).toContain('Carol Jensen');
    fireEvent.blur(field);
    expect(field.value).toContain('Carol J.');
    expect(kept).toContain('DE16990100000010010001');
  });

  it('shows the body as it is outside presenter mode', () => {
    render(<Editor presenting={false} onText={() => undefined} />);
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Request body (JSON)' }).value).toBe(BODY);
  });
});
