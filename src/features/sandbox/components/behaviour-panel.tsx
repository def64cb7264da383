// The bank's behaviour preset: a choice of the sandbox's profiles (SCA approaches, OAuth, PSU-ID required…) and Apply.
import { useState, type FormEvent } from 'react';
import type { BehaviourProfiles } from '../../../api';
import { Button, Field, LoadingText, Panel, Select } from '../../../components/ui';
import { AdminError } from './admin-error';

interface BehaviourPanelProps {
  profiles: { data?: BehaviourProfiles; error: unknown; isPending: boolean };
  apply: { mutate: (name: string) => void; isPending: boolean; error: unknown };
}

export function BehaviourPanel({ profiles, apply }: BehaviourPanelProps) {
  const [chosen, setChosen] = useState<string>();
  const current = profiles.data?.current;
  const selected = chosen ?? current ?? '';
  const description = profiles.data?.profiles.find((profile) => profile.name === selected)?.description;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (selected) apply.mutate(selected);
  }

  return (
    <Panel
      title="Bank behaviour"
      description="PUT {base_url}/admin/profile: presets of the options real banks differ in. They apply to every client of this sandbox."
    >
      {profiles.isPending && <LoadingText>Reading the presets…</LoadingText>}
      <AdminError error={profiles.error} alert={false} />
      {profiles.data && (
        <form onSubmit={submit} className="space-y-2">
          <p className="text-sm text-slate-700">
            Now: <code className="font-mono">{current}</code>
          </p>
          <div className="flex flex-wrap items-end gap-2">
            <Field label="Behaviour preset" className="min-w-0 flex-1 sm:max-w-xs">
              <Select value={selected} onChange={(event) => setChosen(event.target.value)}>
                {profiles.data.profiles.map((profile) => (
                  <option key={profile.name}>{profile.name}</option>
                ))}
              </Select>
            </Field>
            <Button type="submit" disabled={apply.isPending || !selected}>
              {apply.isPending ? 'Applying…' : 'Apply'}
            </Button>
          </div>
          {description && <p className="text-sm text-slate-600">{description}</p>}
        </form>
      )}
      <AdminError error={apply.error} />
    </Panel>
  );
}
