import { describe, expect, it } from 'vitest';
import { resolveOutcome } from '../../../flows/resource';
import { basketAwaitsAuthorisation, basketFacts, memberTone } from './basket-status';

describe('a basket’s status as the page tells it', () => {
  it('says an accepted basket is authorised, a partly accepted one in a warning, a deleted one as deleted', () => {
    expect(resolveOutcome(basketFacts('ACTC', undefined), { kind: 'none' })).toMatchObject({
      tone: 'success',
      title: 'Authorised',
    });
    expect(resolveOutcome(basketFacts('PATC', undefined), { kind: 'none' })).toMatchObject({
      tone: 'warning',
      title: 'Partially accepted',
      text: 'The bank accepted some of the payments and consents it holds and rejected the others (PATC).',
    });
    expect(resolveOutcome(basketFacts(undefined, undefined, true), { kind: 'none' })).toMatchObject({
      title: 'Cancelled',
      text: 'The signing basket was deleted.',
    });
  });

  it('waits for the authorisation while received or in a status 1.3.12 does not define', () => {
    expect(basketAwaitsAuthorisation('RCVD')).toBe(true);
    expect(basketAwaitsAuthorisation('rcvd')).toBe(true);
    expect(basketAwaitsAuthorisation('ACTC')).toBe(false);
    expect(basketAwaitsAuthorisation('RJCT')).toBe(false);
  });

  it('colours each member by its own resource’s verdict', () => {
    expect(memberTone('payment', 'ACSC')).toBe('success');
    expect(memberTone('consent', 'valid')).toBe('success');
    expect(memberTone('consent', 'received')).toBe('info');
    expect(memberTone('payment', 'RJCT')).toBe('danger');
  });
});
