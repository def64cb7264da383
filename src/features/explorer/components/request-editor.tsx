// "Try it": every part of the request, editable, with what the bank should refuse marked before sending.
import { useMemo, type ReactNode } from 'react';
import { Button, Checkbox, Field, JsonBodyEditor, Select, TextInput } from '../../../components/ui';
import {
  operations,
  PaymentProduct,
  PaymentService,
  queryParameters,
  requestHeaders,
  type TppMessage,
} from '../../../xs2a';
import { bodyExamples, bodyText, type ExampleContext } from '../model/examples';
import type { KnownIds } from '../model/known-ids';
import type { Finding } from '../model/refusals';
import type { RequestDraft } from '../model/request-draft';
import { rowMessages } from '../model/row-messages';
import type { DraftActions } from '../model/use-request-draft';
import { DraftRows } from './name-value-rows';

/** Values offered for the path variables that 1.3.12 lists, beside the ids this browser knows. */
const FIXED_VALUES: Record<string, readonly string[]> = {
  'payment-service': PaymentService.options,
  'payment-product': PaymentProduct.options,
};

function PathVariables({ draft, actions, known, findings, bankMessages }: RequestEditorProps) {
  const variables = Object.keys(draft.pathValues);
  if (variables.length === 0) return null;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-800">Path variables</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {variables.map((variable) => {
          const listId = `known-${variable}`;
          const refusals = [
            ...bankMessages
              .filter((message) => message.path === variable)
              .map((message) => `The bank: ${message.code}`),
            ...findings.filter((finding) => finding.at === `path:${variable}`).map((finding) => finding.message),
          ];
          const count = known[variable]?.length ?? 0;
          return (
            <Field
              key={variable}
              label={variable}
              hint={count > 0 ? `${count} known to this browser: pick one or type any.` : undefined}
              error={refusals.join(' ') || undefined}
            >
              <TextInput
                list={listId}
                value={draft.pathValues[variable] ?? ''}
                spellCheck={false}
                className="font-mono text-xs"
                onChange={(event) => actions.setPathValue(variable, event.target.value)}
              />
            </Field>
          );
        })}
      </div>
      {variables.map((variable) => (
        <datalist key={variable} id={`known-${variable}`}>
          {[
            ...new Set([...(known[variable] ?? []).map((entry) => entry.value), ...(FIXED_VALUES[variable] ?? [])]),
          ].map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
      ))}
    </fieldset>
  );
}

function BodyPart({ draft, actions, findings, exampleContext }: RequestEditorProps) {
  const spec = operations[draft.operation];
  const kind = 'requestBody' in spec ? spec.requestBody : undefined;
  const examples = useMemo(() => (kind ? bodyExamples(kind, exampleContext) : []), [kind, exampleContext]);
  const bodyFindings = findings.filter((finding) => finding.at === 'body');
  if (!kind && !draft.bodyText) return null;
  return (
    <div className="space-y-2">
      {examples.length > 0 && (
        <Field label="Start from" hint="Replaces the body with an example.">
          <Select
            value=""
            onChange={(event) => {
              const example = examples[Number(event.target.value)];
              if (example) actions.setBodyText(bodyText(example.body));
            }}
          >
            <option value="">Choose an example…</option>
            {examples.map((example, index) => (
              <option key={example.label} value={index}>
                {example.label}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <JsonBodyEditor
        text={draft.bodyText}
        onTextChange={actions.setBodyText}
        findings={bodyFindings.map((finding) => ({ path: 'body', message: finding.message }))}
        findingsTitle="The bank should refuse this body"
        findingsSummary="It is sent all the same when you send the request."
        hint="Sent exactly as written; empty sends no body."
        rows={12}
      />
    </div>
  );
}

/** Whether the profile's token goes with the request; it is never shown or kept in the draft. */
export function TokenChoice({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Checkbox
      label="Send the profile’s token (Authorization: Bearer …)"
      hint="Added when sending; it is not shown here and the inspector records it redacted."
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

/** The editor's form: sending it sends the request (Enter in a field too). */
export function RequestForm({ onSend, children }: { onSend: () => void; children: ReactNode }) {
  return (
    <form
      className="space-y-5"
      aria-label="Request"
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      {children}
    </form>
  );
}

export interface RequestEditorProps {
  draft: RequestDraft;
  actions: DraftActions;
  known: KnownIds;
  findings: readonly Finding[];
  /** The bank's messages of the last answer, shown where they point. */
  bankMessages: readonly TppMessage[];
  exampleContext: ExampleContext;
  hasToken: boolean;
  sending: boolean;
  onSend: () => void;
}

export function RequestEditor(props: RequestEditorProps) {
  const { draft, actions, findings, bankMessages, hasToken, sending, onSend } = props;
  const headerNames = requestHeaders[draft.operation].map((header) => header.name);
  const queryNames = (queryParameters[draft.operation] ?? []).map((parameter) => parameter.name);
  const refusals = findings.filter((finding) => finding.level === 'refuse');
  return (
    <RequestForm onSend={onSend}>
      <PathVariables {...props} />
      <DraftRows
        draft={draft}
        actions={actions}
        query={{ messages: rowMessages('query:', findings, bankMessages, queryNames), suggestions: queryNames }}
        headers={{
          messages: rowMessages('header:', findings, bankMessages, headerNames),
          suggestions: [...headerNames, 'Accept', 'Content-Type'],
        }}
      />
      {hasToken && <TokenChoice checked={draft.sendProfileToken} onChange={actions.setSendProfileToken} />}
      <BodyPart {...props} />
      {refusals.length > 0 && (
        <div role="note" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-semibold">
            The bank should refuse this request ({refusals.length} {refusals.length === 1 ? 'finding' : 'findings'},
            marked above).
          </p>
          <p>It is sent all the same: see how the bank handles it.</p>
        </div>
      )}
      <Button type="submit" disabled={sending}>
        {sending ? 'Sending…' : refusals.length > 0 ? 'Send anyway' : 'Send request'}
      </Button>
    </RequestForm>
  );
}
