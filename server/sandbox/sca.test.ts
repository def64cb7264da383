// SCA through the sandbox's XS2A routes and PSU pages: embedded PUT steps, redirect pages, decoupled banking app,
// explicit start. Payments are the parent resource here; consents run the same engine (consents.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Authorisations,
  PaymentInitiationCancelResponse202,
  PaymentInitiationResponse201,
  PaymentInitiationStatusResponse,
  ScaStatusResponse,
  SelectPsuAuthenticationMethodResponse,
  StartScaprocessResponse,
  UpdatePsuAuthenticationResponse,
  UpdatePsuIdentificationResponse,
} from '../../src/xs2a';
import { SANDBOX_OTP, SANDBOX_PASSWORD } from './seed';
import { ORIGIN, createTestBank, type TestBank } from './testing/test-support';
import { send, ok, fails, accountOf, href, browse } from './testing/test-kit';

const CREDITOR_IBAN = 'DE02100100109307118603'; // the spec's example creditor, not an account of this bank
const TPP_OK = 'https://tpp.example/callback/ok';
const TPP_NOK = 'https://tpp.example/callback/nok';

const paymentBody = (psuId: string) => ({
  instructedAmount: { currency: 'EUR', amount: '12.50' },
  debtorAccount: { iban: accountOf(psuId).iban },
  creditorName: 'Kaffee Handel GmbH',
  creditorAccount: { iban: CREDITOR_IBAN },
  remittanceInformationUnstructured: 'Invoice 4711',
});

async function initiate(bank: TestBank, psuId: string, headers: Record<string, string>) {
  const res = await send(bank, 'POST', '/v1/payments/sepa-credit-transfers', { body: paymentBody(psuId), headers });
  const body = ok(res, 201, PaymentInitiationResponse201);
  const self = href(body._links.self);
  return { res, body, self };
}

const initiateEmbedded = (bank: TestBank, psuId: string) =>
  initiate(bank, psuId, { 'TPP-Redirect-Preferred': 'false', 'PSU-ID': psuId });

async function paymentStatus(bank: TestBank, self: string) {
  return ok(await send(bank, 'GET', `${self}/status`), 200, PaymentInitiationStatusResponse);
}

async function scaStatus(bank: TestBank, authPath: string) {
  return ok(await send(bank, 'GET', authPath), 200, ScaStatusResponse).scaStatus;
}

// ---- embedded ----

