/**
 * The resident memory of a process, read from Linux's `/proc/<pid>/status`: `VmRSS` (now) and
 * `VmHWM` (the peak since it started). Other systems have no such file: callers skip the check.
 */
import { readFileSync } from 'node:fs';

export interface ProcessMemory {
  /** Resident set size now, in MiB. */
  rssMb: number;
  /** Highest resident set size so far (the high-water mark), in MiB. */
  peakMb: number;
}

/** True where `/proc/<pid>/status` reports memory (Linux). */
export const processMemoryReadable = process.platform === 'linux';

function kilobytes(status: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
  if (!match) throw new Error(`/proc status has no ${field} line`);
  return Number(match[1]);
}

/** The process's memory now and at its peak, or null when it cannot be read (not Linux, or the process is gone). */
export function processMemory(pid: number): ProcessMemory | null {
  if (!processMemoryReadable) return null;
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return null;
  }
  const toMb = (kb: number): number => Math.round((kb / 1024) * 10) / 10;
  return { rssMb: toMb(kilobytes(status, 'VmRSS')), peakMb: toMb(kilobytes(status, 'VmHWM')) };
}
