// @vitest-environment happy-dom
// The profile form's request timeout: whole seconds from 1 to 300, checked with a message that names the field, the
// typed text kept while it is wrong, and the saved value in the profile.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BankProfile } from '../../api';
import { answerAll } from '../../testing/http';
import { ProfileForm } from './profile-form';
import { emptyFormValues } from './profile-form-model';

const LABEL = 'Request timeout (seconds)';

beforeEach(() => {
  localStorage.clear();
  // The relay's target list: a console server without the relay.
  answerAll(new Response('Not found', { status: 404 }));
});
afterEach(() => {
  cleanup();
});

function renderForm(onSaved: (profile: BankProfile) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ProfileForm title="New profile" initial={emptyFormValues()} onSaved={onSaved} onCancel={vi.fn()} />
    </QueryClientProvider>,
  );
  return screen.getByRole('form', { name: 'New profile' });
}

describe('the profile form’s request timeout', () => {
  it('refuses a timeout out of bounds, keeping what was typed, and saves a valid one in seconds', async () => {
    const onSaved = vi.fn<(profile: BankProfile) => void>();
    const form = renderForm(onSaved);
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Name'), 'Slow bank');
    await user.type(within(form).getByLabelText('base_url'), 'https://bank.example/psd2');
    const timeout = within(form).getByLabelText(LABEL);
    expect(timeout.getAttribute('placeholder')).toBe('30');
    await user.type(timeout, '600');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));

    expect(onSaved).not.toHaveBeenCalled();
    expect(within(form).getByText(`${LABEL} must be a whole number of seconds from 1 to 300, e.g. 30`)).toBeTruthy();
    expect(within(form).getByLabelText<HTMLInputElement>(LABEL).value).toBe('600');

    await user.clear(within(form).getByLabelText(LABEL));
    await user.type(within(form).getByLabelText(LABEL), '90');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: 'Slow bank', timeoutSeconds: 90 }));
  });
});
