import { beforeEach, describe, expect, it } from 'vitest';
import { bankDataDisplay } from '../../api/presenter';
import { foldedAsRecorded } from '../../api/test-kit';
import { buildFlowStory } from './build-story';
import { CONSENT, event, exchange, initiate, PAYMENT, resetKit, status } from './story-test-kit';
import type { FlowStory } from './story-types';

const labels = (story: FlowStory) => story.steps.map((step) => step.label);
const tones = (story: FlowStory) => story.steps.map((step) => `${step.tone}: ${step.label}`);

beforeEach(resetKit);

describe('buildFlowStory: a redirect payment', () => {
  it('tells the hand-over, the PSU at the bank and the return, and folds the reads that saw nothing new', () => {
    const exchanges = [initiate('RCVD'), status('RCVD'), status('RCVD'), status('RCVD')];
    const handOver = event({
      kind: 'hand-over',
      flow: PAYMENT,
      via: 'redirect',
      purpose: 'authorisation',
      returnTo: '/p',
    });
    const back = event({ kind: 'return', flow: PAYMENT, via: 'redirect', outcome: 'ok' });
    const after = [status('RCVD'), status('ACTC'), status('ACSC'), status('ACSC')];
    const story = buildFlowStory({ flow: PAYMENT, exchanges: [...exchanges, ...after], events: [handOver, back] });

    expect(labels(story)).toEqual([
      'Initiate payment → 201, received',
      'Status read 3 times, unchanged: RCVD',
      'The console sends the PSU to the bank’s page',
      'The PSU logs in and approves at the bank',
      'Back from the bank: approved',
      'Status read 1 time, unchanged: RCVD',
      'Status → ACTC, technically valid',
      'Status → ACSC, settled',
      'Status read 1 time, unchanged: ACSC',
    ]);
    expect(story.steps.map((step) => step.arrows.map(({ from, to }) => `${from}→${to}`).join(' '))).toEqual([
      'tpp→bank bank→tpp',
      '',
      'tpp→psu',
      'psu→bank',
      'psu→tpp',
      '',
      'tpp→bank bank→tpp',
      'tpp→bank bank→tpp',
      '',
    ]);
    expect(story.outcome).toEqual({ tone: 'ok', label: 'Settled (ACSC)' });
    expect(story.subject).toBe('payment');
  });

  it('tells reads the log folded as if each were kept: the waiting band counts them, also for an audience', () => {
    const reads = [initiate('RCVD'), ...Array.from({ length: 14 }, () => status('RCVD')), status('ACSC')];
    const folded = foldedAsRecorded(reads);
    expect(folded).toHaveLength(4);
    for (const display of [undefined, bankDataDisplay(true)]) {
      const whole = buildFlowStory({ flow: PAYMENT, exchanges: reads, events: [], ...(display && { display }) });
      const told = buildFlowStory({ flow: PAYMENT, exchanges: folded, events: [], ...(display && { display }) });
      expect(labels(told)).toEqual(labels(whole));
      expect(told.steps[1]).toMatchObject({ reads: 14, exchangeIds: [folded[1]?.id, folded[2]?.id] });
    }
    expect(labels(buildFlowStory({ flow: PAYMENT, exchanges: folded, events: [] }))[1]).toBe(
      'Status read 14 times, unchanged: RCVD',
    );
    expect(
      labels(buildFlowStory({ flow: PAYMENT, exchanges: folded, events: [], display: bankDataDisplay(true) }))[1],
    ).toBe('Waiting: nothing new from the bank (checked 14 times)');
  });

  it('gives every API step its exchange id and every waiting span the reads it stands for', () => {
    const exchanges = [initiate(), status('RCVD'), status('RCVD')];
    const story = buildFlowStory({ flow: PAYMENT, exchanges, events: [] });
    expect(story.steps[0]?.exchangeId).toBe(exchanges[0]?.id);
    expect(story.steps[1]?.exchangeIds).toEqual([exchanges[1]?.id, exchanges[2]?.id]);
  });

  it('says while the PSU is still at the bank', () => {
    const handOver = event({
      kind: 'hand-over',
      flow: PAYMENT,
      via: 'redirect',
      purpose: 'authorisation',
      returnTo: '/p',
    });
    const story = buildFlowStory({ flow: PAYMENT, exchanges: [initiate()], events: [handOver] });
    expect(tones(story).at(-1)).toBe('waiting: The PSU is at the bank’s page; not back yet');
    expect(story.outcome).toEqual({ tone: 'waiting', label: 'Received (RCVD): not authorised yet' });
  });

  it('uses only the exchanges and events of its own flow', () => {
    const other = exchange('initiatePayment', { flow: 'payment:p2', method: 'POST', status: 201 });
    const otherEvent = event({ kind: 'return', flow: 'payment:p2', via: 'redirect', outcome: 'nok' });
    const story = buildFlowStory({ flow: PAYMENT, exchanges: [other, initiate()], events: [otherEvent] });
    expect(labels(story)).toEqual(['Initiate payment → 201, received']);
  });
});

