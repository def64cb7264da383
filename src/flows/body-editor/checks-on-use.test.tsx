// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { FormEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useChecksOnUse } from './checks-on-use';

interface Checks {
  check: (text: string) => string;
}

function deferred() {
  let resolve!: (checks: Checks) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<Checks>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Form({ load, onSend }: { load: () => Promise<Checks>; onSend: (checked: string) => void }) {
  const { checks, ...checking } = useChecksOnUse(load);
  function submit(event: FormEvent) {
    if (checking.holdSubmit(event)) return;
    event.preventDefault();
    onSend(checks?.check('body') ?? 'unchecked');
  }
  return (
    <form aria-label="form" onSubmit={submit} onFocus={checking.load}>
      <input aria-label="field" />
      <button type="submit">{checking.waiting ? 'Sending…' : 'Send'}</button>
      {checking.error && <p role="alert">{checking.error.message}</p>}
    </form>
  );
}

afterEach(cleanup);

describe('useChecksOnUse', () => {
  it('loads nothing with the page, and starts loading when a field gets focus', async () => {
    const load = vi.fn(() => Promise.resolve({ check: (text: string) => `checked ${text}` }));
    const onSend = vi.fn();
    render(<Form load={load} onSend={onSend} />);
    expect(load).not.toHaveBeenCalled();
    await act(async () => {
      screen.getByLabelText('field').focus();
      await Promise.resolve();
    });
    screen.getByLabelText('field').blur();
    screen.getByLabelText('field').focus();
    expect(load).toHaveBeenCalledOnce();
    fireEvent.submit(screen.getByRole('form'));
    expect(onSend).toHaveBeenCalledExactlyOnceWith('checked body');
  });

  it('holds a send tried before the checks are in, and sends it once, checked, when they are', async () => {
    const checks = deferred();
    const onSend = vi.fn();
    render(<Form load={() => checks.promise} onSend={onSend} />);
    fireEvent.submit(screen.getByRole('form'));
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button').textContent).toBe('Sending…');
    await act(async () => {
      checks.resolve({ check: (text) => `checked ${text}` });
      await checks.promise;
    });
    expect(onSend).toHaveBeenCalledExactlyOnceWith('checked body');
    expect(screen.getByRole('button').textContent).toBe('Send');
  });

  it('says when the checks could not be loaded, and the next send tries again', async () => {
    const first = deferred();
    const load = vi
      .fn()
      .mockReturnValueOnce(first.promise)
      .mockResolvedValueOnce({ check: () => 'checked' });
    const onSend = vi.fn();
    render(<Form load={load} onSend={onSend} />);
    fireEvent.submit(screen.getByRole('form'));
    await act(async () => {
      first.reject(new TypeError('Failed to fetch dynamically imported module'));
      await first.promise.catch(() => undefined);
    });
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch dynamically imported module');
    expect(onSend).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.submit(screen.getByRole('form'));
      await Promise.resolve();
    });
    expect(load).toHaveBeenCalledTimes(2);
    expect(onSend).toHaveBeenCalledExactlyOnceWith('checked');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
