// Opens the sandbox's database: embedded SQLite (libsql) by default, PostgreSQL when given a postgres:// URL.
import Database from 'libsql';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  sql,
  type DatabaseIntrospector,
  type SqliteDatabase,
  type SqliteStatement,
  type TableMetadata,
} from 'kysely';
import { startCheckpointer } from './checkpointer';
import { migrateToLatest } from './migrations';
import type { Database as Schema } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Schema>;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface OpenStoreOptions {
  /** `:memory:`, a SQLite file path, or a postgres:// URL. */
  location: string;
  /** PostgreSQL schema to use (created when missing); lets tests and instances keep apart on one server. */
  pgSchema?: string;
  pgPoolSize?: number;
}

export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//.test(location);
}

export async function openStore(options: OpenStoreOptions): Promise<Store> {
  const store = isPostgresUrl(options.location) ? await openPostgres(options) : openSqlite(options.location);
  try {
    await migrateToLatest(store.db, store.dialect === 'postgres' ? await currentSchema(store.db) : undefined);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/**
 * The PostgreSQL schema that unqualified table names create and find: `pgSchema` when given, else the first schema of
 * the connection's search_path that exists (usually `public`). Earlier versions kept the migration tables there too.
 */
async function currentSchema(db: Kysely<Schema>): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`SELECT current_schema() AS schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL: no schema of the search_path exists to keep the sandbox in.');
  return schema;
}

function openSqlite(location: string): Store {
  const database = new Database(location);
  let checkpointer: ReturnType<typeof startCheckpointer> | undefined;
  if (location !== ':memory:') {
    // WAL keeps readers and the writer apart; NORMAL sync keeps every commit across a process crash or restart.
    database.exec('PRAGMA journal_mode = WAL');
    database.exec('PRAGMA synchronous = NORMAL');
    // Checkpoints run in a worker thread (checkpointer.ts) rather than in whichever request's commit fills the WAL.
    try {
      checkpointer = startCheckpointer(location);
      database.exec('PRAGMA wal_autocheckpoint = 0');
    } catch {
      // No worker threads: the connection keeps checkpointing by itself.
    }
  }
  database.exec('PRAGMA foreign_keys = ON');
  database.exec('PRAGMA busy_timeout = 5000');
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: reusingStatements(database) }) });
  return {
    db,
    dialect: 'sqlite',
    close: async () => {
      await checkpointer?.stop();
      // A last full checkpoint leaves the database file complete and the WAL empty.
      if (checkpointer) database.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      await db.destroy();
    },
  };
}

/**
 * Kysely prepares every statement anew, and preparing costs more than running the sandbox's small queries. The bank
 * runs the same few SQL texts over and over, so their prepared statements are kept (a bounded, least recently used set;
 * texts longer than 20,000 characters are not kept).
 */
function reusingStatements(database: Database.Database, limit = 256, longestKept = 20_000): SqliteDatabase {
  const kept = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      const hit = kept.get(sql);
      if (hit) {
        kept.delete(sql);
        kept.set(sql, hit);
        return hit;
      }
      const statement = database.prepare(sql);
      const prepared: SqliteStatement = {
        reader: statement.reader,
        all: (parameters) => statement.all(parameters),
        run: (parameters) => statement.run(parameters),
        iterate: (parameters) => statement.iterate(parameters),
      };
      if (sql.length <= longestKept) {
        if (kept.size >= limit) kept.delete(kept.keys().next().value as string);
        kept.set(sql, prepared);
      }
      return prepared;
    },
  };
}

async function openPostgres({ location, pgSchema, pgPoolSize }: OpenStoreOptions): Promise<Store> {
  // Loaded only here: the driver costs start-up time and memory that SQLite users need not pay.
  const { default: pg } = await import('pg');
  if (pgSchema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(pgSchema)) {
    throw new Error(`Invalid PostgreSQL schema name: ${pgSchema}`);
  }
  if (pgSchema) {
    const client = new pg.Client({ connectionString: location });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${pgSchema}`);
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: location,
    max: pgPoolSize ?? 10,
    ...(pgSchema ? { options: `-c search_path=${pgSchema}` } : {}),
  });
  const db = new Kysely<Schema>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

/**
 * PostgreSQL whose introspection reads only the schema the sandbox lives in (the first of its search_path). Kysely's
 * own reads the catalogue of every schema of the database, and its migrator looks for its tables that way: a schema
 * another party dropped meanwhile (a bench deleted on another instance, another sandbox's clean-up) made opening fail
 * with 3F000 naming that schema.
 */
class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    const getTables = async (): Promise<TableMetadata[]> => {
      const { rows } = await sql<{ name: string; schema: string; kind: string }>`
        SELECT c.relname AS name, n.nspname AS schema, c.relkind AS kind
        FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm')`.execute(db);
      return rows.map((row) => ({
        name: row.name,
        schema: row.schema,
        isView: row.kind === 'v' || row.kind === 'm',
        columns: [],
      }));
    };
    return {
      getSchemas: async () =>
        (
          await sql<{
            name: string;
          }>`SELECT nspname AS name FROM pg_catalog.pg_namespace WHERE nspname = current_schema()`.execute(db)
        ).rows,
      getTables,
      getMetadata: async () => ({ tables: await getTables() }),
    };
  }
}
