// Sending the draft: the profile's token added when the draft says so (it is never in the draft), the outcome kept for
// the answer view, and a new X-Request-ID for the next request.
import { useState } from 'react';
import { profileToken, Xs2aError, type BankProfile } from '../../../api';
import { bodyOf, draftHeaders } from './request-draft';
import type { EditableDraft } from './use-request-draft';

export type Outcome = { exchangeId: string; error?: Xs2aError } | { failure: string };

export function useSend(
  profile: BankProfile,
  draft: EditableDraft,
  renewRequestId: () => void,
  request: (headers: Record<string, string>) => Promise<{ exchangeId: string }>,
) {
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  async function send() {
    const headers = draftHeaders(draft);
    if (draft.sendProfileToken) {
      const token = profileToken(profile, headers['Consent-ID']);
      if (token) headers.Authorization = `Bearer ${token}`;
    }
    setSending(true);
    try {
      const result = await request(headers);
      setOutcome({ exchangeId: result.exchangeId });
    } catch (error) {
      setOutcome(
        error instanceof Xs2aError
          ? { exchangeId: error.exchangeId, error }
          : { failure: error instanceof Error ? error.message : 'The request could not be made.' },
      );
    } finally {
      setSending(false);
      renewRequestId();
    }
  }
  return { sending, outcome, send };
}

/** The draft's request as "Copy as code" shows it: the token named, never included unless the user ticks it. */
export function codeParts(method: string, url: string, draft: EditableDraft, hasToken: boolean) {
  const headers = draftHeaders(draft);
  if (draft.sendProfileToken && hasToken) headers.Authorization = 'Bearer [redacted]';
  return { method, url, headers, body: bodyOf(draft.bodyText) };
}
