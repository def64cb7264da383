// The presenter flag on the way to the bank's page: only for the console's own embedded sandbox, only when presenter
// mode is on, and a real bank's link is never changed.
import { describe, expect, it } from 'vitest';
import { withPresenterFlag } from './new-sca-redirect';

const CONSOLE = 'http://localhost:5173';

describe('withPresenterFlag', () => {
  it('asks the embedded sandbox (same origin as the console) for presenter mode', () => {
    expect(withPresenterFlag(`${CONSOLE}/sandbox/sca/auth-1`, true, CONSOLE)).toBe(
      `${CONSOLE}/sandbox/sca/auth-1?presenter=1`,
    );
    expect(withPresenterFlag(`${CONSOLE}/sandbox/oauth/authorize?state=s&scope=PIS%3Ap-1`, true, CONSOLE)).toBe(
      `${CONSOLE}/sandbox/oauth/authorize?state=s&scope=PIS%3Ap-1&presenter=1`,
    );
  });

  it('never changes another bank’s link, a link when the mode is off, or an odd link', () => {
    for (const other of [
      'https://bank.example/sca/1',
      'http://localhost:5174/sandbox/sca/1',
      'https://localhost:5173/x',
    ]) {
      expect(withPresenterFlag(other, true, CONSOLE)).toBe(other);
    }
    expect(withPresenterFlag(`${CONSOLE}/sandbox/sca/auth-1`, false, CONSOLE)).toBe(`${CONSOLE}/sandbox/sca/auth-1`);
    expect(withPresenterFlag('not a url', true, CONSOLE)).toBe('not a url');
    expect(withPresenterFlag(`${CONSOLE}/sca/1?presenter=0`, true, CONSOLE)).toBe(`${CONSOLE}/sca/1?presenter=0`);
  });
});
