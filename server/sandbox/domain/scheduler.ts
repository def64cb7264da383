// The bank keeps its own time: what falls due on its clock is done when the clock reaches it, whether or not anyone
// reads anything. Timed decoupled approvals, payments left unauthorised (RJCT), settlement and booking of accepted
// payments fall due at their own instants; standing-order executions, pending entries reaching their value date and
// consents past their validUntil fall due at the bank's midnight. The scheduler sets one timer on the next due instant
// and runs the due work when it fires, after every move of the clock, and at start (catching up on a restart). Reads
// only show what it did.
//
// The claim rule: every due item is taken by the statement that does it, inside the transaction that does the rest, so
// of several instances on one database (or a timer and a clock move at once) exactly one does each item. A payment is
// claimed by `UPDATE … WHERE transaction_status = <due status> RETURNING`; a standing order is held with
// `SELECT … FOR UPDATE SKIP LOCKED` (PostgreSQL) and each execution is keyed by payment and date; a pending entry by
// `UPDATE … WHERE booking_status = 'pending'`; consents by one `UPDATE … WHERE consent_status IN (…)`; a decoupled
// authorisation by its versioned move. Bookings hold their accounts' balance rows, so none is lost between instances.
import { isoDate, type Clock } from '../clock';
import { bookPendingEntries } from './bookings';
import type { ConsentService } from './consents';
import type { DomainContext } from './context';
import type { Payments } from './payments';
import type { ScaEngine } from './sca';

/** What one run of the due work did, by kind. */
export interface DueEffects {
  /** Decoupled authorisations answered by timed approval. */
  decoupled: number;
  /** Payments left unauthorised too long, rejected (RJCT). */
  rejected: number;
  /** Accepted payments settled (ACSC), single ones booked. */
  settled: number;
  /** Standing-order executions booked. */
  executions: number;
  /** Pending entries booked on their value date. */
  booked: number;
  /** Consents expired after their validUntil. */
  expired: number;
}

export const NOTHING_DUE: DueEffects = Object.freeze({
  decoupled: 0,
  rejected: 0,
  settled: 0,
  executions: 0,
  booked: 0,
  expired: 0,
});

/** Timers in real time. A timer never keeps the process alive. */
export interface Timers {
  start(run: () => Promise<void>, ms: number): { stop(): void };
}

export const realTimers: Timers = {
  start(run, ms) {
    const timer = setTimeout(() => void run(), ms);
    timer.unref();
    return { stop: () => clearTimeout(timer) };
  },
};

/** What is due and when, for the scheduler. */
export interface DueWork {
  /** Does what has fallen due by `now`; with `newDay`, the day's work as well (it falls due at midnight). */
  run(now: Date, newDay: boolean): Promise<DueEffects>;
  /** The earliest instant of the bank's clock (epoch ms) at which a timed item falls due, if one waits. */
  nextDue(): Promise<number | undefined>;
}

/** The bank's due work over its domain services. */
export function bankDueWork(
  ctx: DomainContext,
  s: { payments: Payments; consents: ConsentService; sca: ScaEngine },
): DueWork {
  return {
    async run(now, newDay) {
      // Approvals first: an approval accepts a payment (and executes a standing order due today) as it happens.
      const effects = { ...NOTHING_DUE };
      effects.decoupled = await s.sca.approveDue(now);
      effects.rejected = await s.payments.rejectDue(now);
      effects.settled = await s.payments.settleDue(now);
      if (newDay) {
        const today = isoDate(now);
        const at = now.toISOString();
        effects.executions = await s.payments.executeDue(today, at);
        effects.booked = await bookPendingEntries(ctx.db, today, at);
        effects.expired = await s.consents.expireDue(today);
      }
      return effects;
    },
    async nextDue() {
      const instants = [await s.payments.nextDue(), await s.sca.nextDue()].filter((at) => at !== undefined);
      return instants.length > 0 ? Math.min(...instants) : undefined;
    },
  };
}

const DAY_MS = 86_400_000;
/**
 * The longest a timer waits before the scheduler looks again, even when nothing falls due sooner: another instance on
 * the same database may have moved the shared clock or stored something due sooner.
 */
