// Drives a sandbox in-process for tests: an in-memory (or PostgreSQL) store, a manual clock, and a request helper that
// sends the headers every XS2A call needs (and, for a strict bank, a client certificate and a signature).
import { randomUUID, type X509Certificate } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { signRequest, type SigningKey } from '../../signing/xs2a-signature';
import { createManualClock, type Clock, type ManualClock } from '../clock';
import { createSandbox, type Sandbox } from '../app';
import type { Timers } from '../domain/scheduler';
import type { SandboxConfig } from '../config';
import { openStore, type Store } from '../store/db';

export const TEST_START = '2026-03-16T09:00:00.000Z';
export const ORIGIN = 'http://bank.test';

export interface TestBank {
  sandbox: Sandbox;
  store: Store;
  clock: ManualClock;
  /** The bank scheduler's timers, on the test's clock. */
  timers: TestTimers;
  /**
   * Fires the scheduler's timers whose time has come on the test's clock (and those they set that are due too): what
   * real time does for a running bank. Every call does it first unless the bank was made with `timers: 'held'`.
   */
  runDue(): Promise<void>;
  /** Whether every call fires the timers that are due first (the default), or only `runDue` does. */
  timersOnTime: boolean;
  call(method: string, path: string, options?: CallOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

/** Timers that follow a test's clock: they fire only when the test's clock has reached them and `fireDue` is called. */
export interface TestTimers extends Timers {
  /** When the timer that fires first is set to fire, on the test's clock (epoch ms); undefined when none is set. */
  nextAt(): number | undefined;
  fireDue(): Promise<void>;
}

export function clockTimers(clock: Clock): TestTimers {
  const set = new Set<{ at: number; run: () => Promise<void> }>();
  const first = () => [...set].sort((x, y) => x.at - y.at)[0];
  return {
    start(run, ms) {
      const timer = { at: clock.now().getTime() + ms, run };
      set.add(timer);
      return { stop: () => set.delete(timer) };
    },
    nextAt: () => first()?.at,
    async fireDue() {
      for (let fired = 0; fired < 1_000; fired++) {
        const timer = first();
        if (!timer || timer.at > clock.now().getTime()) return;
        set.delete(timer);
        await timer.run();
      }
      throw new Error('The scheduler keeps setting timers that are due at once.');
    },
  };
}

export interface CallOptions {
  headers?: Record<string, string | undefined>;
  body?: unknown;
  /** Send the body as this exact text (for malformed JSON). */
  rawBody?: string;
  /** Leave out PSU-IP-Address (a read without the PSU present). */
  psuPresent?: boolean;
  /** The TLS client certificate the request comes with; null: none (overrides the bank's default). */
  clientCertificate?: X509Certificate | null;
  /** Sign the request with this key, over its exact bytes; null: unsigned (overrides the bank's default). */
  sign?: SigningKey | null;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests inspect arbitrary JSON
  requestId: string | undefined;
}

export async function openTestStore(location = ':memory:', pgSchema?: string): Promise<Store> {
  return openStore({ location, ...(pgSchema ? { pgSchema } : {}) });
}

/**
 * Two instances of the bank on one fresh PostgreSQL schema at `url`, each rereading the admin settings on every call, as
 * instances sharing a database do; the caller closes both.
 */
export async function twoInstancesOnOneDatabase(url: string | undefined): Promise<[TestBank, TestBank]> {
  const schema = `test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const instance = async () => createTestBank({ store: await openTestStore(url, schema), adminRefreshMs: 0 });
  return [await instance(), await instance()];
}

/**
 * Two instances on one PostgreSQL database for the tests of a describe block: opened before its first test and closed
 * after its last. Read `a` and `b` inside the tests.
 */
export function twoInstancesForTests(url: string | undefined): { a: TestBank; b: TestBank } {
  const banks = {} as { a: TestBank; b: TestBank };
  beforeAll(async () => {
    [banks.a, banks.b] = await twoInstancesOnOneDatabase(url);
  });
  afterAll(async () => {
    await banks.a.close();
    await banks.b.close();
  });
  return banks;
}

function tickingClock(clock: ManualClock, tickMs: number): ManualClock {
  if (tickMs === 0) return clock;
  return {
    ...clock,
    now: () => {
      clock.advance(tickMs);
      return clock.now();
    },
  };
}

export async function createTestBank(
  options: {
    config?: Partial<SandboxConfig>;
    store?: Store;
    start?: string;
    /** What every call sends unless it says otherwise: a client certificate and a signing key, for a strict bank. */
    defaults?: Pick<CallOptions, 'clientCertificate' | 'sign'>;
    /** What the `slow` deviation mode waits with; by default it moves the bank's clock instead of waiting. */
    sleep?: (ms: number) => Promise<void>;
    /** How often the bank rereads the admin settings; 0: on every call (two instances sharing one database). */
    adminRefreshMs?: number;
    /** Milliseconds the clock moves on its own at every reading, as real time passes while a request runs. */
    tickMs?: number;
    /**
     * The scheduler's timers fire when the test's clock has reached them, checked before every call (`on-time`, the
     * default: as real time does), or only when the test calls `runDue` (`held`: to see what reads show before the
     * bank's work is done).
     */
    timers?: 'on-time' | 'held';
  } = {},
): Promise<TestBank> {
  const clock = tickingClock(createManualClock(options.start ?? TEST_START), options.tickMs ?? 0);
  const store = options.store ?? (await openTestStore());
  const timers = clockTimers(clock);
  const onTime = options.timers !== 'held';
  const sandbox = await createSandbox({
    store,
    clock,
    timers,
    config: { prefix: '/psd2', settlementDelayMs: 60_000, ...options.config },
    onUnexpectedError: (error) => {
      throw error;
    },
    sleep:
      options.sleep ??
      ((ms) => {
        clock.advance(ms);
        return Promise.resolve();
      }),
    ...(options.adminRefreshMs === undefined ? {} : { adminRefreshMs: options.adminRefreshMs }),
  });
  async function call(method: string, path: string, callOptions: CallOptions = {}) {
    if (onTime) await timers.fireDue();
    const {
      headers = {},
      body,
      rawBody,
      psuPresent = true,
      clientCertificate,
      sign,
    } = {
      ...options.defaults,
      ...callOptions,
    };
    const requestId = randomUUID();
    const h = new Headers({ 'X-Request-ID': requestId });
    if (psuPresent) h.set('PSU-IP-Address', '192.168.8.78');
    if (body !== undefined || rawBody !== undefined) h.set('Content-Type', 'application/json');
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined) h.delete(name);
      else h.set(name, value);
    }
    const url = path.startsWith('http')
      ? path
      : `${ORIGIN}${path.startsWith(sandbox.config.prefix) ? '' : sandbox.config.prefix}${path}`;
    const init: RequestInit = { method, headers: h };
    if (rawBody !== undefined) init.body = rawBody;
    else if (body !== undefined) init.body = JSON.stringify(body);
    if (sign) {
      const bytes = typeof init.body === 'string' ? new TextEncoder().encode(init.body) : undefined;
      const target = new URL(url);
      signRequest({ method, path: `${target.pathname}${target.search}`, headers: h, body: bytes }, sign, clock.now());
    }
    const response = await sandbox.fetch(new Request(url, init), { clientCertificate: clientCertificate ?? null });
    const text = await response.text();
    let parsed: unknown = undefined;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return {
      status: response.status,
      headers: response.headers,
      body: parsed,
      requestId: response.headers.get('X-Request-ID') ?? undefined,
    };
  }
  return {
    sandbox,
    store,
    clock,
    timers,
    runDue: () => timers.fireDue(),
    timersOnTime: onTime,
    call,
    close: async () => {
      await sandbox.close();
      await store.close();
    },
  };
}
