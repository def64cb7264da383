// The draft's state and its edits: path variables, query and header rows (add, remove, edit), the body, the token.
import { useCallback, useMemo, useState } from 'react';
import type { NameValueRow, RequestDraft } from './request-draft';

/** What the editor changes in a draft of an operation and in a raw request alike. */
export type EditableDraft = Pick<RequestDraft, 'pathValues' | 'query' | 'headers' | 'bodyText' | 'sendProfileToken'>;

export type RowList = 'query' | 'headers';

let rowCounter = 0;
/** Row ids only have to be unique within the page. */
export function newRowId(): string {
  rowCounter += 1;
  return `row-${rowCounter}`;
}

export function useRequestDraft<D extends EditableDraft>(initial: () => D) {
  const [draft, setDraft] = useState<D>(initial);
  /** Other parts of the draft (a raw request's method and URL). */
  const update = useCallback((change: Partial<D>) => setDraft((current) => ({ ...current, ...change })), []);
  const setPathValue = useCallback(
    (variable: string, value: string) =>
      setDraft((current) => ({ ...current, pathValues: { ...current.pathValues, [variable]: value } })),
    [],
  );
  const editRow = useCallback(
    (list: RowList, id: string, change: Partial<Omit<NameValueRow, 'id'>>) =>
      setDraft((current) => ({
        ...current,
        [list]: current[list].map((row) => (row.id === id ? { ...row, ...change } : row)),
      })),
    [],
  );
  const addRow = useCallback(
    (list: RowList, name = '', value = '') =>
      setDraft((current) => ({ ...current, [list]: [...current[list], { id: newRowId(), name, value }] })),
    [],
  );
  const removeRow = useCallback(
    (list: RowList, id: string) =>
      setDraft((current) => ({ ...current, [list]: current[list].filter((row) => row.id !== id) })),
    [],
  );
  const setBodyText = useCallback((bodyText: string) => setDraft((current) => ({ ...current, bodyText })), []);
  const setSendProfileToken = useCallback(
    (sendProfileToken: boolean) => setDraft((current) => ({ ...current, sendProfileToken })),
    [],
  );
  /** A new X-Request-ID for the next request (each request the bank sees needs its own). */
  const renewRequestId = useCallback(
    () =>
      setDraft((current) => ({
        ...current,
        headers: current.headers.map((row) =>
          row.name.trim().toLowerCase() === 'x-request-id' ? { ...row, value: crypto.randomUUID() } : row,
        ),
      })),
    [],
  );
  const actions = useMemo(
    () => ({ setPathValue, editRow, addRow, removeRow, setBodyText, setSendProfileToken, renewRequestId, update }),
    [setPathValue, editRow, addRow, removeRow, setBodyText, setSendProfileToken, renewRequestId, update],
  );
  return { draft, actions };
}

export type DraftActions = Omit<ReturnType<typeof useRequestDraft<RequestDraft>>['actions'], 'update'>;