describe('embedded SCA: the PUT update-PSU-data steps', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());

  /** Starts an authorisation with the PSU-ID header only; returns its path. */
  async function start(self: string, psuId: string) {
    const res = await send(bank, 'POST', `${self}/authorisations`, { headers: { 'PSU-ID': psuId } });
    const body = ok(res, 201, StartScaprocessResponse);
    expect(res.headers.get('ASPSP-SCA-Approach')).toBe('EMBEDDED');
    return { body, authPath: href(body._links.scaStatus) };
  }

  const put = (authPath: string, body: unknown, headers: Record<string, string> = {}) =>
    send(bank, 'PUT', authPath, { body, headers });

  it('offers only startAuthorisationWithPsuAuthentication at initiation', async () => {
    const { res, body, self } = await initiateEmbedded(bank, 'alice');
    expect(res.headers.get('ASPSP-SCA-Approach')).toBe('EMBEDDED');
    expect(Object.keys(body._links).sort()).toEqual(['self', 'startAuthorisationWithPsuAuthentication', 'status']);
    expect(href(body._links.startAuthorisationWithPsuAuthentication)).toBe(`${self}/authorisations`);
    const list = ok(await send(bank, 'GET', `${self}/authorisations`), 200, Authorisations);
    expect(list.authorisationIds).toEqual([]);
  });

  it('runs psuData → scaMethods → authenticationMethodId → challengeData → scaAuthenticationData → finalised', async () => {
    const { self } = await initiateEmbedded(bank, 'alice');
    const { body: started, authPath } = await start(self, 'alice');
    expect(started.scaStatus).toBe('psuIdentified');
    expect(started._links.updatePsuAuthentication?.href).toBe(authPath);
    expect(await scaStatus(bank, authPath)).toBe('psuIdentified');

    const authenticated = await put(authPath, { psuData: { password: SANDBOX_PASSWORD } });
    const step1 = ok(authenticated, 200, UpdatePsuAuthenticationResponse);
    expect(authenticated.headers.get('ASPSP-SCA-Approach')).toBe('EMBEDDED');
    expect(step1.scaStatus).toBe('psuAuthenticated');
    expect(step1.scaMethods?.map((m) => m.authenticationMethodId)).toEqual(['sms', 'push', 'chip']);
    expect(step1._links?.selectAuthenticationMethod?.href).toBe(authPath);

    const selected = await put(authPath, { authenticationMethodId: 'push' });
    const step2 = ok(selected, 200, SelectPsuAuthenticationMethodResponse);
    expect(selected.headers.get('ASPSP-SCA-Approach')).toBe('EMBEDDED');
    expect(step2.scaStatus).toBe('scaMethodSelected');
    expect(step2.chosenScaMethod?.authenticationType).toBe('PUSH_OTP');
    expect(step2.challengeData).toMatchObject({ otpMaxLength: 6, otpFormat: 'integer' });
    expect(step2._links?.authoriseTransaction?.href).toBe(authPath);

    const authorised = await put(authPath, { scaAuthenticationData: SANDBOX_OTP });
    expect(ok(authorised, 200, ScaStatusResponse).scaStatus).toBe('finalised');
    expect(authorised.headers.get('ASPSP-SCA-Approach')).toBe('EMBEDDED');

    const read = ok(await send(bank, 'GET', authPath), 200, ScaStatusResponse);
    expect(read).toMatchObject({ scaStatus: 'finalised', psuName: 'Alice Schneider', trustedBeneficiaryFlag: false });
    const status = await paymentStatus(bank, self);
    expect(status).toMatchObject({ transactionStatus: 'ACTC', fundsAvailable: true, psuName: 'Alice Schneider' });
    expect(status.ownerNames).toEqual([{ name: 'Alice Schneider', role: 'owner' }]);
  });

  it('accepts psuData in the start request itself (201 psuAuthenticated)', async () => {
    const { self } = await initiateEmbedded(bank, 'bob');
    const res = await send(bank, 'POST', `${self}/authorisations`, {
      headers: { 'PSU-ID': 'bob' },
      body: { psuData: { password: SANDBOX_PASSWORD } },
    });
    const body = ok(res, 201, StartScaprocessResponse);
    expect(res.headers.get('ASPSP-SCA-Approach')).toBe('EMBEDDED');
    expect(body.scaStatus).toBe('psuAuthenticated');
    expect(body.scaMethods).toHaveLength(3);
    const authPath = href(body._links.scaStatus);
    expect(authPath).toBe(`${self}/authorisations/${body.authorisationId}`);
    const list = ok(await send(bank, 'GET', `${self}/authorisations`), 200, Authorisations);
    expect(list.authorisationIds).toEqual([body.authorisationId]);
  });

  it("skips method selection for carol's single method; her payment is then rejected for lack of funds", async () => {
    const { self } = await initiateEmbedded(bank, 'carol');
    const { authPath } = await start(self, 'carol');
    const step = ok(
      await put(authPath, { psuData: { password: SANDBOX_PASSWORD } }),
      200,
      UpdatePsuAuthenticationResponse,
    );
    expect(step.scaStatus).toBe('scaMethodSelected');
    expect(step.scaMethods).toBeUndefined();
    expect(step.chosenScaMethod?.authenticationMethodId).toBe('sms');
    expect(step.challengeData?.otpMaxLength).toBe(6);
    expect(step._links?.authoriseTransaction?.href).toBe(authPath);
    expect(ok(await put(authPath, { scaAuthenticationData: SANDBOX_OTP }), 200, ScaStatusResponse).scaStatus).toBe(
      'finalised',
    );
    const status = await paymentStatus(bank, self);
    expect(status.transactionStatus).toBe('RJCT');
    // 1.3.12, payment status: fundsAvailable only with ACTC, ACWC or ACCP; the reason goes to psuMessage.
    expect(status.fundsAvailable).toBeUndefined();
    expect(status.psuMessage).toMatch(/funds/);
  });

  it('answers a wrong OTP with 401 PSU_CREDENTIALS_INVALID and the attempts left; the right one then finalises', async () => {
    const { self } = await initiateEmbedded(bank, 'alice');
    const { authPath } = await start(self, 'alice');
    await put(authPath, { psuData: { password: SANDBOX_PASSWORD } });
    await put(authPath, { authenticationMethodId: 'sms' });
    const wrong = fails(await put(authPath, { scaAuthenticationData: '000000' }), 401, 'PSU_CREDENTIALS_INVALID');
    expect(wrong?.text).toMatch(/2 attempts left/);
    expect(wrong?.path).toBe('scaAuthenticationData');
    expect(await scaStatus(bank, authPath)).toBe('scaMethodSelected');
    expect(ok(await put(authPath, { scaAuthenticationData: SANDBOX_OTP }), 200, ScaStatusResponse).scaStatus).toBe(
      'finalised',
    );
    expect((await paymentStatus(bank, self)).transactionStatus).toBe('ACTC');
  });

  it('fails the authorisation on the third wrong OTP: payment RJCT, further steps 400 SCA_INVALID', async () => {
    const { self } = await initiateEmbedded(bank, 'alice');
    const { authPath } = await start(self, 'alice');
    await put(authPath, { psuData: { password: SANDBOX_PASSWORD } });
    await put(authPath, { authenticationMethodId: 'chip' });
    expect(fails(await put(authPath, { scaAuthenticationData: '1' }), 401, 'PSU_CREDENTIALS_INVALID')?.text).toMatch(
      /2 attempts/,
    );
    expect(fails(await put(authPath, { scaAuthenticationData: '2' }), 401, 'PSU_CREDENTIALS_INVALID')?.text).toMatch(
      /1 attempt left/,
    );
    const third = ok(await put(authPath, { scaAuthenticationData: '3' }), 200, ScaStatusResponse);
    expect(third.scaStatus).toBe('failed');
    expect(await scaStatus(bank, authPath)).toBe('failed');
    expect((await paymentStatus(bank, self)).transactionStatus).toBe('RJCT');
    fails(await put(authPath, { scaAuthenticationData: SANDBOX_OTP }), 400, 'SCA_INVALID');
    fails(await put(authPath, { authenticationMethodId: 'sms' }), 400, 'SCA_INVALID');
    // A rejected payment needs no further authorisation.
    fails(
      await send(bank, 'POST', `${self}/authorisations`, { headers: { 'PSU-ID': 'alice' } }),
      409,
      'STATUS_INVALID',
    );
  });

  it('fails every SCA of dave, even with the right OTP: payment RJCT', async () => {
    const { self } = await initiateEmbedded(bank, 'dave');
    const { authPath } = await start(self, 'dave');
    ok(await put(authPath, { psuData: { password: SANDBOX_PASSWORD } }), 200, UpdatePsuAuthenticationResponse);
    ok(await put(authPath, { authenticationMethodId: 'sms' }), 200, SelectPsuAuthenticationMethodResponse);
    expect(ok(await put(authPath, { scaAuthenticationData: SANDBOX_OTP }), 200, ScaStatusResponse).scaStatus).toBe(
      'failed',
    );
    expect((await paymentStatus(bank, self)).transactionStatus).toBe('RJCT');
  });

  it('rejects an unknown method with 400 SCA_METHOD_UNKNOWN and keeps the authorisation usable', async () => {
    const { self } = await initiateEmbedded(bank, 'bob');
    const { authPath } = await start(self, 'bob');
    await put(authPath, { psuData: { password: SANDBOX_PASSWORD } });
    expect(
      fails(await put(authPath, { authenticationMethodId: 'carrier-pigeon' }), 400, 'SCA_METHOD_UNKNOWN')?.path,
    ).toBe('authenticationMethodId');
    expect(await scaStatus(bank, authPath)).toBe('psuAuthenticated');
    ok(await put(authPath, { authenticationMethodId: 'sms' }), 200, SelectPsuAuthenticationMethodResponse);
  });

  it('answers a wrong password with 401 PSU_CREDENTIALS_INVALID and leaves the status', async () => {
    const { self } = await initiateEmbedded(bank, 'alice');
    const { authPath } = await start(self, 'alice');
    fails(await put(authPath, { psuData: { password: 'guess' } }), 401, 'PSU_CREDENTIALS_INVALID');
    expect(await scaStatus(bank, authPath)).toBe('psuIdentified');
    ok(await put(authPath, { psuData: { password: SANDBOX_PASSWORD } }), 200, UpdatePsuAuthenticationResponse);
  });

  it("does not let another PSU authorise alice's payment", async () => {
    const { self } = await initiate(bank, 'alice', { 'TPP-Redirect-Preferred': 'false' });
    const { authPath } = await start(self, 'bob');
    fails(await put(authPath, { psuData: { password: SANDBOX_PASSWORD } }), 401, 'PSU_CREDENTIALS_INVALID');
    expect((await paymentStatus(bank, self)).transactionStatus).toBe('RCVD');
  });

  it('keeps the steps in order: OTP before method selection is 409 STATUS_INVALID', async () => {
    const { self } = await initiateEmbedded(bank, 'alice');
    const { authPath } = await start(self, 'alice');
    fails(await put(authPath, { scaAuthenticationData: SANDBOX_OTP }), 409, 'STATUS_INVALID');
    fails(await put(authPath, { authenticationMethodId: 'sms' }), 409, 'STATUS_INVALID');
    await put(authPath, { psuData: { password: SANDBOX_PASSWORD } });
    fails(await put(authPath, { psuData: { password: SANDBOX_PASSWORD } }), 409, 'STATUS_INVALID');
    fails(await put(authPath, { confirmationCode: 'abc' }), 409, 'STATUS_INVALID');
  });

  it('answers 409 STATUS_INVALID when a finalised authorisation or an accepted payment is authorised again', async () => {
    const { self } = await initiateEmbedded(bank, 'alice');
    const { authPath } = await start(self, 'alice');
    await put(authPath, { psuData: { password: SANDBOX_PASSWORD } });
    await put(authPath, { authenticationMethodId: 'sms' });
    await put(authPath, { scaAuthenticationData: SANDBOX_OTP });
    fails(await put(authPath, { scaAuthenticationData: SANDBOX_OTP }), 409, 'STATUS_INVALID');
    fails(
      await send(bank, 'POST', `${self}/authorisations`, { headers: { 'PSU-ID': 'alice' } }),
      409,
      'STATUS_INVALID',
    );
  });

  it('identifies a PSU later: start without PSU-ID, then PUT {} with the PSU-ID header', async () => {
    const { self } = await initiate(bank, 'alice', { 'TPP-Redirect-Preferred': 'false' });
    const started = ok(await send(bank, 'POST', `${self}/authorisations`), 201, StartScaprocessResponse);
    expect(started.scaStatus).toBe('received');
    const authPath = href(started._links.scaStatus);
    fails(await put(authPath, {}), 400, 'FORMAT_ERROR');
    const identified = ok(await put(authPath, {}, { 'PSU-ID': 'alice' }), 200, UpdatePsuIdentificationResponse);
    expect(identified.scaStatus).toBe('psuIdentified');
    ok(await put(authPath, { psuData: { password: SANDBOX_PASSWORD } }), 200, UpdatePsuAuthenticationResponse);
  });

  it('answers 403 RESOURCE_UNKNOWN for an unknown authorisation of a known payment', async () => {
    const { self } = await initiateEmbedded(bank, 'alice');
    fails(await send(bank, 'GET', `${self}/authorisations/auth-unknown`), 403, 'RESOURCE_UNKNOWN');
    fails(
      await put(`${self}/authorisations/auth-unknown`, { scaAuthenticationData: SANDBOX_OTP }),
      403,
      'RESOURCE_UNKNOWN',
    );
  });
});

