// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StateMapPanel } from '.';

afterEach(cleanup);

describe('the state map panel', () => {
  it('loads on demand and shows the path, the current state and what the user can still do', async () => {
    render(<StateMapPanel kind="transactionStatus" timeline={['RCVD']} current="ACTC" />);
    const diagram = await screen.findByRole('img', { name: "State map: The payment's status" });
    expect(diagram.querySelector('[data-current="true"]')?.getAttribute('data-state')).toBe('ACTC');
    expect(screen.getByTestId('state-map-path').textContent).toBe('Received (RCVD) → Technically valid (ACTC) (now)');
    const actions = screen.getByRole('list', { name: 'What you can still do' });
    expect(actions.textContent).toContain('Cancel payment → Cancelled (CANC)');
  });

  it('offers nothing once final', async () => {
    render(<StateMapPanel kind="transactionStatus" timeline={['RCVD', 'ACTC', 'ACSC']} />);
    await screen.findByRole('img', { name: /State map/ });
    expect(screen.queryByRole('list', { name: 'What you can still do' })).toBeNull();
    expect(screen.getByText('Final: nothing can change it any more.')).toBeTruthy();
  });

  it('draws the path and what can come next, and every state behind “All states”', async () => {
    render(<StateMapPanel kind="transactionStatus" timeline={['RCVD', 'RJCT']} />);
    const diagram = await screen.findByRole('img', { name: "State map: The payment's status" });
    expect([...diagram.querySelectorAll('g[data-state]')].map((g) => g.getAttribute('data-state'))).toEqual([
      'RCVD',
      'RJCT',
    ]);
    const toggle = screen.getByRole('button', { name: 'All states' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    const all = screen.getByRole('img', { name: "State map: The payment's status" });
    expect(all.querySelectorAll('g[data-state]')).toHaveLength(14);
    expect(screen.getByRole('button', { name: 'All states' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('says so when the bank reports a status the model does not know', async () => {
    render(<StateMapPanel kind="consentStatus" timeline={['received']} current="VALID" />);
    await screen.findByRole('img', { name: "State map: The consent's status" });
    expect(screen.getByText(/a status 1.3.12 does not define here/).textContent).toContain('VALID');
    expect(screen.getByTestId('state-map-path').textContent).toContain('VALID, not in 1.3.12');
  });
});
