// @vitest-environment happy-dom
// The Sandbox page's private benches against a stubbed admin API: starting one adds a profile for its base_url that the
// console switches to; the list shows each bench's base_url; renaming renames its profile; reset and delete ask first,
// and delete takes the profile with it; a refusal (too many benches) is said in the sandbox's words; a sandbox that
// offers no benches shows no panel.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { exchangeLog, profileStore, SANDBOX_PROFILE_ID, type AdminControls, type SandboxBench } from '../../../api';
import { adminDiscoveryDocument, adminErrorResponse, answerAll, jsonResponse } from '../../../testing/http';
import { forgetPage, renderRoute } from '../../../testing/pages';
import { SandboxPage } from '../pages/sandbox-page';
import { BenchesPanel } from './benches-panel';

const at = (path: string) => `/sandbox/admin${path}`;
const benchesControl = {
  href: at('/benches'),
  actions: {
    list: { method: 'GET', href: at('/benches') },
    create: { method: 'POST', href: at('/benches') },
    rename: { method: 'PATCH', href: at('/benches/{name}') },
    reset: { method: 'POST', href: at('/benches/{name}/reset') },
    remove: { method: 'DELETE', href: at('/benches/{name}') },
  },
};

function discovery(withBenches = true) {
  const document = adminDiscoveryDocument();
  return withBenches ? { ...document, controls: { ...document.controls, benches: benchesControl } } : document;
}

const bench = (name: string, label: string): SandboxBench => ({
  name,
  label,
  href: `/bench/${name}`,
  adminHref: `/bench/${name}/admin`,
  createdAt: '2026-03-16T09:00:00.000Z',
  lastUsedAt: '2026-03-16T09:00:00.000Z',
  expiresAt: '2026-03-23T09:00:00.000Z',
});

/** The shared sandbox's bench routes in the stub, over a list the test can look at. */
function sandboxWithBenches(benches: SandboxBench[], refusal?: Response) {
  answerAll(async (request) => {
    const path = new URL(request.url).pathname;
    const key = `${request.method} ${path}`;
    const body = request.method === 'GET' || request.method === 'DELETE' ? {} : ((await request.json()) as never);
    const named = (name: string | undefined) => benches.find((b) => b.name === name);
    const name = /^\/sandbox\/admin\/benches\/([^/]+)/.exec(path)?.[1];
    if (key === 'GET /sandbox/admin') return jsonResponse(discovery());
    if (key === 'GET /sandbox/admin/benches') return jsonResponse({ benches, limits: { max: 3, idleMs: 604_800_000 } });
    if (key === 'POST /sandbox/admin/benches') {
      if (refusal) return refusal;
      const { label } = body as { label: string };
      const made = bench(label.toLowerCase().replace(/[^a-z0-9]+/g, '-'), label);
      benches.push(made);
      return jsonResponse(made, { status: 201 });
    }
    const found = named(name);
    if (!found) return adminErrorResponse(404, 'bench_unknown', `No bench named ${name} exists.`);
    if (request.method === 'PATCH') {
      found.label = (body as { label: string }).label;
      return jsonResponse(found);
    }
    if (key.endsWith('/reset')) return jsonResponse(found);
    if (request.method === 'DELETE') {
      benches.splice(benches.indexOf(found), 1);
      return new Response(null, { status: 204 });
    }
    return adminErrorResponse(404, 'not_found', `No ${key}.`);
  });
}

function renderPanel() {
  const controls = discovery().controls as AdminControls;
  renderRoute('/test-bench', <BenchesPanel profile={profileStore.active()} controls={controls} />);
}

const calls = (operationId: string) => exchangeLog.list().filter((e) => e.operationId === operationId);

afterEach(() => {
  forgetPage();
  exchangeLog.clear();
  profileStore.setActive(SANDBOX_PROFILE_ID);
  for (const profile of profileStore.list()) if (!profile.builtIn) profileStore.remove(profile.id);
});

