import { describe, expect, it } from 'vitest';
import { initialPanelState, scaPanelReducer, type ScaPanelEvent, type ScaPanelState } from './sca-panel-state';

const sub = '/sandbox/v1/consents/c-1/authorisations/auth-1';
const start = initialPanelState({
  links: { startAuthorisationWithPsuAuthentication: { href: '/sandbox/v1/consents/c-1/authorisations' } },
  scaApproach: 'EMBEDDED',
  psuId: 'PSU-1',
});

function run(state: ScaPanelState, ...events: ScaPanelEvent[]) {
  return events.reduce(scaPanelReducer, state);
}

describe('the SCA panel’s state', () => {
  it('starts with the profile’s PSU-ID and no answer', () => {
    expect(start).toMatchObject({ psuId: 'PSU-1', answers: 0, flow: { scaApproach: 'EMBEDDED' } });
    expect(start.failure).toBeUndefined();
  });

  it('keeps the PSU-ID typed for a step, and the profile’s when none was typed', () => {
    expect(run(start, { type: 'sending', psuId: 'PSU-2' }).psuId).toBe('PSU-2');
    expect(run(start, { type: 'sending' }).psuId).toBe('PSU-1');
  });

  it('a refusal stays until the next step is sent; an answer clears it, the chosen link and the status note', () => {
    const failure = { error: new Error('refused'), field: 'The bank did not accept the login (details below).' };
    const refused = run(
      start,
      { type: 'chosen', link: 'startAuthorisation' },
      { type: 'statusRead', body: { scaStatus: 'received' }, note: 'Read at 10:00:00.' },
      { type: 'failed', failure },
    );
    expect(refused).toMatchObject({ failure, chosenLink: 'startAuthorisation', statusNote: 'Read at 10:00:00.' });
    expect(run(refused, { type: 'sending' }).failure).toBeUndefined();
    const answered = run(refused, {
      type: 'answered',
      body: { scaStatus: 'psuAuthenticated', authorisationId: 'auth-1', _links: { scaStatus: { href: sub } } },
      scaApproach: 'EMBEDDED',
    });
    expect(answered).toMatchObject({ answers: 1, flow: { scaStatus: 'psuAuthenticated', authorisationId: 'auth-1' } });
    expect([answered.failure, answered.chosenLink, answered.statusNote]).toEqual([undefined, undefined, undefined]);
  });

  it('a status read keeps the step; only a read on request changes the note, and a new request clears it', () => {
    const read = run(start, { type: 'statusRead', body: { scaStatus: 'psuAuthenticated' } });
    expect(read).toMatchObject({ answers: 0, flow: { scaStatus: 'psuAuthenticated' } });
    expect(read.statusNote).toBeUndefined();
    const noted = run(read, { type: 'statusRead', body: { scaStatus: 'failed' }, note: 'Read at 10:00:00.' });
    expect(noted.statusNote).toBe('Read at 10:00:00.');
    expect(run(noted, { type: 'statusRead', body: {} }).statusNote).toBe('Read at 10:00:00.');
    expect(run(noted, { type: 'statusRequested' }).statusNote).toBeUndefined();
  });
});
