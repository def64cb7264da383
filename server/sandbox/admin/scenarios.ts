// Failure injection on the XS2A routes: the admin API's rules, the X-Sandbox-Scenario header and the magic PSU-IDs make
// chosen calls answer an error, wait, hang, or have their decoupled SCA aborted by the PSU. With no rule set and neither
// the header nor a magic PSU-ID on the call, the middleware costs two header lookups.
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as z from 'zod';
import { matchOperation, operationNames, operations, type OperationName } from '../../../src/xs2a';
import type { ScaEngine } from '../domain/sca';
import { BankError } from '../rules/bank-error';
import { errorResponse, type Env } from '../http/respond';
import type { Database } from '../store/schema';
import type { Kysely } from 'kysely';
import { AdminError, readAdminJson } from './http';
import {
  checkEffect,
  codesFor,
  isScenarioOperation,
  defaultStatus,
  errorStatuses,
  MAGIC_PSUS,
  MAGIC_SEPARATOR,
  OUTAGE_ADVICE,
  OUTAGE_CODES,
  parseScenarioText,
  SCENARIO_HEADER,
  splitMagicPsu,
  statusOf,
  type OutageCode,
  type Scenario,
  type ScenarioEffect,
  type ScenarioOperation,
  type ScenarioRule,
} from './scenario-rules';

/** The operation a call is, with its path's parameters. */
interface OperationMatch {
  name: ScenarioOperation;
  params: Record<string, string>;
}
import type { AdminSettings } from './settings';

/** How long a hanging call is held at most when its client does not give up first. */
export const HANG_LIMIT_MS = 300_000;

export interface ScenarioDeps {
  db: Kysely<Database>;
  settings: AdminSettings;
  sca: ScaEngine;
  slowMs: number;
  sleep: (ms: number) => Promise<void>;
}

/** Waits until the client gives up on the call (its signal aborts) or the hang limit passes. */
function hang(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, HANG_LIMIT_MS);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

const resourceOf = (c: Context<Env>, match: OperationMatch) =>
  match.params.paymentId ?? match.params.consentId ?? match.params.basketId ?? c.req.header('Consent-ID');

/** The PSU a call is about: its PSU-ID, else the PSU of the consent or payment it names (read only when a rule asks). */
async function psuOf(db: Kysely<Database>, c: Context<Env>, match: OperationMatch): Promise<string | undefined> {
  const header = c.req.header('PSU-ID');
  if (header) return splitMagicPsu(header)?.psuId ?? header;
  const consentId = match.params.consentId ?? c.req.header('Consent-ID');
  if (consentId) {
    const row = await db.selectFrom('consents').select('psu_id').where('consent_id', '=', consentId).executeTakeFirst();
    return row?.psu_id ?? undefined;
  }
  const basketId = match.params.basketId;
  if (basketId) {
    const row = await db
      .selectFrom('signing_baskets')
      .select('psu_id')
      .where('basket_id', '=', basketId)
      .executeTakeFirst();
    return row?.psu_id ?? undefined;
  }
  const paymentId = match.params.paymentId;
  if (!paymentId) return undefined;
  const row = await db.selectFrom('payments').select('psu_id').where('payment_id', '=', paymentId).executeTakeFirst();
  return row?.psu_id ?? undefined;
}

async function ruleMatches(db: Kysely<Database>, rule: Scenario, c: Context<Env>, match: OperationMatch) {
  if (rule.operation !== '*' && rule.operation !== match.name) return false;
  if (rule.resourceId !== undefined) {
    const ids = [resourceOf(c, match), match.params.accountId, match.params.authorisationId];
    if (!ids.includes(rule.resourceId)) return false;
  }
  return rule.psuId === undefined || (await psuOf(db, c, match)) === rule.psuId;
}

/** The effects the call asked for itself: the header's and the magic PSU-ID's; a BankError when one is not valid. */
function askedEffects(c: Context<Env>, match: OperationMatch, slowMs: number): ScenarioEffect[] | BankError {
  const effects: ScenarioEffect[] = [];
  const asked: [string, string | undefined][] = [
    [SCENARIO_HEADER, c.req.header(SCENARIO_HEADER)],
    ['PSU-ID', splitMagicPsu(c.req.header('PSU-ID') ?? '')?.scenario],
  ];
  for (const [where, text] of asked) {
    if (text === undefined) continue;
    const effect = parseScenarioText(text, slowMs);
    const problem = typeof effect === 'string' ? effect : checkEffect(match.name, effect);
    if (problem !== undefined || typeof effect === 'string') {
      return new BankError('FORMAT_ERROR', `Sandbox scenario in ${where}: ${problem}`, { status: 400, path: where });
    }
    effects.push(effect);
  }
  return effects;
}

