import type { Stats } from 'node:fs';

/**
 * How long a folder or file must have been left alone, before we read it, for an unchanged
 * signature to prove unchanged contents. File systems stamp times at a coarse grain (a kernel
 * tick on Linux, 1 s on HFS+, 2 s on FAT), so two changes inside one grain can share a
 * timestamp; whatever changed within this window of our read is read again next time instead.
 */
export const SETTLE_MS = 2000;

/** The stat fields that change whenever a folder gains, loses or renames an entry, or a file's bytes change. */
export interface ChangeSignature {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
  /** Compared as well because tools that restore mtimes (`cp -p`, `rsync -t`, `tar`) cannot restore it. */
  ctimeMs: number;
}

/** The change signature of a stat result. */
export function signatureOf(info: Stats): ChangeSignature {
  return { dev: info.dev, ino: info.ino, size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs };
}

/** True when nothing in the signature moved. */
export function sameSignature(a: ChangeSignature, b: ChangeSignature): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;
}

/**
 * True when the last change is at least `SETTLE_MS` older than `readStartedMs` (taken before the
 * stat, which is taken before the read). Then any later change is stamped with a time past
 * `readStartedMs - grain`, which is after the recorded stamps, so it changes the signature.
 * A stamp in the future (a clock ahead of ours) is never settled, so such entries are always re-read.
 */
export function settledBefore(signature: ChangeSignature, readStartedMs: number): boolean {
  return Math.max(signature.mtimeMs, signature.ctimeMs) <= readStartedMs - SETTLE_MS;
}
