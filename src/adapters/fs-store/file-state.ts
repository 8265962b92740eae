import type { BigIntStats } from 'node:fs';

/**
 * Whether a file is still the one a cache took its state from: the same device and inode (not
 * replaced), the same size, and the same modification and change times to the nanosecond.
 */
export function sameFileState(a: BigIntStats, b: BigIntStats): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;
}
