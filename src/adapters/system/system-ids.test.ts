import { describe, expect, it } from 'vitest';
import { validate, version } from 'uuid';
import { systemIds } from './system-ids.js';

describe('systemIds', () => {
  it('mints valid UUIDv7 ids that sort in the order they were minted, never twice', () => {
    const ids = Array.from({ length: 5000 }, () => systemIds.uuidv7());
    for (const id of ids) {
      expect(validate(id)).toBe(true);
      expect(version(id)).toBe(7);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('mints 128-bit nonces, each of them new', () => {
    const nonces = Array.from({ length: 5000 }, () => systemIds.nonce());
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64url')).toHaveLength(16);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
