// The one banner of a payment's or a consent's page that says how things stand after the latest step: authorised,
// rejected with the bank's reason, SCA failed, cancelled, still waiting. It replaces itself on every step, so an
// earlier step's notice never stands beside a later outcome.
import { useState } from 'react';
import { PresenterDetails, useAudienceWords, usePresenterView } from '../../components/ui';
import { maskPersonalDataInText } from '../../xs2a/masking';
import { useScaReturnStep } from '../sca';
import type { CreatedState } from './created-state';
import {
  resolveOutcome,
  type LastStep,
  type LatestAuthorisation,
  type OutcomeTone,
  type ResourceFacts,
} from './outcome';

const toneClasses: Record<OutcomeTone, string> = {
  success: 'border-green-300 border-l-green-700 bg-green-50 text-green-950',
  danger: 'border-red-300 border-l-red-700 bg-red-50 text-red-950',
  warning: 'border-amber-300 border-l-amber-600 bg-amber-50 text-amber-950',
  info: 'border-blue-300 border-l-blue-700 bg-blue-50 text-blue-950',
};

const toneMarks: Record<OutcomeTone, string> = { success: '✓', danger: '✕', warning: '!', info: 'i' };

export interface OutcomeBannerProps {
  resource: ResourceFacts;
  step: LastStep;
  /** The bank's last word on the latest authorisation (useLatestAuthorisation), which says why. */
  sca?: LatestAuthorisation;
}

export function OutcomeBanner({ resource, step, sca }: OutcomeBannerProps) {
  const outcome = resolveOutcome(resource, step, sca);
  // For an audience: the spec's codes left out, and the bank's reasons with account numbers and names masked.
  const words = useAudienceWords();
  const reason = usePresenterView() ? (text: string) => words(maskPersonalDataInText(text)) : words;
  // The live region stays in the page, so each new outcome is announced as it replaces the last.
  return (
    <div role="status" aria-label="Outcome" aria-atomic="true">
      {outcome && (
        <div
          data-tone={outcome.tone}
          className={`space-y-1 rounded border border-l-4 p-3 text-sm ${toneClasses[outcome.tone]}`}
        >
          <p className="font-semibold">
            <span aria-hidden="true">{toneMarks[outcome.tone]} </span>
            {words(outcome.title)}
          </p>
          <p>{words(outcome.text)}</p>
          {outcome.reasons.length > 0 && (
            <ul aria-label="The bank’s reason" className="list-disc pl-5">
              {outcome.reasons.map((text) => (
                <li key={text}>{reason(text)}</li>
              ))}
            </ul>
          )}
          {outcome.context && (
            // Request ids and the OAuth token's expiry are for the presenter, not the audience.
            <PresenterDetails summary="Technical details">
              <p className="text-xs break-words opacity-90">{outcome.context}</p>
            </PresenterDetails>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The latest step on the page: the return from the bank's page or the creation the page was reached with, then each
 * authorisation that ends in the page. `scaEnded` is the SCA panel's onFinished.
 */
export function useLastStep(created: CreatedState | undefined, accepted: string, returnSubject: string) {
  const returned = useScaReturnStep(returnSubject);
  const [step, setStep] = useState<LastStep>(() => {
    if (returned) return { kind: 'returned', ...returned };
    if (!created) return { kind: 'none' };
    const { status, requestId, tppMessages = [] } = created.created;
    const messages = tppMessages.map((message) => `${message.code}${message.text ? ` ${message.text}` : ''}`);
    return { kind: 'created', accepted, httpStatus: status, requestId, messages };
  });
  return {
    step,
    /** An authorisation ended in this page with this scaStatus. */
    scaEnded: (scaStatus: string) => setStep({ kind: 'sca', scaStatus }),
  };
}
