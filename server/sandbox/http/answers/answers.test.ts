// The sandbox's answers are typed against the 1.3.12 model: the bodies the builders make pass the model's schemas, and
// a body the model would reject is a type error (the @ts-expect-error lines fail `npm run typecheck` if it compiles).
import { describe, expect, it } from 'vitest';
import {
  PaymentInitiationCancelResponse202,
  PaymentInitiationResponse201,
  PaymentInitiationStatusResponse,
  ScaStatusResponse,
  SelectPsuAuthenticationMethodResponse,
  StartScaprocessResponse,
  UpdatePsuAuthenticationResponse,
  type AuthenticationObject,
} from '../../../../src/xs2a';
import type { AuthorisationRow, PaymentRow } from '../../store/schema';
import { cancellationBody, initiationBody, paymentStatusBody } from './payments';
import { progressBody, scaStatusBody, startBody, type ScaAnswerContext } from './sca';

const links = { origin: 'http://bank.localhost', prefix: '/bank' };
const path = '/v1/payments/sepa-credit-transfers/pay-1';
const ctx: ScaAnswerContext = { links, oauth: false, resourcePath: path };

const payment: PaymentRow = {
  payment_id: 'pay-1',
  payment_service: 'payments',
  payment_product: 'sepa-credit-transfers',
  body: '{}',
  debtor_iban: 'DE02100100109307118603',
  transaction_status: 'RCVD',
  sca_approach: 'REDIRECT',
  psu_id: 'alice',
  tpp_redirect_uri: null,
  tpp_nok_redirect_uri: null,
  funds_available: null,
  created_at: '2026-01-10T09:00:00.000Z',
  status_changed_at: '2026-01-10T09:00:00.000Z',
  accepted_at: null,
  entry_statuses: null,
  document: null,
  settled_at: null,
  version: 0,
};

const auth = (over: Partial<AuthorisationRow> = {}): AuthorisationRow => ({
  authorisation_id: 'auth-1',
  resource_type: 'payment',
  resource_id: 'pay-1',
  kind: 'authorisation',
  sca_approach: 'EMBEDDED',
  sca_status: 'received',
  psu_id: 'alice',
  chosen_method: null,
  otp_attempts: 0,
  tpp_redirect_uri: null,
  tpp_nok_redirect_uri: null,
  created_at: '2026-01-10T09:00:00.000Z',
  updated_at: '2026-01-10T09:00:00.000Z',
  version: 0,
  ...over,
});

const sms: AuthenticationObject = { authenticationType: 'SMS_OTP', authenticationMethodId: 'sms', name: 'SMS' };

describe('payment answers', () => {
  it('build initiation, status and cancellation bodies the 1.3.12 schemas accept', () => {
    const started = auth({ sca_approach: 'REDIRECT' });
    const initiated = initiationBody({ payment, approach: 'REDIRECT', started, batch: undefined }, links, false);
    expect(PaymentInitiationResponse201.safeParse(initiated).success).toBe(true);
    expect(initiated._links.scaRedirect).toEqual({ href: 'http://bank.localhost/bank/sca/auth-1' });
    expect(initiated._links.self).toEqual({ href: `/bank${path}` });
    const status = paymentStatusBody({
      row: { ...payment, transaction_status: 'ACTC' },
      psuName: 'Alice',
      entries: undefined,
      batch: undefined,
    });
    expect(PaymentInitiationStatusResponse.parse(status)).toEqual(status);
    const request = {
      cancelled: false as const,
      payment: { ...payment, transaction_status: 'ACTC' },
      approach: 'EMBEDDED' as const,
    };
    expect(PaymentInitiationCancelResponse202.safeParse(cancellationBody(request, links)).success).toBe(true);
  });

  it('refuse, at compile time, bodies the model would reject', () => {
    const wrongStatus: PaymentInitiationStatusResponse = {
      // @ts-expect-error: not a transaction status of 1.3.12
      transactionStatus: 'DONE',
    };
    const unknownMember = {
      transactionStatus: 'RCVD',
      // @ts-expect-error: the status answer has no such member
      fundsAvailible: true,
    } satisfies PaymentInitiationStatusResponse;
    expect([wrongStatus, unknownMember]).toHaveLength(2);
  });
});

describe('SCA answers', () => {
  it('build start, update and status bodies the 1.3.12 schemas accept', () => {
    const started = startBody(ctx, { step: 'started', auth: auth() });
    expect(StartScaprocessResponse.safeParse(started).success).toBe(true);
    expect(started._links.updatePsuAuthentication).toEqual({ href: `/bank${path}/authorisations/auth-1` });
    const withPassword = startBody(ctx, { step: 'authenticated', auth: auth(), methods: [sms] });
    expect(withPassword.authorisationId).toBe('auth-1');
    const chosen = { step: 'methodChosen' as const, auth: auth({ sca_status: 'scaMethodSelected' }), method: sms };
    expect(
      UpdatePsuAuthenticationResponse.safeParse(progressBody(ctx, { ...chosen, withPassword: true })).success,
    ).toBe(true);
    expect(
      SelectPsuAuthenticationMethodResponse.safeParse(progressBody(ctx, { ...chosen, withPassword: false })).success,
    ).toBe(true);
    const failed = progressBody(ctx, { step: 'otpChecked', auth: auth({ sca_status: 'failed' }) });
    expect(failed).toMatchObject({ scaStatus: 'failed', psuMessage: 'The authorisation failed.' });
    expect(ScaStatusResponse.parse(scaStatusBody(auth({ sca_status: 'finalised' }), 'Alice'))).toEqual({
      scaStatus: 'finalised',
      psuName: 'Alice',
      trustedBeneficiaryFlag: false,
    });
  });

  it('refuses a stored status the model does not know', () => {
    expect(() => scaStatusBody(auth({ sca_status: 'approved' }))).toThrow();
  });

  it('refuse, at compile time, bodies the model would reject', () => {
    const wrong = {
      // @ts-expect-error: not an SCA status of 1.3.12
      scaStatus: 'approved',
      authorisationId: 'auth-1',
      _links: {},
    } satisfies StartScaprocessResponse;
    const missing = {
      scaStatus: 'received',
      _links: {},
      // @ts-expect-error: the start answer needs its authorisationId
    } satisfies StartScaprocessResponse;
    expect([wrong, missing]).toHaveLength(2);
  });
});