export const LONGEST_WAIT_MS = 60_000;
/** How soon a failed run is tried again. */
const RETRY_MS = 5_000;

export interface SchedulerOptions {
  /** The bank's clock. */
  clock: Clock;
  /** Whether the bank's clock stands still (nothing new falls due while it does). */
  frozen: () => boolean;
  work: DueWork;
  /** Brings the clock's setting up to date (another instance may have moved it). */
  refresh: () => Promise<void>;
  timers: Timers;
  onError: (error: unknown) => void;
}

/** One timer on the bank's next due instant, and the due work run one run at a time. */
export class Scheduler {
  private timer: { stop(): void } | undefined;
  /** The instant of the bank's clock the timer is set for. */
  private armedFor: number | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  /** The last bank day whose day work this instance ran. */
  private dayDone: string | undefined;
  private stopped = false;

  constructor(private readonly options: SchedulerOptions) {}

  /**
   * Does everything due by the bank's time now, the day's work included (at start, after a clock move, after data
   * changed), then sets the timer on the next due instant. Answers what it did.
   */
  runDue(): Promise<DueEffects> {
    return this.serially(async () => {
      await this.options.refresh();
      return this.run(true);
    }, NOTHING_DUE);
  }

  /** Sets the timer again from what is stored (after the clock's setting changed, or data was replaced). */
  reconsider(): void {
    void this.serially(() => this.arm(), undefined).catch((error: unknown) => this.failed(error));
  }

  /** Something new falls due at `instant` (bank time): the timer is brought forward if it is set later. */
  dueAt(instant: number): void {
    if (this.stopped || (this.armedFor !== undefined && this.armedFor <= instant)) return;
    this.set(instant);
  }

  /** The instant of the bank's clock the timer is set for (epoch ms); undefined while a run decides it. */
  scheduledFor(): number | undefined {
    return this.armedFor;
  }

  /** Stops the timer and waits for a run in progress; nothing runs afterwards. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.timer?.stop();
    this.timer = undefined;
    await this.queue;
  }

  /** Runs `task` after the runs before it; once stopped, answers `stopped` instead. */
  private serially<T>(task: () => Promise<T>, stopped: T): Promise<T> {
    const run = this.queue.then(() => (this.stopped ? stopped : task()));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async run(full: boolean): Promise<DueEffects> {
    const now = this.options.clock.now();
    const today = isoDate(now);
    const newDay = full || today !== this.dayDone;
    const effects = await this.options.work.run(now, newDay);
    if (newDay) this.dayDone = today;
    // What is still due right after a run could not be done now: it is tried again after a pause, not at once.
    await this.arm(RETRY_MS);
    return effects;
  }

  /** Sets the timer on the next due instant; `pause`: the least wait for what is due already. */
  private async arm(pause = 0): Promise<void> {
    const now = this.options.clock.now().getTime();
    const midnight = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
    this.set(Math.min((await this.options.work.nextDue()) ?? midnight, midnight), pause);
  }

  private set(instant: number, pause = 0) {
    if (this.stopped) return;
    this.timer?.stop();
    const now = this.options.clock.now().getTime();
    // A frozen clock brings nothing new due: only what is due already runs.
    const wait =
      instant <= now ? pause : this.options.frozen() ? LONGEST_WAIT_MS : Math.min(instant - now, LONGEST_WAIT_MS);
    this.armedFor = instant;
    this.timer = this.options.timers.start(() => this.fire(), wait);
  }

  /** The timer fired: the due work when something is due (or a new day began), else the timer set again. */
  private async fire(): Promise<void> {
    this.timer = undefined;
    this.armedFor = undefined;
    try {
      await this.serially(async () => {
        await this.options.refresh();
        const now = this.options.clock.now();
        const next = await this.options.work.nextDue();
        if ((next !== undefined && next <= now.getTime()) || isoDate(now) !== this.dayDone) await this.run(false);
        else await this.arm();
      }, undefined);
    } catch (error) {
      this.failed(error);
    }
  }

  private failed(error: unknown) {
    if (!this.stopped) {
      this.timer?.stop();
      this.armedFor = undefined;
      this.timer = this.options.timers.start(() => this.fire(), RETRY_MS);
    }
    this.options.onError(error);
  }
}
