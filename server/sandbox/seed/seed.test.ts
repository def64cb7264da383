import { isValidBIC, isValidIBAN } from 'ibantools';
import { Kysely, SqliteDialect } from 'kysely';
import Database from 'libsql';
import { describe, expect, it } from 'vitest';
import { ScaMethods } from '../../../src/xs2a/sca';
import { migrateToLatest } from '../store/migrations';
import type { Database as Schema, NewBalance, NewTransaction } from '../store/schema';
import { parseDay } from './calendar';
import {
  BUSINESS_ENTRIES,
  CAROL_BALANCE,
  SANDBOX_OTP,
  SANDBOX_PASSWORD,
  buildSeed,
  insertSeed,
  testAccounts,
  testPsus,
  type SeedData,
} from './index';
import { parseAmount } from './money';
import { accountSpecs } from './test-psus';

const ANCHOR = '2026-03-18';
/** A weekday, a Saturday after Christmas, New Year's Day, a Monday after Whitsun and a month end. */
const ANCHORS = [ANCHOR, '2025-12-27', '2026-01-01', '2026-05-26', '2026-07-31'];

const seeds = new Map<string, SeedData>();
function seed(anchor: string): SeedData {
  let data = seeds.get(anchor);
  if (!data) {
    data = buildSeed(anchor);
    seeds.set(anchor, data);
  }
  return data;
}

const shiftDate = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const minor = (t: { amount: string; currency: string }) => parseAmount(t.amount, t.currency);

function entriesOf(data: SeedData, accountId: string): NewTransaction[] {
  return data.transactions.filter((t) => t.account_id === accountId).sort((a, b) => a.seq - b.seq);
}

function balanceOf(data: SeedData, accountId: string, type: string): NewBalance {
  const balance = data.balances.find((b) => b.account_id === accountId && b.balance_type === type);
  if (!balance) throw new Error(`no ${type} balance for ${accountId}`);
  return balance;
}

