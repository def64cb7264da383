// "Export as Playwright test": a payment's or consent's flow, as this tab recorded it, made into a runnable Playwright
// test file and offered as a download. Loaded with the first export, so the console's pages do not carry it.
import { exchangeLog, MASKED_DISPLAY, presenterMode, redactExchange, type Exchange } from '../../api';
import { downloadText } from '../../components/ui';
import { cleanExchange } from '../replay/replay-clean';
import { knownSecrets } from '../replay/save-replay';
import { flowSchemas } from './flow-schemas';
import { buildReplayPlan, type CallStep } from './plan';
import { renderTest } from './render-test';

export interface PlaywrightTestFile {
  fileName: string;
  text: string;
}

/** "payment:p-1" → "payment-p-1.spec.ts". */
export function testFileName(flow: string): string {
  return `${flow.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 100)}.spec.ts`;
}

/** "payment:p-1" → "Payment p-1 replayed". */
function titleOf(flow: string): string {
  const separator = flow.indexOf(':');
  const kind = separator < 0 ? flow : flow.slice(0, separator).replace(/[-_]+/g, ' ');
  const id = separator < 0 ? '' : ` ${flow.slice(separator + 1)}`;
  return `${kind.charAt(0).toUpperCase()}${kind.slice(1)}${id} replayed`;
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

/** The Playwright test of one flow. */
export function playwrightTest({
  flow,
  exchanges,
  secrets = [],
  savedAt = Date.now(),
  masked = false,
}: PlaywrightTestInput) {
  const own = exchanges
    .filter((exchange) => exchange.flow === flow)
    .map((exchange) =>
      masked ? cleanExchange(exchange, { secrets, display: MASKED_DISPLAY }) : redactExchange(exchange, { secrets }),
    );
  const plan = buildReplayPlan(own);
  const calls = plan.steps.flatMap((step): CallStep[] => {
    if (step.kind === 'call') return [step];
    return step.kind === 'embedded' ? step.calls : [];
  });
  const schemas = flowSchemas(calls.flatMap((call) => (call.schemaKey ? [call.schemaKey] : [])));
  const fileName = testFileName(flow);
  return { fileName, text: renderTest(plan, { title: titleOf(flow), fileName, savedAt, schemas }) };
}

/** Downloads the test of `flow` as this tab recorded it; the flow is kept in the log from then on. */
export function savePlaywrightTest(flow: string): PlaywrightTestFile {
  const file = playwrightTest({
    flow,
    exchanges: exchangeLog.list(),
    secrets: knownSecrets(),
    masked: presenterMode.isOn(),
  });
  downloadText(file.text, file.fileName, 'text/plain');
  exchangeLog.keep([flow]);
  return file;
}
