// Private benches through the shared sandbox's admin API: each bench is a bank of its own (data seeded like the shared
// one, its own clock, scenarios and behaviour profile) at its own base_url on the same server. The routes here check
// what is asked and answer; the server that keeps the benches (server/sandbox-benches.ts) does the work.
import type { Hono } from 'hono';
import * as z from 'zod';
import type { Env } from '../http/respond';
import { AdminError, readAdminJson } from './http';

/** A bench's name, which is also the last segment of its base_url: lower-case letters, digits and dashes, 1 to 56. */
export const BENCH_NAME = /^[a-z0-9][a-z0-9-]{0,55}$/;

/** What a bench is called on screen: 1 to 64 characters, no control characters. */
const BenchLabel = z
  .string()
  .trim()
  .min(1, 'label: 1 to 64 characters.')
  .max(64, 'label: 1 to 64 characters.')
  .refine((label) => !/\p{Cc}/u.test(label), 'label: no control characters.');

const BenchName = z
  .string()
  .regex(BENCH_NAME, 'name: 1 to 56 lower-case letters, digits and dashes, starting with a letter or digit.');

const CreateBench = z.object({ name: BenchName.optional(), label: BenchLabel.optional() }).strict();
const RenameBench = z.object({ label: BenchLabel }).strict();

/** One bench, as the admin API shows it. */
export interface BenchInfo {
  name: string;
  label: string;
  /** Its base_url on this server, a path (`/bench/<name>`): a bank profile points there. */
  href: string;
  /** Its own admin API (clock, scenarios, profile, data). */
  adminHref: string;
  createdAt: string;
  lastUsedAt: string;
  /** When it is deleted unless used before; null when benches do not expire. */
  expiresAt: string | null;
}

export interface BenchLimits {
  /** How many benches the server keeps at most. */
  max: number;
  /** How long a bench may go unused before it is deleted, in ms; null: never. */
  idleMs: number | null;
}

/** What the server that keeps the benches does for these routes; its refusals are AdminErrors. */
export interface BenchAdmin {
  limits: BenchLimits;
  list(): Promise<BenchInfo[]>;
  get(name: string): Promise<BenchInfo>;
  create(input: { name?: string; label?: string }): Promise<BenchInfo>;
  rename(name: string, label: string): Promise<BenchInfo>;
  /** Back to a fresh bank under the same name: seed data, real time, no scenarios, the standard profile. */
  reset(name: string): Promise<BenchInfo>;
  remove(name: string): Promise<void>;
}

function invalid(error: z.ZodError): AdminError {
  const issue = error.issues[0];
  const message = issue?.message ?? 'invalid';
  return new AdminError(400, 'invalid_body', issue?.code === 'unrecognized_keys' ? `body: ${message}` : message);
}

/** The name in the path, checked before it reaches the server's store. */
function nameOf(value: string): string {
  if (!BENCH_NAME.test(value)) {
    throw new AdminError(
      404,
      'bench_unknown',
      'No bench has this name: a bench’s name has lower-case letters, digits and dashes.',
    );
  }
  return value;
}

export function registerBenchRoutes(admin: Hono<Env>, benches: BenchAdmin) {
  admin.get('/benches', async (c) => c.json({ benches: await benches.list(), limits: benches.limits }));
  admin.post('/benches', async (c) => {
    const parsed = CreateBench.safeParse(await readAdminJson(c));
    if (!parsed.success) throw invalid(parsed.error);
    return c.json(await benches.create(parsed.data), 201);
  });
  admin.get('/benches/:name', async (c) => c.json(await benches.get(nameOf(c.req.param('name')))));
  admin.patch('/benches/:name', async (c) => {
    const name = nameOf(c.req.param('name'));
    const parsed = RenameBench.safeParse(await readAdminJson(c));
    if (!parsed.success) throw invalid(parsed.error);
    return c.json(await benches.rename(name, parsed.data.label));
  });
  admin.post('/benches/:name/reset', async (c) => {
    const name = nameOf(c.req.param('name'));
    await readAdminJson(c);
    return c.json(await benches.reset(name));
  });
  admin.delete('/benches/:name', async (c) => {
    await benches.remove(nameOf(c.req.param('name')));
    return c.body(null, 204);
  });
}

/** The discovery document's control for benches. */
export function benchesControl(at: (path: string) => string) {
  return {
    href: at('/benches'),
    description:
      'Private benches: banks of their own at their own base_url on this server (data seeded like this one, their own clock, scenarios and profile), started, listed, renamed, reset and deleted here.',
    actions: {
      list: { method: 'GET', href: at('/benches') },
      create: { method: 'POST', href: at('/benches'), body: { name: 'optional: a-z, 0-9, -', label: 'optional' } },
      read: { method: 'GET', href: at('/benches/{name}') },
      rename: { method: 'PATCH', href: at('/benches/{name}'), body: { label: '1 to 64 characters' } },
      reset: { method: 'POST', href: at('/benches/{name}/reset') },
      remove: { method: 'DELETE', href: at('/benches/{name}') },
    },
  };
}
