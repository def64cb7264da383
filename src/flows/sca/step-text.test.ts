import { describe, expect, it } from 'vitest';
import type { ScaAction } from './links-to-actions';
import { stepTitle, submitLabel } from './step-text';

const common = { link: 'x', href: '/x', label: 'The bank’s label', description: '' };

describe('the words of the SCA steps', () => {
  it('names starts, updates and the other steps', () => {
    const cases: [ScaAction, string, string][] = [
      [{ ...common, kind: 'start', send: 'none' }, 'Start the authorisation', 'Start authorisation'],
      [{ ...common, kind: 'start', send: 'authentication' }, 'Log in to start the authorisation', 'Log in'],
      [{ ...common, kind: 'start', send: 'additionalAuthentication' }, 'Start the authorisation', 'Log in'],
      [
        { ...common, kind: 'start', send: 'selectMethod' },
        'Choose an SCA method to start the authorisation',
        'Start with this method',
      ],
      [{ ...common, kind: 'update', send: 'identification' }, 'Identify the PSU', 'Identify'],
      [{ ...common, kind: 'update', send: 'authoriseTransaction' }, 'Enter the one-time password', 'Authorise'],
      [{ ...common, kind: 'update', send: 'encryptedAuthentication' }, 'The bank’s label', 'The bank’s label'],
      [{ ...common, kind: 'confirmation', link: 'confirmation' }, 'Confirm the authorisation', 'Confirm'],
      [{ ...common, kind: 'oauth', link: 'scaOAuth' }, 'Authorise at the bank', 'The bank’s label'],
      [{ ...common, kind: 'scaStatus', link: 'scaStatus' }, 'The bank’s label', 'The bank’s label'],
    ];
    for (const [action, title, label] of cases) {
      expect([stepTitle(action), submitLabel(action)]).toEqual([title, label]);
    }
  });
});
