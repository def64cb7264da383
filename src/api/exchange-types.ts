// One entry of the exchange log (the inspector's record): a request the console sent and what came back.
import type { Deviation, Xs2aErrorKind } from './errors';

/** How a request ended without an answer; 'interrupted': the page was left or reloaded while it was in flight. */
export type ExchangeErrorKind = Xs2aErrorKind | 'interrupted';

/**
 * Status reads of one resource that got the same answer as the read before them, not kept one by one: the log keeps a
 * run's first read and its latest one, and the latest counts the reads in between.
 */
export interface FoldedReads {
  /** How many reads between the run's first read and this one were folded into it (at least 1). */
  count: number;
  /** Epoch ms: when the first and the last of the folded reads were sent. */
  firstAt: number;
  lastAt: number;
}

export interface Exchange {
  id: string;
  /** Groups the exchanges of one resource, e.g. 'payment:<paymentId>', 'consent:<consentId>'. */
  flow?: string;
  operationId: string;
  requestId: string;
  /** Epoch ms. */
  startedAt: number;
  /** Undefined while the request is in flight. */
  durationMs?: number;
  /** The bank's URL, also when the request went through the console server's relay. */
  request: { method: string; url: string; headers: Record<string, string>; body?: unknown };
  /** The relay target the request was sent through; undefined: sent to the bank directly. */
  relayTarget?: string;
  response?: { status: number; statusText: string; headers: Record<string, string>; body?: unknown; bodyText: string };
  error?: { kind: ExchangeErrorKind; message: string };
  deviations: Deviation[];
  /** 1.3.12 headers a cross-origin answer did not let the browser read, so they could not be checked. */
  uncheckedHeaders?: string[];
  /**
   * Why the console sent this request again by itself (its next try is an exchange of its own), in plain words: the
   * bank asked to wait (429), or nothing answered at a link of the bank's that left out the base_url's prefix.
   */
  triedAgain?: string;
  /** Set on the latest read of a run of unchanged status reads: the reads between the run's first one and this one. */
  folded?: FoldedReads;
}
