// The active failure scenarios, each with its Remove button, and the editor of a new one.
import type { SandboxScenario, ScenarioEffect } from '../../../api';
import { Button, LoadingText, Panel } from '../../../components/ui';
import { AdminError } from './admin-error';
import { ScenarioForm, type ScenarioFormProps } from './scenario-form';

function effectText(effect: ScenarioEffect): string {
  switch (effect.kind) {
    case 'error':
      return `answers ${effect.code ?? 'an error'}${effect.status ? ` (HTTP ${effect.status})` : ''}`;
    case 'delay':
      return `answers after ${effect.ms ?? 0} ms`;
    case 'hang':
      return 'never answers';
    default:
      return 'the PSU aborts the decoupled SCA';
  }
}

function scenarioText(scenario: SandboxScenario): string {
  const whose = [
    scenario.psuId && `PSU ${scenario.psuId}`,
    scenario.resourceId && `resource ${scenario.resourceId}`,
  ].filter(Boolean);
  const times = scenario.remaining === null ? 'until removed' : `for the next ${scenario.remaining} calls`;
  const operation = scenario.operation === '*' ? 'Every operation' : scenario.operation;
  return `${operation} ${effectText(scenario.effect)} ${times}${whose.length ? `, only for ${whose.join(' and ')}` : ''}.`;
}

interface ScenariosPanelProps extends Omit<ScenarioFormProps, 'pending' | 'onAdd'> {
  scenarios: { data?: { scenarios: SandboxScenario[] }; error: unknown; isPending: boolean };
  add: { mutate: ScenarioFormProps['onAdd']; isPending: boolean; error: unknown };
  remove: { mutate: (id: string) => void; isPending: boolean; error: unknown };
}

export function ScenariosPanel({ scenarios, add, remove, catalogue, psus }: ScenariosPanelProps) {
  const list = scenarios.data?.scenarios ?? [];
  return (
    <Panel
      title="Failure scenarios"
      description="POST and DELETE {base_url}/admin/scenarios: chosen operations answer a 1.3.12 error or answer slowly, for the next N calls or until removed, optionally only for one PSU or resource."
    >
      {scenarios.isPending && <LoadingText>Reading the scenarios…</LoadingText>}
      <AdminError error={scenarios.error} alert={false} />
      {scenarios.data && list.length === 0 && <p className="text-sm text-slate-700">No scenario is active.</p>}
      {list.length > 0 && (
        <ul aria-label="Active scenarios" className="divide-y divide-slate-200 rounded border border-slate-200">
          {list.map((scenario) => (
            <li key={scenario.id} className="flex flex-wrap items-center justify-between gap-2 p-2 text-sm">
              <span className="min-w-0 break-words">{scenarioText(scenario)}</span>
              <Button
                size="sm"
                variant="danger"
                disabled={remove.isPending}
                aria-label={`Remove: ${scenarioText(scenario)}`}
                onClick={() => remove.mutate(scenario.id)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <AdminError error={remove.error} />
      <ScenarioForm catalogue={catalogue} psus={psus} pending={add.isPending} onAdd={add.mutate} />
      <AdminError error={add.error} />
    </Panel>
  );
}
