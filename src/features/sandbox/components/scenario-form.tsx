// The editor of a new failure scenario, with every setting the sandbox's scenario API takes: the operation, one effect
// (an error with its HTTP status and text, a delay, a hang, or a decoupled SCA the PSU aborts), and optionally how many
// calls, whose (PSU-ID) and which resource. What the user typed is checked before it is sent and stays when the
// sandbox refuses it; a refusal that names a setting is shown at that setting too.
import { useState, type FormEvent } from 'react';
import type { SandboxPsu, ScenarioCatalogue, ScenarioInput } from '../../../api';
import { Button, Field, FieldError, Select, TextInput } from '../../../components/ui';
import {
  codeFacts,
  codesOf,
  effectKinds,
  effectLabels,
  emptyDraft,
  isSandboxOwn,
  MAX_DELAY_MS,
  MAX_TEXT_LENGTH,
  refusalField,
  scenarioInput,
  type DraftProblems,
  type ScenarioDraft,
} from './scenario-draft';

export interface ScenarioFormProps {
  catalogue: ScenarioCatalogue | undefined;
  psus: SandboxPsu[];
  pending: boolean;
  onAdd: (input: ScenarioInput) => void;
  /** The sandbox's sentence when it refused the last scenario sent. */
  refusal?: string;
}

const effectHints: Partial<Record<ScenarioDraft['kind'], string>> = {
  hang: 'The call gets no answer until the client gives up (its own timeout); the sandbox lets go after 5 minutes.',
  'decoupled-abort':
    'A call that starts a decoupled SCA answers as usual, then the PSU cancels it in the banking app (scaStatus failed).',
};

/** The error code, its HTTP status and its text. */
function ErrorFields({
  draft,
  catalogue,
  problems,
  set,
}: {
  draft: ScenarioDraft;
  catalogue: ScenarioCatalogue | undefined;
  problems: DraftProblems;
  set: (change: Partial<ScenarioDraft>) => void;
}) {
  const codes = codesOf(catalogue, draft.operation);
  const labels = Object.fromEntries(
    codes
      .filter((code) => isSandboxOwn(catalogue, draft.operation, code))
      .map((code) => [code, `${code} (the sandbox’s own, not 1.3.12)`]),
  );
  const facts = draft.error ? codeFacts(catalogue, draft.operation, draft.error) : undefined;
  const defaultLabel =
    facts?.status !== undefined
      ? `Default: ${facts.status}`
      : facts
        ? `Default: by operation (${facts.defaults.join(', ')})`
        : 'Default';
  const ownMeaning = draft.error ? catalogue?.sandboxCodes?.[draft.error]?.meaning : undefined;
  return (
    <>
      <Field label="Error code" error={problems.error} hint={ownMeaning}>
        <Select
          value={draft.error}
          onChange={(event) => set({ error: event.target.value, status: '' })}
          options={codes}
          labels={labels}
        >
          <option value="">Choose a code…</option>
        </Select>
      </Field>
      <Field
        label="HTTP status"
        error={problems.status}
        hint="Default: the status 1.3.12 gives the code where the operation names its resource (path or body)."
      >
        <Select
          value={draft.status}
          onChange={(event) => set({ status: event.target.value })}
          options={(facts?.statuses ?? []).map(String)}
          disabled={!draft.error}
        >
          <option value="">{defaultLabel}</option>
        </Select>
      </Field>
      <Field
        label="Text"
        className="sm:col-span-2"
        error={problems.text}
        hint={`The tppMessages text, up to ${MAX_TEXT_LENGTH} characters; empty: the sandbox’s own sentence.`}
      >
        <TextInput value={draft.text} autoComplete="off" onChange={(event) => set({ text: event.target.value })} />
      </Field>
    </>
  );
}

export function ScenarioForm({ catalogue, psus, pending, onAdd, refusal }: ScenarioFormProps) {
  const [draft, setDraft] = useState<ScenarioDraft>(emptyDraft);
  const [problems, setProblems] = useState<DraftProblems>({});
  // A refusal is shown at its setting until the draft changes.
  const [changedSinceSent, setChangedSinceSent] = useState(false);
  const set = (change: Partial<ScenarioDraft>) => {
    setDraft((current) => ({ ...current, ...change }));
    setProblems({});
    setChangedSinceSent(true);
  };
  const refused = refusal && !changedSinceSent ? refusalField(refusal) : undefined;
  const shown: DraftProblems = {
    ...(refused && { [refused.field]: `The sandbox says: ${refused.words}` }),
    ...problems,
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = scenarioInput(draft, catalogue);
    setChangedSinceSent(false);
    if ('problems' in checked) setProblems(checked.problems);
    else onAdd(checked.input);
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 rounded border border-slate-200 p-3 sm:grid-cols-2"
      aria-label="New scenario"
    >
      <Field label="Operation" error={shown.operation}>
        <Select
          value={draft.operation}
          onChange={(event) => set({ operation: event.target.value, error: '', status: '' })}
          options={Object.keys(catalogue?.operations ?? {})}
        >
          <option value="*">Every operation (*)</option>
        </Select>
      </Field>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-800">Effect</legend>
        <div className="grid gap-1">
          {effectKinds.map((kind) => (
            <label key={kind} className="inline-flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="scenario-effect"
                checked={draft.kind === kind}
                onChange={() => set({ kind })}
                className="h-4 w-4 accent-blue-700"
              />
              {effectLabels[kind]}
            </label>
          ))}
        </div>
        {effectHints[draft.kind] && <p className="text-xs text-slate-600">{effectHints[draft.kind]}</p>}
      </fieldset>
      {draft.kind === 'error' && <ErrorFields draft={draft} catalogue={catalogue} problems={shown} set={set} />}
      {draft.kind === 'delay' && (
        <Field
          label="Delay (ms)"
          error={shown.delayMs}
          hint={`The call answers as usual after this wait; at most ${MAX_DELAY_MS} ms (10 minutes).`}
        >
          <TextInput
            inputMode="numeric"
            value={draft.delayMs}
            onChange={(event) => set({ delayMs: event.target.value })}
          />
        </Field>
      )}
      <Field label="Count" error={shown.count} hint="How many calls; empty: until removed.">
        <TextInput inputMode="numeric" value={draft.count} onChange={(event) => set({ count: event.target.value })} />
      </Field>
      <Field label="PSU-ID" error={shown.psuId} hint="Only this PSU’s calls; empty: everyone’s.">
        <TextInput
          value={draft.psuId}
          list="scenario-psus"
          autoComplete="off"
          onChange={(event) => set({ psuId: event.target.value })}
        />
      </Field>
      <datalist id="scenario-psus">
        {psus.map((psu) => (
          <option key={psu.psuId} value={psu.psuId} />
        ))}
      </datalist>
      <Field
        label="Resource"
        className="sm:col-span-2"
        error={shown.resourceId}
        hint="Only calls about this consent, payment, account or authorisation id; empty: any."
      >
        <TextInput
          value={draft.resourceId}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          onChange={(event) => set({ resourceId: event.target.value })}
        />
      </Field>
      <div className="space-y-1 sm:col-span-2">
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? 'Adding…' : 'Add scenario'}
        </Button>
        {Object.keys(problems).length > 0 && (
          <FieldError id={undefined} message="Nothing was sent: correct the settings marked above." />
        )}
      </div>
    </form>
  );
}
