import { describe, expect, it } from 'vitest';
import {
  consentStatusCodes,
  consentStatusLabel,
  transactionStatusCodes,
  transactionStatusLabel,
} from '../../xs2a/status-names';
import {
  causeWords,
  consentStatusVerdict,
  transactionStatusVerdict,
  type OutcomeCause,
  type OutcomeEvidence,
  type ResourceVerdict,
} from '../../xs2a/status-maps';
import { narrate } from '../narration/narration';
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

/** One situation the bank's last word explains, as each surface gets it. */
interface CauseCase {
  name: string;
  family: 'transaction' | 'consent';
  code: string;
  evidence: Omit<OutcomeEvidence, 'verdict'>;
  cause: OutcomeCause | undefined;
}

const causeCases: CauseCase[] = [
  {
    name: 'dave approves at the bank’s page, the bank reports the SCA failed',
    family: 'transaction',
    code: 'RJCT',
    evidence: { scaStatus: 'failed', scaApproach: 'REDIRECT', returned: 'nok' },
    cause: 'sca-failed',
  },
  {
    name: 'a decoupled SCA the PSU aborts in the banking app',
    family: 'transaction',
    code: 'RJCT',
    evidence: { scaStatus: 'failed', scaApproach: 'DECOUPLED' },
    cause: 'psu-cancelled',
  },
  {
    name: 'carol approves, then the bank finds too little money',
    family: 'transaction',
    code: 'RJCT',
    evidence: { scaStatus: 'finalised', scaApproach: 'REDIRECT', returned: 'ok', fundsShort: true },
    cause: 'approved-no-funds',
  },
  {
    name: 'a rejection for funds with no approval known',
    family: 'transaction',
    code: 'RJCT',
    evidence: { fundsShort: true },
    cause: 'no-funds',
  },
  {
    name: 'back from the bank’s page without an approval, the SCA still open',
    family: 'transaction',
    code: 'RCVD',
    evidence: { scaStatus: 'psuAuthenticated', returned: 'nok' },
    cause: 'not-completed',
  },
  {
    name: 'a consent whose SCA failed',
    family: 'consent',
    code: 'rejected',
    evidence: { scaStatus: 'failed', scaApproach: 'EMBEDDED' },
    cause: 'sca-failed',
  },
  {
    name: 'a consent still received after the PSU cancelled in the app',
    family: 'consent',
    code: 'received',
    evidence: { scaStatus: 'failed', scaApproach: 'DECOUPLED' },
    cause: 'psu-cancelled',
  },
  {
    name: 'a rejection the bank does not explain',
    family: 'transaction',
    code: 'RJCT',
    evidence: {},
    cause: undefined,
  },
  {
    name: 'an authorised payment, whatever an old authorisation did',
    family: 'transaction',
    code: 'ACTC',
    evidence: { scaStatus: 'failed', returned: 'nok' },
    cause: undefined,
  },
];

/** `words` in a sentence, whatever the case of its first letter. */
const says = (text: string | undefined, words: string) => (text ?? '').toLowerCase().includes(words.toLowerCase());

describe('the banner, the narration and the flow story tell one cause, from the bank’s last word', () => {
  it.each(causeCases)('$name', ({ family, code, evidence, cause }) => {
    const payment = family === 'transaction';
    const verdict = payment ? transactionStatusVerdict(code) : consentStatusVerdict(code);
    const label = payment ? transactionStatusLabel(code) : consentStatusLabel(code);
    const step: LastStep = evidence.returned ? { kind: 'returned', ok: evidence.returned === 'ok' } : { kind: 'none' };
    const banner = resolveOutcome(
      {
        what: payment ? 'payment' : 'consent',
        status: code,
        verdict,
        label,
        reasons: [],
        fundsShort: evidence.fundsShort,
      },
      step,
      {
        ...(evidence.scaStatus && { scaStatus: evidence.scaStatus }),
        ...(evidence.scaApproach && { scaApproach: evidence.scaApproach }),
        reading: false,
      },
    );
    const narration = narrate({
      kind: payment ? 'payment' : 'consent',
      status: code,
      ...(evidence.scaStatus && { scaStatus: evidence.scaStatus }),
      ...(evidence.scaApproach && { scaApproach: evidence.scaApproach }),
      ...(evidence.returned && { returned: evidence.returned }),
      ...(evidence.fundsShort && { fundsAvailable: false }),
    });
    const statuses = new Map<StatusFamily, string>([[family, code]]);
    if (evidence.scaStatus) statuses.set('sca', evidence.scaStatus);
    const story = outcomeOf(statuses, evidence);

    expect(banner?.cause).toBe(cause);
    if (cause === undefined) {
      for (const other of ['the approval at the bank failed', 'cancelled in the banking app', 'too little money']) {
        expect([banner?.text, narration, story?.label].filter((text) => says(text, other))).toEqual([]);
      }
      return;
    }
    expect(banner?.tone).toBe('danger');
    expect(story?.tone).toBe('failed');
    expect(says(banner?.text, causeWords(cause)), banner?.text).toBe(true);
    expect(says(story?.label, causeWords(cause)), story?.label).toBe(true);
    expect(says(narration, causeWords(cause, 'the account holder')), narration).toBe(true);
  });
});