/** Fails the decoupled authorisation a successful call started: the PSU aborted it in the banking app. */
async function abortDecoupled(sca: ScaEngine, response: Response) {
  if (response.status !== 201 || response.headers.get('ASPSP-SCA-Approach') !== 'DECOUPLED') return;
  const body = (await response.clone().json()) as {
    authorisationId?: unknown;
    _links?: { scaStatus?: { href?: unknown } };
  };
  const fromLink = typeof body._links?.scaStatus?.href === 'string' ? body._links.scaStatus.href.split('/').pop() : '';
  const id = typeof body.authorisationId === 'string' ? body.authorisationId : fromLink;
  const auth = id ? await sca.findById(id) : undefined;
  if (auth && auth.sca_approach === 'DECOUPLED' && !['finalised', 'failed', 'exempted'].includes(auth.sca_status)) {
    await sca.decide(auth, 'failed');
  }
}

/** The wait a scenario's 503 asks for in its Retry-After. */
export const OUTAGE_RETRY_AFTER_SECONDS = 30;

/** The XS2A middleware: applies the effects of the call's own scenario and of the first admin rule that matches. */
export function playScenarios({ db, settings, sca, slowMs, sleep }: ScenarioDeps): MiddlewareHandler<Env> {
  return async (c, next) => {
    const rules = settings.current.scenarios;
    if (rules.length === 0 && !c.req.header(SCENARIO_HEADER) && !splitMagicPsu(c.req.header('PSU-ID') ?? '')) {
      return next();
    }
    const match: OperationMatch | undefined =
      c.req.method === 'OPTIONS' ? undefined : matchOperation(c.req.method, c.req.path);
    if (!match) return next();
    const effects = askedEffects(c, match, slowMs);
    if (effects instanceof BankError) return errorResponse(c, effects);
    for (const rule of rules) {
      if ((await ruleMatches(db, rule, c, match)) && (await settings.use(rule))) {
        effects.push(rule.effect);
        break;
      }
    }
    let abort = false;
    for (const effect of effects) {
      if (effect.kind === 'delay') await sleep(effect.ms);
      if (effect.kind === 'hang') {
        await hang(c.req.raw.signal);
        const text = 'The bank did not answer in time (sandbox scenario: hang).';
        return c.json({ tppMessages: [{ category: 'ERROR', code: 'SERVICE_UNAVAILABLE', text }] }, 503);
      }
      if (effect.kind === 'error') {
        const text = effect.text ?? `Sandbox scenario: ${effect.code} on ${match.name}.`;
        const status = statusOf(effect, match.name) as ContentfulStatusCode;
        // An outage says when to come back, as banks and their gateways do with 503.
        const headers = status === 503 ? { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) } : undefined;
        return c.json({ tppMessages: [{ category: 'ERROR', code: effect.code, text }] }, status, headers);
      }
      if (effect.kind === 'decoupled-abort') abort = true;
    }
    await next();
    if (abort) await abortDecoupled(sca, c.res);
  };
}

const ScenarioInput = z
  .object({
    operation: z.string(),
    error: z.string().optional(),
    status: z.number().int().optional(),
    text: z.string().max(500).optional(),
    delayMs: z.number().int().min(0).optional(),
    hang: z.literal(true).optional(),
    decoupledAbort: z.literal(true).optional(),
    count: z.number().int().min(1).optional(),
    psuId: z.string().min(1).optional(),
    resourceId: z.string().min(1).optional(),
  })
  .strict();

