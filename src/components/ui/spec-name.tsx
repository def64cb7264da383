// A spec name inside running text ("scaRedirect: …"): shown to developers, left out for an audience (presenter mode),
// where the sentence around it reads on its own.
import type { ReactNode } from 'react';
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
