// A flow's replay, made from what this tab recorded: its exchanges cleaned first (secrets out, bank data masked in
// presenter mode), then its story told from the cleaned exchanges, so no step's words can carry what was removed.
import type { Exchange, FlowEvent } from '../../api';
import type { StateMapProps } from '../state-map';
import { buildFlowStory } from '../story';
import { cleanExchange, cleanText, type CleanOptions } from './replay-clean';
import { REPLAY_FORMAT, REPLAY_VERSION, type ReplayData, type ReplayExchange } from './replay-data';

export interface ReplayInput extends CleanOptions {
  /** The exchange log's flow key, e.g. 'payment:<paymentId>'. */
  flow: string;
  /** What the flow is about, e.g. "Payment to Boulangerie Exemple" (names already shown through the display). */
  title: string;
  /** The exchange log (or any part of it); only this flow's exchanges are kept. */
  exchanges: readonly Exchange[];
  events: readonly FlowEvent[];
  stateMap?: StateMapProps;
  savedAt?: number;
}

function bodyText(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  return typeof body === 'string' ? body : JSON.stringify(body, null, 2);
}

function replayExchange(exchange: Exchange): ReplayExchange {
  const { request, response, error } = exchange;
  const requestBody = bodyText(request.body);
  return {
    id: exchange.id,
    operationId: exchange.operationId,
    requestId: exchange.requestId,
    startedAt: exchange.startedAt,
    ...(exchange.durationMs !== undefined && { durationMs: exchange.durationMs }),
    method: request.method,
    url: request.url,
    requestHeaders: request.headers,
    ...(requestBody !== undefined && { requestBody }),
    ...(response && {
      status: response.status,
      statusText: response.statusText,
      responseHeaders: response.headers,
      responseBody: response.bodyText,
    }),
    ...(error && { error: error.message }),
    ...(exchange.folded && { foldedReads: { ...exchange.folded } }),
  };
}

export function buildReplay(input: ReplayInput): ReplayData {
  const { flow, display } = input;
  const exchanges = input.exchanges.filter((exchange) => exchange.flow === flow).map((e) => cleanExchange(e, input));
  const story = buildFlowStory({ flow, exchanges, events: input.events, display });
  return {
    format: REPLAY_FORMAT,
    version: REPLAY_VERSION,
    savedAt: input.savedAt ?? Date.now(),
    title: cleanText(input.title, input),
    masked: display.masked,
    story: {
      ...story,
      steps: story.steps.map((step) => ({
        ...step,
        label: cleanText(step.label, input),
        ...(step.detail !== undefined && { detail: cleanText(step.detail, input) }),
        arrows: step.arrows.map((arrow) => ({ ...arrow, text: cleanText(arrow.text, input) })),
      })),
    },
    ...(input.stateMap && {
      stateMap: {
        kind: input.stateMap.kind,
        timeline: [...input.stateMap.timeline],
        ...(input.stateMap.current !== undefined && { current: input.stateMap.current }),
      },
    }),
    exchanges: exchanges.map(replayExchange),
  };
}
