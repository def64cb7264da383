// The bank's data through the admin API: back to the seed, snapshots saved and restored by name (the whole bank: PSUs,
// accounts, balances, transactions, payments, consents, authorisations, OAuth grants, and the clock), a new PSU with
// accounts and generated history, and an account's balance set for a demo (booked as an adjustment entry, so the
// transactions still add up).
import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import * as z from 'zod';
import { isoDate } from '../clock';
import { bookAdjustment } from '../domain/bookings';
import type { Env } from '../http/respond';
import { insertSeed, SANDBOX_PASSWORD, seedFor, testPsus } from '../seed';
import { hashDigits, Random } from '../seed/random';
import { sandboxIban, SANDBOX_BIC } from '../seed/iban';
import { formatAmount, parseAmount } from '../seed/money';
import type { Database } from '../store/schema';
import { AdminError, readAdminJson } from './http';
import type { AdminSettings, BankClock } from './settings';

/** The bank's tables, parents first: restored in this order, emptied in the reverse. */
const TABLES = [
  'psus',
  'accounts',
  'balances',
  'transactions',
  'card_accounts',
  'card_balances',
  'card_transactions',
  'payments',
  'consents',
  'signing_baskets',
  'signing_basket_members',
  'authorisations',
  'oauth_codes',
  'oauth_tokens',
] as const;
type BankTable = (typeof TABLES)[number];

const ROWS_PER_INSERT = 100;

async function emptyBank(trx: Kysely<Database>) {
  for (const table of [...TABLES].reverse()) await trx.deleteFrom(table).execute();
}

async function insertAll(trx: Kysely<Database>, table: BankTable, rows: Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .execute();
  }
}

interface SnapshotData {
  clock: unknown;
  tables: Record<BankTable, Record<string, unknown>[]>;
}

const SnapshotName = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/);

const AccountInput = z
  .object({
    currency: z.enum(['EUR', 'USD', 'GBP']).default('EUR'),
    name: z.string().min(1).max(70).optional(),
    balance: z
      .string()
      .regex(/^-?\d{1,12}(\.\d{1,2})?$/)
      .default('2500.00'),
  })
  .strict();
const PsuInput = z
  .object({
    psuId: z
      .string()
      .regex(/^[a-z0-9._-]{2,32}$/)
      .refine((id) => !id.includes('~'), 'A PSU-ID may not contain ~.'),
    name: z.string().min(1).max(70),
    accounts: z
      .array(AccountInput)
      .min(1)
      .max(5)
      .default([{ currency: 'EUR', balance: '2500.00' }]),
    historyDays: z.number().int().min(0).max(400).default(90),
  })
  .strict();

