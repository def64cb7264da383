// The words of the SCA steps: each action's heading and submit label, and what a final status means.
import type { ScaAction } from './links-to-actions';
import type { FinalScaStatus } from './sca-flow';

type SendingAction = Extract<ScaAction, { kind: 'start' | 'update' }>;

const startTitles: Partial<Record<SendingAction['send'], string>> = {
  authentication: 'Log in to start the authorisation',
  identification: 'Identify the PSU to start the authorisation',
  selectMethod: 'Choose an SCA method to start the authorisation',
  authoriseTransaction: 'Enter the one-time password to start the authorisation',
};

const updateTitles: Partial<Record<SendingAction['send'], string>> = {
  identification: 'Identify the PSU',
  authentication: 'Log in',
  additionalAuthentication: 'Additional password',
  selectMethod: 'Choose an SCA method',
  authoriseTransaction: 'Enter the one-time password',
};

const fixedTitles: Partial<Record<ScaAction['kind'], string>> = {
  redirect: 'Continue at the bank',
  oauth: 'Authorise at the bank',
  confirmation: 'Confirm the authorisation',
};

export function stepTitle(action: ScaAction): string {
  if (action.kind === 'start') return startTitles[action.send] ?? 'Start the authorisation';
  if (action.kind === 'update') return updateTitles[action.send] ?? action.label;
  return fixedTitles[action.kind] ?? action.label;
}

const startLabels: Partial<Record<SendingAction['send'], string>> = {
  authentication: 'Log in',
  additionalAuthentication: 'Log in',
  selectMethod: 'Start with this method',
  authoriseTransaction: 'Authorise',
};

const updateLabels: Partial<Record<SendingAction['send'], string>> = {
  identification: 'Identify',
  authentication: 'Log in',
  additionalAuthentication: 'Log in',
  selectMethod: 'Use this method',
  authoriseTransaction: 'Authorise',
};

export function submitLabel(action: ScaAction): string {
  if (action.kind === 'start') return startLabels[action.send] ?? 'Start authorisation';
  if (action.kind === 'confirmation') return 'Confirm';
  if (action.kind === 'update') return updateLabels[action.send] ?? action.label;
  return action.label;
}

export const doneText: Record<FinalScaStatus, { title: string; text: string }> = {
  finalised: { title: 'Authorised', text: 'The bank reports the SCA as finalised: the PSU authorised it.' },
  exempted: { title: 'No SCA needed', text: 'The bank exempted this from SCA; that counts as authorised.' },
  failed: {
    title: 'Authorisation failed',
    text: 'The bank reports the SCA as failed. This authorisation cannot be used any more; start a new one if the bank allows it.',
  },
};