describe('Private benches on the Sandbox page', () => {
  it('starts a bench, adds a profile for its base_url and switches the console to it', async () => {
    const user = userEvent.setup();
    const shared = profileStore.active();
    sandboxWithBenches([]);
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Private benches' });
    expect(await within(panel).findByText('No bench yet.')).toBeTruthy();
    expect(within(panel).getByText(/keeps up to 3, each deleted after 7 days unused/)).toBeTruthy();

    await user.type(within(panel).getByLabelText('Bench name'), 'QA Alice');
    await user.click(within(panel).getByRole('button', { name: 'Start bench' }));
    const baseUrl = new URL('/bench/qa-alice', shared.baseUrl).href;
    expect(
      await within(panel).findByText(`Bench “QA Alice” started at ${baseUrl}, with the profile “Bench: QA Alice”.`),
    ).toBeTruthy();
    expect(calls('sandboxAdmin.benches.create').map((e) => e.request.body)).toEqual([{ label: 'QA Alice' }]);
    const list = await within(panel).findByRole('list', { name: 'Benches' });
    expect(within(list).getByText(baseUrl)).toBeTruthy();

    const profile = profileStore.list().find((p) => p.baseUrl === baseUrl);
    expect(profile).toMatchObject({
      id: 'bench-qa-alice',
      name: 'Bench: QA Alice',
      psuHeaders: shared.psuHeaders,
      sca: shared.sca,
    });
    expect(profileStore.active().id).toBe(shared.id);
    await user.click(within(list).getByRole('button', { name: 'Switch to QA Alice' }));
    expect(profileStore.active().id).toBe('bench-qa-alice');
  });

  it('renames a bench and its profile; resets and deletes only once confirmed, deleting the profile too', async () => {
    const user = userEvent.setup();
    const shared = profileStore.active();
    const qa = bench('qa', 'QA');
    sandboxWithBenches([qa, bench('demo', 'Demo')]);
    // This browser has a profile for the first bench only.
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Private benches' });
    const item = (label: string) => within(panel).getByRole('heading', { name: label }).closest('li') as HTMLElement;
    await within(panel).findByRole('heading', { name: 'QA' });
    expect(within(item('Demo')).getByText(/No profile in this browser yet/)).toBeTruthy();

    // Switching to a bench without a profile makes one.
    await user.click(within(item('QA')).getByRole('button', { name: 'Switch to QA' }));
    expect(profileStore.active()).toMatchObject({ id: 'bench-qa', name: 'Bench: QA' });
    profileStore.setActive(shared.id);
    expect(await within(item('QA')).findByText(/Profile “Bench: QA”/)).toBeTruthy();

    await user.click(within(item('QA')).getByRole('button', { name: 'Rename…' }));
    const rename = within(panel).getByRole('form', { name: 'Rename QA' });
    await user.clear(within(rename).getByLabelText('New name'));
    await user.type(within(rename).getByLabelText('New name'), 'Release checks');
    await user.click(within(rename).getByRole('button', { name: 'Save name' }));
    expect(await within(panel).findByText('Renamed to “Release checks”.')).toBeTruthy();
    expect(calls('sandboxAdmin.benches.rename').map((e) => [e.request.method, e.request.body])).toEqual([
      ['PATCH', { label: 'Release checks' }],
    ]);
    expect(profileStore.get('bench-qa')?.name).toBe('Bench: Release checks');

    const renamed = await within(panel).findByRole('heading', { name: 'Release checks' });
    const row = renamed.closest('li') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Reset Release checks…' }));
    expect(within(row).getByText(/becomes a fresh bank/)).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Keep it' }));
    expect(calls('sandboxAdmin.benches.reset')).toHaveLength(0);
    await user.click(within(row).getByRole('button', { name: 'Reset Release checks…' }));
    await user.click(within(row).getByRole('button', { name: 'Yes, reset the bench' }));
    expect(await within(panel).findByText('“Release checks” is a fresh bank again.')).toBeTruthy();
    expect(calls('sandboxAdmin.benches.reset').map((e) => e.request.url)).toEqual([
      expect.stringMatching(/\/sandbox\/admin\/benches\/qa\/reset$/),
    ]);

    await user.click(within(row).getByRole('button', { name: 'Delete Release checks…' }));
    expect(within(row).getByText(/and so does its profile “Bench: Release checks”/)).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Yes, delete the bench' }));
    expect(await within(panel).findByText('“Release checks” is deleted.')).toBeTruthy();
    expect(calls('sandboxAdmin.benches.remove').map((e) => e.request.method)).toEqual(['DELETE']);
    expect(profileStore.get('bench-qa')).toBeUndefined();
    expect(within(panel).queryByRole('heading', { name: 'Release checks' })).toBeNull();
  });

  it('says why the sandbox refused a bench, and keeps the name typed', async () => {
    const user = userEvent.setup();
    const message = 'This server keeps at most 3 benches, and 3 exist: delete one first.';
    sandboxWithBenches([], adminErrorResponse(409, 'too_many_benches', message));
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Private benches' });
    await user.type(within(panel).getByLabelText('Bench name'), 'One more');
    await user.click(within(panel).getByRole('button', { name: 'Start bench' }));
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain('The sandbox cannot do this now');
    expect(alert.textContent).toContain(message);
    expect(within(panel).getByLabelText<HTMLInputElement>('Bench name').value).toBe('One more');
    expect(profileStore.list().some((p) => p.baseUrl.includes('/bench/'))).toBe(false);
  });

  it('is shown by a sandbox that offers benches, and not by one that does not', async () => {
    sandboxWithBenches([]);
    renderRoute('/test-bench', <SandboxPage />);
    expect(await screen.findByRole('region', { name: 'Private benches' })).toBeTruthy();
    forgetPage();

    answerAll((request) =>
      new URL(request.url).pathname === '/sandbox/admin'
        ? jsonResponse(discovery(false))
        : adminErrorResponse(404, 'not_found', 'No such control.'),
    );
    renderRoute('/test-bench', <SandboxPage />);
    expect(await screen.findByRole('region', { name: 'The bank’s clock' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Private benches' })).toBeNull();
  });
});
