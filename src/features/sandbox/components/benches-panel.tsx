// Private benches of the shared sandbox: start one (a bank of your own, seeded like this one, with its own clock,
// scenarios and profile at its own base_url), list them with their base_urls, switch the console to one, rename, reset
// and delete them; what takes a bench's data away asks first. Starting a bench adds a bank profile for it.
import { useState, type FormEvent } from 'react';
import {
  benchBaseUrl,
  benchProfileOf,
  keepBenchProfile,
  profileStore,
  useBenches,
  useBenchWrites,
  useProfiles,
  type AdminControls,
  type BankProfile,
  type SandboxBench,
} from '../../../api';
import { Button, ConfirmAction, durationInWords, Field, LoadingText, Panel, TextInput } from '../../../components/ui';
import { AdminError, firstError } from './admin-error';

type Writes = ReturnType<typeof useBenchWrites>;

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

/** The console's profile for the bench, made when missing, made active. */
function switchTo(shared: BankProfile, bench: SandboxBench, profiles: readonly BankProfile[]) {
  const profile = benchProfileOf(profiles, shared, bench) ?? keepBenchProfile(shared, bench);
  profileStore.setActive(profile.id);
}

function RenameForm({ bench, rename, done }: { bench: SandboxBench; rename: Writes['rename']; done: () => void }) {
  const [label, setLabel] = useState(bench.label);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (label.trim()) rename.mutate({ bench, label: label.trim() }, { onSuccess: done });
  }
  return (
    <form onSubmit={submit} aria-label={`Rename ${bench.label}`} className="flex flex-wrap items-end gap-2">
      <Field label="New name">
        <TextInput value={label} maxLength={64} onChange={(event) => setLabel(event.target.value)} className="w-56" />
      </Field>
      <Button type="submit" className="mb-5" disabled={rename.isPending || !label.trim()}>
        {rename.isPending ? 'Renaming…' : 'Save name'}
      </Button>
      <Button className="mb-5" onClick={done} disabled={rename.isPending}>
        Cancel
      </Button>
    </form>
  );
}

interface BenchItemProps {
  shared: BankProfile;
  bench: SandboxBench;
  profiles: readonly BankProfile[];
  writes: Writes;
}

function BenchItem({ shared, bench, profiles, writes }: BenchItemProps) {
  const [renaming, setRenaming] = useState(false);
  const own = benchProfileOf(profiles, shared, bench);
  return (
    <li className="space-y-2 rounded border border-slate-200 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-medium text-slate-900">{bench.label}</h3>
        <code className="font-mono text-sm break-all text-slate-800">{benchBaseUrl(shared, bench)}</code>
      </div>
      <p className="text-sm text-slate-700">
        Last used {dateTime(bench.lastUsedAt)}
        {bench.expiresAt ? `; deleted if unused until ${dateTime(bench.expiresAt)}` : ''}.
        {own ? ` Profile “${own.name}”.` : ' No profile in this browser yet.'}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" wraps onClick={() => switchTo(shared, bench, profiles)}>
          Switch to {bench.label}
        </Button>
        {!renaming && <Button onClick={() => setRenaming(true)}>Rename…</Button>}
      </div>
      {renaming && <RenameForm bench={bench} rename={writes.rename} done={() => setRenaming(false)} />}
      <div className="flex flex-wrap gap-2">
        <ConfirmAction
          label={`Reset ${bench.label}…`}
          question={`“${bench.label}” becomes a fresh bank: its payments, consents, clock, scenarios and behaviour go, and it has the seed data again.`}
          confirm={{ label: 'Yes, reset the bench', pending: 'Resetting…' }}
          pending={writes.reset.isPending && writes.reset.variables?.name === bench.name}
          onConfirm={(close) => writes.reset.mutate(bench, { onSuccess: close })}
        />
        <ConfirmAction
          label={`Delete ${bench.label}…`}
          question={`“${bench.label}” and everything in it go for good${own ? `, and so does its profile “${own.name}”` : ''}.`}
          confirm={{ label: 'Yes, delete the bench', pending: 'Deleting…' }}
          pending={writes.remove.isPending && writes.remove.variables?.name === bench.name}
          onConfirm={(close) => writes.remove.mutate(bench, { onSuccess: close })}
        />
      </div>
    </li>
  );
}

/** What the latest write did, in words. */
function doneText(writes: Writes): string {
  const { start, rename, reset, remove } = writes;
  const said: [number, string][] = [];
  if (start.isSuccess) {
    const { bench, profile } = start.data;
    said.push([
      start.submittedAt,
      `Bench “${bench.label}” started at ${profile.baseUrl}, with the profile “${profile.name}”.`,
    ]);
  }
  if (rename.isSuccess) said.push([rename.submittedAt, `Renamed to “${rename.data.label}”.`]);
  if (reset.isSuccess) said.push([reset.submittedAt, `“${reset.data.label}” is a fresh bank again.`]);
  if (remove.isSuccess) said.push([remove.submittedAt, `“${remove.data.label}” is deleted.`]);
  return said.sort(([a], [b]) => b - a)[0]?.[1] ?? '';
}

export function BenchesPanel({ profile, controls }: { profile: BankProfile; controls: AdminControls }) {
  const benches = useBenches(profile, controls);
  const writes = useBenchWrites(profile, controls);
  const profiles = useProfiles();
  const [label, setLabel] = useState('');
  const limits = benches.data?.limits;

  function start(event: FormEvent) {
    event.preventDefault();
    if (label.trim()) writes.start.mutate(label.trim(), { onSuccess: () => setLabel('') });
  }

  return (
    <Panel
      title="Private benches"
      description="GET and POST {base_url}/admin/benches, PATCH and DELETE /admin/benches/{name}, POST /admin/benches/{name}/reset: each bench is a bank of its own at its own base_url on this server."
    >
      <p className="text-sm text-slate-700">
        A bench is a bank of your own: seeded like this sandbox, with its own clock, scenarios and behaviour, so what
        you do there touches no one else, and what others do here does not touch it.
        {limits &&
          ` This server keeps up to ${limits.max}${limits.idleMs === null ? '' : `, each deleted after ${durationInWords(limits.idleMs)} unused`}.`}
      </p>
      <form onSubmit={start} aria-label="Start a bench" className="flex flex-wrap items-end gap-2">
        <Field label="Bench name" hint="Shown in the list and in its profile’s name.">
          <TextInput value={label} maxLength={64} onChange={(event) => setLabel(event.target.value)} className="w-56" />
        </Field>
        <Button type="submit" variant="primary" className="mb-5" disabled={writes.start.isPending || !label.trim()}>
          {writes.start.isPending ? 'Starting…' : 'Start bench'}
        </Button>
      </form>
      <p role="status" className="text-sm text-slate-700">
        {doneText(writes)}
      </p>
      <AdminError error={firstError(writes.start, writes.rename, writes.reset, writes.remove)} />
      {benches.isPending && <LoadingText>Reading the benches…</LoadingText>}
      <AdminError error={benches.error} alert={false} />
      {benches.data &&
        (benches.data.benches.length > 0 ? (
          <ul aria-label="Benches" className="space-y-3">
            {benches.data.benches.map((bench) => (
              <BenchItem key={bench.name} shared={profile} bench={bench} profiles={profiles} writes={writes} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-700">No bench yet.</p>
        ))}
    </Panel>
  );
}
