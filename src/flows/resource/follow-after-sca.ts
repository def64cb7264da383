// Back from the bank's page (`?sca=ok|nok`) or after an SCA in the page: the bank may need a moment, so a resource's
// status is followed for a while as long as it still waits for its authorisation.
import { useEffect, useState } from 'react';
import { useScaReturn } from '../sca';

/** How long a page follows a resource that still waits for authorisation after an SCA ended. */
export const FOLLOW_AFTER_SCA_MS = 60_000;

/** `following(status)`: whether to poll now; `follow()`: start following again (an SCA ended in the page). */
export function useFollowAfterSca(awaitsAuthorisation: (status: string | undefined) => boolean) {
  const { outcome: scaReturn } = useScaReturn();
  const [followSince, setFollowSince] = useState(() => (scaReturn ? Date.now() : undefined));
  useEffect(() => {
    if (followSince === undefined) return;
    const timer = setTimeout(() => setFollowSince(undefined), FOLLOW_AFTER_SCA_MS);
    return () => clearTimeout(timer);
  }, [followSince]);
  return {
    following: (status: string | undefined) => followSince !== undefined && awaitsAuthorisation(status),
    /** Whether the page is within its time of following, whatever the status. */
    active: followSince !== undefined,
    follow: () => setFollowSince(Date.now()),
  };
}