describe('buildFlowStory: an embedded payment', () => {
  it('shows the PSU’s password, method choice, challenge and one-time code between the API calls', () => {
    const methods = [
      { authenticationType: 'SMS_OTP', authenticationMethodId: 'sms', name: 'SMS to +49 170 ••• 12' },
      { authenticationType: 'PUSH_OTP', authenticationMethodId: 'push' },
    ];
    const exchanges = [
      initiate(),
      exchange('startPaymentAuthorisation', { method: 'POST', status: 201, body: { scaStatus: 'received' } }),
      exchange('updatePaymentPsuData', {
        method: 'PUT',
        requestBody: { psuData: { password: '[redacted]' } },
        body: { scaStatus: 'psuAuthenticated', scaMethods: methods },
      }),
      exchange('updatePaymentPsuData', {
        method: 'PUT',
        requestBody: { authenticationMethodId: 'push' },
        body: { scaStatus: 'scaMethodSelected', chosenScaMethod: methods[1], challengeData: {} },
      }),
      exchange('updatePaymentPsuData', {
        method: 'PUT',
        requestBody: { scaAuthenticationData: '[redacted]' },
        body: { scaStatus: 'finalised' },
      }),
      status('ACSC'),
    ];
    const story = buildFlowStory({ flow: PAYMENT, exchanges, events: [] });
    expect(labels(story)).toEqual([
      'Initiate payment → 201, received',
      'Start authorisation → 201, received',
      'The PSU enters their password',
      'Send the PSU’s password → 200, PSU authenticated',
      'The PSU chooses PUSH_OTP',
      'Send the chosen SCA method → 200, SCA method selected',
      'The bank sends the PSU a challenge (PUSH_OTP)',
      'The PSU enters the one-time code',
      'Send the one-time code → 200, finalised',
      'Status → ACSC, settled',
    ]);
    expect(story.steps.find((step) => step.label === 'The bank sends the PSU a challenge (PUSH_OTP)')?.arrows).toEqual([
      { from: 'bank', to: 'psu', text: 'The bank sends the PSU a challenge (PUSH_OTP)' },
    ]);
  });

  it('reads members the bank sent as null as absent: no challenge, no message from the bank', () => {
    const exchanges = [
      initiate(),
      exchange('updatePaymentPsuData', {
        method: 'PUT',
        requestBody: { authenticationMethodId: 'push' },
        body: { scaStatus: 'scaMethodSelected', chosenScaMethod: null, challengeData: null, psuMessage: null },
      }),
    ];
    const story = buildFlowStory({ flow: PAYMENT, exchanges, events: [] });
    expect(labels(story).join('\n')).not.toMatch(/challenge|null/);
  });

  it('marks a failed SCA (dave) as a failure and says so as the outcome', () => {
    const exchanges = [
      initiate(),
      exchange('startPaymentAuthorisation', { method: 'POST', status: 201, body: { scaStatus: 'received' } }),
      exchange('updatePaymentPsuData', {
        method: 'PUT',
        requestBody: { scaAuthenticationData: '[redacted]' },
        body: { scaStatus: 'failed' },
      }),
      status('RCVD'),
    ];
    const story = buildFlowStory({ flow: PAYMENT, exchanges, events: [] });
    expect(tones(story)).toContain('failed: Send the one-time code → 200, failed');
    expect(story.outcome).toEqual({
      tone: 'failed',
      label: 'The approval at the bank failed; the payment is not authorised (RCVD)',
    });
    const rejected = buildFlowStory({ flow: PAYMENT, exchanges: [...exchanges, status('RJCT')], events: [] });
    expect(rejected.outcome).toEqual({ tone: 'failed', label: 'Rejected: the approval at the bank failed (RJCT)' });
  });
});

