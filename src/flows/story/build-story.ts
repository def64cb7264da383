// Builds a flow's story from what happened in this tab: its exchanges (the inspector's record) and the hand-over events
// (the PSU sent to the bank, a decoupled wait, the return). Reads that saw nothing new fold into one waiting span; the
// PSU's part, which no request shows, is told from the events and the bank's answers.
import { PLAIN_DISPLAY, type BankDataDisplay, type Exchange, type FlowEvent } from '../../api';
import { withoutSpecCodes } from '../../xs2a/audience-words';
import { exchangeDetail } from './bank-details';
import {
  answerBody,
  answerWords,
  isFailedStatus,
  psuDataStepOf,
  wasStopped,
  readName,
  requestName,
  statusSeen,
  type StatusFamily,
} from './exchange-words';
import { outcomeOf } from './outcome';
import { psuInputStep, scaMethodName, type KnownMethods } from './psu-steps';
import type { FlowStep, FlowStory, Lane, StepTone } from './story-types';

export interface BuildFlowStoryInput {
  /** The flow key, e.g. 'payment:<paymentId>'. */
  flow: string;
  /** The exchange log (or any part of it); only this flow's exchanges are used. */
  exchanges: readonly Exchange[];
  /** The hand-over events (or any part of them); only this flow's are used. */
  events: readonly FlowEvent[];
  /** How bank data (names, account numbers, the bank's text) is shown; presenter mode masks it. */
  display?: BankDataDisplay;
}

type HandOver = Extract<FlowEvent, { kind: 'hand-over' }>;

interface WaitingRun {
  step: FlowStep;
  /** Per read name ("Status read"): how many, and the value they kept showing. */
  runs: Map<string, { count: number; value?: string }>;
}

/** The state of one pass over a flow's exchanges and events. */
class StoryBuilder {
  readonly steps: FlowStep[] = [];
  /** The last value each status family and each other read showed, to tell a read that saw nothing new. */
  readonly seen = new Map<string, string>();
  readonly statuses = new Map<StatusFamily, string>();
  waiting: WaitingRun | undefined;
  handOver: HandOver | undefined;
  decoupled = false;
  methods: KnownMethods = [];

  constructor(readonly display: BankDataDisplay) {}

  push(step: FlowStep): void {
    this.waiting = undefined;
    this.steps.push(step);
  }

  /**
   * A successful read that showed what the flow already knew (a rejected payment read again is still nothing new);
   * reads in flight are left out until they answer, and reads the console stopped for a newer one are left out.
   */
  isQuietRead(exchange: Exchange): boolean {
    const name = readName(exchange);
    if (!name) return false;
    if (!exchange.response && (!exchange.error || wasStopped(exchange))) return true;
    if (exchange.error || !exchange.response || exchange.response.status >= 400) return false;
    const [key, value] = observation(exchange);
    return this.seen.get(key) === value;
  }

  addQuietRead(exchange: Exchange): void {
    const name = readName(exchange);
    if (!name || !exchange.response) return;
    const status = statusSeen(exchange);
    if (!this.waiting) {
      const step: FlowStep = {
        id: `wait:${exchange.id}`,
        kind: 'waiting',
        at: exchange.startedAt,
        tone: 'waiting',
        label: '',
        arrows: [],
        exchangeIds: [],
      };
      this.steps.push(step);
      this.waiting = { step, runs: new Map() };
    }
    const run = this.waiting.runs.get(name) ?? { count: 0, ...(status && { value: status.code }) };
    run.count += 1;
    this.waiting.runs.set(name, run);
    this.waiting.step.exchangeIds?.push(exchange.id);
    this.waiting.step.label = [...this.waiting.runs]
      .map(([read, { count, value }]) => {
        const times = `${read} ${count} time${count === 1 ? '' : 's'}, unchanged`;
        return value === undefined ? times : `${times}: ${value}`;
      })
      .join('; ');
  }

