// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmAction } from '.';

afterEach(cleanup);

function Harness({ pending = false, onConfirm }: { pending?: boolean; onConfirm: (close: () => void) => void }) {
  return (
    <ConfirmAction
      label="Delete consent…"
      question="Send DELETE to end this consent at the bank?"
      confirm={{ label: 'Yes, delete the consent', pending: 'Deleting…' }}
      pending={pending}
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

  it('stays open until the sender closes it, then shows the button again', async () => {
    let close = () => {};
    render(<Harness onConfirm={(closeQuestion) => (close = closeQuestion)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete consent…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete the consent' }));
    expect(screen.getByRole('button', { name: 'Keep it' })).toBeDefined();
    act(() => close());
    expect(screen.queryByRole('button', { name: 'Keep it' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete consent…' })).toBeDefined();
  });

  it('can be open from the start, with its own word for declining', async () => {
    const onKeep = vi.fn();
    render(
      <ConfirmAction
        startOpen
        label="Replace profiles…"
        question="Replace “Acme”?"
        confirm={{ label: 'Yes, replace 1 profile', pending: 'Importing…' }}
        pending={false}
        onConfirm={vi.fn()}
        keep={{ label: 'Cancel, import nothing', onKeep }}
      />,
    );
    expect(screen.getByText('Replace “Acme”?')).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel, import nothing' }));
    expect(onKeep).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Replace profiles…' })).toBeDefined();
  });
});
