// What the scenario editor holds and checks: a draft of every setting the sandbox's scenario API takes (an operation,
// one effect — an error with its status and text, a delay, a hang or a decoupled abort — and how many calls, whose and
// about which resource), the body it becomes, and what the sandbox's catalogue says of each code. Pure.
import type { SandboxScenario, ScenarioCatalogue, ScenarioErrorOption, ScenarioInput } from '../../../api';

export type EffectKind = 'error' | 'delay' | 'hang' | 'decoupled-abort';

export const effectKinds: readonly EffectKind[] = ['error', 'delay', 'hang', 'decoupled-abort'];

/** The editor's words for each effect. */
export const effectLabels: Record<EffectKind, string> = {
  error: 'Answer with an error',
  delay: 'Answer slowly',
  hang: 'Never answer (hang)',
  'decoupled-abort': 'PSU aborts the decoupled SCA',
};

export interface ScenarioDraft {
  operation: string;
  kind: EffectKind;
  error: string;
  /** '' for the status 1.3.12 gives the code on the operation. */
  status: string;
  text: string;
  delayMs: string;
  count: string;
  psuId: string;
  resourceId: string;
}

export const emptyDraft: ScenarioDraft = {
  operation: '*',
  kind: 'error',
  error: '',
  status: '',
  text: '',
  delayMs: '5000',
  count: '',
  psuId: '',
  resourceId: '',
};

/** The draft's settings a problem can be about, by the admin API's member names. */
export type DraftField = 'operation' | 'error' | 'status' | 'text' | 'delayMs' | 'count' | 'psuId' | 'resourceId';
export type DraftProblems = Partial<Record<DraftField, string>>;

/** The sandbox's limits (server/sandbox/admin/scenario-rules.ts): the longest delay and the longest text. */
export const MAX_DELAY_MS = 600_000;
export const MAX_TEXT_LENGTH = 500;

/** What the catalogue says of a code on an operation; for '*', what it says across every operation. */
export interface CodeFacts {
  /** The status the sandbox answers unless asked for another; undefined when it differs by operation (or is unknown). */
  status?: number;
  /** Every status it answers on some operation when none is asked for (one for a single operation). */
  defaults: number[];
  /** The statuses that may be asked for. */
  statuses: number[];
  sandboxOwn: boolean;
}

const sortedUnique = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);

/** The codes a scenario of this operation may answer with (for '*': every code of every operation). */
export function codesOf(catalogue: ScenarioCatalogue | undefined, operation: string): string[] {
  const ops = catalogue?.operations ?? {};
  const lists = operation === '*' ? Object.values(ops).map((op) => op.errorCodes) : [ops[operation]?.errorCodes ?? []];
  return [...new Set(lists.flat())].sort();
}

/** The catalogue's facts of a code on an operation (or on every operation, for '*'); undefined when it gives none. */
export function codeFacts(catalogue: ScenarioCatalogue | undefined, operation: string, code: string) {
  const ops = catalogue?.operations ?? {};
  const entries = (operation === '*' ? Object.values(ops) : [ops[operation]])
    .map((op) => op?.errors?.[code])
    .filter((entry): entry is ScenarioErrorOption => entry !== undefined);
  if (entries.length === 0) return undefined;
  const defaults = sortedUnique(entries.map((entry) => entry.status));
  const facts: CodeFacts = {
    defaults,
    statuses: sortedUnique(entries.flatMap((entry) => entry.statuses)),
    sandboxOwn: entries.some((entry) => entry.sandboxOwn === true) || code in (catalogue?.sandboxCodes ?? {}),
  };
  if (defaults.length === 1) facts.status = defaults[0];
  return facts;
}

/** Whether the sandbox calls a code its own (outside 1.3.12). */
export function isSandboxOwn(catalogue: ScenarioCatalogue | undefined, operation: string, code: string): boolean {
  return code in (catalogue?.sandboxCodes ?? {}) || codeFacts(catalogue, operation, code)?.sandboxOwn === true;
}

function wholeNumber(text: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : undefined;
}

