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