// ---- redirect ----

describe('redirect SCA through the bank pages', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());

  async function redirectPayment(psuId = 'alice') {
    const { res, body, self } = await initiate(bank, psuId, {
      'TPP-Redirect-Preferred': 'true',
      'TPP-Redirect-URI': TPP_OK,
      'TPP-Nok-Redirect-URI': TPP_NOK,
    });
    expect(res.headers.get('ASPSP-SCA-Approach')).toBe('REDIRECT');
    expect(Object.keys(body._links).sort()).toEqual(['scaRedirect', 'scaStatus', 'self', 'status']);
    return { self, scaRedirect: href(body._links.scaRedirect), authPath: href(body._links.scaStatus) };
  }

  it('approves: page → login form → OTP → 303 to TPP-Redirect-URI, payment ACTC', async () => {
    const { self, scaRedirect, authPath } = await redirectPayment();
    expect(scaRedirect).toMatch(new RegExp(`^${ORIGIN}/psd2/sca/`));
    const list = ok(await send(bank, 'GET', `${self}/authorisations`), 200, Authorisations);
    expect(list.authorisationIds).toEqual([authPath.split('/').pop()]);
    expect(await scaStatus(bank, authPath)).toBe('received');

    const first = await browse(bank, scaRedirect);
    expect(first.status).toBe(200);
    expect(first.html).toContain('Approve this payment?');
    expect(first.html).toContain('Kaffee Handel GmbH');
    expect(first.html).toContain('action="/psd2/sca/');

    const login = await browse(bank, `${scaRedirect}/login`, { psuId: 'alice', password: SANDBOX_PASSWORD });
    expect(login.status).toBe(303);
    expect(login.location).toBe(new URL(scaRedirect).pathname);
    expect(await scaStatus(bank, authPath)).toBe('psuAuthenticated');

    const approvePage = await browse(bank, scaRedirect);
    expect(approvePage.html).toContain('One-time password');
    expect(approvePage.html).toContain('Alice Schneider');

    const decision = await browse(bank, `${scaRedirect}/decision`, {
      action: 'approve',
      otp: SANDBOX_OTP,
      method: 'sms',
    });
    expect(decision.status).toBe(303);
    expect(decision.location).toBe(TPP_OK);
    expect(await scaStatus(bank, authPath)).toBe('finalised');
    expect((await paymentStatus(bank, self)).transactionStatus).toBe('ACTC');

    const after = await browse(bank, scaRedirect);
    expect(after.html).toContain('already finalised');
  });

  it('denies: 303 to TPP-Nok-Redirect-URI, authorisation failed, payment RJCT', async () => {
    const { self, scaRedirect, authPath } = await redirectPayment();
    await browse(bank, `${scaRedirect}/login`, { psuId: 'alice', password: SANDBOX_PASSWORD });
    const decision = await browse(bank, `${scaRedirect}/decision`, { action: 'deny' });
    expect(decision.status).toBe(303);
    expect(decision.location).toBe(TPP_NOK);
    expect(await scaStatus(bank, authPath)).toBe('failed');
    expect((await paymentStatus(bank, self)).transactionStatus).toBe('RJCT');
  });

  it('shows an error page for a wrong password and stays on the login step', async () => {
    const { scaRedirect, authPath } = await redirectPayment();
    const login = await browse(bank, `${scaRedirect}/login`, { psuId: 'alice', password: 'wrong' });
    expect(login.status).toBe(401);
    expect(login.html).toContain('role="alert"');
    expect(login.html).toContain('password is wrong');
    expect(login.html).toContain('name="password"');
    expect(await scaStatus(bank, authPath)).toBe('received');
  });

  it('shows the attempts left for a wrong OTP on the page, then accepts the right one', async () => {
    const { self, scaRedirect } = await redirectPayment();
    await browse(bank, `${scaRedirect}/login`, { psuId: 'alice', password: SANDBOX_PASSWORD });
    const wrong = await browse(bank, `${scaRedirect}/decision`, { action: 'approve', otp: '999999' });
    expect(wrong.status).toBe(401);
    expect(wrong.html).toContain('2 attempts left');
    const right = await browse(bank, `${scaRedirect}/decision`, { action: 'approve', otp: SANDBOX_OTP });
    expect(right.location).toBe(TPP_OK);
    expect((await paymentStatus(bank, self)).transactionStatus).toBe('ACTC');
  });

  it('fails after three wrong OTPs on the page: 303 to the Nok URI, payment RJCT', async () => {
    const { self, scaRedirect, authPath } = await redirectPayment();
    await browse(bank, `${scaRedirect}/login`, { psuId: 'alice', password: SANDBOX_PASSWORD });
    expect((await browse(bank, `${scaRedirect}/decision`, { action: 'approve', otp: '1' })).html).toContain(
      '2 attempts left',
    );
    expect((await browse(bank, `${scaRedirect}/decision`, { action: 'approve', otp: '2' })).html).toContain(
      '1 attempt left',
    );
    const third = await browse(bank, `${scaRedirect}/decision`, { action: 'approve', otp: '3' });
    expect(third.status).toBe(303);
    expect(third.location).toBe(TPP_NOK);
    expect(await scaStatus(bank, authPath)).toBe('failed');
    expect((await paymentStatus(bank, self)).transactionStatus).toBe('RJCT');
  });

  it("refuses another PSU's login on alice's payment", async () => {
    const { scaRedirect, authPath } = await redirectPayment();
    const login = await browse(bank, `${scaRedirect}/login`, { psuId: 'bob', password: SANDBOX_PASSWORD });
    expect(login.status).toBe(401);
    expect(login.html).toContain('role="alert"');
    expect(await scaStatus(bank, authPath)).toBe('received');
  });

  it('sends dave to the Nok URI even when he approves with the right OTP', async () => {
    const { self, scaRedirect } = await redirectPayment('dave');
    await browse(bank, `${scaRedirect}/login`, { psuId: 'dave', password: SANDBOX_PASSWORD });
    const decision = await browse(bank, `${scaRedirect}/decision`, { action: 'approve', otp: SANDBOX_OTP });
    expect(decision.location).toBe(TPP_NOK);
    expect((await paymentStatus(bank, self)).transactionStatus).toBe('RJCT');
  });

  it('ends on a bank page when the TPP gave no redirect URI', async () => {
    const { body } = await initiate(bank, 'alice', {});
    const scaRedirect = href(body._links.scaRedirect);
    await browse(bank, `${scaRedirect}/login`, { psuId: 'alice', password: SANDBOX_PASSWORD });
    const decision = await browse(bank, `${scaRedirect}/decision`, { action: 'approve', otp: SANDBOX_OTP });
    expect(decision.status).toBe(200);
    expect(decision.html).toContain('Approved');
  });

  it('answers an unknown or non-redirect authorisation with a 404 page', async () => {
    expect((await browse(bank, '/psd2/sca/auth-does-not-exist')).status).toBe(404);
    const { self } = await initiateEmbedded(bank, 'alice');
    const started = ok(
      await send(bank, 'POST', `${self}/authorisations`, { headers: { 'PSU-ID': 'alice' } }),
      201,
      StartScaprocessResponse,
    );
    expect((await browse(bank, `/psd2/sca/${started.authorisationId}`)).status).toBe(404);
  });
});

