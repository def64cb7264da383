// The heading of the current SCA step: one level below the panel's, and where focus goes after each answer.
import type { ReactNode, RefObject } from 'react';

export interface StepHeadingProps {
  level: 3 | 4 | 5 | 6;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

export function StepHeading({ level, headingRef, children }: StepHeadingProps & { children: ReactNode }) {
  const Heading = `h${level}` as const;
  return (
    <Heading ref={headingRef} tabIndex={-1} className="font-semibold focus:outline-none">
      {children}
    </Heading>
  );
}
