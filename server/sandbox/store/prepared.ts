// Statements built once with Kysely and run many times with new values.
import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';

type Value = string | number | null;

/**
 * Building a query with Kysely costs about as much as running one of the bank's small statements on SQLite. The few
 * statements that every request runs are built once with marker values, and each run swaps the real values in; the SQL
 * text stays the same, so the driver reuses its prepared statement too.
 */
export function buildOnce<A extends Value[], DB>(
  db: Kysely<DB>,
  build: (...args: A) => Compilable<unknown>,
  arity: A['length'],
): (executor: Kysely<DB>, ...args: A) => Promise<QueryResult<unknown>> {
  const markers = Array.from({ length: arity }, (_, i) => `\u0000arg${i}\u0000`);
  const { sql, parameters } = build(...(markers as A)).compile();
  const slots = parameters.map((value) => markers.indexOf(value as string));
  markers.forEach((marker, i) => {
    if (!slots.includes(i)) throw new Error(`buildOnce: argument ${i} is not a parameter of: ${sql}`);
  });
  // `db` only builds; each run goes to the executor given (the database, or a transaction).
  return (executor, ...args) =>
    executor.executeQuery(
      CompiledQuery.raw(
        sql,
        parameters.map((value, i) => {
          const slot = slots[i] ?? -1;
          return slot >= 0 ? args[slot] : value;
        }),
      ),
    );
}
