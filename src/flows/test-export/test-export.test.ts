import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../api';
import { foldedAsRecorded } from '../../api/test-kit';
import { playwrightTest, testFileName } from './export-test';
import { flowSchemas, shareRepeatedParts } from './flow-schemas';
import { buildReplayPlan, urlCode } from './plan';
import { acceptedFinalStates, runtimeCode } from './render-test';
import { errorCodes, linkAt, linkOf, methodOf, pageForms, schemaProblems, type Answer } from './runtime';
import { runExportedTest, type SentCall } from './testing/run-exported-test';

const BANK = 'https://bank.example/psd2';
const PAY = `${BANK}/v1/payments/sepa-credit-transfers`;
const FLOW = 'payment:p-123';

let sequence = 0;

function exchange(
  operationId: string,
  method: string,
  url: string,
  status: number,
  answer: unknown,
  more: { requestBody?: unknown; headers?: Record<string, string>; answerHeaders?: Record<string, string> } = {},
): Exchange {
  sequence += 1;
  return {
    id: `exchange-${sequence}`,
    flow: FLOW,
    operationId,
    requestId: `req-${sequence}`,
    startedAt: sequence * 1000,
    durationMs: 10,
    request: {
      method,
      url,
      headers: {
        'X-Request-ID': `req-${sequence}`,
        'PSU-ID': 'alice',
        'PSU-IP-Address': '192.0.2.1',
        ...(more.requestBody !== undefined && { 'Content-Type': 'application/json' }),
        ...more.headers,
      },
      ...(more.requestBody !== undefined && { body: more.requestBody }),
    },
    response: {
      status,
      statusText: '',
      headers: { 'x-request-id': `req-${sequence}`, ...more.answerHeaders },
      body: answer,
      bodyText: JSON.stringify(answer),
    },
    deviations: [],
  };
}

const payment = {
  debtorAccount: { iban: 'DE16990100000010010001' },
  instructedAmount: { currency: 'EUR', amount: '12.50' },
  creditorAccount: { iban: 'DE49990100000020020001' },
  creditorName: 'Bob Laurent',
};

/** An embedded flow as the sandbox answers it: links relative to the host, ids new on every run. */
function embeddedFlow(): Exchange[] {
  const auth = '/psd2/v1/payments/sepa-credit-transfers/p-123/authorisations/au-9';
  return [
    exchange(
      'initiatePayment',
      'POST',
      PAY,
      201,
      {
        transactionStatus: 'RCVD',
        paymentId: 'p-123',
        _links: {
          self: { href: '/psd2/v1/payments/sepa-credit-transfers/p-123' },
          status: { href: '/psd2/v1/payments/sepa-credit-transfers/p-123/status' },
          startAuthorisationWithPsuAuthentication: { href: auth },
          scaStatus: { href: auth },
        },
      },
      { requestBody: { ...payment }, headers: { 'TPP-Redirect-Preferred': 'false' } },
    ),
    exchange(
      'updatePaymentPsuData',
      'PUT',
      `${BANK}/v1/payments/sepa-credit-transfers/p-123/authorisations/au-9`,
      200,
      {
        scaStatus: 'psuAuthenticated',
        authorisationId: 'au-9',
        scaMethods: [{ authenticationType: 'SMS_OTP', authenticationMethodId: 'sms' }],
        _links: { selectAuthenticationMethod: { href: auth } },
      },
      { requestBody: { psuData: { password: '[redacted]' } } },
    ),
    exchange(
      'updatePaymentPsuData',
      'PUT',
      `${BANK}/v1/payments/sepa-credit-transfers/p-123/authorisations/au-9`,
      200,
      { scaStatus: 'scaMethodSelected', authorisationId: 'au-9', _links: { authoriseTransaction: { href: auth } } },
      { requestBody: { authenticationMethodId: 'sms' } },
    ),
    exchange(
      'updatePaymentPsuData',
      'PUT',
      `${BANK}/v1/payments/sepa-credit-transfers/p-123/authorisations/au-9`,
      401,
      { tppMessages: [{ category: 'ERROR', code: 'PSU_CREDENTIALS_INVALID' }] },
      { requestBody: { scaAuthenticationData: '[redacted]' } },
    ),
    exchange(
      'updatePaymentPsuData',
      'PUT',
      `${BANK}/v1/payments/sepa-credit-transfers/p-123/authorisations/au-9`,
      200,
      { scaStatus: 'finalised', authorisationId: 'au-9', _links: { scaStatus: { href: auth } } },
      { requestBody: { scaAuthenticationData: '[redacted]' } },
    ),
    exchange('getPaymentInitiationStatus', 'GET', `${PAY}/p-123/status`, 200, { transactionStatus: 'ACTC' }),
    exchange('getPaymentInitiationStatus', 'GET', `${PAY}/p-123/status`, 200, { transactionStatus: 'ACTC' }),
    exchange('getPaymentInformation', 'GET', `${PAY}/p-123`, 200, { ...payment, transactionStatus: 'ACSC' }),
  ];
}