function invalid(error: z.ZodError): AdminError {
  const issue = error.issues[0];
  return new AdminError(400, 'invalid_body', `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
}

/** Entries of a generated history: a salary each month, rent, and card payments, ending at the balance asked for. */
function history(random: Random, minorBalance: number, days: number, today: number) {
  const entries: { day: number; minor: number; text: string; name: string }[] = [];
  for (let back = days; back >= 1; back--) {
    const day = today - back;
    const date = new Date(day * 86_400_000);
    if (date.getUTCDate() === 1) entries.push({ day, minor: 285_000, text: 'Gehalt', name: 'Arbeitgeber GmbH' });
    if (date.getUTCDate() === 3) entries.push({ day, minor: -95_000, text: 'Miete', name: 'Hausverwaltung Nord' });
    if (random.chance(0.35)) {
      entries.push({ day, minor: -random.int(350, 8_900), text: 'Kartenzahlung', name: 'Supermarkt am Markt' });
    }
  }
  const sum = entries.reduce((total, e) => total + e.minor, 0);
  entries.unshift({ day: today - days - 1, minor: minorBalance - sum, text: 'Saldovortrag', name: 'Sandbox Bank' });
  return entries;
}

async function addPsu(db: Kysely<Database>, body: unknown, now: Date) {
  const parsed = PsuInput.safeParse(body);
  if (!parsed.success) throw invalid(parsed.error);
  const input = parsed.data;
  if (await db.selectFrom('psus').select('psu_id').where('psu_id', '=', input.psuId).executeTakeFirst()) {
    throw new AdminError(409, 'psu_exists', `The PSU ${input.psuId} exists already.`);
  }
  const methods = testPsus[0]
    ? await db.selectFrom('psus').select('sca_methods').where('psu_id', '=', testPsus[0].psuId).executeTakeFirst()
    : undefined;
  const today = Math.floor(now.getTime() / 86_400_000);
  const at = now.toISOString();
  const created: { resourceId: string; iban: string; currency: string; balance: string }[] = [];
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('psus')
      .values({
        psu_id: input.psuId,
        password: SANDBOX_PASSWORD,
        name: input.name,
        sca_behaviour: 'normal',
        sca_methods: methods?.sca_methods ?? '[]',
      })
      .execute();
    for (const [position, account] of input.accounts.entries()) {
      const key = `${input.psuId}/${position}`;
      const resourceId = `acc-${hashDigits(key, 12)}`;
      const iban = sandboxIban(`7${hashDigits(key, 9)}`);
      const currency = account.currency;
      const minor = parseAmount(account.balance, currency);
      await trx
        .insertInto('accounts')
        .values({
          resource_id: resourceId,
          psu_id: input.psuId,
          iban,
          currency,
          name: account.name ?? 'Girokonto',
          display_name: null,
          product: 'Girokonto',
          cash_account_type: 'CACC',
          bic: SANDBOX_BIC,
          owner_name: input.name,
          status: 'enabled',
          usage: 'PRIV',
          funds_rule: 'normal',
          position,
        })
        .execute();
      const entries = history(new Random(key), minor, input.historyDays, today);
      await insertAll(
        trx,
        'transactions',
        entries.map((e, seq) => {
          const date = isoDate(new Date(e.day * 86_400_000));
          const credit = e.minor > 0;
          return {
            transaction_id: `tx-${hashDigits(`${key}/${seq}`, 16)}`,
            account_id: resourceId,
            booking_status: 'booked',
            entry_reference: null,
            end_to_end_id: null,
            booking_date: date,
            value_date: date,
            entry_date: date,
            amount: formatAmount(e.minor, currency),
            currency,
            creditor_name: credit ? input.name : e.name,
            creditor_iban: credit ? iban : null,
            debtor_name: credit ? e.name : input.name,
            debtor_iban: credit ? null : iban,
            remittance_information_unstructured: e.text,
            bank_transaction_code: credit ? 'PMNT-RCDT-ESCT' : 'PMNT-ICDT-ESCT',
            proprietary_bank_transaction_code: null,
            seq: seq + 1,
          };
        }),
      );
      const amount = formatAmount(minor, currency);
      const types = ['closingBooked', 'interimBooked', 'interimAvailable', 'expected'] as const;
      await insertAll(
        trx,
        'balances',
        types.map((balance_type, i) => ({
          account_id: resourceId,
          balance_type,
          amount,
          currency,
          credit_limit_included: null,
          last_change_date_time: balance_type === 'closingBooked' ? null : at,
          reference_date: isoDate(now),
          last_committed_transaction: null,
          position: i,
        })),
      );
      created.push({ resourceId, iban, currency, balance: amount });
    }
  });
  return { psuId: input.psuId, name: input.name, password: SANDBOX_PASSWORD, accounts: created };
}

async function findAccount(db: Kysely<Database>, id: string) {
  const account = await db
    .selectFrom('accounts')
    .select(['resource_id', 'iban', 'currency'])
    .where((eb) => eb.or([eb('resource_id', '=', id), eb('iban', '=', id)]))
    .executeTakeFirst();
  if (!account) throw new AdminError(404, 'not_found', `No account ${id} is at this bank.`);
  return account;
}

export interface DataControls {
  db: Kysely<Database>;
  settings: AdminSettings;
  clock: BankClock;
  seedAnchor: string;
  /** Runs once the bank's data was replaced (reset, snapshot restored): what is due by the bank's time is done. */
  afterChange: () => Promise<unknown>;
}

export function registerDataRoutes(admin: Hono<Env>, { db, settings, clock, seedAnchor, afterChange }: DataControls) {
  admin.post('/data/reset', async (c) => {
    await readAdminJson(c);
    await db.transaction().execute(async (trx) => {
      await emptyBank(trx);
      await insertSeed(trx, seedFor(seedAnchor));
    });
    await afterChange();
    return c.json({ reset: true, seedAnchor });
  });

  admin.get('/snapshots', async (c) => {
    const rows = await db
      .selectFrom('sandbox_snapshots')
      .select(['name', 'created_at'])
      .orderBy('created_at')
      .execute();
    return c.json({ snapshots: rows.map((r) => ({ name: r.name, createdAt: r.created_at })) });
  });
  admin.post('/snapshots', async (c) => {
    const parsed = SnapshotName.safeParse((await readAdminJson(c)).name);
    if (!parsed.success) throw new AdminError(400, 'invalid_name', 'name: 1 to 64 letters, digits, ".", "_" or "-".');
    const tables = {} as SnapshotData['tables'];
    for (const table of TABLES) tables[table] = await db.selectFrom(table).selectAll().execute();
    const data: SnapshotData = { clock: clock.setting, tables };
    const createdAt = clock.base.now().toISOString();
    await db
      .insertInto('sandbox_snapshots')
      .values({ name: parsed.data, created_at: createdAt, data: JSON.stringify(data) })
      .onConflict((oc) => oc.column('name').doUpdateSet({ created_at: createdAt, data: JSON.stringify(data) }))
      .execute();
    const counts = Object.fromEntries(TABLES.map((t) => [t, tables[t].length]));
    return c.json({ name: parsed.data, createdAt, counts }, 201);
  });
  admin.post('/snapshots/:name/restore', async (c) => {
    await readAdminJson(c);
    const row = await db
      .selectFrom('sandbox_snapshots')
      .select('data')
      .where('name', '=', c.req.param('name'))
      .executeTakeFirst();
    if (!row) throw new AdminError(404, 'not_found', `No snapshot ${c.req.param('name')} exists.`);
    const data = JSON.parse(row.data) as SnapshotData;
    await db.transaction().execute(async (trx) => {
      await emptyBank(trx);
      for (const table of TABLES) await insertAll(trx, table, data.tables[table] ?? []);
    });
    const clockSetting = data.clock as Parameters<AdminSettings['setClock']>[0];
    await settings.setClock(clockSetting);
    await afterChange();
    return c.json({ restored: c.req.param('name'), clock: clock.now().toISOString() });
  });
  admin.delete('/snapshots/:name', async (c) => {
    const result = await db.deleteFrom('sandbox_snapshots').where('name', '=', c.req.param('name')).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new AdminError(404, 'not_found', 'No such snapshot.');
    return c.body(null, 204);
  });

  admin.get('/psus', async (c) => {
    const psus = await db.selectFrom('psus').select(['psu_id', 'name']).orderBy('psu_id').execute();
    const accounts = await db
      .selectFrom('accounts')
      .select(['resource_id', 'psu_id', 'iban', 'currency', 'name'])
      .orderBy('position')
      .execute();
    const cards = await db
      .selectFrom('card_accounts')
      .select(['resource_id', 'psu_id', 'masked_pan', 'currency', 'name'])
      .orderBy('position')
      .execute();
    return c.json({
      password: SANDBOX_PASSWORD,
      psus: psus.map((p) => ({
        psuId: p.psu_id,
        name: p.name,
        accounts: accounts
          .filter((a) => a.psu_id === p.psu_id)
          .map((a) => ({ resourceId: a.resource_id, iban: a.iban, currency: a.currency, name: a.name })),
        cards: cards
          .filter((card) => card.psu_id === p.psu_id)
          .map((card) => ({
            resourceId: card.resource_id,
            maskedPan: card.masked_pan,
            currency: card.currency,
            name: card.name,
          })),
      })),
    });
  });
  admin.post('/psus', async (c) => c.json(await addPsu(db, await readAdminJson(c), clock.now()), 201));

  admin.put('/accounts/:account/balance', async (c) => {
    const account = await findAccount(db, c.req.param('account'));
    const { amount } = await readAdminJson(c);
    if (typeof amount !== 'string' || !/^-?\d{1,12}(\.\d{1,2})?$/.test(amount)) {
      throw new AdminError(400, 'invalid_amount', 'amount must be a decimal string such as "1500.00".');
    }
    const current = await db
      .selectFrom('balances')
      .select('amount')
      .where('account_id', '=', account.resource_id)
      .where('balance_type', '=', 'interimBooked')
      .executeTakeFirst();
    const delta = parseAmount(amount, account.currency) - parseAmount(current?.amount ?? '0', account.currency);
    const target = { id: account.resource_id, iban: account.iban, currency: account.currency };
    if (delta !== 0) await bookAdjustment(db, target, delta, clock.now());
    return c.json({
      account: account.resource_id,
      interimBooked: amount,
      adjustedBy: formatAmount(delta, account.currency),
    });
  });
}
