// @vitest-environment happy-dom
// What the tab keeps of an authorisation to resume it after a reload: the step, links and listed methods, never the
// challenge data; a damaged store is ignored.
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthorisationScope } from '../../api';
import { forgetAllFlows, recallFlow, recallLatestFlow, rememberFlow } from './flow-memory';

const scope: AuthorisationScope = { kind: 'consent', consentId: 'con-1' };
const sms = { authenticationType: 'SMS_OTP', authenticationMethodId: 'sms' } as const;

afterEach(() => {
  forgetAllFlows();
  sessionStorage.clear();
});

describe('flow memory', () => {
  it('keeps the latest authorisation of a resource for the tab, without its challenge data', () => {
    rememberFlow('p1', scope, { links: undefined, authorisationId: 'a1', scaStatus: 'received' });
    rememberFlow('p1', scope, {
      links: { authoriseTransaction: { href: '/v1/consents/con-1/authorisations/a2' } },
      authorisationId: 'a2',
      scaStatus: 'scaMethodSelected',
      scaMethods: [sms],
      chosenScaMethod: sms,
      challengeData: { additionalInformation: 'TAN for the flicker code' },
    });
    const stored = sessionStorage.getItem('xs2a-console.sca-flows.v1') ?? '';
    expect(stored).toContain('scaMethodSelected');
    expect(stored).not.toContain('flicker');
    expect(recallLatestFlow('p1', scope)).toMatchObject({ authorisationId: 'a2', scaMethods: [sms] });
    expect(recallLatestFlow('p2', scope)).toBeUndefined();
    expect(recallFlow('p1', scope, 'a1')?.scaStatus).toBe('received');
  });

  it('ignores a damaged or foreign store', () => {
    sessionStorage.setItem('xs2a-console.sca-flows.v1', '{not json');
    expect(recallLatestFlow('p1', scope)).toBeUndefined();
    sessionStorage.setItem('xs2a-console.sca-flows.v1', JSON.stringify([['p1|consent/con-1|a1', { links: 5 }]]));
    expect(recallLatestFlow('p1', scope)).toBeUndefined();
  });
});