describe('the replay plan', () => {
  it('follows the links of earlier answers instead of fixed ids, and falls back to the ids they gave', () => {
    const plan = buildReplayPlan(embeddedFlow());
    const calls = plan.steps.flatMap((step) =>
      step.kind === 'call' ? [step] : step.kind === 'embedded' ? step.calls : [],
    );
    expect(calls.map((call) => call.url)).toEqual([
      '`${BASE_URL}/v1/payments/sepa-credit-transfers`',
      'linkOf(a1, "startAuthorisationWithPsuAuthentication", BASE_URL)',
      'linkOf(a2, "selectAuthenticationMethod", BASE_URL)',
      'linkOf(a3, "authoriseTransaction", BASE_URL)',
      // The status reads the console polled with are left out: the final states are polled once at the end.
      'linkOf(a1, "self", BASE_URL)',
    ]);
    // A link the answers never gave: the path with the id the creation answered.
    const created = embeddedFlow()[0]!;
    expect(urlCode(`${PAY}/p-123/cancellation-authorisations`, [{ n: 1, exchange: created }], BANK)).toBe(
      '`${BASE_URL}/v1/payments/sepa-credit-transfers/${idOf(a1, "paymentId")}/cancellation-authorisations`',
    );
    // A query beyond the link is kept.
    expect(urlCode(`${PAY}/p-123/status?x=1`, [{ n: 1, exchange: created }], BANK)).toBe(
      '`${linkOf(a1, "status", BASE_URL)}?x=1`',
    );
  });

  it('groups the PSU-data updates into one embedded SCA step, leaving out a mistyped OTP sent again, and the repeated read', () => {
    const plan = buildReplayPlan(embeddedFlow());
    expect(plan.steps.map((step) => step.kind)).toEqual(['call', 'embedded', 'call']);
    const embedded = plan.steps[1];
    expect(embedded?.kind === 'embedded' && embedded.calls.map((call) => [call.status, call.body])).toEqual([
      [200, '{\n  "psuData": {\n    "password": PSU.password,\n  },\n}'],
      [200, '{\n  "authenticationMethodId": methodOf(a2, "sms"),\n}'],
      [200, '{\n  "scaAuthenticationData": PSU.otp,\n}'],
    ]);
    expect(plan.finals.map((final) => [final.member, final.seen, final.url])).toEqual([
      ['scaStatus', 'finalised', 'linkOf(a3, "authoriseTransaction", BASE_URL)'],
      ['transactionStatus', 'ACSC', 'linkOf(a1, "self", BASE_URL)'],
    ]);
  });

  it('turns redacted headers and body members into environment variables and keeps the PSU headers', () => {
    const flow = embeddedFlow();
    flow[0]!.request.headers.Authorization = 'Bearer [redacted]';
    (flow[0]!.request.body as Record<string, unknown>).remittanceInformationUnstructured = '[redacted]';
    const file = playwrightTest({ flow: FLOW, exchanges: flow, savedAt: 0 });
    expect(file.text).toContain('"Authorization": env("XS2A_AUTHORIZATION")');
    expect(file.text).toContain('"remittanceInformationUnstructured": env("XS2A_REMITTANCE_INFORMATION_UNSTRUCTURED")');
    expect(file.text).toMatch(/XS2A_AUTHORIZATION\s+the Authorization header \(not written into this file\)/);
    expect(file.text).toContain('"PSU-ID": PSU.id');
    expect(file.text).toContain('"PSU-IP-Address": "192.0.2.1"');
    expect(file.text).not.toContain('[redacted]');
    expect(file.text).not.toContain('X-Request-ID": "req-');
  });

  it('in presenter mode writes the bank data masked as on screen: no IBAN, no person’s full name', () => {
    const file = playwrightTest({ flow: FLOW, exchanges: embeddedFlow(), savedAt: 0, masked: true });
    expect(file.text).not.toContain('DE16990100000010010001');
    expect(file.text).not.toContain('Bob Laurent');
    // The accounts are the run's (data.iban), the creditor's name a default of XS2A_CREDITOR_NAME.
    expect(file.text).not.toContain('DE16 •••• •••• 0001');
    expect(file.text).toContain('"iban": data.iban(0)');
    expect(file.text).toContain('creditorName: env("XS2A_CREDITOR_NAME") ?? "Bob L."');
  });

  it('removes secrets the log did not know as secrets, wherever they appear', () => {
    const flow = embeddedFlow();
    flow[0]!.request.headers['X-Bank-Key'] = 'tok-ABCDEFGH';
    const file = playwrightTest({ flow: FLOW, exchanges: flow, secrets: ['tok-ABCDEFGH'], savedAt: 0 });
    expect(file.text).not.toContain('tok-ABCDEFGH');
    expect(file.text).toContain('"X-Bank-Key": env("XS2A_X_BANK_KEY")');
  });
});