describe('buildFlowStory: what the console did on its own', () => {
  it('tells the PSU’s password when the start of the authorisation carries it', () => {
    const initiated = initiate();
    const start = exchange('startPaymentAuthorisation', {
      method: 'POST',
      status: 201,
      requestBody: { psuData: { password: '[redacted]' } },
      body: { scaStatus: 'psuAuthenticated' },
    });
    const story = buildFlowStory({ flow: PAYMENT, exchanges: [initiated, start], events: [] });
    expect(labels(story).slice(1)).toEqual([
      'The PSU enters their password',
      'Start authorisation → 201, PSU authenticated',
    ]);
  });

  it('leaves out reads cut short by leaving for the bank, and does not draw a cut-short request as a failure', () => {
    const exchanges = [
      initiate(),
      exchange('getPaymentInitiationStatus', { error: { kind: 'interrupted', message: 'left' } }),
      exchange('cancelPayment', { method: 'DELETE', error: { kind: 'interrupted', message: 'left' } }),
    ];
    const story = buildFlowStory({ flow: PAYMENT, exchanges, events: [] });
    expect(tones(story)).toEqual([
      'ok: Initiate payment → 201, received',
      'neutral: Cancel payment → no answer: the page was left',
    ]);
  });

  it('leaves out reads it stopped for newer ones, and folds a rejected payment read again', () => {
    const before = [initiate(), status('RJCT')];
    const stopped = exchange('getPaymentInformation', { error: { kind: 'aborted', message: 'aborted' } });
    const again = exchange('getPaymentInformation', { body: { transactionStatus: 'RJCT' } });
    const story = buildFlowStory({
      flow: PAYMENT,
      exchanges: [...before, stopped, again],
      events: [],
    });
    expect(tones(story)).toEqual([
      'ok: Initiate payment → 201, received',
      'failed: Status → RJCT, rejected',
      'neutral: Payment read 1 time, unchanged: RJCT',
    ]);
  });
});

describe('buildFlowStory: a decoupled consent', () => {
  it('tells the bank asking the PSU in the app, the wait, and the PSU’s approval once the SCA status changes', () => {
    const scaStatus = (value: string) =>
      exchange('getConsentScaStatus', {
        flow: CONSENT,
        path: '/consents/c1/authorisations/a1',
        body: { scaStatus: value },
      });
    const created = exchange('createConsent', {
      flow: CONSENT,
      method: 'POST',
      status: 201,
      body: { consentStatus: 'received' },
      requestBody: { access: { accounts: [{ iban: 'DE89370400440532013000' }] } },
    });
    const started = exchange('startConsentAuthorisation', {
      flow: CONSENT,
      method: 'POST',
      status: 201,
      body: { scaStatus: 'started', psuMessage: 'Please confirm in your app' },
    });
    const wait = event({ kind: 'decoupled-wait', flow: CONSENT, purpose: 'authorisation', authorisationId: 'a1' });
    const reads = [scaStatus('started'), scaStatus('started'), scaStatus('finalised')];
    const valid = exchange('getConsentStatus', { flow: CONSENT, body: { consentStatus: 'valid' } });
    const story = buildFlowStory({ flow: CONSENT, exchanges: [created, started, ...reads, valid], events: [wait] });
    expect(labels(story)).toEqual([
      'Create consent → 201, received',
      'Start authorisation → 201, started',
      'The bank asks the PSU to approve it in their banking app',
      'SCA status read 2 times, unchanged: started',
      'The PSU approves in the banking app',
      'SCA status → finalised',
      'Status → valid',
    ]);
    expect(story.steps[0]?.detail).toBe('Access to DE89370400440532013000');
    expect(story.steps[1]?.detail).toBe('Please confirm in your app');
    expect(story.outcome).toEqual({ tone: 'ok', label: 'Valid: the TPP may read the accounts it covers' });
    expect(story.subject).toBe('consent');
  });
});

