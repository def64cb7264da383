// A field that holds bank data (a JSON body with IBANs and names, an IBAN, a creditor's name, a remittance) in presenter
// mode: while the presenter is not editing it, it shows the data masked as every screen does; focused, it shows and
// edits the real text, which is what is sent.
import { useState } from 'react';
import { maskBankData } from '../../xs2a/masking';
import { usePresenterView } from './presenter-view';

/** A JSON text with its bank data masked member by member; an XML document text by text; any other as free text. */
export function maskedBodyText(text: string): string {
  try {
    return JSON.stringify(maskBankData(JSON.parse(text)), null, 2);
  } catch {
    return maskBankData(text) as string;
  }
}

/**
 * The value and focus handlers of a field holding `text`: masked by `mask` (maskedBodyText for a body) while idle in
 * presenter mode; `mask` undefined: a field that holds no bank data, shown as it is.
 */
export function useMaskedWhileIdle(text: string, mask: ((text: string) => string) | undefined) {
  const presenting = usePresenterView();
  const [editing, setEditing] = useState(false);
  return {
    value: mask && presenting && !editing && text !== '' ? mask(text) : text,
    onFocus: () => setEditing(true),
    onBlur: () => setEditing(false),
  };
}
