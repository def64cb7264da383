// Builds a flow's story from what happened in this tab: its exchanges (the inspector's record) and the hand-over events
// (the PSU sent to the bank, a decoupled wait, the return). Reads that saw nothing new fold into one waiting span; the
// PSU's part, which no request shows, is told from the events and the bank's answers, and a return from the bank is
// told again once the bank's scaStatus says how the authorisation ended. Steps are numbered for the drawing: all but
// the waiting spans, or for an audience only the steps that changed something.
import { PLAIN_DISPLAY, readsOf, type BankDataDisplay, type Exchange, type FlowEvent } from '../../api';
import { withoutSpecCodes } from '../../xs2a/audience-words';
import { saysFundsShort } from '../../xs2a/status-maps';
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
import { numberSteps } from './numbering';
import { BASKET_DELETED, outcomeOf, type StoryEvidence } from './outcome';
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

/** The last return from the bank's page: its two steps, told again when the scaStatus read after it shows the end. */
interface ReturnTold {
  outcome: 'ok' | 'nok';
  psu: FlowStep;
  back: FlowStep;
  place: string;
  from: string;
  /** The scaStatus the bank reported after the return. */
  scaStatus?: string;
}

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
  /** What the outcome's cause is read from, beside the statuses (see outcomeOf). */
  readonly evidence: StoryEvidence = {};
  returnTold: ReturnTold | undefined;

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
        // Only polling: drawn as a quiet band, not as a step that needs attention.
        tone: 'neutral',
        label: '',
        arrows: [],
        exchangeIds: [],
      };
      this.steps.push(step);
      this.waiting = { step, runs: new Map() };
    }
    const run = this.waiting.runs.get(name) ?? { count: 0, ...(status && { value: status.code }) };
    // An entry the log folded reads into stands for all of them.
    const reads = readsOf(exchange);
    run.count += reads;
    this.waiting.runs.set(name, run);
    this.waiting.step.exchangeIds?.push(exchange.id);
    this.waiting.step.reads = (this.waiting.step.reads ?? 0) + reads;
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
    if (input) this.push({ ...input, changed: true });
    // A request that acts changes something; a read only when it showed a status that moved.
    const moved = status !== undefined && this.statuses.get(status.family) !== status.code;
    this.pushExchange(exchange, exchange.request.method !== 'GET' || moved);
    this.learn(exchange);
  }

  pushExchange(exchange: Exchange, changed: boolean): void {
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
      changed,
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
    // A deleted basket has no status left at the bank: the flow ends with its deletion.
    if (exchange.operationId === 'deleteSigningBasket' && exchange.response?.status === 204) {
      this.statuses.set('basket', BASKET_DELETED);
    }
    if (status?.family === 'sca' && this.returnTold) this.returnTold.scaStatus = status.code;
    // The latest status answer of the resource says whether the money was there.
    if (status && status.family !== 'sca') this.evidence.fundsShort = saysFundsShort(answerBody(exchange));
    const approach = headerOf(exchange, 'aspsp-sca-approach');
    if (approach) this.evidence.scaApproach = approach;
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
        this.evidence.scaApproach = 'DECOUPLED';
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
    const psu = arrow(`${event.id}:psu`, event.at, 'psu', 'bank', ok ? 'ok' : 'failed', {
      label: ok
        ? `The PSU logs in and approves ${what ? `${what} ` : ''}at ${place}`
        : `The PSU does not complete ${what || 'the authorisation'} at ${place}`,
    });
    this.push(psu);
    const from = event.via === 'oauth' ? 'Back from the bank’s login' : 'Back from the bank';
    const back = arrow(event.id, event.at, 'psu', 'tpp', ok ? 'ok' : 'failed', {
      label: `${from}: ${ok ? 'approved' : 'not approved'}`,
    });
    this.push(back);
    this.returnTold = { outcome: event.outcome, psu, back, place, from };
    if (!what) this.evidence.returned = event.outcome;
  }

  /**
   * A return without an approval, told again once the bank's scaStatus read after it says the authorisation failed:
   * the PSU may have approved at the bank's page (a bank whose check then fails), so "does not complete" would be
   * wrong.
   */
  tellReturnAgain(): void {
    const told = this.returnTold;
    if (!told || told.outcome !== 'nok' || told.scaStatus !== 'failed') return;
    const words = `The PSU’s authorisation at ${told.place} fails`;
    Object.assign(told.psu, { label: words, arrows: told.psu.arrows.map((line) => ({ ...line, text: words })) });
    const back = `${told.from}: SCA failed`;
    Object.assign(told.back, { label: back, arrows: told.back.arrows.map((line) => ({ ...line, text: back })) });
  }

  /** The return told again with the authorisation's end; the PSU still at the bank when the hand-over has no return. */
  finish(): void {
    this.tellReturnAgain();
    if (!this.handOver) return;
    const { id, at, via } = this.handOver;
    this.push(
      arrow(`${id}:away`, at, 'psu', 'psu', 'waiting', {
        label: `The PSU is at the bank’s ${via === 'oauth' ? 'login' : 'page'}; not back yet`,
      }),
    );
  }
}

/** A header of the bank's answer, by its name in any case. */
function headerOf(exchange: Exchange, name: string): string | undefined {
  const headers = exchange.response?.headers ?? {};
  const key = Object.keys(headers).find((header) => header.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
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
  return { id, kind, at, tone, label, ...(detail && { detail }), arrows: [{ from, to, text: label }], changed: true };
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
  if (flow.startsWith('basket:')) return 'basket';
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
  const outcome = outcomeOf(builder.statuses, builder.evidence);
  const story: FlowStory = {
    flow,
    subject: subjectOf(flow),
    steps: numberSteps(builder.steps, display.masked),
    ...(outcome && { outcome }),
    masked: display.masked,
  };
  return display.masked ? forAudience(story) : story;
}

/** A waiting span as an audience reads it: how often the console looked, not which reads it made. */
function waitingWords(step: FlowStep): string {
  const checks = step.reads ?? step.exchangeIds?.length ?? 0;
  return `Waiting: nothing new from the bank (checked ${checks} time${checks === 1 ? '' : 's'})`;
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
      label: step.kind === 'waiting' ? waitingWords(step) : withoutSpecCodes(step.label),
      arrows: step.arrows.map((arrow) => ({ ...arrow, text: withoutSpecCodes(arrow.text) })),
    })),
    ...(story.outcome && { outcome: { ...story.outcome, label: withoutSpecCodes(story.outcome.label) } }),
  };
}
