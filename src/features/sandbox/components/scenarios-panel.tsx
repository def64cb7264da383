// The active failure scenarios, each with all its settings and its Remove button, and the editor of a new one.
import { SandboxAdminError, type SandboxScenario } from '../../../api';
import { Button, LoadingText, Panel } from '../../../components/ui';
import { AdminError } from './admin-error';
import { scenarioWords } from './scenario-draft';
import { ScenarioForm, type ScenarioFormProps } from './scenario-form';

interface ScenariosPanelProps extends Omit<ScenarioFormProps, 'pending' | 'onAdd' | 'refusal'> {
  scenarios: { data?: { scenarios: SandboxScenario[] }; error: unknown; isPending: boolean };
  add: { mutate: ScenarioFormProps['onAdd']; isPending: boolean; error: unknown };
  remove: { mutate: (id: string) => void; isPending: boolean; error: unknown };
}

export function ScenariosPanel({ scenarios, add, remove, catalogue, psus }: ScenariosPanelProps) {
  const list = scenarios.data?.scenarios ?? [];
  return (
    <Panel
      title="Failure scenarios"
      description="POST and DELETE {base_url}/admin/scenarios: chosen operations answer an error (with the status and text you choose), answer slowly, never answer, or have their decoupled SCA aborted by the PSU, for the next N calls or until removed, optionally only for one PSU or resource."
    >
      {scenarios.isPending && <LoadingText>Reading the scenarios…</LoadingText>}
      <AdminError error={scenarios.error} alert={false} />
      {scenarios.data && list.length === 0 && <p className="text-sm text-slate-700">No scenario is active.</p>}
      {list.length > 0 && (
        <ul aria-label="Active scenarios" className="divide-y divide-slate-200 rounded border border-slate-200">
          {list.map((scenario) => (
            <li key={scenario.id} className="flex flex-wrap items-center justify-between gap-2 p-2 text-sm">
              <span className="min-w-0 break-words">{scenarioWords(scenario, catalogue)}</span>
              <Button
                size="sm"
                variant="danger"
                disabled={remove.isPending}
                aria-label={`Remove: ${scenarioWords(scenario, catalogue)}`}
                onClick={() => remove.mutate(scenario.id)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <AdminError error={remove.error} />
      <ScenarioForm
        catalogue={catalogue}
        psus={psus}
        pending={add.isPending}
        onAdd={add.mutate}
        refusal={add.error instanceof SandboxAdminError && add.error.status === 400 ? add.error.message : undefined}
      />
      <AdminError error={add.error} />
    </Panel>
  );
}
