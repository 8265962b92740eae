import { randomFillSync } from 'node:crypto';
import { v7 } from 'uuid';
import type { Ids } from '../../core/ports/index.js';

/**
 * Random bytes drawn from the system's CSPRNG a pool at a time: one call to it per 256 ids
 * instead of one per id (a turn mints a few dozen), each byte used once.
 */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomSlice(size: number): Buffer {
  if (poolOffset + size > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const slice = pool.subarray(poolOffset, poolOffset + size);
  poolOffset += size;
  return slice;
}

/**
 * The time and counter of the last id, kept as `uuid` keeps them when it draws its own bytes: a
 * new millisecond starts the counter at a random 31-bit value, the same millisecond counts on
 * (and a wrapped counter moves to the next millisecond), so ids minted here sort in order.
 */
const clock = { msecs: -Infinity, seq: 0 };

function monotonicUuidv7(): string {
  const random = randomSlice(16);
  const now = Date.now();
  if (now > clock.msecs) {
    clock.msecs = now;
    clock.seq = random.readUInt32BE(6) & 0x7fffffff;
  } else {
    clock.seq = (clock.seq + 1) | 0;
    if (clock.seq === 0) clock.msecs += 1;
  }
  return v7({ msecs: clock.msecs, seq: clock.seq, random });
}

/** UUIDv7 ids and 128-bit random nonces. */
export const systemIds: Ids = {
  uuidv7: monotonicUuidv7,
  nonce: () => randomSlice(16).toString('base64url'),
};
