// The implementer options real banks differ in, as the sandbox plays them: which SCA approaches it offers, whether it
// starts authorisations implicitly, whether it needs PSU-ID at initiation, whether it takes bank-offered consents, and
// the largest frequencyPerDay it grants. The admin API's behaviour profiles switch them at run time.
import type { ScaApproach } from '../../../src/xs2a';
import { bankError, formatError, type Area } from './bank-error';

export interface BankBehaviour {
  /** The SCA approaches the bank offers; a TPP's preference for another one is not followed. */
  scaApproaches: ScaApproach[];
  /** `tpp-choice`: TPP-Explicit-Authorisation-Preferred decides; otherwise the bank always starts this way. */
  authorisationStart: 'tpp-choice' | 'implicit' | 'explicit';
  /** Initiations and consents without PSU-ID are refused (400 FORMAT_ERROR). */
  psuIdRequired: boolean;
  /** Consents with empty account lists (the PSU picks the accounts at the bank) are taken. */
  bankOfferedConsents: boolean;
  /** The largest frequencyPerDay granted; a higher request is granted this much. null: as asked. */
  maxFrequencyPerDay: number | null;
}

/** The approach the bank uses: the one chosen when offered, else its default, else the first it offers. */
export function offeredApproach(
  behaviour: Pick<BankBehaviour, 'scaApproaches'> & { defaultScaApproach: ScaApproach },
  chosen: ScaApproach,
): ScaApproach {
  const offered = behaviour.scaApproaches;
  if (offered.length === 0 || offered.includes(chosen)) return chosen;
  return offered.includes(behaviour.defaultScaApproach) ? behaviour.defaultScaApproach : (offered[0] ?? chosen);
}

/** Whether the authorisation starts explicitly (the TPP calls startAuthorisation) rather than with the resource. */
export function startsExplicitly(behaviour: Pick<BankBehaviour, 'authorisationStart'>, preferred: boolean): boolean {
  if (behaviour.authorisationStart === 'tpp-choice') return preferred;
  return behaviour.authorisationStart === 'explicit';
}

export function assertPsuIdGiven(
  behaviour: Pick<BankBehaviour, 'psuIdRequired'>,
  psuId: string | undefined,
  area: Area,
) {
  if (behaviour.psuIdRequired && !psuId) throw formatError('This bank needs the PSU-ID header here.', 'PSU-ID', area);
}

export function assertBankOfferedTaken(behaviour: Pick<BankBehaviour, 'bankOfferedConsents'>, bankOffered: boolean) {
  if (!behaviour.bankOfferedConsents && bankOffered) {
    throw bankError('SERVICE_INVALID', 'This bank does not offer bank-offered consents; name the accounts.', {
      area: 'ais',
      path: 'access',
    });
  }
}

export const grantedFrequency = (behaviour: Pick<BankBehaviour, 'maxFrequencyPerDay'>, asked: number) =>
  behaviour.maxFrequencyPerDay === null ? asked : Math.min(asked, behaviour.maxFrequencyPerDay);
