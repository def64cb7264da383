// A spec name inside running text ("scaRedirect: …"): shown to developers, left out for an audience (presenter mode),
// where the sentence around it reads on its own. And the same for whole sentences built with codes in them.
import type { ReactNode } from 'react';
import { withoutSpecCodes } from '../../xs2a/audience-words';
import { usePresenterView } from './presenter-view';

export function SpecName({ children, after = '' }: { children: ReactNode; after?: string }) {
  if (usePresenterView()) return null;
  return (
    <>
      <code className="font-mono">{children}</code>
      {after}
    </>
  );
}

const asIs = (text: string) => text;

/**
 * How the console's sentences read right now: as they are, or for an audience (presenter mode) without the spec's
 * codes they carry for developers ("Settled (ACSC)" → "Settled", "401, PSU_CREDENTIALS_INVALID" → "PSU credentials
 * invalid").
 */
export function useAudienceWords(): (text: string) => string {
  return usePresenterView() ? withoutSpecCodes : asIs;
}

/** A sentence of the console's, said for an audience in presenter mode (see useAudienceWords). */
export function PlainWords({ children }: { children: string }) {
  return <>{useAudienceWords()(children)}</>;
}
