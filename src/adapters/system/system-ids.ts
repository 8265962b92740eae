import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { Ids } from '../../core/ports/index.js';

/** UUIDv7 ids and 128-bit random nonces. */
export const systemIds: Ids = {
  uuidv7: () => uuidv7(),
  nonce: () => randomBytes(16).toString('base64url'),
};
