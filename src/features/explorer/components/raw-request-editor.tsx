// A request to a path that is no 1.3.12 operation (resent from the log): the method, the URL, query parameters,
// headers and the body, each edited as text and sent as it is.
import { Button, Field, maskedBodyText, Select, Textarea, TextInput, useMaskedWhileIdle } from '../../../components/ui';
import type { RawDraft } from '../model/from-exchange';
import type { DraftActions } from '../model/use-request-draft';
import { DraftRows } from './name-value-rows';
import { RequestForm, TokenChoice } from './request-editor';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export interface RawRequestEditorProps {
  draft: RawDraft;
  actions: DraftActions & { update: (change: Partial<RawDraft>) => void };
  hasToken: boolean;
  sending: boolean;
  onSend: () => void;
}

export function RawRequestEditor({ draft, actions, hasToken, sending, onSend }: RawRequestEditorProps) {
  // Presenter mode: the body's bank data is masked while it is not being edited.
  const bodyShown = useMaskedWhileIdle(draft.bodyText, maskedBodyText);
  const methods = METHODS.includes(draft.method) ? METHODS : [draft.method, ...METHODS];
  return (
    <RequestForm onSend={onSend}>
      <div className="grid gap-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
        <Field label="Method">
          <Select value={draft.method} onChange={(event) => actions.update({ method: event.target.value })}>
            {methods.map((method) => (
              <option key={method} value={method}>
                {method}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="URL" hint="Without the query: its parameters are below.">
          <TextInput
            value={draft.url}
            spellCheck={false}
            className="font-mono text-xs"
            onChange={(event) => actions.update({ url: event.target.value })}
          />
        </Field>
      </div>
      <DraftRows
        draft={draft}
        actions={actions}
        query={{ messages: {}, suggestions: [] }}
        headers={{ messages: {}, suggestions: ['X-Request-ID', 'Accept', 'Content-Type'] }}
      />
      {hasToken && <TokenChoice checked={draft.sendProfileToken} onChange={actions.setSendProfileToken} />}
      <Field label="Request body" hint="Sent exactly as written; empty sends no body.">
        <Textarea
          {...bodyShown}
          rows={10}
          spellCheck={false}
          onChange={(event) => actions.setBodyText(event.target.value)}
        />
      </Field>
      <Button type="submit" disabled={sending}>
        {sending ? 'Sending…' : 'Send request'}
      </Button>
    </RequestForm>
  );
}
