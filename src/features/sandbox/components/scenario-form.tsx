// The editor of a new failure scenario: the operation, an error code or a delay, and optionally how many calls, whose
// (PSU-ID) and which resource. What the user typed stays when the sandbox refuses it.
import { useState, type FormEvent } from 'react';
import type { SandboxPsu, ScenarioCatalogue, ScenarioInput } from '../../../api';
import { Button, Field, Select, TextInput } from '../../../components/ui';

type EffectKind = 'error' | 'delay';

interface Draft {
  operation: string;
  kind: EffectKind;
  error: string;
  delayMs: string;
  count: string;
  psuId: string;
  resourceId: string;
}

const emptyDraft: Draft = {
  operation: '*',
  kind: 'error',
  error: '',
  delayMs: '5000',
  count: '',
  psuId: '',
  resourceId: '',
};

/** The codes a scenario of this operation may answer with (for '*': every code of every operation). */
function codesOf(catalogue: ScenarioCatalogue | undefined, operation: string): string[] {
  const ops = catalogue?.operations ?? {};
  const lists = operation === '*' ? Object.values(ops).map((op) => op.errorCodes) : [ops[operation]?.errorCodes ?? []];
  return [...new Set(lists.flat())].sort();
}

/** The body of POST /admin/scenarios for a draft; a sentence when a number is not one. */
export function scenarioInput(draft: Draft): ScenarioInput | string {
  const input: ScenarioInput = { operation: draft.operation };
  if (draft.kind === 'error') {
    if (!draft.error) return 'Choose the error code the bank should answer with.';
    input.error = draft.error;
  } else {
    const ms = Number(draft.delayMs);
    if (!Number.isInteger(ms) || ms < 0 || draft.delayMs.trim() === '') return 'Enter the delay in milliseconds.';
    input.delayMs = ms;
  }
  if (draft.count.trim()) {
    const count = Number(draft.count);
    if (!Number.isInteger(count) || count < 1) return 'Enter how many calls as a whole number of 1 or more.';
    input.count = count;
  }
  if (draft.psuId.trim()) input.psuId = draft.psuId.trim();
  if (draft.resourceId.trim()) input.resourceId = draft.resourceId.trim();
  return input;
}

export interface ScenarioFormProps {
  catalogue: ScenarioCatalogue | undefined;
  psus: SandboxPsu[];
  pending: boolean;
  onAdd: (input: ScenarioInput) => void;
}

export function ScenarioForm({ catalogue, psus, pending, onAdd }: ScenarioFormProps) {
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [problem, setProblem] = useState<string>();
  const set = (change: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...change }));
    setProblem(undefined);
  };
  const codes = codesOf(catalogue, draft.operation);

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = scenarioInput(draft);
    if (typeof input === 'string') setProblem(input);
    else onAdd(input);
  }

  return (
    <form
      onSubmit={submit}
      className="grid gap-3 rounded border border-slate-200 p-3 sm:grid-cols-2"
      aria-label="New scenario"
    >
      <Field label="Operation">
        <Select
          value={draft.operation}
          onChange={(event) => set({ operation: event.target.value, error: '' })}
          options={Object.keys(catalogue?.operations ?? {})}
        >
          <option value="*">Every operation (*)</option>
        </Select>
      </Field>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-800">Effect</legend>
        {(['error', 'delay'] as const).map((kind) => (
          <label key={kind} className="mr-4 inline-flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="scenario-effect"
              checked={draft.kind === kind}
              onChange={() => set({ kind })}
              className="h-4 w-4 accent-blue-700"
            />
            {kind === 'error' ? 'Answer with an error' : 'Answer slowly'}
          </label>
        ))}
      </fieldset>
      {draft.kind === 'error' ? (
        <Field label="Error code" error={problem}>
          <Select value={draft.error} onChange={(event) => set({ error: event.target.value })}>
            <option value="">Choose a code…</option>
            {codes.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </Select>
        </Field>
      ) : (
        <Field label="Delay (ms)" error={problem}>
          <TextInput
            inputMode="numeric"
            value={draft.delayMs}
            onChange={(event) => set({ delayMs: event.target.value })}
          />
        </Field>
      )}
      <Field label="Count" hint="How many calls; empty: until removed.">
        <TextInput inputMode="numeric" value={draft.count} onChange={(event) => set({ count: event.target.value })} />
      </Field>
      <Field label="PSU-ID" hint="Only this PSU’s calls; empty: everyone’s.">
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
      <Field label="Resource" hint="Only calls about this consent, payment or account id; empty: any.">
        <TextInput
          value={draft.resourceId}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          onChange={(event) => set({ resourceId: event.target.value })}
        />
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? 'Adding…' : 'Add scenario'}
        </Button>
      </div>
    </form>
  );
}
