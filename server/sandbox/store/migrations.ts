// Schema migrations, one list for SQLite and PostgreSQL.
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './schema';

/** A balances table of an account table (`parent`): the same columns for accounts and card accounts. */
async function createBalances(db: Kysely<unknown>, table: string, parent: string) {
  await db.schema
    .createTable(table)
    .addColumn('account_id', 'text', (c) => c.notNull().references(`${parent}.resource_id`))
    .addColumn('balance_type', 'text', (c) => c.notNull())
    .addColumn('amount', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('credit_limit_included', 'integer')
    .addColumn('last_change_date_time', 'text')
    .addColumn('reference_date', 'text')
    .addColumn('last_committed_transaction', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${table}_pk`, ['account_id', 'balance_type'])
    .execute();
}

const migrations: Record<string, Migration> = {
  '0001_bank': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('psus')
        .addColumn('psu_id', 'text', (c) => c.primaryKey())
        .addColumn('password', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sca_behaviour', 'text', (c) => c.notNull())
        .addColumn('sca_methods', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('accounts')
        .addColumn('resource_id', 'text', (c) => c.primaryKey())
        .addColumn('psu_id', 'text', (c) => c.notNull().references('psus.psu_id'))
        .addColumn('iban', 'text', (c) => c.notNull().unique())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('display_name', 'text')
        .addColumn('product', 'text', (c) => c.notNull())
        .addColumn('cash_account_type', 'text', (c) => c.notNull())
        .addColumn('bic', 'text', (c) => c.notNull())
        .addColumn('owner_name', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('usage', 'text', (c) => c.notNull())
        .addColumn('funds_rule', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('accounts_psu').on('accounts').columns(['psu_id', 'position']).execute();
      await createBalances(db, 'balances', 'accounts');
      await db.schema
        .createTable('transactions')
        .addColumn('transaction_id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.resource_id'))
        .addColumn('booking_status', 'text', (c) => c.notNull())
        .addColumn('entry_reference', 'text')
        .addColumn('end_to_end_id', 'text')
        .addColumn('booking_date', 'text')
        .addColumn('value_date', 'text', (c) => c.notNull())
        .addColumn('entry_date', 'text', (c) => c.notNull())
        .addColumn('amount', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('creditor_name', 'text')
        .addColumn('creditor_iban', 'text')
        .addColumn('debtor_name', 'text')
        .addColumn('debtor_iban', 'text')
        .addColumn('remittance_information_unstructured', 'text')
        .addColumn('bank_transaction_code', 'text')
        .addColumn('proprietary_bank_transaction_code', 'text')
        .addColumn('seq', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('transactions_listing')
        .on('transactions')
        .columns(['account_id', 'booking_status', 'entry_date', 'seq'])
        .execute();
    },
  },
  '0002_flows': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('payments')
        .addColumn('payment_id', 'text', (c) => c.primaryKey())
        .addColumn('payment_service', 'text', (c) => c.notNull())
        .addColumn('payment_product', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('debtor_iban', 'text', (c) => c.notNull())
        .addColumn('transaction_status', 'text', (c) => c.notNull())
        .addColumn('sca_approach', 'text', (c) => c.notNull())
        .addColumn('psu_id', 'text')
        .addColumn('tpp_redirect_uri', 'text')
        .addColumn('tpp_nok_redirect_uri', 'text')
        .addColumn('funds_available', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('status_changed_at', 'text', (c) => c.notNull())
        .addColumn('accepted_at', 'text')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('consents')
        .addColumn('consent_id', 'text', (c) => c.primaryKey())
        .addColumn('access', 'text', (c) => c.notNull())
        .addColumn('granted', 'text')
        .addColumn('recurring_indicator', 'integer', (c) => c.notNull())
        .addColumn('valid_until', 'text', (c) => c.notNull())
        .addColumn('frequency_per_day', 'integer', (c) => c.notNull())
        .addColumn('combined_service_indicator', 'integer', (c) => c.notNull())
        .addColumn('consent_status', 'text', (c) => c.notNull())
        .addColumn('last_action_date', 'text', (c) => c.notNull())
        .addColumn('psu_id', 'text')
        .addColumn('sca_approach', 'text', (c) => c.notNull())
        .addColumn('tpp_redirect_uri', 'text')
        .addColumn('tpp_nok_redirect_uri', 'text')
        .addColumn('usage_day', 'text')
        .addColumn('usage_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('authorisations')
        .addColumn('authorisation_id', 'text', (c) => c.primaryKey())
        .addColumn('resource_type', 'text', (c) => c.notNull())
        .addColumn('resource_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('sca_approach', 'text', (c) => c.notNull())
        .addColumn('sca_status', 'text', (c) => c.notNull())
        .addColumn('psu_id', 'text')
        .addColumn('chosen_method', 'text')
        .addColumn('otp_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('tpp_redirect_uri', 'text')
        .addColumn('tpp_nok_redirect_uri', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('authorisations_resource')
        .on('authorisations')
        .columns(['resource_type', 'resource_id', 'kind', 'created_at'])
        .execute();
    },
  },
  '0003_meta': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sandbox_meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '0004_oauth': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('oauth_codes')
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('redirect_uri', 'text', (c) => c.notNull())
        .addColumn('code_challenge', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('resource_type', 'text', (c) => c.notNull())
        .addColumn('resource_id', 'text', (c) => c.notNull())
        .addColumn('authorisation_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      // Account reads ask whether their consent was authorised through OAuth.
      await db.schema
        .createIndex('oauth_codes_resource')
        .on('oauth_codes')
        .columns(['resource_type', 'resource_id'])
        .execute();
      await db.schema
        .createTable('oauth_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('resource_type', 'text', (c) => c.notNull())
        .addColumn('resource_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('oauth_tokens_code').on('oauth_tokens').column('code_hash').execute();
    },
  },
  // The admin API's failure-injection rules; the rest of its settings live in sandbox_meta.
  '0005_admin': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sandbox_scenarios')
        .addColumn('scenario_id', 'text', (c) => c.primaryKey())
        .addColumn('rule', 'text', (c) => c.notNull())
        .addColumn('remaining', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sandbox_snapshots')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .execute();
    },
  },
  // Bulk payments: each payment's fate, and the settlement of a bulk that stays partially accepted (PART).
  '0006_bulk_payments': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('payments').addColumn('entry_statuses', 'text').execute();
      await db.schema.alterTable('payments').addColumn('settled_at', 'text').execute();
    },
  },
  // Card accounts (1.3.12 /v1/card-accounts), their balances and card transactions.
  '0007_card_accounts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('card_accounts')
        .addColumn('resource_id', 'text', (c) => c.primaryKey())
        .addColumn('psu_id', 'text', (c) => c.notNull().references('psus.psu_id'))
        .addColumn('pan', 'text', (c) => c.notNull().unique())
        .addColumn('masked_pan', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('display_name', 'text')
        .addColumn('product', 'text', (c) => c.notNull())
        .addColumn('owner_name', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('usage', 'text', (c) => c.notNull())
        .addColumn('credit_limit', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('card_accounts_psu').on('card_accounts').columns(['psu_id', 'position']).execute();
      await db.schema.createIndex('card_accounts_masked_pan').on('card_accounts').column('masked_pan').execute();
      await createBalances(db, 'card_balances', 'card_accounts');
      await db.schema
        .createTable('card_transactions')
        .addColumn('transaction_id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('card_accounts.resource_id'))
        .addColumn('booking_status', 'text', (c) => c.notNull())
        .addColumn('entry_date', 'text', (c) => c.notNull())
        .addColumn('acceptor_date_time', 'text')
        .addColumn('booking_date', 'text')
        .addColumn('value_date', 'text')
        .addColumn('amount', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('original_amount', 'text')
        .addColumn('original_currency', 'text')
        .addColumn('exchange_rate', 'text')
        .addColumn('markup_fee', 'text')
        .addColumn('markup_fee_percentage', 'text')
        .addColumn('card_acceptor_id', 'text')
        .addColumn('terminal_id', 'text')
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('acceptor_street', 'text')
        .addColumn('acceptor_town', 'text')
        .addColumn('acceptor_post_code', 'text')
        .addColumn('acceptor_country', 'text')
        .addColumn('merchant_category_code', 'text')
        .addColumn('masked_pan', 'text', (c) => c.notNull())
        .addColumn('invoiced', 'integer', (c) => c.notNull())
        .addColumn('proprietary_bank_transaction_code', 'text')
        .addColumn('seq', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('card_transactions_listing')
        .on('card_transactions')
        .columns(['account_id', 'booking_status', 'entry_date', 'seq'])
        .execute();
    },
  },
  // Signing baskets (1.3.12 /v1/signing-baskets) and their members; a member is in one open basket at most.
  '0008_signing_baskets': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('signing_baskets')
        .addColumn('basket_id', 'text', (c) => c.primaryKey())
        .addColumn('psu_id', 'text')
        .addColumn('transaction_status', 'text', (c) => c.notNull())
        .addColumn('status_changed_at', 'text', (c) => c.notNull())
        .addColumn('sca_approach', 'text', (c) => c.notNull())
        .addColumn('tpp_redirect_uri', 'text')
        .addColumn('tpp_nok_redirect_uri', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('signing_basket_members')
        .addColumn('basket_id', 'text', (c) => c.notNull().references('signing_baskets.basket_id').onDelete('cascade'))
        .addColumn('member_type', 'text', (c) => c.notNull())
        .addColumn('member_id', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('open_key', 'text')
        .addPrimaryKeyConstraint('signing_basket_members_pk', ['basket_id', 'position'])
        .execute();
      await db.schema
        .createIndex('signing_basket_members_open')
        .on('signing_basket_members')
        .column('open_key')
        .unique()
        .execute();
      await db.schema
        .createIndex('signing_basket_members_member')
        .on('signing_basket_members')
        .columns(['member_type', 'member_id'])
        .execute();
    },
  },
  // pain.001 payment products: the XML document as the TPP sent it, which the payment read answers with.
  '0009_pain001_documents': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('payments').addColumn('document', 'text').execute();
    },
  },
};

/** The sandbox's migrations, in order. */
export const migrationProvider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/**
 * Runs the migrations not yet run. On PostgreSQL, `schema` is the schema the bank's tables live in: the migration
 * tables are kept there too, and looked for only there. Without it Kysely takes a migration table found in any schema
 * of the database for its own, so a second sandbox in another schema of the same database could not start.
 */
export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(
      `Database migration ${failed} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`,
      { cause: error },
    );
  }
}
