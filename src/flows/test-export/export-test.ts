// "Export as Playwright test": a payment's, consent's or signing basket's flow, as this tab recorded it, made into a runnable Playwright
// test file and offered as a download. Loaded with the first export, so the console's pages do not carry it.
import { exchangeLog, MASKED_DISPLAY, presenterMode, redactExchange, type Exchange } from '../../api';
import { downloadText } from '../../components/ui';
import { cleanExchange } from '../replay/replay-clean';
import { knownSecrets } from '../replay/save-replay';
import { flowSchemas } from './flow-schemas';
import { flowIntent } from './intent';
import { buildReplayPlan, type CallStep, type ReplayPlan } from './plan';
import { renderTest } from './render-test';

export interface PlaywrightTestFile {
  fileName: string;
  text: string;
}

/** A test file's name: `<slug>.spec.ts`, its slug made of letters, digits, dots, dashes and underscores. */
export function testFileName(slug: string): string {
  return `${slug.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 100)}.spec.ts`;
}

export interface PlaywrightTestInput {
  flow: string;
  /** The tab's exchanges, oldest first; those of other flows are left out. */
  exchanges: readonly Exchange[];
  /** Values no file may hold (bearer tokens…), removed wherever they appear. */
  secrets?: readonly string[];
  /** Presenter mode: the bank's data in the file masked as on screen (account numbers, people's names, addresses). */
  masked?: boolean;
  savedAt?: number;
}

/** A flow as its test is written: the plan of its steps, and what it shows in words. */
export interface FlowTest {
  flow: string;
  plan: ReplayPlan;
  /** The test's title as code, and its words for the file's comment. */
  title: string;
  words: string;
  slug: string;
}

/** The schema keys of the answers a plan checks. */
export function schemaKeysOf(plan: ReplayPlan): string[] {
  const calls = plan.steps.flatMap((step): CallStep[] => {
    if (step.kind === 'call') return [step];
    return step.kind === 'embedded' ? step.calls : [];
  });
  return calls.flatMap((call) => (call.schemaKey ? [call.schemaKey] : []));
}

const idsIn = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];

/**
 * The flows a flow's test replays: its own, and for a signing basket each member's (the payments and consents its
 * creation named), whose creation comes before the basket and whose status reads after its authorisation.
 */
export function flowsOfTest(flow: string, exchanges: readonly Exchange[]): Set<string> {
  const flows = new Set([flow]);
  if (!flow.startsWith('basket:')) return flows;
  const creation = exchanges.find(
    (exchange) => exchange.flow === flow && exchange.operationId === 'createSigningBasket',
  );
  const body = creation?.request.body;
  const members = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  for (const id of idsIn(members.paymentIds)) flows.add(`payment:${id}`);
  for (const id of idsIn(members.consentIds)) flows.add(`consent:${id}`);
  return flows;
}

/** One flow's exchanges (redacted, or masked in presenter mode) made into its test's plan and name. */
export function flowTest({ flow, exchanges, secrets = [], masked = false }: PlaywrightTestInput): FlowTest {
  const flows = flowsOfTest(flow, exchanges);
  const own = exchanges
    .filter((exchange) => exchange.flow !== undefined && flows.has(exchange.flow))
    .map((exchange) =>
      masked ? cleanExchange(exchange, { secrets, display: MASKED_DISPLAY }) : redactExchange(exchange, { secrets }),
    );
  const plan = buildReplayPlan(own, flows.size > 1 ? { handOversOf: flow } : {});
  const intent = flowIntent(own, plan);
  // The title's words for the comment: the template's variables as their names say.
  const words = intent.title
    .slice(1, -1)
    .replace('${PSU.id}', 'The PSU (XS2A_PSU_ID)')
    .replace('${CHOSEN.amount} ${CHOSEN.currency}', 'XS2A_AMOUNT XS2A_CURRENCY');
  return { flow, plan, title: intent.title, words, slug: intent.slug };
}

/** The Playwright test of one flow, as one file that carries its helpers and schemas. */
export function playwrightTest(input: PlaywrightTestInput): PlaywrightTestFile {
  const test = flowTest(input);
  const schemas = flowSchemas(schemaKeysOf(test.plan));
  const text = renderTest(test.plan, test, schemas);
  return { fileName: testFileName(test.slug), text };
}

/** Downloads the test of `flow` as this tab recorded it; the flows it replays are kept in the log from then on. */
export function savePlaywrightTest(flow: string): PlaywrightTestFile {
  const exchanges = exchangeLog.list();
  const file = playwrightTest({ flow, exchanges, secrets: knownSecrets(), masked: presenterMode.isOn() });
  downloadText(file.text, file.fileName, 'text/plain');
  exchangeLog.keep([...flowsOfTest(flow, exchanges)]);
  return file;
}
