import { describe, expect, it } from 'vitest';
import { consentStatusCodes, transactionStatusCodes } from '../../xs2a/status-names';
import { consentStatusVerdict, transactionStatusVerdict, type ResourceVerdict } from '../../xs2a/status-maps';
import { resolveOutcome, type LastStep, type OutcomeTone } from '../resource/outcome';
import type { StatusFamily } from './exchange-words';
import { outcomeOf } from './outcome';
import type { StepTone } from './story-types';

/** The diagram's tone for each of the banner's: both must tell the same outcome of the same status. */
const storyToneOf: Record<OutcomeTone, StepTone[]> = {
  success: ['ok'],
  danger: ['failed'],
  warning: ['neutral'],
  // Waiting for the PSU or the bank; a status 1.3.12 does not define is neither good nor bad.
  info: ['waiting', 'neutral'],
};

const cases: { family: StatusFamily; code: string; verdict: ResourceVerdict }[] = [
  ...transactionStatusCodes.map((code) => ({
    family: 'transaction' as const,
    code,
    verdict: transactionStatusVerdict(code),
  })),
  ...consentStatusCodes.map((code) => ({
    family: 'consent' as const,
    code,
    verdict: consentStatusVerdict(code),
  })),
  { family: 'transaction' as const, code: 'Settled', verdict: transactionStatusVerdict('Settled') },
  { family: 'consent' as const, code: 'VALID', verdict: consentStatusVerdict('VALID') },
];

describe('the flow story’s outcome and the page’s outcome banner', () => {
  it.each(cases)('agree on $family status $code', ({ family, code, verdict }) => {
    for (const scaFailed of [false, true]) {
      const step: LastStep = scaFailed ? { kind: 'sca', scaStatus: 'failed' } : { kind: 'none' };
      const banner = resolveOutcome({ what: 'payment', status: code, verdict, label: code, reasons: [] }, step);
      const statuses = new Map<StatusFamily, string>([[family, code]]);
      if (scaFailed) statuses.set('sca', 'failed');
      const story = outcomeOf(statuses);
      expect(banner, `${code}, SCA failed: ${scaFailed}`).toBeDefined();
      expect(storyToneOf[banner!.tone], `${code}, SCA failed: ${scaFailed}`).toContain(story?.tone);
      // Waiting in the banner is waiting in the story, unless the status is one 1.3.12 does not define.
      if (verdict === 'waiting' || verdict === 'processing') expect(story?.tone).toBe(scaFailed ? 'failed' : 'waiting');
      if (verdict === 'unknown') expect(story?.tone).toBe(scaFailed ? 'failed' : 'neutral');
    }
  });

  it('calls a final accepted payment status by its name and an open one authorised', () => {
    expect(outcomeOf(new Map([['transaction', 'ACCC']]))).toEqual({
      tone: 'ok',
      label: 'Credited to the creditor (ACCC)',
    });
    expect(outcomeOf(new Map([['transaction', 'ACSP']]))?.label).toBe('Authorised: settlement in process (ACSP)');
  });
});
