// @vitest-environment happy-dom
// The SCA panel against a scripted bank (stubbed fetch), through the real fetch layer: the embedded wizard's steps,
// a wrong OTP, and when the decoupled monitor stops polling.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { builtInSandboxProfile, getScaStatus, presenterMode, type AuthorisationScope } from '../../api';
import { DECOUPLED_POLL_MS } from './decoupled-monitor';
import { adminDiscoveryDocument, answerAll } from '../../testing/http';
import { ScaPanel, type ScaPanelProps } from './sca-panel';

const profile = builtInSandboxProfile('http://bank.test');
const scope: AuthorisationScope = {
  kind: 'payment',
  service: 'payments',
  product: 'sepa-credit-transfers',
  paymentId: 'pay-1',
};
const collection = '/sandbox/v1/payments/sepa-credit-transfers/pay-1/authorisations';
const sub = `${collection}/auth-1`;
const sms = { authenticationType: 'SMS_OTP', authenticationMethodId: 'sms', name: 'SMS to +49 160 xxx 28' };
const push = { authenticationType: 'PUSH_OTP', authenticationMethodId: 'push', name: 'Push to the phone' };

interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

/** A bank that answers each request with the next scripted answer for its method and path. */
function scriptedBank(script: Record<string, Answer[]>) {
  const calls: Call[] = [];
  answerAll(async (request) => {
    const url = new URL(request.url);
    const { method } = request;
    const headers = Object.fromEntries(
      [...request.headers.entries()].map(([name, value]) => [name.toLowerCase(), value]),
    );
    const text = await request.text();
    const body = text === '' ? undefined : (JSON.parse(text) as unknown);
    calls.push({ method, path: url.pathname, headers, body });
    const queue = script[`${method} ${url.pathname}`];
    const answer = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    if (!answer) return new Response('no such route', { status: 404 });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  return { calls };
}

function renderPanel(props: Partial<ScaPanelProps> & Pick<ScaPanelProps, 'links'>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const onFinished = vi.fn();
  const view = render(
    <QueryClientProvider client={client}>
      <ScaPanel profile={profile} scope={scope} returnTo="/payments/pay-1" onFinished={onFinished} {...props} />
    </QueryClientProvider>,
  );
  return { ...view, onFinished };
}

beforeAll(async () => {
  // The fetch layer loads the 1.3.12 schemas on its first answer; load them once here, outside any fake clock.
  scriptedBank({ [`GET ${sub}`]: [{ status: 200, body: { scaStatus: 'received' } }] });
  await getScaStatus({ profile, scope, authorisationId: 'auth-1' });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

describe('embedded wizard', () => {
  it('password, method choice, a wrong OTP, then the right one: finalised', async () => {
    const user = userEvent.setup();
    const { calls } = scriptedBank({
      [`POST ${collection}`]: [
        {
          status: 201,
          headers: { 'ASPSP-SCA-Approach': 'EMBEDDED' },
          body: {
            scaStatus: 'psuAuthenticated',
            authorisationId: 'auth-1',
            scaMethods: [sms, push],
            _links: { selectAuthenticationMethod: { href: sub }, scaStatus: { href: sub } },
          },
        },
      ],
      [`PUT ${sub}`]: [
        {
          status: 200,
          body: {
            scaStatus: 'scaMethodSelected',
            chosenScaMethod: push,
            challengeData: { otpFormat: 'integer', otpMaxLength: 6, additionalInformation: 'The OTP is 123456.' },
            _links: { authoriseTransaction: { href: sub }, scaStatus: { href: sub } },
          },
        },
        {
          status: 401,
          body: {
            tppMessages: [
              {
                category: 'ERROR',
                code: 'PSU_CREDENTIALS_INVALID',
                path: 'scaAuthenticationData',
                text: 'The one-time password is wrong; 2 attempts left.',
              },
            ],
          },
        },
        { status: 200, body: { scaStatus: 'finalised', _links: { scaStatus: { href: sub } } } },
      ],
      [`GET ${sub}`]: [{ status: 200, body: { scaStatus: 'scaMethodSelected' } }],
    });
    const { onFinished } = renderPanel({
      links: { startAuthorisationWithPsuAuthentication: { href: collection }, self: { href: '/x' } },
      scaApproach: 'EMBEDDED',
    });

    // Step 1: PSU-ID and password, sent with the start.
    expect(screen.getByRole('heading', { name: 'Log in to start the authorisation' })).toBeTruthy();
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Enter the PSU-ID.')).toBeTruthy();
    expect(screen.getByLabelText('PSU-ID').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
    await user.type(screen.getByLabelText('PSU-ID'), 'alice');
    await user.type(password, 'pw-Ki7q');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    // Step 2: the method choice.
    const methods = await screen.findByRole('group', { name: 'SCA method' });
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ psuData: { password: 'pw-Ki7q' } });
    expect(post?.headers['psu-id']).toBe('alice');
    expect(post?.headers['tpp-redirect-uri']).toMatch(/state=[0-9a-f]{32}/);
    expect(within(methods).getAllByRole('radio')).toHaveLength(2);
    // Focus follows the flow to the new step.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Choose an SCA method' }));
    await user.click(screen.getByRole('button', { name: 'Use this method' }));
    expect(screen.getByText('Choose an SCA method.')).toBeTruthy();
    await user.click(screen.getByLabelText(/Push to the phone/));
    await user.click(screen.getByRole('button', { name: 'Use this method' }));

    // Step 3: the challenge and the OTP; a wrong one first.
    const otp = await screen.findByLabelText('One-time password');
    expect(calls.at(-1)?.body).toEqual({ authenticationMethodId: 'push' });
    expect(screen.getByText(/The OTP is 123456\./)).toBeTruthy();
    expect(screen.getByText(/Digits only, at most 6 characters/)).toBeTruthy();
    expect(otp.getAttribute('type')).toBe('password');
    expect(otp.getAttribute('inputmode')).toBe('numeric');
    await user.type(otp, '000000');
    await user.click(screen.getByRole('button', { name: 'Authorise' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('PSU_CREDENTIALS_INVALID');
    expect(alert.textContent).toContain('2 attempts left');
    expect(alert.textContent).toContain('still open (scaStatus scaMethodSelected)');
    // The input is kept and marked as refused, and the OTP step is still offered.
    const refused = screen.getByLabelText<HTMLInputElement>('One-time password');
    expect(refused.value).toBe('000000');
    expect(refused.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (refused.getAttribute('aria-describedby') ?? '').split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent).join(' ')).toContain(
      'did not accept this one-time password',
    );
    expect(calls.at(-1)).toMatchObject({ method: 'GET', path: sub });

    await user.clear(screen.getByLabelText('One-time password'));
    expect(screen.getByLabelText('One-time password').getAttribute('aria-invalid')).toBeNull();
    await user.type(screen.getByLabelText('One-time password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Authorise' }));
    expect(await screen.findByRole('heading', { name: /Authorised/ })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { authenticationMethodId: 'push' },
      { scaAuthenticationData: '000000' },
      { scaAuthenticationData: '123456' },
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onFinished).toHaveBeenCalledTimes(1);
    expect(onFinished).toHaveBeenCalledWith('finalised');

    // Nothing secret was written to storage.
    const stored = Object.keys(localStorage)
      .map((key) => localStorage.getItem(key))
      .join('\n');
    expect(stored).toContain('/payments/pay-1');
    expect(stored).not.toContain('pw-Ki7q');
    expect(stored).not.toContain('123456');
  });

  it('the bank picks the only method: straight to the OTP; the last wrong OTP fails the authorisation', async () => {
    const user = userEvent.setup();
    scriptedBank({
      [`PUT ${sub}`]: [
        {
          status: 200,
          body: {
            scaStatus: 'scaMethodSelected',
            chosenScaMethod: sms,
            challengeData: { otpFormat: 'integer', additionalInformation: 'Sent by SMS.' },
            _links: { authoriseTransaction: { href: sub }, scaStatus: { href: sub } },
          },
        },
        { status: 200, body: { scaStatus: 'failed', psuMessage: 'The authorisation failed.' } },
      ],
    });
    const { onFinished } = renderPanel({
      links: { updatePsuAuthentication: { href: sub }, scaStatus: { href: sub } },
      scaApproach: 'EMBEDDED',
      authorisationId: 'auth-1',
      scaStatus: 'received',
    });
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeTruthy();
    await user.type(screen.getByLabelText('PSU-ID'), 'carol');
    await user.type(screen.getByLabelText('Password'), 'sandbox');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(/SMS to \+49 160 xxx 28/)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'SCA method' })).toBeNull();
    await user.type(screen.getByLabelText('One-time password'), '999999');
    await user.click(screen.getByRole('button', { name: 'Authorise' }));
    expect(await screen.findByRole('heading', { name: /Authorisation failed/ })).toBeTruthy();
    expect(screen.getByText(/The authorisation failed\./)).toBeTruthy();
    expect(screen.queryByLabelText('One-time password')).toBeNull();
    expect(onFinished).toHaveBeenCalledWith('failed');
  });

  it('shows a failed login with the bank’s words and keeps what was typed', async () => {
    const user = userEvent.setup();
    scriptedBank({
      [`POST ${collection}`]: [
        {
          status: 401,
          body: {
            tppMessages: [
              { category: 'ERROR', code: 'PSU_CREDENTIALS_INVALID', text: 'The PSU-ID or password is wrong.' },
            ],
          },
        },
      ],
    });
    renderPanel({ links: { startAuthorisationWithPsuAuthentication: { href: collection } } });
    await user.type(screen.getByLabelText('PSU-ID'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('did not accept the login');
    expect(alert.textContent).toContain('The PSU-ID or password is wrong.');
    expect(alert.textContent).toMatch(/X-Request-ID/);
    expect(screen.getByLabelText<HTMLInputElement>('PSU-ID').value).toBe('alice');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('wrong');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The bank did not accept the login (details below).')).toBeTruthy();
  });

  it('does not blame the credentials for a login refused for another reason', async () => {
    const user = userEvent.setup();
    scriptedBank({
      [`POST ${collection}`]: [
        {
          status: 400,
          body: { tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', text: 'PSU-IP-Address is missing.' }] },
        },
      ],
    });
    renderPanel({ links: { startAuthorisationWithPsuAuthentication: { href: collection } } });
    await user.type(screen.getByLabelText('PSU-ID'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'sandbox');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('PSU-IP-Address is missing.');
    expect(alert.textContent).not.toContain('did not accept the login');
    expect(alert.textContent).not.toContain('Check the PSU-ID and password');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('sandbox');
  });

  it('redirect: a same-tab link to the bank’s page, resolved against the base_url', () => {
    scriptedBank({});
    renderPanel({
      links: { scaRedirect: { href: '/sandbox/sca/auth-9' }, scaStatus: { href: sub } },
      scaApproach: 'REDIRECT',
    });
    const link = screen.getByRole('link', { name: /Continue at the bank/ });
    expect(link.getAttribute('href')).toBe('http://bank.test/sandbox/sca/auth-9');
    expect(link.getAttribute('target')).toBeNull();
    expect(screen.getByRole('button', { name: 'Read SCA status' })).toBeTruthy();
  });
});

describe('SCA answers that deviate from 1.3.12', () => {
  const embeddedLogin = { updatePsuAuthentication: { href: sub }, scaStatus: { href: sub } };

  async function logIn(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('PSU-ID'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'sandbox');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
  }

  it('a challenge whose data is one string: shown as one line, named as text, and the OTP still sent', async () => {
    const user = userEvent.setup();
    const { calls } = scriptedBank({
      [`PUT ${sub}`]: [
        {
          status: 200,
          body: {
            scaStatus: 'scaMethodSelected',
            chosenScaMethod: sms,
            challengeData: { data: 'Enter the code 4711 your card reader shows', otpMaxLength: '6' },
            _links: { authoriseTransaction: { href: sub }, scaStatus: { href: sub } },
          },
        },
        { status: 200, body: { scaStatus: 'finalised', _links: { scaStatus: { href: sub } } } },
      ],
    });
    const { onFinished } = renderPanel({
      links: embeddedLogin,
      scaApproach: 'EMBEDDED',
      authorisationId: 'auth-1',
      scaStatus: 'received',
    });
    await logIn(user);
    expect(await screen.findByText('Enter the code 4711 your card reader shows')).toBeTruthy();
    expect(screen.queryByText(/Could not show/)).toBeNull();
    expect(screen.getByText(/sent the challenge as text, not a list/)).toBeTruthy();
    // otpMaxLength as a string of digits is read as the number it names, and flagged too.
    expect(screen.getByLabelText('One-time password').getAttribute('maxlength')).toBe('6');
    expect(screen.getByText(/otpMaxLength/)).toBeTruthy();
    await user.type(screen.getByLabelText('One-time password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Authorise' }));
    expect(await screen.findByRole('heading', { name: /Authorised/ })).toBeTruthy();
    expect(calls.at(-1)?.body).toEqual({ scaAuthenticationData: '123456' });
    expect(onFinished).toHaveBeenCalledWith('finalised');
  });

  it('_links sent as a list in the answers to the PSU-data updates: followed to the end, named in the panel', async () => {
    const user = userEvent.setup();
    const { calls } = scriptedBank({
      [`PUT ${sub}`]: [
        {
          status: 200,
          body: {
            scaStatus: 'psuAuthenticated',
            scaMethods: [sms, push],
            _links: [
              { rel: 'selectAuthenticationMethod', href: sub },
              { rel: 'scaStatus', href: sub },
            ],
          },
        },
        {
          status: 200,
          body: {
            scaStatus: 'scaMethodSelected',
            chosenScaMethod: push,
            challengeData: { otpFormat: 'integer', additionalInformation: 'The OTP is 123456.' },
            _links: [{ authoriseTransaction: { href: sub } }, { scaStatus: { href: sub } }],
          },
        },
        { status: 200, body: { scaStatus: 'finalised', _links: [{ rel: 'scaStatus', href: sub }] } },
      ],
    });
    const { onFinished } = renderPanel({
      links: embeddedLogin,
      scaApproach: 'EMBEDDED',
      authorisationId: 'auth-1',
      scaStatus: 'received',
    });
    await logIn(user);
    const methods = await screen.findByRole('group', { name: 'SCA method' });
    expect(screen.queryByText(/offers no SCA step/)).toBeNull();
    expect(screen.getByText(/links as a list/)).toBeTruthy();
    await user.click(within(methods).getByLabelText(/Push to the phone/));
    await user.click(screen.getByRole('button', { name: 'Use this method' }));
    await user.type(await screen.findByLabelText('One-time password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Authorise' }));
    expect(await screen.findByRole('heading', { name: /Authorised/ })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { psuData: { password: 'sandbox' } },
      { authenticationMethodId: 'push' },
      { scaAuthenticationData: '123456' },
    ]);
    expect(onFinished).toHaveBeenCalledWith('finalised');
  });
});

describe('choosing among the bank’s links', () => {
  it('offers each other start once and switches the step to it', async () => {
    const user = userEvent.setup();
    scriptedBank({});
    renderPanel({
      links: {
        startAuthorisation: { href: collection },
        startAuthorisationWithPsuIdentification: { href: collection },
        status: { href: '/sandbox/v1/payments/sepa-credit-transfers/pay-1/status' },
      },
    });
    expect(screen.getByRole('heading', { name: 'Start the authorisation' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Start authorisation/ }).map((b) => b.textContent)).toEqual([
      'Start authorisation',
      'Instead: Start authorisation with PSU-ID',
    ]);
    expect(screen.getByRole('button', { name: 'Refresh payment status' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Instead: Start authorisation with PSU-ID' }));
    expect(screen.getByRole('heading', { name: 'Identify the PSU to start the authorisation' })).toBeTruthy();
    expect(screen.getByLabelText('PSU-ID')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Start authorisation/ }).map((b) => b.textContent)).toEqual([
      'Start authorisation',
      'Instead: Start authorisation',
    ]);
  });
});

describe('links that lead nowhere', () => {
  it('says a 404 on the bank’s own SCA link is that link’s fault, not the base_url’s', async () => {
    const user = userEvent.setup();
    scriptedBank({});
    renderPanel({ links: { startAuthorisation: { href: `${collection}-gone` } } });
    await user.click(screen.getAllByRole('button', { name: 'Start authorisation' })[0] as HTMLElement);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('own “startAuthorisation” link');
    expect(alert.textContent).toContain('led nowhere');
    expect(alert.textContent).not.toContain('check the base_url');
  });
});

describe('decoupled monitor', () => {
  const decoupled = {
    links: { scaStatus: { href: sub } },
    scaApproach: 'DECOUPLED',
    psuMessage: 'Please confirm this request in your Sandbox Banking app.',
    authorisationId: 'auth-1',
  };
  const statusReads = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === sub).length;

  it('polls every 2 s until finalised, then stops and reports once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const { calls } = scriptedBank({
      [`GET ${sub}`]: [
        { status: 200, body: { scaStatus: 'started' } },
        { status: 200, body: { scaStatus: 'started' } },
        { status: 200, body: { scaStatus: 'finalised' } },
      ],
    });
    const { onFinished } = renderPanel(decoupled);
    expect(screen.getByText('Please confirm this request in your Sandbox Banking app.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(statusReads(calls)).toBe(1);
    expect(screen.getByRole('status').textContent).toContain('Waiting for the PSU');

    await act(() => vi.advanceTimersByTimeAsync(DECOUPLED_POLL_MS));
    expect(statusReads(calls)).toBe(2);
    expect(onFinished).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(DECOUPLED_POLL_MS));
    expect(statusReads(calls)).toBe(3);
    expect(screen.getByRole('heading', { name: /Authorised/ })).toBeTruthy();
    expect(onFinished).toHaveBeenCalledExactlyOnceWith('finalised');

    await act(() => vi.advanceTimersByTimeAsync(DECOUPLED_POLL_MS * 5));
    expect(statusReads(calls)).toBe(3);
    expect(onFinished).toHaveBeenCalledTimes(1);
  });

  it('stops when the PSU denies (failed)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const { calls } = scriptedBank({
      [`GET ${sub}`]: [
        { status: 200, body: { scaStatus: 'started' } },
        { status: 200, body: { scaStatus: 'failed' } },
      ],
    });
    const { onFinished } = renderPanel(decoupled);
    await act(() => vi.advanceTimersByTimeAsync(DECOUPLED_POLL_MS + 10));
    expect(screen.getByRole('heading', { name: /Authorisation failed/ })).toBeTruthy();
    expect(onFinished).toHaveBeenCalledExactlyOnceWith('failed');
    await act(() => vi.advanceTimersByTimeAsync(DECOUPLED_POLL_MS * 5));
    expect(statusReads(calls)).toBe(2);
  });

  it('stops polling when unmounted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const { calls } = scriptedBank({ [`GET ${sub}`]: [{ status: 200, body: { scaStatus: 'started' } }] });
    const { unmount } = renderPanel(decoupled);
    await act(() => vi.advanceTimersByTimeAsync(DECOUPLED_POLL_MS + 10));
    expect(statusReads(calls)).toBe(2);
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(DECOUPLED_POLL_MS * 5));
    expect(statusReads(calls)).toBe(2);
  });

  it('stops polling on an error and offers to try again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const { calls } = scriptedBank({
      [`GET ${sub}`]: [
        { status: 200, body: { scaStatus: 'started' } },
        { status: 503 },
        { status: 200, body: { scaStatus: 'started' } },
      ],
    });
    renderPanel(decoupled);
    await act(() => vi.advanceTimersByTimeAsync(DECOUPLED_POLL_MS + 10));
    expect(statusReads(calls)).toBe(2);
    expect(screen.getByText(/could not process the request/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(DECOUPLED_POLL_MS * 5));
    expect(statusReads(calls)).toBe(2);
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(statusReads(calls)).toBe(3));
  });

  it('links the sandbox’s banking app when the bank offers the admin API, and not otherwise', async () => {
    const appLink = () => screen.queryByRole('link', { name: 'Open the sandbox’s banking app' });
    scriptedBank({
      [`GET ${sub}`]: [{ status: 200, body: { scaStatus: 'started' } }],
      'GET /sandbox/admin': [{ status: 200, body: adminDiscoveryDocument() }],
    });
    const first = renderPanel(decoupled);
    await waitFor(() => expect(appLink()?.getAttribute('href')).toBe('http://bank.test/sandbox/app'));
    // In presenter mode the app is asked to mask its PSU's name and IBANs too.
    act(() => presenterMode.set(true));
    try {
      await waitFor(() => expect(appLink()?.getAttribute('href')).toBe('http://bank.test/sandbox/app?presenter=1'));
    } finally {
      act(() => presenterMode.set(false));
    }
    first.unmount();

    scriptedBank({ [`GET ${sub}`]: [{ status: 200, body: { scaStatus: 'started' } }] });
    renderPanel(decoupled);
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Waiting for the PSU'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(appLink()).toBeNull();
  });

  it('pausing stops the checks until resumed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const { calls } = scriptedBank({ [`GET ${sub}`]: [{ status: 200, body: { scaStatus: 'started' } }] });
    renderPanel(decoupled);
    await act(() => vi.advanceTimersByTimeAsync(10));
    act(() => screen.getByRole('button', { name: 'Pause checking' }).click());
    await act(() => vi.advanceTimersByTimeAsync(DECOUPLED_POLL_MS * 3));
    expect(statusReads(calls)).toBe(1);
    expect(screen.getByRole('status').textContent).toContain('Checking paused');
    act(() => screen.getByRole('button', { name: 'Resume checking' }).click());
    await act(() => vi.advanceTimersByTimeAsync(DECOUPLED_POLL_MS + 10));
    expect(statusReads(calls)).toBe(2);
  });
});

