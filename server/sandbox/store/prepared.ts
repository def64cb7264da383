// Statements built once with Kysely and run many times with new values.
import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';
import { afterNextPoll } from './group-commit';

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

/**
 * An INSERT of one whole row of `table`, built once: the row's values are passed in the order of `columns`, which must
 * name every column the rows carry.
 */
export function buildInsertOnce<DB, T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  columns: readonly (keyof DB[T] & string)[],
): (executor: Kysely<DB>, row: Record<(typeof columns)[number], unknown>) => Promise<QueryResult<unknown>> {
  const markers = columns.map((_, i) => `\u0000col${i}\u0000`);
  // Kysely's insert builder wants the table's exact row type; the markers stand in for every value.
  const values = Object.fromEntries(columns.map((column, i) => [column, markers[i]])) as never;
  const { sql, parameters } = db.insertInto(table).values(values).compile();
  const order = parameters.map((value) => {
    const at = markers.indexOf(value as string);
    if (at < 0) throw new Error(`buildInsertOnce: unexpected parameter in ${sql}`);
    return columns[at] as (typeof columns)[number];
  });
  return (executor, row) =>
    executor.executeQuery(
      CompiledQuery.raw(
        sql,
        order.map((column) => row[column] ?? null),
      ),
    );
}

/**
 * A read that concurrent requests ask with the same key share: the calls made while the event loop is busy, and in its
 * next turn, get the answer of one run, started after that turn (`afterNextPoll`, as the group commit waits). A call
 * never joins a run already started, so every answer was read from the database after its call was made.
 */
export function sharedRead<K, R>(read: (key: K) => Promise<R>, keyOf: (key: K) => string): (key: K) => Promise<R> {
  const waiting = new Map<string, Promise<R>>();
  return (key) => {
    const id = keyOf(key);
    let answer = waiting.get(id);
    if (!answer) {
      answer = new Promise<void>((resolve) => afterNextPoll(resolve)).then(() => {
        waiting.delete(id);
        return read(key);
      });
      waiting.set(id, answer);
    }
    return answer;
  };
}
