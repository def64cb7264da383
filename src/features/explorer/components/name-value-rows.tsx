// Editable name/value rows (query parameters, headers): edit, remove, add; each row shows what the bank should refuse
// in it and, after sending, what the bank said about it.
import { Button, FieldError, TextInput } from '../../../components/ui';
import type { NameValueRow } from '../model/request-draft';
import type { DraftActions, EditableDraft, RowList } from '../model/use-request-draft';

export interface RowMessages {
  /** Keyed by the lower-case name. */
  [name: string]: { label: string; refuse: string[]; note: string[]; bank: string[] };
}

export interface NameValueRowsProps {
  legend: string;
  /** 'header' or 'query parameter', for the controls' names. */
  noun: string;
  rows: NameValueRow[];
  messages: RowMessages;
  /** Names offered while typing (the operation's 1.3.12 list). */
  suggestions: readonly string[];
  onEdit: (id: string, change: Partial<Omit<NameValueRow, 'id'>>) => void;
  onRemove: (id: string) => void;
  onAdd: (name?: string) => void;
}

/** Names with findings or bank messages that no row sends (a required header removed): shown at their own line. */
function AbsentRows({ rows, messages, noun, onAdd }: Pick<NameValueRowsProps, 'rows' | 'messages' | 'noun' | 'onAdd'>) {
  const sent = new Set(rows.map((row) => row.name.trim().toLowerCase()));
  const absent = Object.entries(messages).filter(
    ([name, found]) => !sent.has(name) && found.refuse.length + found.bank.length > 0,
  );
  if (absent.length === 0) return null;
  return (
    <ul className="space-y-2">
      {absent.map(([name, found]) => (
        <li key={name} className="flex flex-wrap items-start gap-2 rounded border border-red-200 bg-red-50 p-2 text-sm">
          <div className="min-w-0 flex-1">
            <p>
              <code className="font-mono text-xs">{found.label}</code> is not sent.
            </p>
            {[...found.bank, ...found.refuse].map((text) => (
              <p key={text} className="text-xs font-medium text-red-800">
                {text}
              </p>
            ))}
          </div>
          <Button variant="secondary" size="sm" onClick={() => onAdd(found.label)}>
            Add {noun} {found.label}
          </Button>
        </li>
      ))}
    </ul>
  );
}

export function NameValueRows({
  legend,
  noun,
  rows,
  messages,
  suggestions,
  onEdit,
  onRemove,
  onAdd,
}: NameValueRowsProps) {
  const listId = `${noun.replace(/\W+/g, '-')}-names`;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-800">{legend}</legend>
      <datalist id={listId}>
        {suggestions.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      {rows.length === 0 && <p className="text-sm text-slate-600">None.</p>}
      <ul className="space-y-2">
        {rows.map((row, index) => {
          const found = messages[row.name.trim().toLowerCase()];
          const refusals = [...(found?.bank ?? []), ...(found?.refuse ?? [])];
          const errorId = `${row.id}-error`;
          const label = row.name.trim() || `${noun} ${index + 1}`;
          return (
            <li
              key={row.id}
              className="grid grid-cols-1 gap-1 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] sm:items-start sm:gap-2"
            >
              <TextInput
                aria-label={`Name of ${noun} ${index + 1}`}
                list={listId}
                value={row.name}
                spellCheck={false}
                className="font-mono text-xs"
                onChange={(event) => onEdit(row.id, { name: event.target.value })}
              />
              <div>
                <TextInput
                  aria-label={`Value of ${label}`}
                  value={row.value}
                  spellCheck={false}
                  className="font-mono text-xs"
                  aria-invalid={refusals.length > 0 || undefined}
                  aria-describedby={refusals.length > 0 || found?.note.length ? errorId : undefined}
                  onChange={(event) => onEdit(row.id, { value: event.target.value })}
                />
                <div id={errorId}>
                  <FieldError id={undefined} message={refusals.join(' ') || undefined} />
                  {found?.note.map((note) => (
                    <p key={note} className="text-xs text-slate-600">
                      {note}
                    </p>
                  ))}
                </div>
              </div>
              <Button variant="ghost" size="sm" onClick={() => onRemove(row.id)}>
                Remove<span className="sr-only"> {label}</span>
              </Button>
            </li>
          );
        })}
      </ul>
      <AbsentRows rows={rows} messages={messages} noun={noun} onAdd={onAdd} />
      <Button variant="secondary" size="sm" onClick={() => onAdd()}>
        Add a {noun}
      </Button>
    </fieldset>
  );
}

/** What one list of rows shows beside its values: messages at the names, names offered while typing. */
export interface RowHelp {
  messages: RowMessages;
  suggestions: readonly string[];
}

/** The draft's query parameters and headers, each row editable. */
export function DraftRows({
  draft,
  actions,
  query,
  headers,
}: {
  draft: EditableDraft;
  actions: DraftActions;
  query: RowHelp;
  headers: RowHelp;
}) {
  const lists: { list: RowList; legend: string; noun: string; help: RowHelp }[] = [
    { list: 'query', legend: 'Query parameters', noun: 'query parameter', help: query },
    { list: 'headers', legend: 'Headers', noun: 'header', help: headers },
  ];
  return lists.map(({ list, legend, noun, help }) => (
    <NameValueRows
      key={list}
      legend={legend}
      noun={noun}
      rows={draft[list]}
      messages={help.messages}
      suggestions={help.suggestions}
      onEdit={(id, change) => actions.editRow(list, id, change)}
      onRemove={(id) => actions.removeRow(list, id)}
      onAdd={(name) => actions.addRow(list, name)}
    />
  ));
}
