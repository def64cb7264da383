// An answer read as 1.3.12 types it: each member of another JSON type read as its type or left out, named.
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { AccountList, ReadAccountBalanceResponse, TransactionsResponse } from './accounts';
import { Authorisations, StartScaprocessResponse } from './sca';
import { ConsentInformationResponse } from './consents';
import { readAsTyped } from './readers';

const read = (schema: z.ZodMiniType, value: unknown) =>
  readAsTyped(value, (body) => schema.safeParse(body).error?.issues ?? []);

describe('an answer read as 1.3.12 types it', () => {
  it('reads numbers, booleans and objects where text belongs as text, never "[object Object]"', () => {
    const { value, notes } = read(AccountList, {
      accounts: [{ currency: 'EUR', name: 12.5, product: true, status: { text: 'x' }, cashAccountType: [1] }],
    });
    expect(value).toEqual({
      accounts: [{ currency: 'EUR', name: '12.5', product: 'true', status: '{"text":"x"}', cashAccountType: '[1]' }],
    });
    expect(notes).toEqual(['read as text', 'read as text', 'shown as its JSON', 'shown as its JSON']);
  });

  it('reads digits and true/false sent as text as what they name, and leaves out what cannot be read', () => {
    const consent = {
      access: {},
      recurringIndicator: 'true',
      validUntil: '2026-12-31',
      frequencyPerDay: '4',
      lastActionDate: '2026-11-24',
      consentStatus: 'valid',
    };
    expect(read(ConsentInformationResponse, consent).value).toEqual({
      ...consent,
      recurringIndicator: true,
      frequencyPerDay: 4,
    });
    const odd = read(ConsentInformationResponse, { ...consent, frequencyPerDay: 'often', recurringIndicator: 1 });
    expect(odd.value).not.toHaveProperty('frequencyPerDay');
    expect(odd.value).not.toHaveProperty('recurringIndicator');
    expect(odd.notes).toEqual(['left out', 'left out']);
  });

  it('reads one entry where a list belongs as a list of one, and then reads that entry too', () => {
    const method = { authenticationType: 'SMS_OTP', authenticationMethodId: 'sms', name: 42 };
    const { value } = read(StartScaprocessResponse, {
      scaStatus: 'received',
      authorisationId: 'a-1',
      scaMethods: method,
      _links: { scaStatus: { href: '/x' } },
    });
    expect(value).toMatchObject({ scaMethods: [{ ...method, name: '42' }] });
    expect(read(Authorisations, { authorisationIds: 'a-1' }).value).toEqual({ authorisationIds: ['a-1'] });
  });

  it('takes entries that cannot be read out of their list, and reads a missing list as empty', () => {
    expect(read(Authorisations, { authorisationIds: ['a-1', null, { id: 'a-2' }, 7] }).value).toEqual({
      authorisationIds: ['a-1', '{"id":"a-2"}', '7'],
    });
    expect(read(ReadAccountBalanceResponse, {}).value).toEqual({ balances: [] });
    const report = read(TransactionsResponse, {
      transactions: { booked: [null, { transactionAmount: { currency: 'EUR', amount: '1.00' } }], _links: {} },
    });
    expect(report.value).toMatchObject({ transactions: { booked: [{ transactionAmount: { amount: '1.00' } }] } });
  });

  it('reads an answer that is no object as one without members', () => {
    expect(read(ReadAccountBalanceResponse, [1, 2]).value).toEqual({ balances: [] });
    expect(read(Authorisations, 'a-1').value).toEqual({ authorisationIds: [] });
    expect(read(Authorisations, null).value).toEqual({ authorisationIds: [] });
  });

  it('keeps links, challenges, remittances and amounts as sent: their own readers show every form', () => {
    const body = {
      scaStatus: 'scaMethodSelected',
      authorisationId: 'a-1',
      challengeData: { data: 'one line', otpMaxLength: '6' },
      _links: [{ rel: 'authoriseTransaction', href: '/x' }],
    };
    expect(read(StartScaprocessResponse, body).value).toBe(body);
    const report = {
      transactions: {
        booked: [
          {
            transactionAmount: { currency: 'EUR', amount: 12.5 },
            remittanceInformationStructured: { reference: 'RF18' },
          },
        ],
        _links: { account: '/v1/accounts/a' },
      },
    };
    expect(read(TransactionsResponse, report).value).toBe(report);
  });

  it('leaves a valid answer, a status outside 1.3.12 and a missing text as they are', () => {
    const list = { authorisationIds: ['a-1'] };
    expect(read(Authorisations, list)).toEqual({ value: list, notes: [] });
    expect(read(StartScaprocessResponse, { scaStatus: 'IN_PROGRESS', _links: {} }).value).toEqual({
      scaStatus: 'IN_PROGRESS',
      _links: {},
    });
    expect(read(StartScaprocessResponse, { scaStatus: 7, authorisationId: 'a', _links: {} }).value).toMatchObject({
      scaStatus: '7',
    });
  });
});