describe('a flow whose status polling the log folded', () => {
  it('is exported as the same test as the flow with every read kept: no read is made up for the folded ones', () => {
    const flow = embeddedFlow();
    const polled = [...flow.slice(0, 5), ...Array.from({ length: 8 }, () => flow[5]!), ...flow.slice(6)].map(
      (entry, index) => ({ ...entry, id: `exchange-${100 + index}`, startedAt: 100_000 + index * 1000 }),
    );
    const folded = foldedAsRecorded(polled);
    expect(folded.length).toBeLessThan(polled.length);
    expect(folded.some((entry) => entry.folded)).toBe(true);
    const test = (exchanges: Exchange[]) => playwrightTest({ flow: FLOW, exchanges, savedAt: 0 }).text;
    expect(test(folded)).toBe(test(polled));
  });
});

describe('a consent flow', () => {
  const CONSENTS = `${BANK}/v1/consents`;
  const ACCOUNTS = `${BANK}/v1/accounts`;

  function consentFlow(): Exchange[] {
    const read = { headers: { 'Consent-ID': 'c-77' } };
    return [
      exchange(
        'createConsent',
        'POST',
        CONSENTS,
        201,
        {
          consentStatus: 'received',
          consentId: 'c-77',
          _links: {
            scaRedirect: { href: 'https://bank.example/psd2/sca/au-5' },
            scaStatus: { href: '/psd2/v1/consents/c-77/authorisations/au-5' },
            status: { href: '/psd2/v1/consents/c-77/status' },
          },
        },
        { requestBody: { access: { allPsd2: 'allAccounts' }, recurringIndicator: true } },
      ),
      exchange('getConsentStatus', 'GET', `${CONSENTS}/c-77/status`, 200, { consentStatus: 'valid' }),
      exchange(
        'getAccountList',
        'GET',
        ACCOUNTS,
        200,
        {
          accounts: [
            {
              resourceId: 'acc-1',
              iban: 'DE16990100000010010001',
              currency: 'EUR',
              _links: {
                balances: { href: '/psd2/v1/accounts/acc-1/balances' },
                transactions: '/psd2/v1/accounts/acc-1/transactions',
              },
            },
          ],
        },
        read,
      ),
      exchange('getBalances', 'GET', `${ACCOUNTS}/acc-1/balances`, 200, { balances: [] }, read),
      exchange(
        'getTransactionList',
        'GET',
        `${ACCOUNTS}/acc-1/transactions?bookingStatus=booked&dateFrom=2026-01-01`,
        200,
        { transactions: {} },
        read,
      ),
    ];
  }

  it('takes the Consent-ID from the creation answer and follows the links inside the account list', () => {
    const { text } = playwrightTest({
      flow: 'consent:c-77',
      exchanges: consentFlow().map((e) => ({ ...e, flow: 'consent:c-77' })),
      savedAt: 0,
    });
    expect(text).toContain('"Consent-ID": idOf(a1, "consentId")');
    expect(text).toContain('url: linkAt(a3, ["accounts", 0], "balances", BASE_URL)');
    // The period's first day counted from the bank's today when the test runs.
    expect(text).toMatch(
      /url: `\$\{linkAt\(a3, \["accounts", 0\], "transactions", BASE_URL\)\}\?bookingStatus=booked&dateFrom=\$\{day\(data\.today, -?\d+\)\}`/,
    );
    expect(text).not.toContain('2026-01-01');
    expect(text).toContain('decideAtBankPage(request, linkOf(a1, "scaRedirect", BASE_URL), PSU, "approve")');
    expect(text).toContain('"consentStatus reaches valid (the flow ended at valid)"');
    expect(text).not.toContain('acc-1');
    expect(text).not.toContain('c-77/');
  });

  it('a nested link the bank does not send any more says where it looked', () => {
    const answer: Answer = { status: 200, headers: {}, body: { accounts: [{}] }, text: '{}' };
    expect(() => linkAt(answer, ['accounts', 0], 'balances', BANK)).toThrow(/no accounts\[0\]\._links\.balances/);
  });
});

