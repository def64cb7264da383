// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmAction } from '.';

afterEach(cleanup);

function Harness({ pending = false, onConfirm }: { pending?: boolean; onConfirm: () => void }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <ConfirmAction
      label="Delete consent…"
      question="Send DELETE to end this consent at the bank?"
      confirm={{ label: 'Yes, delete the consent', pending: 'Deleting…' }}
      pending={pending}
      confirming={confirming}
      onConfirmingChange={setConfirming}
      onConfirm={onConfirm}
    />
  );
}

describe('ConfirmAction', () => {
  it('asks before it acts, and "Keep it" goes back without acting', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete consent…' }));
    expect(screen.getByText('Send DELETE to end this consent at the bank?')).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.getByRole('button', { name: 'Delete consent…' })).toBeDefined();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('acts on "Yes", and while the request is on its way says so and takes no second click', async () => {
    const onConfirm = vi.fn();
    const { rerender } = render(<Harness onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete consent…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete the consent' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    rerender(<Harness pending onConfirm={onConfirm} />);
    expect(screen.getByRole('button', { name: 'Deleting…' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Keep it' }).hasAttribute('disabled')).toBe(true);
  });
});