// ---- decoupled ----

describe('decoupled SCA in the banking app', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());

  const decoupledHeaders = (psuId: string) => ({ 'TPP-Decoupled-Preferred': 'true', 'PSU-ID': psuId });

  async function appLogin(psuId: string) {
    const login = await browse(bank, '/psd2/app/login', { psuId, password: SANDBOX_PASSWORD });
    expect(login.status).toBe(303);
    expect(login.setCookie).toMatch(/Path=\/psd2\/app/);
    const cookie = login.setCookie?.split(';')[0];
    if (!cookie) throw new Error('no session cookie');
    return cookie;
  }

  it('starts the authorisation implicitly with PSU-ID (started) and finalises on approval in the app', async () => {
    const { res, body, self } = await initiate(bank, 'alice', decoupledHeaders('alice'));
    expect(res.headers.get('ASPSP-SCA-Approach')).toBe('DECOUPLED');
    expect(Object.keys(body._links).sort()).toEqual(['scaStatus', 'self', 'status']);
    expect(body.psuMessage).toMatch(/Banking app/);
    const authPath = href(body._links.scaStatus);
    expect(await scaStatus(bank, authPath)).toBe('started');
    const authorisationId = authPath.split('/').pop() ?? '';

    const cookie = await appLogin('alice');
    const home = await browse(bank, '/psd2/app', undefined, cookie);
    expect(home.html).toContain('Hello, Alice Schneider');
    expect(home.html).toContain(`value="${authorisationId}"`);

    const decide = await browse(bank, '/psd2/app/decide', { authorisationId, action: 'approve' }, cookie);
    expect(decide.status).toBe(303);
    expect(decide.location).toBe('/psd2/app?done=approved');
    expect(await scaStatus(bank, authPath)).toBe('finalised');
    expect((await paymentStatus(bank, self)).transactionStatus).toBe('ACTC');
    expect((await browse(bank, '/psd2/app', undefined, cookie)).html).toContain('Nothing is waiting');
  });

  it('rejects the payment when the PSU denies in the app', async () => {
    const { body, self } = await initiate(bank, 'bob', decoupledHeaders('bob'));
    const authPath = href(body._links.scaStatus);
    const cookie = await appLogin('bob');
    const decide = await browse(
      bank,
      '/psd2/app/decide',
      { authorisationId: authPath.split('/').pop() ?? '', action: 'deny' },
      cookie,
    );
    expect(decide.location).toBe('/psd2/app?done=declined');
    expect(await scaStatus(bank, authPath)).toBe('failed');
    expect((await paymentStatus(bank, self)).transactionStatus).toBe('RJCT');
  });

  it('fails dave even when he approves', async () => {
    const { body, self } = await initiate(bank, 'dave', decoupledHeaders('dave'));
    const authPath = href(body._links.scaStatus);
    const cookie = await appLogin('dave');
    await browse(
      bank,
      '/psd2/app/decide',
      { authorisationId: authPath.split('/').pop() ?? '', action: 'approve' },
      cookie,
    );
    expect(await scaStatus(bank, authPath)).toBe('failed');
    expect((await paymentStatus(bank, self)).transactionStatus).toBe('RJCT');
  });

  it("keeps a PSU away from another PSU's requests and refuses a wrong app password", async () => {
    const { body } = await initiate(bank, 'alice', decoupledHeaders('alice'));
    const authPath = href(body._links.scaStatus);
    const cookie = await appLogin('bob');
    await browse(
      bank,
      '/psd2/app/decide',
      { authorisationId: authPath.split('/').pop() ?? '', action: 'approve' },
      cookie,
    );
    expect(await scaStatus(bank, authPath)).toBe('started');
    const wrong = await browse(bank, '/psd2/app/login', { psuId: 'alice', password: 'nope' });
    expect(wrong.location).toMatch(/^\/psd2\/app\?error=/);
    expect(wrong.setCookie).toBeNull();
  });

  it('cancels an accepted decoupled payment through a decoupled cancellation authorisation', async () => {
    const { body, self } = await initiate(bank, 'bob', decoupledHeaders('bob'));
    const cookie = await appLogin('bob');
    const authorisationId = href(body._links.scaStatus).split('/').pop() ?? '';
    await browse(bank, '/psd2/app/decide', { authorisationId, action: 'approve' }, cookie);
    expect((await paymentStatus(bank, self)).transactionStatus).toBe('ACTC');

    const cancel = ok(await send(bank, 'DELETE', self), 202, PaymentInitiationCancelResponse202);
    const started = await send(bank, 'POST', href(cancel._links?.startAuthorisation));
    const startBody = ok(started, 201, StartScaprocessResponse);
    expect(started.headers.get('ASPSP-SCA-Approach')).toBe('DECOUPLED');
    expect(startBody.scaStatus).toBe('started');
    const home = await browse(bank, '/psd2/app', undefined, cookie);
    expect(home.html).toContain('Cancel payment: €');
    await browse(bank, '/psd2/app/decide', { authorisationId: startBody.authorisationId, action: 'approve' }, cookie);
    expect(await scaStatus(bank, href(startBody._links.scaStatus))).toBe('finalised');
    expect((await paymentStatus(bank, self)).transactionStatus).toBe('CANC');
  });

  it('without PSU-ID: startAuthorisationWithPsuIdentification, then PUT {} with PSU-ID starts it', async () => {
    const { body, self } = await initiate(bank, 'alice', { 'TPP-Decoupled-Preferred': 'true' });
    expect(Object.keys(body._links).sort()).toEqual(['self', 'startAuthorisationWithPsuIdentification', 'status']);
    const started = await send(bank, 'POST', href(body._links.startAuthorisationWithPsuIdentification));
    const startBody = ok(started, 201, StartScaprocessResponse);
    expect(started.headers.get('ASPSP-SCA-Approach')).toBe('DECOUPLED');
    expect(startBody.scaStatus).toBe('received');
    const authPath = href(startBody._links.updatePsuIdentification);
    const identified = await send(bank, 'PUT', authPath, { body: {}, headers: { 'PSU-ID': 'alice' } });
    const step = ok(identified, 200, UpdatePsuIdentificationResponse);
    expect(identified.headers.get('ASPSP-SCA-Approach')).toBe('DECOUPLED');
    expect(step.scaStatus).toBe('started');
    expect(step.psuMessage).toMatch(/Banking app/);
    // Embedded steps do not apply to a decoupled authorisation.
    fails(await send(bank, 'PUT', authPath, { body: { scaAuthenticationData: SANDBOX_OTP } }), 409, 'STATUS_INVALID');
    expect((await paymentStatus(bank, self)).transactionStatus).toBe('RCVD');
  });
});

