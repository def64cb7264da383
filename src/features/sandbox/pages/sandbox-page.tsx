// /sandbox: the embedded sandbox bank's controls through its admin API (clock, failure scenarios, behaviour preset,
// data, private benches when the sandbox offers them, test PSUs), for the active profile's bank when it offers the API.
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  adminTokenChanged,
  useActiveProfile,
  useAdminReads,
  useAdminToken,
  useAdminWrites,
  useSandboxAdmin,
  type AdminControls,
  type BankProfile,
} from '../../../api';
import { Button, Field, LoadingText, TextInput } from '../../../components/ui';
import { BehaviourPanel } from '../components/behaviour-panel';
import { BenchesPanel } from '../components/benches-panel';
import { ClockPanel } from '../components/clock-panel';
import { DataPanel } from '../components/data-panel';
import { PsusPanel } from '../components/psus-panel';
import { ScenariosPanel } from '../components/scenarios-panel';

/** The admin token (SANDBOX_ADMIN_TOKEN) for this tab: kept in sessionStorage, never in localStorage. */
function AdminTokenForm({ profile, needed }: { profile: BankProfile; needed: boolean }) {
  const queryClient = useQueryClient();
  const stored = useAdminToken(profile) ?? '';
  const [token, setToken] = useState(stored);

  function submit(event: FormEvent) {
    event.preventDefault();
    adminTokenChanged(queryClient, profile, token);
  }

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <Field
        label="Admin token"
        hint={
          needed
            ? 'This sandbox was started with SANDBOX_ADMIN_TOKEN: enter it to use its controls. Kept for this tab only.'
            : 'Only needed when the sandbox was started with SANDBOX_ADMIN_TOKEN. Kept for this tab only.'
        }
      >
        <TextInput
          type="password"
          autoComplete="off"
          value={token}
          onChange={(event) => setToken(event.target.value)}
          className="w-72 max-w-full font-mono"
        />
      </Field>
      <Button type="submit" className="mb-5" disabled={token.trim() === stored}>
        {token.trim() || !stored ? 'Use token' : 'Forget token'}
      </Button>
    </form>
  );
}

function Controls({ profile, controls }: { profile: BankProfile; controls: AdminControls }) {
  const reads = useAdminReads(profile, controls);
  const writes = useAdminWrites(profile, controls);
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <ClockPanel clock={reads.clock} move={writes.moveClock} />
      <BehaviourPanel profiles={reads.profiles} apply={writes.applyProfile} />
      <ScenariosPanel
        scenarios={reads.scenarios}
        add={writes.addScenario}
        remove={writes.removeScenario}
        catalogue={reads.catalogue.data}
        psus={reads.psus.data?.psus ?? []}
      />
      <DataPanel
        snapshots={reads.snapshots}
        reset={writes.resetData}
        save={writes.saveSnapshot}
        restore={writes.restoreSnapshot}
      />
      {controls.benches && (
        <div className="xl:col-span-2">
          <BenchesPanel profile={profile} controls={controls} />
        </div>
      )}
      <div className="xl:col-span-2">
        <PsusPanel psus={reads.psus} />
      </div>
    </div>
  );
}

export function SandboxPage() {
  const profile = useActiveProfile();
  const admin = useSandboxAdmin(profile);
  const found = admin.data?.available ? admin.data : undefined;
  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <h1 className="text-xl font-semibold text-slate-900">Sandbox</h1>
        <p className="max-w-3xl text-sm text-slate-700">
          The test bench of <strong>{profile.name}</strong>: its clock, failure scenarios, behaviour and data, through
          the sandbox’s admin API. Real banks offer nothing like it. Every call shows in the{' '}
          <Link to="/inspector" className="text-blue-800 underline">
            Inspector
          </Link>
          .
        </p>
      </header>
      {admin.isPending && <LoadingText>Looking for the sandbox’s admin API…</LoadingText>}
      {admin.data && !found && (
        <p role="status" className="rounded border border-slate-200 bg-white p-3 text-sm text-slate-800">
          This bank offers no sandbox admin API at {profile.baseUrl}/admin. Choose a profile of the embedded sandbox in{' '}
          <Link to="/settings" className="text-blue-800 underline">
            Settings
          </Link>
          .
        </p>
      )}
      {found && <AdminTokenForm profile={profile} needed={found.tokenNeeded} />}
      {found && !found.tokenNeeded && <Controls profile={profile} controls={found.controls} />}
    </div>
  );
}
