// A bank error shown the house way (code, meaning, the bank's text, X-Request-ID), plus what to do about a
// consent-related refusal.
import type { ReactNode } from 'react';
import { consentAdviceForError, describeXs2aError } from '../../../api';
import { ErrorCallout } from '../../../components/ui';
import { ConsentAdviceLines } from './consent-advice-lines';

export function ConsentErrorCallout({
  error,
  alert = false,
  summary,
  children,
}: {
  error: unknown;
  alert?: boolean;
  /** Replaces the description's summary, e.g. with what the page knows. */
  summary?: string;
  children?: ReactNode;
}) {
  const description = describeXs2aError(error);
  const advice = consentAdviceForError(error);
  return (
    <ErrorCallout alert={alert} {...description} summary={summary ?? description.summary}>
      {advice.length > 0 && (
        <div className="space-y-1 text-red-950">
          <ConsentAdviceLines advice={advice} />
        </div>
      )}
      {children}
    </ErrorCallout>
  );
}