describe('decoupled SCA with timed approval (decoupledAutoApproveMs)', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank({ config: { decoupledAutoApproveMs: 5_000 } });
  });
  afterAll(() => bank.close());

  it('finalises on the first status read after the delay, not before', async () => {
    const { body, self } = await initiate(bank, 'bob', { 'TPP-Decoupled-Preferred': 'true', 'PSU-ID': 'bob' });
    const authPath = href(body._links.scaStatus);
    bank.clock.advance(4_999);
    expect((await paymentStatus(bank, self)).transactionStatus).toBe('RCVD');
    expect(await scaStatus(bank, authPath)).toBe('started');
    bank.clock.advance(1);
    expect((await paymentStatus(bank, self)).transactionStatus).toBe('ACTC');
    expect(await scaStatus(bank, authPath)).toBe('finalised');
  });

  it('fails dave after the delay: payment RJCT', async () => {
    const { body, self } = await initiate(bank, 'dave', { 'TPP-Decoupled-Preferred': 'true', 'PSU-ID': 'dave' });
    bank.clock.advance(5_000);
    expect((await paymentStatus(bank, self)).transactionStatus).toBe('RJCT');
    expect(await scaStatus(bank, href(body._links.scaStatus))).toBe('failed');
  });
});

// ---- explicit start ----

