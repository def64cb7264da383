// The statuses this browser saw a resource in (payments, consents), in order, as its history entry keeps them: the
// state map and the status panels draw the path from it.
import { listOf, number, object, string, type Infer } from './read';

export const statusObservation = object({
  status: string,
  /** Epoch ms when this browser first saw the status. */
  at: number,
});
export type StatusObservation = Infer<typeof statusObservation>;

/** The timeline as stored: observations that do not parse are dropped, anything but a list reads as empty. */
export const statusTimeline = listOf(statusObservation);

/** The timeline after the bank reported `status`: only a change from the last status seen adds to it. */
export function observeStatus(timeline: StatusObservation[], status: string, at: number): StatusObservation[] {
  return timeline[timeline.length - 1]?.status === status ? timeline : [...timeline, { status, at }];
}