describe('buildFlowStory: OAuth', () => {
  it('tells the hand-over to the bank’s login, the return and the token exchange', () => {
    const metadata = exchange('oauthMetadata', { path: '/.well-known/oauth-authorization-server', body: {} });
    const handOver = event({
      kind: 'hand-over',
      flow: PAYMENT,
      via: 'oauth',
      purpose: 'authorisation',
      returnTo: '/p',
    });
    const back = event({ kind: 'return', flow: PAYMENT, via: 'oauth', outcome: 'ok' });
    const token = exchange('oauthToken', { method: 'POST', path: '/oauth/token', body: { token_type: 'Bearer' } });
    const story = buildFlowStory({ flow: PAYMENT, exchanges: [metadata, token], events: [handOver, back] });
    expect(labels(story)).toEqual([
      'Read the bank’s OAuth settings → 200',
      'The console sends the PSU to the bank’s login (OAuth)',
      'The PSU logs in and approves at the bank’s login page',
      'Back from the bank’s login: approved',
      'Exchange the code for a token → 200',
    ]);
  });

  it('draws a denial as a failure', () => {
    const handOver = event({
      kind: 'hand-over',
      flow: PAYMENT,
      via: 'oauth',
      purpose: 'authorisation',
      returnTo: '/p',
    });
    const back = event({ kind: 'return', flow: PAYMENT, via: 'oauth', outcome: 'nok' });
    const story = buildFlowStory({ flow: PAYMENT, exchanges: [], events: [handOver, back] });
    expect(tones(story).slice(1)).toEqual([
      'failed: The PSU does not complete the authorisation at the bank’s login page',
      'failed: Back from the bank’s login: not approved',
    ]);
  });
});