describe('explicit start (TPP-Explicit-Authorisation-Preferred: true)', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());

  it('gives a startAuthorisation link and no implicit sub-resource; POST on it creates one', async () => {
    const { res, body, self } = await initiate(bank, 'alice', {
      'TPP-Explicit-Authorisation-Preferred': 'true',
      'TPP-Redirect-URI': TPP_OK,
    });
    expect(res.headers.get('ASPSP-SCA-Approach')).toBe('REDIRECT');
    expect(Object.keys(body._links).sort()).toEqual(['self', 'startAuthorisation', 'status']);
    const collection = href(body._links.startAuthorisation);
    expect(collection).toBe(`${self}/authorisations`);
    expect(ok(await send(bank, 'GET', collection), 200, Authorisations).authorisationIds).toEqual([]);

    const started = await send(bank, 'POST', collection, { headers: { 'TPP-Redirect-URI': TPP_OK } });
    const startBody = ok(started, 201, StartScaprocessResponse);
    expect(started.headers.get('ASPSP-SCA-Approach')).toBe('REDIRECT');
    expect(startBody.scaStatus).toBe('received');
    expect(href(startBody._links.scaRedirect)).toBe(`${ORIGIN}/psd2/sca/${startBody.authorisationId}`);
    expect(href(startBody._links.scaStatus)).toBe(`${collection}/${startBody.authorisationId}`);
    expect(ok(await send(bank, 'GET', collection), 200, Authorisations).authorisationIds).toEqual([
      startBody.authorisationId,
    ]);

    const scaRedirect = href(startBody._links.scaRedirect);
    await browse(bank, `${scaRedirect}/login`, { psuId: 'alice', password: SANDBOX_PASSWORD });
    expect((await browse(bank, `${scaRedirect}/decision`, { action: 'approve', otp: SANDBOX_OTP })).location).toBe(
      TPP_OK,
    );
    expect((await paymentStatus(bank, self)).transactionStatus).toBe('ACTC');
  });

  it('rejects embedded step bodies when starting a redirect authorisation', async () => {
    const { body } = await initiate(bank, 'alice', { 'TPP-Explicit-Authorisation-Preferred': 'true' });
    const collection = href(body._links.startAuthorisation);
    fails(
      await send(bank, 'POST', collection, { body: { psuData: { password: SANDBOX_PASSWORD } } }),
      400,
      'FORMAT_ERROR',
    );
    fails(await send(bank, 'POST', collection, { body: { scaAuthenticationData: SANDBOX_OTP } }), 400, 'FORMAT_ERROR');
    fails(await send(bank, 'POST', collection, { body: { confirmationCode: 'x' } }), 400, 'FORMAT_ERROR');
  });
});
