// The confirmation of funds service (PIIS, POST /v1/funds-confirmations): the answer from the account's available
// balance with its arranged overdraft, the bank's funds rule, every refusal with the code and status 1.3.12 gives it,
// each answer checked against the official file's schema, and the scenarios and deviation modes every route plays.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfirmationOfFundsResponse, operations } from '../../src/xs2a';
import { parseAmount, formatAmount } from './seed/money';
import { createTestBank, type TestBank } from './testing/test-support';
import { accountOf, fails, ok, send, type Res } from './testing/test-kit';

type Node = Record<string, unknown>;
const spec = JSON.parse(readFileSync(new URL('../../spec/psd2-api-1.3.12.json', import.meta.url), 'utf8')) as Node;

function resolve(node: unknown): Node {
  let current = node as Node;
  while (typeof current.$ref === 'string') {
    let target: unknown = spec;
    for (const part of current.$ref.replace(/^#\//, '').split('/')) target = (target as Node)[part];
    current = target as Node;
  }
  return current;
}

/** The file's JSON schema of the operation's answer with this status. */
function fileSchema(status: number): Node {
  const { path, method } = operations.checkAvailabilityOfFunds;
  const operation = ((spec.paths as Node)[path] as Node)[method.toLowerCase()] as Node;
  const response = resolve((operation.responses as Node)[String(status)]);
  return resolve((response.content as Record<string, Node>)['application/json']?.schema);
}

/** A success body as the file describes it: its required members, no others, each of the file's type. */
function conformsToFile(body: unknown) {
  const schema = fileSchema(200);
  const properties = schema.properties as Record<string, unknown>;
  expect(Object.keys(body as Node).sort()).toEqual(Object.keys(properties).sort());
  for (const name of schema.required as string[]) expect(body).toHaveProperty(name);
  for (const [name, member] of Object.entries(properties)) {
    expect(typeof (body as Node)[name], name).toBe(resolve(member).type);
  }
}

/** An error body's codes are among those the file's schema for its status allows on this operation. */
function errorConformsToFile(res: Res) {
  const messages = resolve(resolve(fileSchema(res.status).properties)['tppMessages']).items;
  const allowed = resolve(resolve(resolve(messages).properties)['code']).enum as string[];
  for (const message of (res.body as { tppMessages: { code: string }[] }).tppMessages) {
    expect(allowed, `${res.status} ${message.code}`).toContain(message.code);
  }
}

const PATH = '/v1/funds-confirmations';
const aliceMain = accountOf('alice', 0);
const aliceUsd = accountOf('alice', 2);
const bobGbp = accountOf('bob', 1);
const carol = accountOf('carol', 0);
const dave = accountOf('dave', 0);

const check = (bank: TestBank, body: unknown, headers: Record<string, string> = {}) =>
  send(bank, 'POST', PATH, { body, headers, psuPresent: false });
const request = (iban: string, amount: string, currency = 'EUR') => ({
  account: { iban },
  instructedAmount: { currency, amount },
});

async function fundsAvailable(bank: TestBank, body: unknown): Promise<boolean> {
  const res = await check(bank, body);
  const answer = ok(res, 200, ConfirmationOfFundsResponse);
  conformsToFile(res.body);
  return answer.fundsAvailable;
}

/** An account's balance of one type, as the bank keeps it. */
async function balance(bank: TestBank, accountId: string, type: 'interimAvailable' | 'interimBooked') {
  return bank.store.db
    .selectFrom('balances')
    .select(['amount', 'credit_limit_included'])
    .where('account_id', '=', accountId)
    .where('balance_type', '=', type)
    .executeTakeFirstOrThrow();
}

let bank: TestBank;
beforeAll(async () => {
  bank = await createTestBank();
  // A blocked and a closed account: the seed has none, the bank's accounts table has both states.
  await bank.store.db.updateTable('accounts').set({ status: 'blocked' }).where('iban', '=', bobGbp.iban).execute();
  await bank.store.db.updateTable('accounts').set({ status: 'deleted' }).where('iban', '=', dave.iban).execute();
});
afterAll(() => bank.close());

describe('the funds check', () => {
  it('confirms an amount up to the available balance, its arranged overdraft included, and no more', async () => {
    const available = await balance(bank, aliceMain.resourceId, 'interimAvailable');
    expect(available.credit_limit_included).toBe(1);
    const minor = parseAmount(available.amount, 'EUR');
    const at = (delta: number) => request(aliceMain.iban, formatAmount(minor + delta, 'EUR'));
    expect(await fundsAvailable(bank, at(0))).toBe(true);
    expect(await fundsAvailable(bank, at(1))).toBe(false);
    // 2,000 EUR overdraft: an amount above what the account holds without it is still confirmed.
    const withoutOverdraft = minor - 200_000;
    expect(await fundsAvailable(bank, at(-1))).toBe(true);
    expect(minor - 1).toBeGreaterThan(withoutOverdraft);
    expect(await fundsAvailable(bank, request(aliceMain.iban, formatAmount(withoutOverdraft + 1, 'EUR')))).toBe(true);
  });

  it('answers with the card number and payee given, and checks the account in its own currency', async () => {
    const body = { cardNumber: '5312345678901234', ...request(aliceUsd.iban, '1.00', 'USD'), payee: 'Kiosk am Markt' };
    expect(await fundsAvailable(bank, body)).toBe(true);
    const named = { account: { iban: aliceUsd.iban, currency: 'USD' }, instructedAmount: body.instructedAmount };
    expect(await fundsAvailable(bank, named)).toBe(true);
  });

  it('says no where the bank’s own funds check refuses every payment (carol), as her payments are rejected', async () => {
    const available = await balance(bank, carol.resourceId, 'interimAvailable');
    expect(Number(available.amount)).toBeGreaterThan(1);
    expect(await fundsAvailable(bank, request(carol.iban, '1.00'))).toBe(false);
  });

  it('changes its answer when a booking moves the balance', async () => {
    const before = await balance(bank, aliceMain.resourceId, 'interimAvailable');
    const at = request(aliceMain.iban, before.amount);
    expect(await fundsAvailable(bank, at)).toBe(true);
    const lower = formatAmount(parseAmount(before.amount, 'EUR') - 500, 'EUR');
    await bank.store.db
      .updateTable('balances')
      .set({ amount: lower })
      .where('account_id', '=', aliceMain.resourceId)
      .where('balance_type', '=', 'interimAvailable')
      .execute();
    expect(await fundsAvailable(bank, at)).toBe(false);
    expect(await fundsAvailable(bank, request(aliceMain.iban, lower))).toBe(true);
  });
});

describe('refusals, each with 1.3.12’s code and status', () => {
  const refused = async (body: unknown, status: number, code: string, path?: string) => {
    const res = await check(bank, body);
    const message = fails(res, status, code);
    if (path !== undefined) expect(message?.path).toBe(path);
    errorConformsToFile(res);
    return message;
  };

  it('an account this bank does not hold, or not in the currency named: RESOURCE_UNKNOWN 400', async () => {
    await refused(request('DE02100100109307118603', '1.00'), 400, 'RESOURCE_UNKNOWN', 'account.iban');
    const usd = {
      account: { iban: aliceMain.iban, currency: 'USD' },
      instructedAmount: { currency: 'EUR', amount: '1' },
    };
    await refused(usd, 400, 'RESOURCE_UNKNOWN', 'account.currency');
  });

  it('an amount in another currency than the account’s: PARAMETER_NOT_CONSISTENT 400', async () => {
    const text = (await refused(request(aliceUsd.iban, '1.00', 'EUR'), 400, 'PARAMETER_NOT_CONSISTENT'))?.text;
    expect(text).toMatch(/USD/);
  });

  it('an account named by another identifier than its IBAN: PARAMETER_NOT_SUPPORTED 400', async () => {
    const body = { account: { bban: '990100000010010001' }, instructedAmount: { currency: 'EUR', amount: '1' } };
    await refused(body, 400, 'PARAMETER_NOT_SUPPORTED', 'account.bban');
  });

  it('a blocked account: RESOURCE_BLOCKED 400; a closed one: RESOURCE_EXPIRED 400', async () => {
    await refused(request(bobGbp.iban, '1.00', 'GBP'), 400, 'RESOURCE_BLOCKED', 'account.iban');
    await refused(request(dave.iban, '1.00'), 400, 'RESOURCE_EXPIRED', 'account.iban');
  });

  it('a malformed body: FORMAT_ERROR 400 naming the member', async () => {
    await refused({ account: { iban: aliceMain.iban } }, 400, 'FORMAT_ERROR', 'instructedAmount');
    await refused(request(aliceMain.iban, '-5.00'), 400, 'FORMAT_ERROR', 'instructedAmount.amount');
    await refused(request(aliceMain.iban, '1.001'), 400, 'FORMAT_ERROR', 'instructedAmount.amount');
    await refused(request('DE16990100000010010002x', '1.00'), 400, 'FORMAT_ERROR', 'account.iban');
    await refused({ ...request(aliceMain.iban, '1'), payee: 'x'.repeat(71) }, 400, 'FORMAT_ERROR', 'payee');
    await refused({ ...request(aliceMain.iban, '1'), cardNumber: '1'.repeat(36) }, 400, 'FORMAT_ERROR', 'cardNumber');
    await refused({ instructedAmount: { currency: 'EUR', amount: '1' }, account: {} }, 400, 'FORMAT_ERROR');
    const broken = await send(bank, 'POST', PATH, { rawBody: '{"account":', psuPresent: false });
    fails(broken, 400, 'FORMAT_ERROR');
    const empty = await send(bank, 'POST', PATH, { rawBody: '', psuPresent: false });
    fails(empty, 400, 'FORMAT_ERROR');
  });

  it('another method: SERVICE_INVALID 405', async () => {
    const res = await send(bank, 'GET', PATH, { psuPresent: false });
    fails(res, 405, 'SERVICE_INVALID');
    errorConformsToFile(res);
  });
});

describe('scenarios and deviation modes', () => {
  it('answers a scenario’s error asked for in the header, with the PIIS codes 1.3.12 allows', async () => {
    const asked = await check(bank, request(aliceMain.iban, '1'), { 'X-Sandbox-Scenario': 'error=CARD_INVALID' });
    fails(asked, 400, 'CARD_INVALID');
    const notPiis = await check(bank, request(aliceMain.iban, '1'), { 'X-Sandbox-Scenario': 'error=ACCESS_EXCEEDED' });
    fails(notPiis, 400, 'FORMAT_ERROR');
  });

  it('answers an admin rule keyed by its operationId, with the status for a resource in the body', async () => {
    const rule = await bank.call('POST', '/admin/scenarios', {
      body: { operation: 'checkAvailabilityOfFunds', error: 'RESOURCE_UNKNOWN', count: 1 },
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    fails(await check(bank, request(aliceMain.iban, '1')), 400, 'RESOURCE_UNKNOWN');
    expect(await fundsAvailable(bank, request(aliceMain.iban, '1'))).toBe(true);
    const catalogue = await bank.call('GET', '/admin/scenarios/catalogue');
    const { operations: byName } = catalogue.body as { operations: Record<string, { errorCodes: string[] }> };
    const entry = byName.checkAvailabilityOfFunds;
    expect(entry).toMatchObject({ method: 'POST', path: PATH, area: 'piis' });
    expect(entry?.errorCodes).toEqual(
      expect.arrayContaining(['CARD_INVALID', 'NO_PIIS_ACTIVATION', 'SERVICE_BLOCKED']),
    );
    expect(entry?.errorCodes).not.toContain('ACCESS_EXCEEDED');
  });

  it('plays the deviation modes on its answers', async () => {
    const base = '/psd2/deviating';
    const body = request(aliceMain.iban, '1');
    const extra = await bank.call('POST', `${base}/extra-fields${PATH}`, { body, psuPresent: false });
    expect(extra.status).toBe(200);
    expect(extra.body).toMatchObject({ fundsAvailable: true, bankInternalId: 'X-1' });
    const unknown = request('DE02100100109307118603', '1');
    const error = await bank.call('POST', `${base}/code-message-errors${PATH}`, { body: unknown, psuPresent: false });
    expect(error.status).toBe(400);
    expect(error.body).toMatchObject({ code: 'RESOURCE_UNKNOWN' });
    const silent = await bank.call('POST', `${base}/no-request-id${PATH}`, { body, psuPresent: false });
    expect(silent.status).toBe(200);
    expect(silent.requestId).toBeUndefined();
  });
});