describe('SCA steps per approach', () => {
  const redirectAnswer = {
    transactionStatus: 'RCVD',
    paymentId: 'p-123',
    _links: {
      scaRedirect: { href: 'https://bank.example/psd2/sca/au-1' },
      scaStatus: { href: '/psd2/v1/payments/sepa-credit-transfers/p-123/authorisations/au-1' },
      status: '/psd2/v1/payments/sepa-credit-transfers/p-123/status',
    },
  };

  it('redirect: decided on the sandbox bank page when it offers its admin API, otherwise a polled wait', () => {
    const flow = [
      exchange('initiatePayment', 'POST', PAY, 201, redirectAnswer, {
        requestBody: payment,
        headers: { 'TPP-Redirect-URI': 'https://tpp.example/ok' },
      }),
      exchange('getPaymentInitiationScaStatus', 'GET', `${PAY}/p-123/authorisations/au-1`, 200, {
        scaStatus: 'finalised',
      }),
      exchange('getPaymentInitiationStatus', 'GET', `${PAY}/p-123/status`, 200, { transactionStatus: 'ACTC' }),
    ];
    const plan = buildReplayPlan(flow);
    expect(plan.steps.map((step) => step.kind)).toEqual(['call', 'sca']);
    const { text } = playwrightTest({ flow: FLOW, exchanges: flow, savedAt: 0 });
    expect(text).toContain('SCA (redirect)');
    expect(text).toContain('if (await offersSandboxAdmin(request, BASE_URL)) {');
    expect(text).toContain('await decideAtBankPage(request, linkOf(a1, "scaRedirect", BASE_URL), PSU, "approve");');
    expect(text).toContain('Open ${linkOf(a1, "scaRedirect", BASE_URL)} and decide as the PSU');
    expect(text).toContain('{ message: "the authorisation\'s scaStatus becomes finalised", timeout: SCA_WAIT_MS },');
    // The SCA status is read without the initiation's body type and SCA wishes.
    const wait = text.slice(text.indexOf('.poll('), text.indexOf('.toBe("finalised")'));
    expect(wait).toContain('"PSU-ID": PSU.id');
    expect(wait).not.toMatch(/Content-Type|TPP-/);
    // The plain-string link is followed too.
    expect(text).toContain('url: linkOf(a1, "status", BASE_URL)');
  });

  it('redirect denied in the flow: denied again', () => {
    const flow = [
      exchange('initiatePayment', 'POST', PAY, 201, redirectAnswer, { requestBody: payment }),
      exchange('getPaymentInitiationScaStatus', 'GET', `${PAY}/p-123/authorisations/au-1`, 200, {
        scaStatus: 'failed',
      }),
    ];
    const { text } = playwrightTest({ flow: FLOW, exchanges: flow, savedAt: 0 });
    expect(text).toContain('PSU, "deny");');
    expect(text).toContain('.toBe("failed");');
  });

  it('decoupled: decided in the sandbox banking app for the authorisation the answer named', () => {
    const flow = [
      exchange(
        'initiatePayment',
        'POST',
        PAY,
        201,
        {
          transactionStatus: 'RCVD',
          paymentId: 'p-123',
          authorisationId: 'au-2',
          _links: { scaStatus: { href: '/psd2/v1/payments/sepa-credit-transfers/p-123/authorisations/au-2' } },
        },
        { requestBody: payment, answerHeaders: { 'aspsp-sca-approach': 'DECOUPLED' } },
      ),
    ];
    const { text } = playwrightTest({ flow: FLOW, exchanges: flow, savedAt: 0 });
    expect(text).toContain('SCA (decoupled)');
    expect(text).toContain('await decideInBankingApp(request, BASE_URL, idOf(a1, "authorisationId"), PSU, "approve");');
    expect(text).toContain('Decide in the banking app as the PSU');
  });

  it('embedded: the PUTs inside one marked step, credentials from XS2A_PSU_PASSWORD and XS2A_OTP', () => {
    const { text } = playwrightTest({ flow: FLOW, exchanges: embeddedFlow(), savedAt: 0 });
    expect(text).toContain('const [a2, a3, a4] = await step(\n    "SCA (embedded)');
    expect(text).toMatch(/XS2A_PSU_PASSWORD\s+the PSU's password for SCA \(sandbox default: sandbox\)/);
    expect(text).toMatch(/XS2A_OTP\s+the one-time password for SCA \(sandbox default: 123456\)/);
    expect(text).not.toContain('offersSandboxAdmin(request, BASE_URL)) {');
  });
});

describe('final states', () => {
  it('accepts the state seen or one the usual moves lead on to, never a failure', () => {
    expect(acceptedFinalStates('transactionStatus', 'ACTC')).toEqual(
      expect.arrayContaining(['ACTC', 'ACSC', 'ACSP', 'ACCC']) as unknown,
    );
    expect(acceptedFinalStates('transactionStatus', 'ACTC')).not.toContain('RJCT');
    expect(acceptedFinalStates('transactionStatus', 'RJCT')).toEqual(['RJCT']);
    expect(acceptedFinalStates('consentStatus', 'valid')).toEqual(['valid']);
    expect(acceptedFinalStates('scaStatus', 'odd')).toEqual(['odd']);
  });
});

describe('schemas and the runtime the file carries', () => {
  it('embeds compact schemas that reject what 1.3.12 rejects', () => {
    const { schemas, defs } = flowSchemas(['getPaymentInformation:payments', 'initiatePayment']);
    const schema = schemas['getPaymentInformation:payments']!;
    expect(schemaProblems({ ...payment, transactionStatus: 'ACSC' }, schema, defs)).toEqual([]);
    expect(schemaProblems({ ...payment, instructedAmount: { currency: 'EUR', amount: 12.5 } }, schema, defs)).toEqual([
      '$.instructedAmount.amount: expected string, got number 12.5',
    ]);
    expect(schemaProblems({ ...payment, transactionStatus: 'actc', bankInternalId: 1 }, schema, defs)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('$.transactionStatus: "actc" is not one of'),
        '$.bankInternalId: not defined by 1.3.12',
      ]) as unknown,
    );
    // Shared pieces are stored once.
    expect(Object.keys(defs).length).toBeGreaterThan(0);
    expect(JSON.stringify(schema)).toContain('"$ref":"#/$defs/');
  });

  it('shares a repeated piece once, and a repeated piece inside it too', () => {
    const amount = { type: 'object', properties: { amount: { type: 'string', pattern: '^[0-9]+$', maxLength: 20 } } };
    const { schemas, defs } = shareRepeatedParts({
      a: { type: 'object', properties: { x: amount, y: amount } },
      b: { type: 'object', properties: { z: amount } },
    });
    expect(Object.values(defs)).toEqual([amount]);
    expect(schemas.a).toEqual({ type: 'object', properties: { x: { $ref: '#/$defs/d0' }, y: { $ref: '#/$defs/d0' } } });
  });

  it('chooses the method the flow chose when the bank offers it, else the first offered', () => {
    const offer = (...ids: string[]): Answer => ({
      status: 200,
      headers: {},
      body: { scaMethods: ids.map((id) => ({ authenticationType: 'SMS_OTP', authenticationMethodId: id })) },
      text: '',
    });
    expect(methodOf(offer('push', 'sms'), 'sms')).toBe('sms');
    expect(methodOf(offer('push', 'chip'), 'sms')).toBe('push');
    expect(methodOf(offer(), 'sms')).toBe('sms');
  });

  it('reads links as objects and plain strings, and error codes', () => {
    const answer: Answer = {
      status: 201,
      headers: {},
      body: { _links: { a: { href: '/psd2/v1/x' }, b: 'https://other.example/y' }, tppMessages: [{ code: 'X' }] },
      text: '',
    };
    expect(linkOf(answer, 'a', BANK)).toBe('https://bank.example/psd2/v1/x');
    expect(linkOf(answer, 'b', BANK)).toBe('https://other.example/y');
    expect(() => linkOf(answer, 'c', BANK)).toThrow(/no _links.c/);
    expect(errorCodes(answer)).toEqual(['X']);
  });

  it('reads _links sent as a list of link objects, by rel or by name', () => {
    const listed = (links: unknown): Answer => ({ status: 200, headers: {}, body: { _links: links }, text: '' });
    const byRel = listed([
      { rel: 'scaStatus', href: '/psd2/v1/s' },
      { rel: 'self', href: 'https://other.example/y' },
    ]);
    expect(linkOf(byRel, 'scaStatus', BANK)).toBe('https://bank.example/psd2/v1/s');
    expect(linkOf(byRel, 'self', BANK)).toBe('https://other.example/y');
    const byName = listed([{ scaStatus: { href: '/psd2/v1/s' } }, { self: '/psd2/v1/p' }]);
    expect(linkOf(byName, 'scaStatus', BANK)).toBe('https://bank.example/psd2/v1/s');
    expect(linkOf(byName, 'self', BANK)).toBe('https://bank.example/psd2/v1/p');
    expect(() => linkOf(byName, 'status', BANK)).toThrow(/no _links.status/);
  });

  it('reads the forms of a PSU page as they would be posted', () => {
    const html = `<form method="post" action="/psd2/sca/au-1/decision"><input type="hidden" name="csrf" value="t&amp;1" />
      <input type="checkbox" name="acc" value="a1" checked /><input type="checkbox" name="acc2" value="a2" />
      <select id="method" name="method"><option value="sms">SMS</option><option value="push">Push</option></select>
      <input id="otp" name="otp" /></form>`;
    expect(pageForms(html, 'https://bank.example/psd2/sca/au-1')).toEqual([
      {
        action: 'https://bank.example/psd2/sca/au-1/decision',
        fields: { csrf: 't&1', acc: 'a1', method: 'sms', otp: '' },
      },
    ]);
  });

  it('writes files that parse as TypeScript, whatever the approach', () => {
    const redirect = embeddedFlow().slice(0, 1);
    (redirect[0]!.response!.body as { _links: Record<string, unknown> })._links.scaRedirect = { href: '/psd2/sca/x' };
    for (const flow of [embeddedFlow(), redirect]) {
      const { text } = playwrightTest({ flow: FLOW, exchanges: flow, savedAt: 0 });
      const output = ts.transpileModule(text, {
        reportDiagnostics: true,
        compilerOptions: { target: ts.ScriptTarget.ES2022 },
      });
      expect(output.diagnostics?.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
    }
  });

  it('carries the runtime without imports or exports, and names the file after the flow', () => {
    const code = runtimeCode();
    expect(code).not.toMatch(/^import |^export /m);
    expect(code).toContain('function linkOf(');
    expect(testFileName('payment:p-1/x')).toBe('payment-p-1-x.spec.ts');
  });
});

