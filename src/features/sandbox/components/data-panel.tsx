// The bank's data: back to the seed, a snapshot saved under a name, a snapshot restored (the whole bank and its clock);
// what takes the bank's data away asks first.
import { useState, type FormEvent } from 'react';
import type { Snapshots } from '../../../api';
import { Button, ConfirmAction, Field, Panel, Select, TextInput } from '../../../components/ui';
import { AdminError, firstError } from './admin-error';

interface Write<T> {
  mutate: (value: T, options?: { onSuccess?: () => void }) => void;
  isPending: boolean;
  error: unknown;
  isSuccess: boolean;
}

interface DataPanelProps {
  snapshots: { data?: Snapshots; error: unknown };
  reset: Write<void>;
  save: Write<string>;
  restore: Write<string>;
}

export function DataPanel({ snapshots, reset, save, restore }: DataPanelProps) {
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState('');
  const names = snapshots.data?.snapshots.map((snapshot) => snapshot.name) ?? [];
  const restoreName = chosen || names[0] || '';
  let done = '';
  if (reset.isSuccess) done = 'The bank is back to its seed data.';
  if (save.isSuccess) done = 'Snapshot saved.';
  if (restore.isSuccess) done = 'Snapshot restored.';

  function saveSnapshot(event: FormEvent) {
    event.preventDefault();
    if (name.trim()) save.mutate(name.trim());
  }

  return (
    <Panel
      title="Data"
      description="POST {base_url}/admin/data/reset, /admin/snapshots and /admin/snapshots/{name}/restore: a snapshot holds the whole bank (PSUs, accounts, payments, consents, authorisations) and its clock."
    >
      <ConfirmAction
        label="Reset to seed data…"
        question="Every payment, consent and authorisation made since the start goes, for every client of this sandbox."
        confirm={{ label: 'Yes, reset the bank', pending: 'Resetting…' }}
        pending={reset.isPending}
        onConfirm={(close) => reset.mutate(undefined, { onSuccess: close })}
      />
      <form onSubmit={saveSnapshot} className="flex flex-wrap items-end gap-2">
        <Field label="Snapshot name" hint="Letters, digits, . _ -">
          <TextInput value={name} onChange={(event) => setName(event.target.value)} className="w-56" />
        </Field>
        <Button type="submit" disabled={save.isPending || !name.trim()} className="mb-5">
          Save snapshot
        </Button>
      </form>
      <AdminError error={snapshots.error} alert={false} />
      {names.length > 0 ? (
        <div className="space-y-2">
          <Field label="Saved snapshot">
            <Select
              value={restoreName}
              onChange={(event) => setChosen(event.target.value)}
              className="w-56"
              options={names}
              disabled={restore.isPending}
            />
          </Field>
          <ConfirmAction
            label="Restore snapshot…"
            question={
              <p>
                The bank goes back to the snapshot “{restoreName}”, its clock too: every payment, consent and
                authorisation made since it was saved goes, for every client of this sandbox.
              </p>
            }
            confirm={{ label: 'Yes, restore the snapshot', pending: 'Restoring…' }}
            pending={restore.isPending}
            onConfirm={(close) => restore.mutate(restoreName, { onSuccess: close })}
          />
        </div>
      ) : (
        snapshots.data && <p className="text-sm text-slate-700">No snapshot saved yet.</p>
      )}
      <p role="status" className="text-sm text-slate-700">
        {done}
      </p>
      <AdminError error={firstError(reset, save, restore)} />
    </Panel>
  );
}
