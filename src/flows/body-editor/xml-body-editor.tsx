// A request body written as XML (the pain.001 payment products): a plain text area, the well-formedness verdict in
// words beside it, and what the caller reads back from the document under it. No editor library: the text is the body.
import type { ReactNode, RefObject } from 'react';
import { Field, maskedBodyText, Textarea, useMaskedWhileIdle } from '../../components/ui';

export interface XmlBodyEditorProps {
  label: string;
  text: string;
  onTextChange: (text: string) => void;
  /** Why the text is not well-formed (or not sendable), in plain words. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Actions beside the text (e.g. fill from the form). */
  actions?: ReactNode;
  /** What the document says, read back in plain words. */
  children?: ReactNode;
  textRef?: RefObject<HTMLTextAreaElement | null>;
  rows?: number;
}

export function XmlBodyEditor({
  label,
  text,
  onTextChange,
  error,
  hint,
  actions,
  children,
  textRef,
  rows = 20,
}: XmlBodyEditorProps) {
  // In presenter mode the audience reads the document masked while the presenter is not editing it.
  const shown = useMaskedWhileIdle(text, maskedBodyText);
  return (
    <div className="space-y-3 rounded border border-slate-200 bg-white p-4">
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      <Field label={label} hint={hint} error={error}>
        <Textarea
          ref={textRef}
          value={shown.value}
          onFocus={shown.onFocus}
          onBlur={shown.onBlur}
          rows={rows}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          className="text-xs"
          onChange={(event) => onTextChange(event.target.value)}
        />
      </Field>
      {children}
    </div>
  );
}