describe('an exported test fails, naming the step and the expectation', () => {
  /** A fake bank that answers as the flow was answered (the last answer per method and URL), changed by `change`. */
  function bankLike(
    flow: Exchange[],
    change: (exchange: Exchange, body: unknown) => { status?: number; body?: unknown } = () => ({}),
  ) {
    const answered = new Set<Exchange>();
    return (call: SentCall) => {
      // A read: as last answered; a write: the next of the flow's successful writes to that URL.
      const at = flow.filter(
        (exchange) => exchange.request.url === call.url && (exchange.response?.status ?? 500) < 400,
      );
      const same = at.filter((exchange) => exchange.request.method === call.method);
      // A read of what was only written to (an authorisation's scaStatus): as its last write answered.
      const read = () => same.pop() ?? at.pop();
      const recorded = call.method === 'GET' ? read() : same.find((exchange) => !answered.has(exchange));
      if (!recorded?.response) return undefined;
      answered.add(recorded);
      const changed = change(recorded, structuredClone(recorded.response.body));
      return { status: changed.status ?? recorded.response.status, body: changed.body ?? recorded.response.body };
    };
  }
  const env = { XS2A_STATUS_WAIT_MS: '300', XS2A_SCA_WAIT_MS: '300', XS2A_DEBTOR_IBAN: 'DE16990100000010010001' };
  const run = (change?: Parameters<typeof bankLike>[1]) =>
    runExportedTest(
      playwrightTest({ flow: FLOW, exchanges: embeddedFlow() }).text,
      bankLike(embeddedFlow(), change),
      env,
    );

  it('passes against the bank as it answered', async () => {
    const result = await run();
    expect(result.error).toBeUndefined();
    expect(result.ok).toBe(true);
  });

  it('amounts as numbers', async () => {
    const result = await run((exchange, body) => {
      const amount = (body as { instructedAmount?: { amount: unknown } }).instructedAmount;
      if (amount) amount.amount = 12.5;
      return { body };
    });
    expect(result.error).toContain('Step "Read the payment" failed: the body against 1.3.12');
    expect(result.error).toContain('$.instructedAmount.amount: expected string, got number 12.5');
  });

  it('lower-case statuses', async () => {
    const result = await run((exchange, body) => {
      const member = body as { transactionStatus?: string };
      if (member.transactionStatus) member.transactionStatus = member.transactionStatus.toLowerCase();
      return { body };
    });
    expect(result.error).toContain('Step "Initiate payment" failed: the body against 1.3.12');
    expect(result.error).toContain('$.transactionStatus: \\"rcvd\\" is not one of');
  });

  it('_links as strings', async () => {
    const result = await run((exchange, body) => {
      const links = (body as { _links?: Record<string, { href: string }> })._links;
      for (const [name, link] of Object.entries(links ?? {})) (links as Record<string, unknown>)[name] = link.href;
      return { body };
    });
    expect(result.error).toContain('Step "Initiate payment" failed');
    expect(result.error).toMatch(/\$\._links\.\w+: expected object, got string/);
  });

  it('an error at any step', async () => {
    const result = await run((exchange) =>
      exchange.operationId === 'getPaymentInformation'
        ? { status: 503, body: { tppMessages: [{ category: 'ERROR', code: 'SERVICE_UNAVAILABLE' }] } }
        : {},
    );
    expect(result.error).toContain('Step "Read the payment" failed: HTTP status; the bank answered:');
    expect(result.error).toContain('SERVICE_UNAVAILABLE');
  });

  it('a final status never reached', async () => {
    const result = await run((exchange, body) => {
      if (exchange.operationId !== 'getPaymentInformation' || exchange.request.method !== 'GET') return {};
      return { body: { ...(body as object), transactionStatus: 'RCVD' } };
    });
    expect(result.error).toContain('Step "The states the flow ended in" failed');
    expect(result.error).toContain('transactionStatus reaches ACSC (the flow ended at ACSC)');
  });
});

