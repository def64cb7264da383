// @vitest-environment happy-dom
// Settings when a profile moves to another bank: an import that would replace profiles names them and asks first
// (cancelling keeps everything), the message counts what was added and replaced, and tokens kept for the old bank's
// origin are dropped and the page says so, whether the move came by import or by an edit of the base_url.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminTokens, profileStore, sessionTokens, type BankProfile } from '../../api';
import { answerAll } from '../../testing/http';
import { SettingsPage } from './settings-page';

const A = 'https://bank-a.example';
const B = 'https://bank-b.example';
const DROPPED = `The base_url now points to another bank (${B}): the bearer token, OAuth session and sandbox admin token kept for ${A} were dropped.`;

const atA: BankProfile = {
  id: 'acme',
  name: 'Acme',
  baseUrl: `${A}/sandbox`,
  psuHeaders: {},
  sca: {},
  bearerToken: 'bearer-for-a',
};

function holdTokensForA(): void {
  profileStore.save(atA);
  adminTokens.set(atA, 'admin-for-a');
  const now = Date.now();
  sessionTokens.save('acme', {
    scope: 'AIS:c-1',
    accessToken: 'oauth-for-a',
    obtainedAt: now,
    expiresAt: now + 3_600_000,
    origin: A,
  });
}

function renderSettings() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SettingsPage />
    </QueryClientProvider>,
  );
}

async function importPasted(profiles: unknown[]) {
  const user = userEvent.setup();
  await user.click(screen.getByLabelText('Or paste exported JSON'));
  await user.paste(JSON.stringify({ profiles }));
  await user.click(screen.getByRole('button', { name: 'Import pasted JSON' }));
  return user;
}

const movedToB = { id: 'acme', name: 'Acme at B', baseUrl: `${B}/psd2`, psuHeaders: {}, sca: {} };
const another = { id: 'other', name: 'Other bank', baseUrl: 'https://other.example', psuHeaders: {}, sca: {} };

beforeEach(() => {
  // Nothing else answers: the relay's target list and connection checks get a 404.
  answerAll(new Response('Not found', { status: 404 }));
  holdTokensForA();
});
afterEach(() => {
  cleanup();
  for (const id of ['acme', 'other']) profileStore.remove(id);
  sessionTokens.forget('acme');
  localStorage.clear();
  sessionStorage.clear();
  sessionTokens.reload();
});

describe('an import that would replace profiles', () => {
  it('names the profiles it replaces and asks first; cancelling keeps everything as it was', async () => {
    renderSettings();
    const user = await importPasted([movedToB, another]);
    const question = screen.getByRole('region', { name: 'Replace existing profiles?' });
    expect(question.textContent).toContain('Acme');
    expect(question.textContent).toContain(`${A}/sandbox`);
    expect(question.textContent).toContain(`${B}/psd2`);
    expect(question.textContent).toMatch(/another bank/);
    // Nothing has changed yet.
    expect(profileStore.get('acme')?.baseUrl).toBe(`${A}/sandbox`);
    expect(profileStore.get('other')).toBeUndefined();

    await user.click(within(question).getByRole('button', { name: 'Cancel, import nothing' }));
    expect(screen.queryByRole('region', { name: 'Replace existing profiles?' })).toBeNull();
    expect(screen.getByText('Nothing was imported: your profiles are as they were.')).toBeDefined();
    expect(screen.queryByText(/^Imported/)).toBeNull();
    expect(profileStore.get('acme')).toMatchObject({ baseUrl: `${A}/sandbox`, bearerToken: 'bearer-for-a' });
    expect(profileStore.get('other')).toBeUndefined();
    expect(sessionTokens.list('acme').map((token) => token.accessToken)).toEqual(['oauth-for-a']);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Or paste exported JSON').value).toContain('Acme at B');
  });

  it('replaces them once confirmed, counts what was added and replaced, and says which tokens were dropped', async () => {
    renderSettings();
    const user = await importPasted([movedToB, another]);
    const question = screen.getByRole('region', { name: 'Replace existing profiles?' });
    await user.click(within(question).getByRole('button', { name: 'Yes, replace 1 profile' }));
    const status = await screen.findByText(/^Imported 2 profiles from the pasted text/);
    expect(status.textContent).toContain('1 added, 1 replaced');
    expect(document.body.textContent).toContain(DROPPED.replace('The base_url', 'The base_url of “Acme at B”'));
    expect(profileStore.get('acme')?.baseUrl).toBe(`${B}/psd2`);
    expect(profileStore.get('acme')?.bearerToken).toBeUndefined();
    expect(sessionTokens.list('acme')).toEqual([]);
  });

  it('imports at once when it replaces nothing', async () => {
    renderSettings();
    await importPasted([another]);
    expect(screen.queryByRole('region', { name: 'Replace existing profiles?' })).toBeNull();
    expect((await screen.findByText(/^Imported 1 profile from the pasted text/)).textContent).toContain(
      '1 added, none replaced',
    );
  });
});

describe('an edit of the base_url', () => {
  async function editBaseUrl(baseUrl: string) {
    renderSettings();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Acme' }));
    const form = screen.getByRole('form', { name: 'Edit profile: Acme' });
    const field = within(form).getByLabelText('base_url');
    await user.clear(field);
    await user.type(field, baseUrl);
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    await screen.findByText(/Saved the profile “Acme”/);
  }

  it('to another origin drops the tokens kept for the old one, and says so', async () => {
    await editBaseUrl(`${B}/psd2`);
    expect(document.body.textContent).toContain(DROPPED);
    expect(profileStore.get('acme')?.bearerToken).toBeUndefined();
    expect(sessionTokens.list('acme')).toEqual([]);
  });

  it('to another path of the same origin keeps them', async () => {
    await editBaseUrl(`${A}/psd2`);
    expect(document.body.textContent).not.toMatch(/were dropped/);
    expect(profileStore.get('acme')?.bearerToken).toBe('bearer-for-a');
    expect(sessionTokens.list('acme').map((token) => token.accessToken)).toEqual(['oauth-for-a']);
  });
});