function effectOf(draft: ScenarioDraft, catalogue: ScenarioCatalogue | undefined, problems: DraftProblems) {
  switch (draft.kind) {
    case 'error': {
      if (!draft.error) {
        problems.error = 'Choose the error code the bank should answer with.';
        return {};
      }
      const input: Partial<ScenarioInput> = { error: draft.error };
      if (draft.status) {
        const status = Number(draft.status);
        const allowed = codeFacts(catalogue, draft.operation, draft.error)?.statuses;
        if (allowed && !allowed.includes(status)) {
          problems.status = `${draft.error} is answered with ${allowed.join(' or ')} here, not ${draft.status}.`;
        }
        input.status = status;
      }
      if (draft.text.length > MAX_TEXT_LENGTH) {
        problems.text = `The text may be at most ${MAX_TEXT_LENGTH} characters; it has ${draft.text.length}.`;
      } else if (draft.text.trim()) input.text = draft.text.trim();
      return input;
    }
    case 'delay': {
      const ms = wholeNumber(draft.delayMs, 0, MAX_DELAY_MS);
      if (ms === undefined) {
        problems.delayMs = `Enter the delay in milliseconds, a whole number from 0 to ${MAX_DELAY_MS} (10 minutes).`;
      }
      return ms === undefined ? {} : { delayMs: ms };
    }
    case 'hang':
      return { hang: true as const };
    case 'decoupled-abort':
      return { decoupledAbort: true as const };
  }
}

/** The body of POST /admin/scenarios for a draft, or what is wrong with it, by setting. */
export function scenarioInput(
  draft: ScenarioDraft,
  catalogue?: ScenarioCatalogue,
): { input: ScenarioInput } | { problems: DraftProblems } {
  const problems: DraftProblems = {};
  const input: ScenarioInput = { operation: draft.operation, ...effectOf(draft, catalogue, problems) };
  if (draft.count.trim()) {
    const count = wholeNumber(draft.count, 1);
    if (count === undefined) problems.count = 'Enter how many calls as a whole number of 1 or more.';
    else input.count = count;
  }
  if (draft.psuId.trim()) input.psuId = draft.psuId.trim();
  if (draft.resourceId.trim()) input.resourceId = draft.resourceId.trim();
  return Object.keys(problems).length > 0 ? { problems } : { input };
}

const fieldNames: readonly DraftField[] = [
  'operation',
  'error',
  'status',
  'text',
  'delayMs',
  'count',
  'psuId',
  'resourceId',
];

/**
 * The setting a refusal of the sandbox is about, when its sentence names one the way the admin API does
 * (`psuId: …`, `delayMs: …`), with the sentence that remains; undefined otherwise.
 */
export function refusalField(message: string): { field: DraftField; words: string } | undefined {
  const match = /^(\w+):\s*(.+)$/s.exec(message.trim());
  const field = fieldNames.find((name) => name === match?.[1]);
  if (!field || !match?.[2]) return undefined;
  const words = match[2].trim();
  return { field, words: words.charAt(0).toUpperCase() + words.slice(1) };
}

/** The status an error scenario answers with, in words: the one asked for, else the catalogue's default there. */
function statusWords(status: number | undefined, facts: CodeFacts | undefined): string | undefined {
  if (status !== undefined) return `HTTP ${status}`;
  if (facts?.status !== undefined) return `HTTP ${facts.status}, the default there`;
  return facts ? `HTTP ${facts.defaults.join(', ')} by operation, the defaults` : undefined;
}

function effectWords(scenario: SandboxScenario, catalogue: ScenarioCatalogue | undefined): string {
  const effect = scenario.effect;
  switch (effect.kind) {
    case 'error': {
      const code = effect.code ?? 'an error';
      const facts = effect.code ? codeFacts(catalogue, scenario.operation, effect.code) : undefined;
      const own = effect.code !== undefined && isSandboxOwn(catalogue, scenario.operation, effect.code);
      const details = [statusWords(effect.status, facts), own && 'the sandbox’s own code'].filter(Boolean);
      const text = effect.text ? ` with the text “${effect.text}”` : '';
      return `answers ${code}${details.length ? ` (${details.join('; ')})` : ''}${text}`;
    }
    case 'delay':
      return `answers after ${effect.ms ?? 0} ms`;
    case 'hang':
      return 'never answers (hangs until the client gives up)';
    default:
      return 'has its decoupled SCA aborted by the PSU';
  }
}

/** A scenario in one sentence, with every setting it has. */
export function scenarioWords(scenario: SandboxScenario, catalogue?: ScenarioCatalogue): string {
  const whose = [
    scenario.psuId && `PSU ${scenario.psuId}`,
    scenario.resourceId && `resource ${scenario.resourceId}`,
  ].filter(Boolean);
  const times =
    scenario.remaining === null
      ? 'until removed'
      : scenario.remaining === 1
        ? 'for the next call'
        : `for the next ${scenario.remaining} calls`;
  const operation = scenario.operation === '*' ? 'Every operation' : scenario.operation;
  const only = whose.length ? `, only for ${whose.join(' and ')}` : '';
  return `${operation} ${effectWords(scenario, catalogue)} ${times}${only}.`;
}