describe("the run's test data", () => {
  it("finds the PSU's account through the bank when neither the environment nor a sandbox names one", async () => {
    const flow = embeddedFlow();
    const recorded = (call: SentCall) => {
      const same = flow.filter((e) => e.request.method === call.method && e.request.url === call.url && e.response);
      const answer = same.find((e) => (e.response?.status ?? 500) < 400)?.response;
      return answer && { status: answer.status, body: answer.body };
    };
    const bank = (call: SentCall) => {
      if (call.method === 'POST' && call.url === `${BANK}/v1/consents`) {
        return { status: 201, body: { consentId: 'c-list', consentStatus: 'valid', _links: {} } };
      }
      if (call.method === 'GET' && call.url === `${BANK}/v1/accounts`) {
        expect(call.headers['Consent-ID']).toBe('c-list');
        return { status: 200, body: { accounts: [{ iban: 'DE02120300000000202051', currency: 'EUR' }] } };
      }
      return recorded(call);
    };
    const { text } = playwrightTest({ flow: FLOW, exchanges: flow });
    const result = await runExportedTest(text, bank, { XS2A_STATUS_WAIT_MS: '300', XS2A_SCA_WAIT_MS: '300' });
    const consent = result.calls.find((call) => call.url === `${BANK}/v1/consents`);
    expect(consent?.body).toMatchObject({ access: { availableAccounts: 'allAccounts' }, recurringIndicator: false });
    const initiation = result.calls.find((call) => call.method === 'POST' && call.url === PAY);
    expect(initiation?.body).toMatchObject({
      debtorAccount: { iban: 'DE02120300000000202051' },
      instructedAmount: { currency: 'EUR', amount: '12.50' },
      creditorName: 'Bob Laurent',
    });
    // No IBAN of the recording is sent: the creditor's is the default of XS2A_CREDITOR_IBAN.
    expect(JSON.stringify(result.calls)).not.toContain('DE16990100000010010001');
    expect(JSON.stringify(initiation?.body)).not.toContain('DE49990100000020020001');
  });

  it('writes calendar days relative to the bank’s today, read from its Date header', () => {
    const flow = embeddedFlow();
    flow[0]!.response!.headers.date = 'Mon, 02 Mar 2026 10:00:00 GMT';
    (flow[0]!.request.body as Record<string, unknown>).requestedExecutionDate = '2026-03-09';
    const { text } = playwrightTest({ flow: FLOW, exchanges: flow });
    expect(text).toContain('"requestedExecutionDate": day(data.today, 7)');
    expect(text).not.toContain('2026-03-09');
  });
});
