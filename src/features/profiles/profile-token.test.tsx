// @vitest-environment happy-dom
// The profile form's bearer token: kept for this tab unless the user ticks "Remember this token in this browser", and
// Settings saying so when a token an earlier version kept in localStorage was moved to this tab.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerAll } from '../../testing/http';

const REMEMBER = 'Remember this token in this browser';

function withQueries(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** The console's modules as a fresh page load sees them: the profile store reads the storage again. */
async function freshPage() {
  vi.resetModules();
  const [form, model, settings, api] = await Promise.all([
    import('./profile-form'),
    import('./profile-form-model'),
    import('./settings-page'),
    import('../../api'),
  ]);
  return { ...form, ...model, ...settings, ...api };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  // The relay's target list: a console server without the relay.
  answerAll(new Response('Not found', { status: 404 }));
});
afterEach(() => {
  cleanup();
});

async function fillNewProfile(token: string) {
  const user = userEvent.setup();
  const form = screen.getByRole('form', { name: 'New profile' });
  await user.type(within(form).getByLabelText('Name'), 'Token bank');
  await user.type(within(form).getByLabelText('base_url'), 'https://bank.example/psd2');
  await user.type(within(form).getByLabelText('Bearer token'), token);
  return { user, form };
}

describe('the profile form’s bearer token', () => {
  it('offers a labelled opt-in, off by default, that warns what remembering means', async () => {
    const { ProfileForm, emptyFormValues } = await freshPage();
    render(
      withQueries(<ProfileForm title="New profile" initial={emptyFormValues()} onSaved={vi.fn()} onCancel={vi.fn()} />),
    );
    const remember = screen.getByRole('checkbox', { name: REMEMBER });
    expect((remember as HTMLInputElement).checked).toBe(false);
    expect(remember.getAttribute('aria-describedby')).toBeTruthy();
    const hint = document.getElementById(remember.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toMatch(/localStorage/);
    expect(hint?.textContent).toMatch(/plain text/);
  });

  it('keeps the token for this tab only when the box is not ticked', async () => {
    const { ProfileForm, emptyFormValues, profileStore } = await freshPage();
    const onSaved = vi.fn();
    render(
      withQueries(<ProfileForm title="New profile" initial={emptyFormValues()} onSaved={onSaved} onCancel={vi.fn()} />),
    );
    const { user, form } = await fillNewProfile('tab-only-token');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(JSON.stringify({ ...localStorage })).not.toContain('tab-only-token');
    expect(JSON.stringify({ ...sessionStorage })).toContain('tab-only-token');
    expect(profileStore.list().find((p) => p.name === 'Token bank')?.bearerToken).toBe('tab-only-token');
  });

  it('keeps the token in localStorage when the box is ticked, and shows the choice when the profile is edited', async () => {
    const { ProfileForm, emptyFormValues, profileStore, toFormValues } = await freshPage();
    const onSaved = vi.fn();
    render(
      withQueries(<ProfileForm title="New profile" initial={emptyFormValues()} onSaved={onSaved} onCancel={vi.fn()} />),
    );
    const { user, form } = await fillNewProfile('remembered-token');
    await user.click(within(form).getByRole('checkbox', { name: REMEMBER }));
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(JSON.stringify({ ...localStorage })).toContain('remembered-token');
    cleanup();

    const saved = profileStore.list().find((p) => p.name === 'Token bank');
    expect(saved).toMatchObject({ bearerToken: 'remembered-token', rememberToken: true });
    render(
      withQueries(<ProfileForm title="Edit" initial={toFormValues(saved!)} onSaved={vi.fn()} onCancel={vi.fn()} />),
    );
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: REMEMBER }).checked).toBe(true);
  });
});

describe('Settings after a token was moved out of localStorage', () => {
  it('says which profile’s token is now kept for this tab only, until dismissed', async () => {
    const legacy = {
      id: 'old',
      name: 'Old bank',
      baseUrl: 'https://old.example/psd2',
      psuHeaders: {},
      sca: {},
      bearerToken: 'legacy-token',
    };
    localStorage.setItem('xs2a-console.profiles.v1', JSON.stringify({ profiles: [legacy] }));
    const { SettingsPage } = await freshPage();
    render(withQueries(<SettingsPage />));
    const notice = screen.getByRole('region', { name: 'Bearer tokens moved to this tab' });
    expect(notice.textContent).toContain('Old bank');
    expect(notice.textContent).toMatch(/for this tab only/);
    expect(localStorage.getItem('xs2a-console.profiles.v1')).not.toContain('legacy-token');
    // The profile list says where its token is kept.
    expect(screen.getByRole('listitem', { name: 'Old bank' }).textContent).toContain(
      'bearer token set (this tab only)',
    );

    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Bearer tokens moved to this tab' })).toBeNull();
  });
});
