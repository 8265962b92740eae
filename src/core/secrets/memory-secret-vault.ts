import { createHmac, randomBytes } from 'node:crypto';
import type { SecretVault } from '../ports/index.js';

/**
 * The process-memory vault. Ids are an HMAC of the value under a key made fresh for each process,
 * so the same secret maps to the same `secret_ref` within a run but the id reveals nothing.
 */
export class MemorySecretVault implements SecretVault {
  private readonly key = randomBytes(32);
  private readonly values = new Map<string, string>();

  put(value: string, _rule: string): string {
    const id = createHmac('sha256', this.key).update(value).digest('base64url').slice(0, 16);
    this.values.set(id, value);
    return id;
  }

  reveal(id: string): string | undefined {
    return this.values.get(id);
  }

  size(): number {
    return this.values.size;
  }
}
