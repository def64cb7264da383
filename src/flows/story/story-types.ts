// The story of one flow as a sequence diagram draws it: lanes, and steps in time order, each an arrow (or two) between
// lanes with plain words, or a span of waiting.

/** The TPP (this console), the bank's XS2A API, and the PSU (at the bank's page, banking app or OAuth login). */
export type Lane = 'tpp' | 'bank' | 'psu';

export const LANES: readonly { lane: Lane; title: string; who: string }[] = [
  {
    lane: 'tpp',
    title: 'TPP (this console)',
    who: 'TPP: this console, the app that asks the bank for the account holder',
  },
  { lane: 'bank', title: 'Bank (XS2A API)', who: 'Bank: the bank’s interface for apps like this one' },
  { lane: 'psu', title: 'PSU', who: 'PSU: the account holder, who approves at their bank' },
];

/** ok: went as hoped; failed: drawn as a failure; waiting: not over yet; neutral: neither (a wait with nothing new). */
export type StepTone = 'ok' | 'failed' | 'waiting' | 'neutral';

export interface StoryArrow {
  from: Lane;
  to: Lane;
  text: string;
  /** An answer to the arrow before it (drawn dashed). */
  answer?: boolean;
}

export type StepKind = 'exchange' | 'psu' | 'hand-over' | 'return' | 'waiting';

export interface FlowStep {
  /** Stable across rebuilds of the same flow (an exchange's or event's id, with a suffix for derived steps). */
  id: string;
  kind: StepKind;
  /** Epoch ms. */
  at: number;
  tone: StepTone;
  /** The whole step in plain words, e.g. "Initiate payment → 201, received". */
  label: string;
  /** A second line: the payment's amount and parties, the bank's message (bank data shown through the display). */
  detail?: string;
  /** Empty for a waiting span, which spans the TPP and the bank. */
  arrows: StoryArrow[];
  /** The exchange an API step draws, for the inspector. */
  exchangeId?: string;
  /** The reads a waiting span stands for (the log's entries; one may stand for reads folded into it). */
  exchangeIds?: string[];
  /** How many status reads a waiting span stands for, the folded ones counted. */
  reads?: number;
  /**
   * The step moved the flow on: a request that acts, a status that moved, the PSU's part, a hand-over. A read that
   * only looked is not one.
   */
  changed?: boolean;
  /**
   * The step's number in the drawing: every step but a waiting span, or for an audience (presenter mode) only the
   * steps that changed something; unset for an unnumbered step.
   */
  number?: number;
}

export interface FlowOutcome {
  tone: StepTone;
  label: string;
}

export interface FlowStory {
  /** The exchange log's flow key, e.g. 'payment:<paymentId>'. */
  flow: string;
  subject: 'payment' | 'consent' | 'basket' | 'resource';
  steps: FlowStep[];
  /** What the flow came to, from the last statuses seen; undefined before any. */
  outcome?: FlowOutcome;
  /** Whether names and account numbers were masked as the story was built. */
  masked: boolean;
}
