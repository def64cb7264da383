// An authorisation that ended in a resource's page: it stays in view, so its outcome ("Authorised", "failed") can be
// read, the banner tells the end, the page follows the status for a while and reads the resource again.
import { useState } from 'react';
import type { ResourceRead } from './latest-authorisation';

export interface ScaEndedHereOptions {
  /** The outcome banner's last step (useResourceView's `last`). */
  last: { scaEnded: (scaStatus: string) => void };
  /** Starts following the status (useFollowAfterSca's `follow`). */
  follow: () => void;
  /** The resource's reads, made again at once. */
  reads: readonly ResourceRead[];
  /** Anything else the end moves (e.g. a basket's members). */
  also?: () => void;
}

export function useScaEndedHere({ last, follow, reads, also }: ScaEndedHereOptions) {
  const [scaEndedHere, setScaEndedHere] = useState(false);
  function scaFinished(scaStatus: string) {
    last.scaEnded(scaStatus);
    setScaEndedHere(true);
    follow();
    for (const read of reads) void read.refetch();
    also?.();
  }
  return { scaEndedHere, scaFinished };
}
