// What every domain function works with: the store, the clock, the configuration and how to write links.
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { SandboxConfig } from '../config';
import type { Dialect } from '../store/db';
import type { Transact } from '../store/group-commit';
import type { Database } from '../store/schema';

export interface DomainContext {
  db: Kysely<Database>;
  /** Runs a unit of work in a transaction shared with concurrent requests' units (one commit for all of them). */
  transact: Transact<Database>;
  dialect: Dialect;
  clock: Clock;
  config: SandboxConfig;
  /**
   * Tells the bank's scheduler that something falls due at this instant of the bank's clock (epoch milliseconds), so
   * its timer is set no later; what is already stored it finds by itself.
   */
  dueAt?: (instant: number) => void;
}

/** Per request: where the bank is reachable from the caller's point of view, for absolute links. */
export interface LinkContext {
  origin: string;
  prefix: string;
}

export const href = (links: LinkContext, path: string) => ({ href: `${links.prefix}${path}` });
export const absoluteHref = (links: LinkContext, path: string) => ({ href: `${links.origin}${links.prefix}${path}` });

export function newId(prefix: string): string {
  return `${prefix}-${crypto.randomUUID()}`;
}

export { changed } from '../store/rows';