describe('buildFlowStory: failures', () => {
  it('marks error answers, no answer, a rejection and a nok return as failures', () => {
    const exchanges = [
      initiate(),
      exchange('startPaymentAuthorisation', {
        method: 'POST',
        status: 400,
        body: { tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', text: 'Bad IBAN DE89370400440532013000' }] },
      }),
      exchange('getPaymentInitiationStatus', { error: { kind: 'timeout', message: 'timed out' } }),
    ];
    const handOver = event({
      kind: 'hand-over',
      flow: PAYMENT,
      via: 'redirect',
      purpose: 'cancellation',
      returnTo: '/p',
    });
    const back = event({ kind: 'return', flow: PAYMENT, via: 'redirect', outcome: 'nok' });
    const rejected = status('RJCT');
    const story = buildFlowStory({ flow: PAYMENT, exchanges: [...exchanges, rejected], events: [handOver, back] });
    expect(tones(story)).toEqual([
      'ok: Initiate payment → 201, received',
      'failed: Start authorisation → 400, FORMAT_ERROR',
      'failed: Status → no answer in time',
      'neutral: The console sends the PSU to the bank’s page to cancel the payment',
      'failed: The PSU does not complete the cancellation at the bank',
      'failed: Back from the bank: not approved',
      'failed: Status → RJCT, rejected',
    ]);
    expect(story.steps[1]?.detail).toBe('Bad IBAN DE89370400440532013000');
    expect(story.outcome).toEqual({ tone: 'failed', label: 'Rejected by the bank (RJCT)' });
  });

  it('does not fold a failed read into the waiting span, and shows a request still in flight as waiting', () => {
    const exchanges = [
      initiate(),
      status('RCVD'),
      exchange('getPaymentInitiationStatus', { status: 429, body: {} }),
      status('RCVD'),
      exchange('cancelPayment', { method: 'DELETE', inFlight: true }),
      exchange('getPaymentInitiationStatus', { inFlight: true }),
    ];
    const story = buildFlowStory({ flow: PAYMENT, exchanges, events: [] });
    expect(tones(story)).toEqual([
      'ok: Initiate payment → 201, received',
      'neutral: Status read 1 time, unchanged: RCVD',
      'failed: Status → 429, Bad Request',
      'neutral: Status read 1 time, unchanged: RCVD',
      'waiting: Cancel payment → waiting for the answer',
    ]);
  });

  it('reads odd answers tolerantly: a status of the wrong type, a body that is not an object', () => {
    const exchanges = [
      exchange('initiatePayment', { method: 'POST', status: 201, body: 'created' }),
      exchange('getPaymentInitiationStatus', { body: { transactionStatus: 7 } }),
      exchange('someBankExtension', { method: 'POST', path: '/extras/x1', body: [1, 2] }),
    ];
    const story = buildFlowStory({ flow: PAYMENT, exchanges, events: [] });
    expect(labels(story)).toEqual(['Initiate payment → 201', 'Status → 7', 'POST /v1/extras/x1 → 200']);
    expect(story.outcome).toEqual({ tone: 'neutral', label: 'Status 7, which 1.3.12 does not define' });
  });
});

describe('buildFlowStory: bank data', () => {
  const body = {
    instructedAmount: { amount: '12.50', currency: 'EUR' },
    debtorAccount: { iban: 'DE89370400440532013000' },
    creditorName: 'Alice Schmidt',
    creditorAccount: { iban: 'FR1420041010050500013M02606' },
  };

  it('shows who pays whom as sent', () => {
    const story = buildFlowStory({ flow: PAYMENT, exchanges: [initiate('RCVD', body)], events: [] });
    expect(story.steps[0]?.detail).toBe(
      '12.50 EUR from DE89370400440532013000 to Alice Schmidt (FR1420041010050500013M02606)',
    );
    expect(story.masked).toBe(false);
  });

  it('masks account numbers and shortens names through the presenter display, in details and messages', () => {
    const initiated = initiate('RCVD', body);
    const refused = exchange('getPaymentInitiationStatus', {
      status: 400,
      body: { tppMessages: [{ code: 'FORMAT_ERROR', text: 'Unknown account DE89370400440532013000' }] },
    });
    const story = buildFlowStory({
      flow: PAYMENT,
      exchanges: [initiated, refused],
      events: [],
      display: bankDataDisplay(true),
    });
    expect(story.steps[0]?.detail).toBe('12.50 EUR from DE89 •••• •••• 3000 to Alice S. (FR14 •••• •••• 2606)');
    expect(story.steps[1]?.detail).toBe('Unknown account DE89 •••• •••• 3000');
    expect(JSON.stringify(story)).not.toContain('Schmidt');
    expect(JSON.stringify(story)).not.toContain('370400');
    expect(story.masked).toBe(true);
  });

  it('tells the flow without the spec’s codes in presenter mode, in its steps, arrows and outcome', () => {
    const exchanges = [initiate('RCVD'), status('RCVD'), status('ACTC'), status('ACSC')];
    const refused = exchange('getPaymentInitiationStatus', {
      status: 401,
      body: { tppMessages: [{ code: 'PSU_CREDENTIALS_INVALID' }] },
    });
    const story = buildFlowStory({
      flow: PAYMENT,
      exchanges: [...exchanges, refused],
      events: [],
      display: bankDataDisplay(true),
    });
    expect(labels(story)).toEqual([
      'Initiate payment → received',
      'Waiting: nothing new from the bank (checked 1 time)',
      'Status → technically valid',
      'Status → settled',
      'Status → PSU credentials invalid',
    ]);
    expect(story.outcome?.label).toBe('Settled');
    const drawn = JSON.stringify(story.steps.map((step) => [step.label, step.arrows.map((arrow) => arrow.text)]));
    expect(drawn).not.toMatch(/\b(RCVD|ACTC|ACSC|201|401|PSU_CREDENTIALS_INVALID)\b/);
  });
});

describe('buildFlowStory: the bank’s last word on the authorisation', () => {
  const scaStatus = (value: string) =>
    exchange('getPaymentInitiationScaStatus', {
      path: '/payments/sepa-credit-transfers/p1/authorisations/a1',
      body: { scaStatus: value },
    });
  const handOver = () =>
    event({ kind: 'hand-over', flow: PAYMENT, via: 'redirect', purpose: 'authorisation', returnTo: '/p' });
  const back = (outcome: 'ok' | 'nok') => event({ kind: 'return', flow: PAYMENT, via: 'redirect', outcome });

  it('tells dave’s return again once the bank reports his SCA failed: he went through the bank’s page', () => {
    // In the order they happen: the initiation, the PSU sent to the bank and back, then the reads.
    const initiated = initiate();
    const events = [handOver(), back('nok')];
    const story = buildFlowStory({
      flow: PAYMENT,
      exchanges: [initiated, scaStatus('failed'), status('RJCT')],
      events,
    });
    expect(tones(story).slice(1, 5)).toEqual([
      'neutral: The console sends the PSU to the bank’s page',
      'failed: The PSU’s authorisation at the bank fails',
      'failed: Back from the bank: SCA failed',
      'failed: SCA status → failed',
    ]);
    expect(labels(story).join('\n')).not.toContain('does not complete');
    expect(story.outcome).toEqual({ tone: 'failed', label: 'Rejected: the approval at the bank failed (RJCT)' });
  });

  it('says the PSU cancelled in the banking app when a decoupled authorisation ended failed', () => {
    const created = initiate('RCVD');
    created.response = { ...created.response!, headers: { 'ASPSP-SCA-Approach': 'DECOUPLED' } };
    const story = buildFlowStory({
      flow: PAYMENT,
      exchanges: [created, status('RJCT'), scaStatus('failed')],
      events: [],
    });
    expect(story.outcome).toEqual({
      tone: 'failed',
      label: 'Rejected: the PSU cancelled in the banking app (RJCT)',
    });
  });

  it('explains carol’s rejection by the money the bank found after her approval', () => {
    const initiated = initiate();
    const events = [handOver(), back('ok')];
    const rejected = exchange('getPaymentInitiationStatus', {
      body: {
        transactionStatus: 'RJCT',
        psuMessage: 'The payment was rejected: the debtor account does not have the funds.',
      },
    });
    const story = buildFlowStory({
      flow: PAYMENT,
      exchanges: [initiated, scaStatus('finalised'), rejected],
      events,
    });
    expect(story.outcome).toEqual({
      tone: 'failed',
      label: 'Rejected: the PSU approved, then the bank found too little money in the account (RJCT)',
    });
    expect(story.outcome?.label).not.toMatch(/SCA|time/);
  });

  it('numbers every step but the waiting spans, and for an audience only the steps that changed something', () => {
    const exchanges = [
      initiate(),
      exchange('getPaymentInitiationAuthorisation', { body: { authorisationIds: ['a1'] } }),
      status('RCVD'),
      status('RCVD'),
      scaStatus('finalised'),
      status('ACTC'),
    ];
    const numbers = (story: FlowStory) => story.steps.map((step) => `${step.number ?? '-'} ${step.kind}`);
    expect(numbers(buildFlowStory({ flow: PAYMENT, exchanges, events: [] }))).toEqual([
      '1 exchange',
      '2 exchange',
      '- waiting',
      '3 exchange',
      '4 exchange',
    ]);
    const forAudience = buildFlowStory({ flow: PAYMENT, exchanges, events: [], display: bankDataDisplay(true) });
    expect(numbers(forAudience)).toEqual(['1 exchange', '- exchange', '- waiting', '2 exchange', '3 exchange']);
  });
});

describe('a signing basket’s flow', () => {
  const BASKET = 'basket:b1';
  const path = '/signing-baskets/b1';
  beforeEach(resetKit);

  it('reads the basket’s status with its own words and tells its outcome, a deletion included', () => {
    const created = exchange('createSigningBasket', {
      flow: BASKET,
      method: 'POST',
      status: 201,
      path: '/signing-baskets',
      body: { basketId: 'b1', transactionStatus: 'RCVD' },
    });
    const accepted = exchange('getSigningBasketStatus', { flow: BASKET, path, body: { transactionStatus: 'PATC' } });
    const partly = buildFlowStory({ flow: BASKET, exchanges: [created, accepted], events: [] });
    expect(partly.subject).toBe('basket');
    expect(partly.outcome).toEqual({ tone: 'neutral', label: 'Partially accepted: some members rejected (PATC)' });
    expect(partly.steps.map((step) => step.label)).toContain('Status → PATC, partially accepted');

    const deleted = exchange('deleteSigningBasket', { flow: BASKET, method: 'DELETE', status: 204, path });
    const story = buildFlowStory({ flow: BASKET, exchanges: [created, deleted], events: [] });
    expect(story.outcome?.label).toBe('Deleted: its payments and consents await their own authorisation');
  });
});
