// @vitest-environment happy-dom
// The SCA panel with a bank whose links leave out its prefix (/v1/… for a base_url https://bank.test/psd2): each step
// is sent to the link as given, then under the base_url, and the panel names the deviation in plain words.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { builtInSandboxProfile, exchangeLog, presenterMode, type AuthorisationScope } from '../../api';
import { PresenterViewContext } from '../../components/ui';
import { answerAll } from '../../testing/http';
import { ScaPanel } from './sca-panel';

const profile = { ...builtInSandboxProfile('http://bank.test'), baseUrl: 'http://bank.test/psd2' };
const scope: AuthorisationScope = {
  kind: 'payment',
  service: 'payments',
  product: 'sepa-credit-transfers',
  paymentId: 'pay-1',
};
const collection = '/v1/payments/sepa-credit-transfers/pay-1/authorisations';
const sms = { authenticationType: 'SMS_OTP', authenticationMethodId: 'sms', name: 'SMS' };
const push = { authenticationType: 'PUSH_OTP', authenticationMethodId: 'push', name: 'Push' };

/** A bank at /psd2 whose links say /v1/…; nothing answers at the host's root. */
function bankUnderPrefix() {
  const paths: string[] = [];
  answerAll((request) => {
    const path = `${request.method} ${new URL(request.url).pathname}`;
    paths.push(path);
    if (path !== `POST /psd2${collection}`) return new Response('Not found', { status: 404 });
    return Response.json(
      {
        scaStatus: 'psuAuthenticated',
        authorisationId: 'auth-1',
        scaMethods: [sms, push],
        _links: { selectAuthenticationMethod: { href: `${collection}/auth-1` } },
      },
      { status: 201, headers: { 'ASPSP-SCA-Approach': 'EMBEDDED' } },
    );
  });
  return paths;
}

function renderPanel(presenter = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  presenterMode.set(presenter);
  render(
    <PresenterViewContext.Provider value={presenter}>
      <QueryClientProvider client={client}>
        <ScaPanel
          profile={profile}
          scope={scope}
          returnTo="/payments/pay-1"
          links={{ startAuthorisationWithPsuAuthentication: { href: collection } }}
          scaApproach="EMBEDDED"
        />
      </QueryClientProvider>
    </PresenterViewContext.Provider>,
  );
}

async function logIn() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('PSU-ID'), 'alice');
  await user.type(screen.getByLabelText('Password'), 'pw-Ki7q');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

afterEach(() => {
  cleanup();
  presenterMode.set(false);
  exchangeLog.clear();
  localStorage.clear();
});

describe('an SCA step through a link without the bank’s prefix', () => {
  it('goes on under the base_url and names the deviation where it happened', async () => {
    const paths = bankUnderPrefix();
    renderPanel();
    await logIn();
    expect(await screen.findByRole('group', { name: 'SCA method' })).toBeTruthy();
    expect(paths).toEqual([`POST ${collection}`, `POST /psd2${collection}`]);
    expect(
      screen.getByText(`The bank’s link ${collection} left out its prefix /psd2; the console used /psd2${collection}.`),
    ).toBeTruthy();
    // Each try is an exchange of the inspector.
    expect(exchangeLog.list().map((exchange) => exchange.response?.status)).toEqual([404, 201]);
  });

  it('says it plainly to an audience', async () => {
    bankUnderPrefix();
    renderPanel(true);
    await logIn();
    expect(await screen.findByRole('group', { name: 'SCA method' })).toBeTruthy();
    expect(screen.getByText(/The bank gave an address without the first part of its own path/)).toBeTruthy();
    expect(screen.queryByText(/\/psd2/)).toBeNull();
  });
});
