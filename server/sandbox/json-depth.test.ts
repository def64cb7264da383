// JSON bodies nested deeper than the bank accepts are refused with 400 FORMAT_ERROR before anything else reads them,
// however deep: no stack overflow further in, and never a 500.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodyNg, PaymentInitiationResponse201 } from '../../src/xs2a';
import { createSandbox, type Sandbox } from './app';
import { createManualClock } from './clock';
import { MAX_JSON_DEPTH } from './http/validation';
import { ORIGIN, TEST_START, openTestStore } from './testing/test-support';
import { consentBody, expectSchema, paymentBody } from './testing/test-kit';
import type { Store } from './store/db';

const SCT = '/psd2/v1/payments/sepa-credit-transfers';

/** `{"a":{"a":…1…}}` nested `depth` levels deep (the outermost object is level 1). */
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** A valid body with a nested member `extra` that takes the whole body to `depth` levels. */
function withNesting(body: object, depth: number, nested = nestedObjects): string {
  const text = JSON.stringify(body);
  return `${text.slice(0, -1)},"extra":${nested(depth - 1)}}`;
}

describe('JSON nesting depth', () => {
  let store: Store;
  let sandbox: Sandbox;
  const unexpected: unknown[] = [];
  beforeAll(async () => {
    store = await openTestStore();
    sandbox = await createSandbox({
      store,
      clock: createManualClock(TEST_START),
      config: { prefix: '/psd2' },
      onUnexpectedError: (error) => unexpected.push(error),
    });
  });
  afterAll(() => store.close());

  async function post(path: string, body: string, method = 'POST') {
    const res = await sandbox.fetch(
      new Request(`${ORIGIN}${path}`, {
        method,
        headers: { 'X-Request-ID': randomUUID(), 'PSU-IP-Address': '192.168.8.78', 'Content-Type': 'application/json' },
        body,
      }),
    );
    return { status: res.status, body: (await res.json()) as unknown };
  }

  it('refuses bodies nested 4,100 levels and more with 400 FORMAT_ERROR; onUnexpectedError is never called', async () => {
    const cases: [string, string][] = [];
    for (const depth of [4_100, 20_000]) {
      cases.push(
        [`payment at ${depth}`, withNesting(paymentBody(), depth)],
        [`payment at ${depth} (arrays)`, withNesting(paymentBody(), depth, nestedArrays)],
        [`consent at ${depth}`, withNesting(consentBody(), depth)],
        [`consent at ${depth} (whole body)`, nestedObjects(depth)],
      );
    }
    const answers: string[] = [];
    for (const [label, body] of cases) {
      const res = await post(label.startsWith('payment') ? SCT : '/psd2/v1/consents', body);
      const message = ErrorBodyNg.safeParse(res.body).data?.tppMessages?.[0];
      answers.push(`${label}: ${res.status} ${message?.code ?? ''} ${message?.text ?? ''}`);
    }
    const refused = `400 FORMAT_ERROR The body is nested deeper than ${MAX_JSON_DEPTH} levels.`;
    expect(answers).toEqual(cases.map(([label]) => `${label}: ${refused}`));
    expect(unexpected).toEqual([]);
  });

  it('counts only brackets outside strings, and takes a body at the limit', async () => {
    expect(MAX_JSON_DEPTH).toBe(64);
    const brackets = '{['.repeat(200);
    const quoted = await post(
      SCT,
      JSON.stringify({ ...paymentBody(), remittanceInformationUnstructured: brackets.slice(0, 140) }),
    );
    expect(quoted.status).toBe(201);
    expectSchema(PaymentInitiationResponse201, quoted.body);
    const atLimit = await post(SCT, withNesting(paymentBody(), MAX_JSON_DEPTH));
    expect(atLimit.status).toBe(201);
    const beyond = await post(SCT, withNesting(paymentBody(), MAX_JSON_DEPTH + 1));
    expect(beyond.status).toBe(400);
    expect(unexpected).toEqual([]);
  });
});