describe('buildSeed', () => {
  it('is deterministic: the same anchor gives byte-identical data', () => {
    expect(JSON.stringify(buildSeed(ANCHOR))).toBe(JSON.stringify(seed(ANCHOR)));
  });

  it('rejects anything but a calendar date', () => {
    expect(() => buildSeed('2026-02-30')).toThrow();
    expect(() => buildSeed('18.03.2026')).toThrow();
  });

  it('has the four test PSUs with their password, SCA behaviour and SCA methods', () => {
    const { psus } = seed(ANCHOR);
    expect(psus.map((p) => p.psu_id)).toEqual(['alice', 'bob', 'carol', 'dave']);
    expect(SANDBOX_PASSWORD).toBe('sandbox');
    expect(SANDBOX_OTP).toBe('123456');
    for (const psu of psus) {
      expect(psu.password).toBe(SANDBOX_PASSWORD);
      const methods = ScaMethods.parse(JSON.parse(psu.sca_methods));
      const ids = methods.map((m) => m.authenticationMethodId);
      expect(ids).toEqual(psu.psu_id === 'carol' ? ['sms'] : ['sms', 'push', 'chip']);
      expect(methods[0]?.authenticationType).toBe('SMS_OTP');
      expect(methods[0]?.name).toMatch(/^SMS to \+49 1\d\d ••• \d\d \d\d$/);
    }
    expect(psus.find((p) => p.psu_id === 'dave')?.sca_behaviour).toBe('alwaysFail');
    expect(psus.filter((p) => p.sca_behaviour === 'normal')).toHaveLength(3);
  });

  it('gives every account a valid IBAN and BIC and a stable, unique resource id', () => {
    const { accounts } = seed(ANCHOR);
    expect(accounts).toHaveLength(8);
    for (const account of accounts) {
      expect(isValidIBAN(account.iban), account.iban).toBe(true);
      expect(isValidBIC(account.bic)).toBe(true);
      expect(account.resource_id).toMatch(/^acc-[0-9a-f]{12}$/);
    }
    expect(new Set(accounts.map((a) => a.resource_id)).size).toBe(accounts.length);
    expect(new Set(accounts.map((a) => a.iban)).size).toBe(accounts.length);
    // Resource ids and IBANs do not move with the anchor date: README and e2e specs can name them.
    expect(seed('2025-12-27').accounts.map((a) => a.resource_id)).toEqual(accounts.map((a) => a.resource_id));
  });

  it('describes in testPsus exactly what it seeds', () => {
    const { accounts, psus } = seed(ANCHOR);
    expect(testPsus.map((p) => p.psuId)).toEqual(psus.map((p) => p.psu_id));
    for (const psu of testPsus) {
      const rows = accounts.filter((a) => a.psu_id === psu.psuId).sort((a, b) => a.position - b.position);
      expect(psu.accounts.map((a) => [a.iban, a.resourceId, a.currency, a.name])).toEqual(
        rows.map((r) => [r.iban, r.resource_id, r.currency, r.name]),
      );
    }
    expect(testAccounts['alice-main'].name).toBe('Girokonto');
    expect(testAccounts['alice-usd'].currency).toBe('USD');
    expect(testAccounts['bob-gbp'].currency).toBe('GBP');
    const business = accounts.find((a) => a.resource_id === testAccounts['bob-business'].resourceId);
    expect(business).toMatchObject({ usage: 'ORGA', owner_name: 'Laurent Kaffeerösterei GmbH' });
    expect(accounts.find((a) => a.psu_id === 'carol')?.funds_rule).toBe('insufficient');
  });

  it(`puts exactly ${BUSINESS_ENTRIES} entries on bob's business account`, () => {
    for (const anchor of ANCHORS) {
      const entries = entriesOf(seed(anchor), testAccounts['bob-business'].resourceId);
      expect(entries).toHaveLength(10_000);
      expect(entries.filter((t) => t.booking_status === 'pending').length).toBeGreaterThan(0);
    }
  });

  it('gives the current accounts at least twelve months of history', () => {
    for (const anchor of ANCHORS) {
      const data = seed(anchor);
      for (const key of ['alice-main', 'bob-main', 'bob-business', 'carol-main', 'dave-main'] as const) {
        const booked = entriesOf(data, testAccounts[key].resourceId).filter((t) => t.booking_status === 'booked');
        const first = booked[0]?.booking_date ?? anchor;
        expect(first <= shiftDate(anchor, -365), `${key} starts ${first}`).toBe(true);
        expect(booked.length).toBeGreaterThan(key === 'carol-main' ? 250 : 500);
      }
      const salaries = entriesOf(data, testAccounts['alice-main'].resourceId).filter((t) =>
        t.remittance_information_unstructured?.startsWith('Gehalt/Salary'),
      );
      expect(salaries.length).toBeGreaterThanOrEqual(12);
    }
  });

  it('has a few pending entries of the last three days on each private current account', () => {
    for (const anchor of ANCHORS) {
      const data = seed(anchor);
      for (const key of ['alice-main', 'bob-main', 'carol-main', 'dave-main'] as const) {
        const pending = entriesOf(data, testAccounts[key].resourceId).filter((t) => t.booking_status === 'pending');
        expect(pending.length, `${key} on ${anchor}`).toBeGreaterThanOrEqual(2);
        expect(pending.length).toBeLessThanOrEqual(5);
        for (const t of pending) {
          expect(t.booking_date).toBeNull();
          expect(t.entry_date >= shiftDate(anchor, -2) && t.entry_date <= anchor).toBe(true);
          expect(t.value_date > anchor).toBe(true);
        }
      }
    }
  });

  it('books nothing after the anchor date, and only on working days', () => {
    const wrong: string[] = [];
    for (const anchor of ANCHORS) {
      for (const t of seed(anchor).transactions) {
        if (t.entry_date > anchor) wrong.push(`${t.transaction_id} entered ${t.entry_date}`);
        if (t.booking_status !== 'booked') continue;
        const weekday = new Date(`${t.booking_date}T00:00:00Z`).getUTCDay();
        if (t.booking_date !== t.entry_date || weekday === 0 || weekday === 6 || t.value_date > t.entry_date) {
          wrong.push(`${t.transaction_id} booked ${t.booking_date}, value ${t.value_date}, entered ${t.entry_date}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps balances consistent with the transactions', () => {
    for (const anchor of ANCHORS) {
      const data = seed(anchor);
      for (const spec of accountSpecs) {
        const id = spec.resourceId;
        const entries = entriesOf(data, id);
        const booked = entries.filter((t) => t.booking_status === 'booked');
        const pending = entries.filter((t) => t.booking_status === 'pending');
        const sum = (ts: NewTransaction[]) => ts.reduce((s, t) => s + minor(t), 0);
        const closing = sum(booked.filter((t) => (t.booking_date ?? '') < anchor));
        const interim = sum(booked);
        const pendingDebits = sum(pending.filter((t) => minor(t) < 0));
        const amount = (type: string) => minor(balanceOf(data, id, type));

        expect(amount('closingBooked')).toBe(closing);
        expect(amount('openingBooked')).toBe(closing);
        expect(amount('interimBooked')).toBe(interim);
        expect(amount('interimAvailable')).toBe(interim + pendingDebits + spec.creditLimit);
        expect(amount('expected')).toBe(interim + sum(pending));
        expect(amount('forwardAvailable')).toBe(interim + sum(pending) + spec.creditLimit);

        const balances = data.balances.filter((b) => b.account_id === id).sort((a, b) => a.position - b.position);
        expect(balances.map((b) => b.balance_type)).toEqual([
          'closingBooked',
          'openingBooked',
          'interimBooked',
          'interimAvailable',
          'expected',
          'forwardAvailable',
        ]);
        for (const b of balances) expect(b.currency).toBe(spec.currency);
        expect(balanceOf(data, id, 'closingBooked').reference_date).toBe(shiftDate(anchor, -1));
        expect(balanceOf(data, id, 'openingBooked').reference_date).toBe(anchor);
        expect((balanceOf(data, id, 'forwardAvailable').reference_date ?? '') > anchor).toBe(true);
        const withLimit = spec.creditLimit > 0 ? 1 : 0;
        expect(balanceOf(data, id, 'interimAvailable').credit_limit_included).toBe(withLimit);
        expect(balanceOf(data, id, 'interimBooked').last_change_date_time).toMatch(
          /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$/,
        );
        expect(balanceOf(data, id, 'interimBooked').last_committed_transaction).toBe(booked.at(-1)?.entry_reference);
        expect(balanceOf(data, id, 'closingBooked').last_committed_transaction).toBe(
          booked.filter((t) => (t.booking_date ?? '') < anchor).at(-1)?.entry_reference,
        );
      }
    }
  });

  it('keeps running balances plausible', () => {
    for (const anchor of ANCHORS) {
      const data = seed(anchor);
      for (const spec of accountSpecs) {
        let balance = 0;
        let lowest = 0;
        for (const t of entriesOf(data, spec.resourceId)) {
          if (t.booking_status !== 'booked') continue;
          balance += minor(t);
          lowest = Math.min(lowest, balance);
        }
        expect(lowest, `${spec.key} on ${anchor}`).toBeGreaterThanOrEqual(
          spec.key === 'bob-business' ? -spec.creditLimit : 0,
        );
      }
      const carol = testAccounts['carol-main'].resourceId;
      expect(minor(balanceOf(data, carol, 'interimBooked'))).toBe(CAROL_BALANCE);
      const available = minor(balanceOf(data, carol, 'interimAvailable'));
      expect(available >= 0 && available <= 50_00).toBe(true);
      const business = minor(balanceOf(data, testAccounts['bob-business'].resourceId, 'interimBooked'));
      expect(business >= 10_000_00 && business < 100_000_00, `business ${business}`).toBe(true);
    }
  });

  it('pairs transfers between own accounts', () => {
    const data = seed(ANCHOR);
    const savings = entriesOf(data, testAccounts['alice-savings'].resourceId);
    const standing = savings.filter(
      (t) => t.remittance_information_unstructured === 'Dauerauftrag Sparen von Girokonto',
    );
    expect(standing.length).toBeGreaterThanOrEqual(12);
    const main = entriesOf(data, testAccounts['alice-main'].resourceId);
    for (const t of standing) {
      const debit = main.find((m) => m.end_to_end_id === t.end_to_end_id);
      expect(debit).toMatchObject({
        amount: `-${t.amount}`,
        booking_date: t.booking_date,
        bank_transaction_code: 'PMNT-ICDT-STDO',
      });
    }
    const salaries = entriesOf(data, testAccounts['bob-main'].resourceId).filter((t) =>
      t.remittance_information_unstructured?.startsWith('Gehalt/Salary'),
    );
    const business = entriesOf(data, testAccounts['bob-business'].resourceId);
    for (const t of salaries) {
      expect(business.find((b) => b.end_to_end_id === t.end_to_end_id)?.amount).toBe(`-${t.amount}`);
    }
  });

  it('gives unique ids, and entry references that are unique per account and sort like the entries', () => {
    for (const anchor of ANCHORS) {
      const data = seed(anchor);
      const ids = data.transactions.map((t) => t.transaction_id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const spec of accountSpecs) {
        const entries = entriesOf(data, spec.resourceId);
        const refs = entries.map((t) => t.entry_reference ?? '');
        expect(new Set(refs).size).toBe(refs.length);
        expect([...refs].sort()).toEqual(refs);
        expect(new Set(entries.map((t) => t.seq)).size).toBe(entries.length);
        const dates = entries.map((t) => t.entry_date);
        expect([...dates].sort()).toEqual(dates);
      }
    }
  });

  it('keeps strings within the spec lengths and amounts in the spec format', () => {
    const { transactions, accounts } = seed(ANCHOR);
    for (const a of accounts) {
      expect(a.name.length).toBeLessThanOrEqual(70);
      expect((a.display_name ?? '').length).toBeLessThanOrEqual(70);
      expect(a.product.length).toBeLessThanOrEqual(35);
      expect(a.owner_name.length).toBeLessThanOrEqual(140);
    }
    const wrong: string[] = [];
    const check = (ok: boolean, what: string, t: NewTransaction) => {
      if (!ok) wrong.push(`${t.transaction_id}: ${what}`);
    };
    for (const t of transactions) {
      check((t.creditor_name ?? '').length <= 70 && (t.debtor_name ?? '').length <= 70, 'name over 70', t);
      check((t.remittance_information_unstructured ?? '').length <= 140, 'remittance over 140', t);
      check((t.entry_reference ?? '').length <= 35, 'entryReference over 35', t);
      check((t.end_to_end_id ?? '').length <= 35, 'endToEndId over 35', t);
      check((t.proprietary_bank_transaction_code ?? '').length <= 35, 'proprietary code over 35', t);
      check(/^-?\d{1,14}\.\d{2}$/.test(t.amount) && !/^-?0\.00$/.test(t.amount), `amount ${t.amount}`, t);
      check(/^[A-Z]{4}-[A-Z]{4}-[A-Z]{4}$/.test(t.bank_transaction_code ?? ''), 'bank transaction code', t);
      for (const iban of [t.creditor_iban, t.debtor_iban]) if (iban) check(isValidIBAN(iban), `IBAN ${iban}`, t);
      // Transfers carry the counterparty's account; card payments and ATM withdrawals only the merchant.
      const code = t.bank_transaction_code ?? '';
      if (code.startsWith('PMNT-ICDT') || code.startsWith('PMNT-RDDT')) {
        check(t.creditor_iban !== null && t.end_to_end_id !== null, 'transfer without creditor account', t);
      }
      if (code === 'PMNT-RCDT-ESCT') check(t.debtor_iban !== null, 'credit without debtor account', t);
    }
    expect(wrong).toEqual([]);
  });
});

describe('insertSeed', () => {
  it('writes the seed to SQLite through Kysely and reads it back unchanged', async () => {
    const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    try {
      await migrateToLatest(db);
      const data = seed(ANCHOR);
      await db.transaction().execute((trx) => insertSeed(trx, data));
      const count = async (table: 'psus' | 'accounts' | 'balances' | 'transactions') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await count('psus')).toBe(data.psus.length);
      expect(await count('accounts')).toBe(data.accounts.length);
      expect(await count('balances')).toBe(data.balances.length);
      expect(await count('transactions')).toBe(data.transactions.length);

      const last = data.transactions.at(-1);
      const stored = await db
        .selectFrom('transactions')
        .selectAll()
        .where('transaction_id', '=', last?.transaction_id ?? '')
        .executeTakeFirstOrThrow();
      expect(stored).toEqual(last);
      const business = await db
        .selectFrom('transactions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('account_id', '=', testAccounts['bob-business'].resourceId)
        .executeTakeFirstOrThrow();
      expect(Number(business.n)).toBe(BUSINESS_ENTRIES);
    } finally {
      await db.destroy();
    }
  });
});

describe('parseDay', () => {
  it('reads ISO dates', () => {
    expect(parseDay('1970-01-02')).toBe(1);
    expect(parseDay('2024-02-29')).toBe(19_782);
  });
});
