// The sandbox's admin API, beside the XS2A routes under the bank's prefix (`{base_url}/admin`, never under /v1): the
// bank's clock, failure scenarios, behaviour profiles and its data, for TPP developers who test against the sandbox. A
// discovery document at `{base_url}/admin` names every control; a console shows its Sandbox page when it finds one.
import { Hono } from 'hono';
import type { Clock } from '../clock';
import type { Env } from '../http/respond';
import type { Database } from '../store/schema';
import type { Kysely } from 'kysely';
import { benchesControl, registerBenchRoutes, type BenchAdmin } from './benches';
import { registerClockRoutes, type ClockControls } from './clock-routes';
import { AdminError, adminErrorResponse, adminGuard, type AdminConfig } from './http';
import { SCENARIO_HEADER } from './scenario-rules';
import { registerDataRoutes } from './data';
import { registerProfileRoutes } from './profiles';
import { registerScenarioRoutes, scenarioCatalogue } from './scenarios';
import type { SandboxConfig } from '../config';
import { AdminSettings, BankClock, type SettingsSnapshot } from './settings';

export { defaultAdminConfig, adminEnabled, type AdminConfig } from './http';
export { BankClock } from './settings';
export type { BenchAdmin, BenchInfo } from './benches';
export { playScenarios } from './scenarios';

export interface AdminState {
  clock: BankClock;
  settings: AdminSettings;
}

/** The bank's clock and settings, before the app is built: the domain services run on this clock. */
export async function createAdminState(
  db: Kysely<Database>,
  base: Clock,
  refreshMs: number,
  onChange: (settings: SettingsSnapshot) => void,
): Promise<AdminState> {
  const clock = new BankClock(base);
  const settings = new AdminSettings(db, refreshMs, (current) => {
    clock.setting = current.clock;
    onChange(current);
  });
  await settings.reload();
  return { clock, settings };
}

interface Control {
  href: string;
  description: string;
  actions?: Record<string, { method: string; href: string; body?: Record<string, string> }>;
}

/** The discovery document: what this bank's admin API offers, with a link to each control. */
function discovery(prefix: string, config: AdminConfig, slowMs: number, benches: boolean) {
  const at = (path: string) => `${prefix}/admin${path}`;
  const post = (path: string, body?: Record<string, string>) => ({
    method: 'POST',
    href: at(path),
    ...(body ? { body } : {}),
  });
  const controls: Record<string, Control> = {
    clock: {
      href: at('/clock'),
      description: "The bank's time: read it, advance it, set it to a date, freeze it, return to real time.",
      actions: {
        advance: post('/clock/advance', { by: 'ISO 8601 duration (PT1H, P1D) or 90m, 2h, 3d' }),
        set: post('/clock/set', { to: 'date (2026-12-01) or date-time with zone' }),
        freeze: post('/clock/freeze'),
        unfreeze: post('/clock/unfreeze'),
        reset: post('/clock/reset'),
      },
    },
    scenarios: {
      href: at('/scenarios'),
      description:
        'Failure injection: make chosen operations answer a 1.3.12 error, wait, hang or have their decoupled SCA aborted, for the next N calls or until removed, optionally for one PSU or resource.',
      actions: {
        list: { method: 'GET', href: at('/scenarios') },
        catalogue: { method: 'GET', href: at('/scenarios/catalogue') },
        add: post('/scenarios', {
          operation: 'operationId of 1.3.12, or *',
          error: 'message code (or delayMs, hang: true, decoupledAbort: true)',
          status: "optional, with error: an HTTP status the catalogue allows for the code (default: 1.3.12's there)",
          text: 'optional, with error: the tppMessages text, up to 500 characters',
          count: 'optional: how many calls',
          psuId: 'optional',
          resourceId: 'optional',
        }),
        remove: { method: 'DELETE', href: at('/scenarios/{id}') },
        clear: { method: 'DELETE', href: at('/scenarios') },
      },
    },
    profiles: {
      href: at('/profiles'),
      description:
        'Bank behaviour profiles: bank presets, each a whole bank as real ones combine the options they differ in (SCA approaches, OAuth, authorisation start, PSU-ID, bank-offered consents, frequencyPerDay, page size, absolute links; no signing baskets), and single options changing one of them. Each profile has a kind (preset or option) and a description.',
      actions: {
        current: { method: 'GET', href: at('/profile') },
        switch: { method: 'PUT', href: at('/profile'), body: { name: 'a profile name from the list' } },
      },
    },
    data: {
      href: at('/psus'),
      description:
        "The bank's data: its PSUs and accounts, reset to the seed, snapshots saved and restored, a new PSU with accounts and history, an account's balance set.",
      actions: {
        psus: { method: 'GET', href: at('/psus') },
        addPsu: post('/psus', { psuId: 'lower-case id', name: 'display name', accounts: '[{currency, balance}]' }),
        setBalance: { method: 'PUT', href: at('/accounts/{resourceId or IBAN}/balance'), body: { amount: '1500.00' } },
        reset: post('/data/reset'),
        snapshots: { method: 'GET', href: at('/snapshots') },
        saveSnapshot: post('/snapshots', { name: 'letters, digits, . _ -' }),
        restoreSnapshot: post('/snapshots/{name}/restore'),
        deleteSnapshot: { method: 'DELETE', href: at('/snapshots/{name}') },
      },
    },
  };
  if (benches) controls.benches = benchesControl(at);
  const catalogue = scenarioCatalogue(slowMs);
  return {
    name: 'XS2A Console sandbox bank: admin API',
    version: 1,
    note: 'A sandbox-only extension beside the NextGenPSD2 1.3.12 interface; real banks offer nothing like it.',
    authentication: config.token === null ? 'none' : 'bearer',
    controls,
    scenarioHeader: SCENARIO_HEADER,
    magicPsuIds: catalogue.magicPsuIds,
    // The codes the sandbox answers that are not 1.3.12's, with their meaning and advice: a client that finds this
    // document explains the sandbox's errors with them, on every page, not only after reading the catalogue.
    sandboxCodes: catalogue.sandboxCodes,
  };
}

export interface AdminControls extends Omit<ClockControls, 'clock' | 'settings'> {
  slowMs: number;
  /** The live configuration, which behaviour profiles change. */
  config: SandboxConfig;
  db: Kysely<Database>;
  seedAnchor: string;
  /** Private benches, offered by the shared sandbox of a server that keeps them. */
  benches?: BenchAdmin | undefined;
}

export function createAdminApp(prefix: string, config: AdminConfig, state: AdminState, controls: AdminControls) {
  const admin = new Hono<Env>();
  admin.use('*', adminGuard(config));
  admin.get('/', (c) => c.json(discovery(prefix, config, controls.slowMs, controls.benches !== undefined)));
  registerClockRoutes(admin, { clock: state.clock, settings: state.settings, afterMove: controls.afterMove });
  registerScenarioRoutes(admin, state.settings, controls.slowMs, () => state.clock.base.now());
  registerProfileRoutes(admin, state.settings, controls.config);
  registerDataRoutes(admin, {
    db: controls.db,
    settings: state.settings,
    clock: state.clock,
    seedAnchor: controls.seedAnchor,
    afterChange: controls.afterMove,
  });
  if (controls.benches) registerBenchRoutes(admin, controls.benches);
  admin.all('*', (c) =>
    adminErrorResponse(c, new AdminError(404, 'not_found', `The admin API has no ${c.req.method} ${c.req.path}.`)),
  );
  admin.onError((error, c) => {
    if (error instanceof AdminError) return adminErrorResponse(c, error);
    throw error;
  });
  return admin;
}
