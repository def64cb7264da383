// Exchanges and hand-over events as the console records them, for the story's tests.
import type { Exchange, FlowEvent } from '../../api';

export const BASE = 'https://bank.example/v1';
export const PAYMENT = 'payment:p1';
export const CONSENT = 'consent:c1';

let clock = 1_000;
let counter = 0;

export function resetKit(): void {
  clock = 1_000;
  counter = 0;
}

export interface ExchangeInput {
  flow?: string;
  method?: string;
  path?: string;
  status?: number;
  body?: unknown;
  requestBody?: unknown;
  error?: Exchange['error'];
  /** No answer yet. */
  inFlight?: boolean;
}

/** An exchange of `operationId`, one second after the previous one. */
export function exchange(operationId: string, input: ExchangeInput = {}): Exchange {
  clock += 1000;
  counter += 1;
  const status = input.status ?? 200;
  const answered = !input.inFlight && !(input.error && input.status === undefined);
  return {
    id: `exchange-${counter}`,
    flow: input.flow ?? PAYMENT,
    operationId,
    requestId: `r${counter}`,
    startedAt: clock,
    request: {
      method: input.method ?? 'GET',
      url: `${BASE}${input.path ?? '/payments/sepa-credit-transfers/p1'}`,
      headers: {},
      ...(input.requestBody !== undefined && { body: input.requestBody }),
    },
    ...(answered && {
      durationMs: 20,
      response: {
        status,
        statusText: status >= 400 ? 'Bad Request' : 'OK',
        headers: {},
        body: input.body,
        bodyText: JSON.stringify(input.body ?? null),
      },
    }),
    ...(input.error && { error: input.error }),
    deviations: [],
  };
}

type NewEvent = FlowEvent extends infer E ? (E extends FlowEvent ? Omit<E, 'id' | 'at'> : never) : never;

/** A hand-over event one second after the previous exchange or event. */
export function event(input: NewEvent): FlowEvent {
  clock += 1000;
  counter += 1;
  return { ...input, id: `event-${counter}`, at: clock };
}

export const status = (transactionStatus: string, flow = PAYMENT) =>
  exchange('getPaymentInitiationStatus', { flow, body: { transactionStatus } });

export const initiate = (transactionStatus = 'RCVD', requestBody: unknown = {}) =>
  exchange('initiatePayment', { method: 'POST', status: 201, body: { transactionStatus }, requestBody });