  addExchange(exchange: Exchange): void {
    if (this.isQuietRead(exchange)) {
      this.addQuietRead(exchange);
      return;
    }
    const status = statusSeen(exchange);
    if (this.decoupled && status?.family === 'sca' && isFinalSca(status.code)) this.decoupledAnswered(exchange, status);
    const input = psuInputStep(exchange, this.methods);
    if (input) this.push(input);
    this.pushExchange(exchange);
    this.learn(exchange);
  }

  pushExchange(exchange: Exchange): void {
    const words = answerWords(exchange);
    const request = requestName(exchange);
    const detail = exchangeDetail(exchange, words.message, this.display);
    this.push({
      id: exchange.id,
      kind: 'exchange',
      at: exchange.startedAt,
      tone: words.pending ? 'waiting' : words.failed ? 'failed' : wasStopped(exchange) ? 'neutral' : 'ok',
      label: `${request} → ${words.answer}`,
      ...(detail && { detail }),
      arrows: [
        { from: 'tpp', to: 'bank', text: request },
        { from: 'bank', to: 'tpp', text: words.answer, answer: true },
      ],
      exchangeId: exchange.id,
    });
    const challenge = challengeSent(exchange, this.methods);
    if (challenge) this.push(challenge);
  }

  /** What the exchange taught: the statuses and reads it showed, the SCA methods the bank offered. */
  learn(exchange: Exchange): void {
    if (answerWords(exchange).failed && !statusSeen(exchange)) return;
    const [key, value] = observation(exchange);
    if (exchange.response && exchange.response.status < 400) this.seen.set(key, value);
    const status = statusSeen(exchange);
    if (status) this.statuses.set(status.family, status.code);
    const offered = answerBody(exchange)?.scaMethods;
    if (Array.isArray(offered)) this.methods = offered;
  }

  decoupledAnswered(exchange: Exchange, status: { family: StatusFamily; code: string }): void {
    this.decoupled = false;
    const failed = isFailedStatus(status);
    this.push(
      arrow(`${exchange.id}:psu`, exchange.startedAt, 'psu', 'bank', failed ? 'failed' : 'ok', {
        label: failed
          ? 'The PSU’s approval in the banking app failed or was denied'
          : 'The PSU approves in the banking app',
      }),
    );
  }

  addEvent(event: FlowEvent): void {
    switch (event.kind) {
      case 'hand-over':
        this.handOver = event;
        this.push(
          arrow(event.id, event.at, 'tpp', 'psu', 'neutral', {
            label: `The console sends the PSU to the bank’s ${event.via === 'oauth' ? 'login (OAuth)' : 'page'}${
              event.purpose === 'cancellation' ? ' to cancel the payment' : ''
            }`,
          }),
        );
        return;
      case 'return':
        this.addReturn(event);
        return;
      case 'decoupled-wait':
        this.decoupled = true;
        this.push(
          arrow(event.id, event.at, 'bank', 'psu', 'neutral', {
            label: `The bank asks the PSU to approve ${
              event.purpose === 'cancellation' ? 'the cancellation' : 'it'
            } in their banking app`,
          }),
        );
    }
  }

  addReturn(event: Extract<FlowEvent, { kind: 'return' }>): void {
    const handOver = this.handOver;
    this.handOver = undefined;
    const place = event.via === 'oauth' ? 'the bank’s login page' : 'the bank';
    const what = handOver?.purpose === 'cancellation' ? 'the cancellation' : '';
    const ok = event.outcome === 'ok';
    this.push(
      arrow(`${event.id}:psu`, event.at, 'psu', 'bank', ok ? 'ok' : 'failed', {
        label: ok
          ? `The PSU logs in and approves ${what ? `${what} ` : ''}at ${place}`
          : `The PSU does not complete ${what || 'the authorisation'} at ${place}`,
      }),
    );
    const from = event.via === 'oauth' ? 'Back from the bank’s login' : 'Back from the bank';
    this.push(
      arrow(event.id, event.at, 'psu', 'tpp', ok ? 'ok' : 'failed', {
        label: `${from}: ${ok ? 'approved' : 'not approved'}`,
      }),
    );
  }