describe('OAuth SCA', () => {
  const metadataPath = '/sandbox/oauth/.well-known/oauth-authorization-server';
  // bank.test is not this machine: its OAuth server must use https.
  const metadata = {
    issuer: 'https://bank.test/sandbox/oauth',
    authorization_endpoint: 'https://bank.test/sandbox/oauth/authorize',
    token_endpoint: 'https://bank.test/sandbox/oauth/token',
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
  };
  const links = { scaOAuth: { href: `https://bank.test${metadataPath}` }, scaStatus: { href: sub } };

  afterEach(() => {
    sessionStorage.clear();
    vi.restoreAllMocks();
  });

  it('reads the bank’s OAuth metadata and sends the browser to its authorize page with PKCE', async () => {
    const { calls } = scriptedBank({ [`GET ${metadataPath}`]: [{ status: 200, body: metadata }] });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderPanel({ links, scope: { kind: 'consent', consentId: 'c-1' }, returnTo: '/consents/c-1' });
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Authorise at the bank' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Authorise at the bank (OAuth)' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([`GET ${metadataPath}`]);
    const target = new URL(assign.mock.calls[0]?.[0] as string);
    expect(target.origin + target.pathname).toBe('https://bank.test/sandbox/oauth/authorize');
    expect(target.searchParams.get('scope')).toBe('AIS:c-1');
    expect(target.searchParams.get('code_challenge_method')).toBe('S256');
    const state = target.searchParams.get('state') ?? '';
    const stored = JSON.parse(sessionStorage.getItem('xs2a-console.oauth-pending.v1') ?? '{}') as Record<
      string,
      { returnTo: string; scope: string; scaStatusHref: string }
    >;
    expect(stored[state]).toMatchObject({ returnTo: '/consents/c-1', scope: 'AIS:c-1', scaStatusHref: sub });
    expect(screen.getByRole('button', { name: 'Opening the bank’s login…' })).toHaveProperty('disabled', true);
  });

  it('says in plain words when the bank’s OAuth server cannot be used, and lets the PSU try again', async () => {
    scriptedBank({
      [`GET ${metadataPath}`]: [{ status: 200, body: { ...metadata, code_challenge_methods_supported: ['plain'] } }],
    });
    renderPanel({ links });
    await userEvent.click(screen.getByRole('button', { name: 'Authorise at the bank (OAuth)' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/The bank’s OAuth server cannot be used/);
    expect(alert.textContent).toMatch(/does not offer PKCE with S256/);
    expect(screen.getByRole('button', { name: 'Authorise at the bank (OAuth)' })).toHaveProperty('disabled', false);
    expect(sessionStorage.getItem('xs2a-console.oauth-pending.v1')).toBeNull();
  });

  it('offers OAuth as an alternative when the bank also gives a redirect link', () => {
    renderPanel({ links: { ...links, scaRedirect: { href: 'http://bank.test/sandbox/sca/redirect' } } });
    expect(screen.getByRole('link', { name: /Continue at the bank/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Instead: Authorise at the bank (OAuth)' })).toBeTruthy();
  });
});
