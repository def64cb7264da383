// Resident memory of a process from Linux's /proc/<pid>/status, sampled while it is under load.
import { readFileSync } from 'node:fs';

export type StatusField = 'VmRSS' | 'VmHWM';

/** A memory field of /proc/<pid>/status in kB, or undefined when the process (or /proc) is not there. */
export function readStatusKb(pid: number, field: StatusField): number | undefined {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/**
 * CPU time the process has used so far (user and system, all its threads), in milliseconds, from /proc/<pid>/stat; undefined
 * when the process is gone. Unlike a rate, CPU time per request hardly moves when other work shares the machine.
 */
export function readCpuMs(pid: number): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // Fields after the command name (which may hold spaces, in parentheses): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? (ticks * 1000) / CLOCK_TICKS_PER_SECOND : undefined;
}

/** Linux reports CPU times in clock ticks of USER_HZ, 100 a second on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

export interface RssSampler {
  /** Stops sampling; the peak and the last VmRSS seen, in kB. */
  stop(): { peakKb: number | undefined; lastKb: number | undefined; samples: number };
}

export function sampleRss(pid: number, intervalMs = 200): RssSampler {
  let peakKb: number | undefined;
  let lastKb: number | undefined;
  let samples = 0;
  const take = () => {
    const kb = readStatusKb(pid, 'VmRSS');
    if (kb === undefined) return;
    samples += 1;
    lastKb = kb;
    peakKb = Math.max(peakKb ?? 0, kb);
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      take();
      return { peakKb, lastKb, samples };
    },
  };
}
