// The statuses this browser saw a resource in (payments, consents), in order, as its history entry keeps them: the
// state map and the status panels draw the path from it.
import { listOf, number, object, optional, string, type Infer } from './read';

export const statusObservation = object({
  status: string,
  /** Epoch ms when this browser first saw the status. */
  at: number,
  /** The signing basket whose authorisation moved the resource to this status, when a basket's page saw it. */
  basketId: optional(string),
});
export type StatusObservation = Infer<typeof statusObservation>;

/** What moved a resource to a status, when the console knows: the signing basket it was authorised in. */
export interface StatusCause {
  basketId?: string | undefined;
}

/** The timeline as stored: observations that do not parse are dropped, anything but a list reads as empty. */
export const statusTimeline = listOf(statusObservation);

/** The timeline after the bank reported `status`: only a change from the last status seen adds to it. */
export function observeStatus(
  timeline: StatusObservation[],
  status: string,
  at: number,
  cause: StatusCause = {},
): StatusObservation[] {
  if (timeline[timeline.length - 1]?.status === status) return timeline;
  return [...timeline, { status, at, ...(cause.basketId !== undefined && { basketId: cause.basketId }) }];
}