/** A rule from the admin API's body, checked: one effect, a known operation, a code the spec pairs with it. */
export function readScenarioInput(body: unknown): { rule: ScenarioRule; count: number | null } {
  const parsed = ScenarioInput.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AdminError(400, 'invalid_scenario', `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
  }
  const input = parsed.data;
  const operation = input.operation;
  if (operation !== '*' && !isScenarioOperation(operation)) {
    throw new AdminError(400, 'invalid_scenario', `operation: ${operation} is not a 1.3.12 operation (or *).`);
  }
  const effects: ScenarioEffect[] = [
    ...(input.error ? [{ kind: 'error' as const, code: input.error.toUpperCase() as never, ...pick(input) }] : []),
    ...(input.delayMs !== undefined ? [{ kind: 'delay' as const, ms: input.delayMs }] : []),
    ...(input.hang ? [{ kind: 'hang' as const }] : []),
    ...(input.decoupledAbort ? [{ kind: 'decoupled-abort' as const }] : []),
  ];
  const [effect] = effects;
  if (effects.length !== 1 || !effect) {
    throw new AdminError(400, 'invalid_scenario', 'Give exactly one of error, delayMs, hang or decoupledAbort.');
  }
  const op: ScenarioRule['operation'] = operation;
  const problem = checkEffect(op, effect);
  if (problem) throw new AdminError(400, 'invalid_scenario', problem);
  const rule: ScenarioRule = {
    operation: op,
    effect,
    ...(input.psuId ? { psuId: input.psuId } : {}),
    ...(input.resourceId ? { resourceId: input.resourceId } : {}),
  };
  return { rule, count: input.count ?? null };
}

function pick(input: { status?: number | undefined; text?: string | undefined }) {
  return {
    ...(input.status === undefined ? {} : { status: input.status }),
    ...(input.text === undefined ? {} : { text: input.text }),
  };
}

/**
 * The error codes a scenario may answer an operation with, each with the status it answers unless another is asked for
 * and the statuses 1.3.12 allows for it there; the sandbox's own codes (outside 1.3.12) are marked.
 */
function errorsOf(operation: OperationName) {
  const area = operations[operation].area;
  return Object.fromEntries(
    codesFor(operation).map((code) => [
      code,
      {
        status: defaultStatus(code, operation),
        statuses: errorStatuses(code, [area]),
        ...(code in OUTAGE_CODES ? { sandboxOwn: true } : {}),
      },
    ]),
  );
}

/** What scenarios can do, per operation: for a client's editor. */
export function scenarioCatalogue(slowMs: number) {
  const ops = Object.fromEntries(
    operationNames.map((name) => {
      const spec = operations[name];
      const entry = { method: spec.method, path: spec.path, area: spec.area, errorCodes: codesFor(name) };
      return [name, { ...entry, errors: errorsOf(name) }];
    }),
  );
  const sandboxCodes = Object.fromEntries(
    Object.entries(OUTAGE_ADVICE).map(([code, words]) => [
      code,
      { status: OUTAGE_CODES[code as OutageCode], ...words },
    ]),
  );
  return {
    operations: ops,
    sandboxCodes,
    effects: ['error', 'delayMs', 'hang', 'decoupledAbort'],
    header: {
      name: SCENARIO_HEADER,
      values: [
        'error=CODE',
        'error=CODE;status=NNN',
        'delay=MS',
        'hang',
        'decoupled-abort',
        ...Object.keys(MAGIC_PSUS),
      ],
    },
    magicPsuIds: Object.fromEntries(
      Object.entries(MAGIC_PSUS).map(([name, effect]) => [
        name,
        { effect: effect(slowMs), asPsu: `alice${MAGIC_SEPARATOR}${name}` },
      ]),
    ),
  };
}

const describeScenario = (s: Scenario) => ({
  id: s.id,
  operation: s.operation,
  effect: s.effect,
  remaining: s.remaining,
  ...(s.psuId ? { psuId: s.psuId } : {}),
  ...(s.resourceId ? { resourceId: s.resourceId } : {}),
});

export function registerScenarioRoutes(admin: Hono<Env>, settings: AdminSettings, slowMs: number, now: () => Date) {
  admin.get('/scenarios', (c) => c.json({ scenarios: settings.current.scenarios.map(describeScenario) }));
  admin.get('/scenarios/catalogue', (c) => c.json(scenarioCatalogue(slowMs)));
  admin.post('/scenarios', async (c) => {
    const { rule, count } = readScenarioInput(await readAdminJson(c));
    const id = `scn-${crypto.randomUUID()}`;
    await settings.write(async (trx) => {
      await trx
        .insertInto('sandbox_scenarios')
        .values({ scenario_id: id, rule: JSON.stringify(rule), remaining: count, created_at: now().toISOString() })
        .execute();
    });
    const created = settings.current.scenarios.find((s) => s.id === id);
    return c.json(created ? describeScenario(created) : { id }, 201);
  });
  admin.delete('/scenarios/:id', async (c) => {
    const id = c.req.param('id');
    if (!settings.current.scenarios.some((s) => s.id === id)) {
      throw new AdminError(404, 'not_found', `No scenario ${id} is active.`);
    }
    await settings.write(async (trx) => {
      await trx.deleteFrom('sandbox_scenarios').where('scenario_id', '=', id).execute();
    });
    return c.body(null, 204);
  });
  admin.delete('/scenarios', async (c) => {
    await settings.write(async (trx) => {
      await trx.deleteFrom('sandbox_scenarios').execute();
    });
    return c.body(null, 204);
  });
}