  /** The PSU still at the bank: the hand-over has no return yet. */
  finish(): void {
    if (!this.handOver) return;
    const { id, at, via } = this.handOver;
    this.push(
      arrow(`${id}:away`, at, 'psu', 'psu', 'waiting', {
        label: `The PSU is at the bank’s ${via === 'oauth' ? 'login' : 'page'}; not back yet`,
      }),
    );
  }
}

function isFinalSca(code: string): boolean {
  return code === 'finalised' || code === 'failed' || code === 'exempted';
}

/** The key a read is compared under (its status family, or the operation) and the value it showed. */
function observation(exchange: Exchange): [string, string] {
  const status = statusSeen(exchange);
  if (status) return [status.family, status.code];
  return [exchange.operationId, exchange.response?.bodyText ?? ''];
}

function arrow(
  id: string,
  at: number,
  from: Lane,
  to: Lane,
  tone: StepTone,
  { label, detail }: { label: string; detail?: string },
): FlowStep {
  const kind = from === 'psu' && to === 'tpp' ? 'return' : from === 'tpp' && to === 'psu' ? 'hand-over' : 'psu';
  return { id, kind, at, tone, label, ...(detail && { detail }), arrows: [{ from, to, text: label }] };
}

/** After an embedded method choice: the bank sends the PSU the challenge (an OTP by SMS, a push to the app). */
function challengeSent(exchange: Exchange, methods: KnownMethods): FlowStep | undefined {
  if (psuDataStepOf(exchange) !== 'selectMethod' && !/^start/.test(exchange.operationId)) return undefined;
  const body = answerBody(exchange);
  if (!body || body.scaStatus !== 'scaMethodSelected' || body.challengeData === undefined) return undefined;
  const method = scaMethodName(body.chosenScaMethod, methods);
  return arrow(`${exchange.id}:challenge`, exchange.startedAt, 'bank', 'psu', 'neutral', {
    label: `The bank sends the PSU a challenge${method ? ` (${method})` : ''}`,
  });
}

function subjectOf(flow: string): FlowStory['subject'] {
  if (flow.startsWith('payment:')) return 'payment';
  if (flow.startsWith('consent:')) return 'consent';
  return 'resource';
}

/** The ordered steps of one flow's sequence diagram, from its exchanges and hand-over events. */
export function buildFlowStory({ flow, exchanges, events, display = PLAIN_DISPLAY }: BuildFlowStoryInput): FlowStory {
  type Item = { at: number; order: number } & ({ exchange: Exchange } | { event: FlowEvent });
  const items: Item[] = [
    ...exchanges
      .filter((exchange) => exchange.flow === flow)
      .map((exchange, order) => ({ at: exchange.startedAt, order, exchange })),
    ...events
      .filter((event) => event.flow === flow)
      .map((event, order) => ({ at: event.at, order: exchanges.length + order, event })),
  ].sort((a, b) => a.at - b.at || a.order - b.order);

  const builder = new StoryBuilder(display);
  for (const item of items) {
    if ('exchange' in item) builder.addExchange(item.exchange);
    else builder.addEvent(item.event);
  }
  builder.finish();
  const outcome = outcomeOf(builder.statuses);
  const story: FlowStory = {
    flow,
    subject: subjectOf(flow),
    steps: builder.steps,
    ...(outcome && { outcome }),
    masked: display.masked,
  };
  return display.masked ? forAudience(story) : story;
}

/**
 * The story as an audience reads it (presenter mode, which also masks the bank data): the spec's codes left out of
 * every line it draws and exports ("Status → ACSC, settled" → "Status → settled"), so the diagram reads on its own.
 */
function forAudience(story: FlowStory): FlowStory {
  return {
    ...story,
    steps: story.steps.map((step) => ({
      ...step,
      label: withoutSpecCodes(step.label),
      arrows: step.arrows.map((arrow) => ({ ...arrow, text: withoutSpecCodes(arrow.text) })),
    })),
    ...(story.outcome && { outcome: { ...story.outcome, label: withoutSpecCodes(story.outcome.label) } }),
  };
}
