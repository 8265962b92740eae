import { createHash, generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupFingerprint, keyFingerprint, parseFingerprint } from './key-fingerprint.js';

const { publicKey } = generateKeyPairSync('ed25519');
const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');

describe('keyFingerprint', () => {
  it('is the sha256 of the raw 32-byte public key, in hex', () => {
    expect(raw).toHaveLength(32);
    expect(keyFingerprint(publicKey)).toBe(createHash('sha256').update(raw).digest('hex'));
  });

  it('refuses a key that is not Ed25519', () => {
    expect(() => keyFingerprint(generateKeyPairSync('x25519').publicKey)).toThrow(expect.objectContaining({ code: 'audit_key_invalid' }));
  });
});

describe('parseFingerprint', () => {
  const fingerprint = keyFingerprint(publicKey);
  const digest = Buffer.from(fingerprint, 'hex');

  it('reads every way a fingerprint is written down', () => {
    for (const written of [
      fingerprint,
      fingerprint.toUpperCase(),
      groupFingerprint(fingerprint),
      ` ${groupFingerprint(fingerprint).replaceAll(' ', ':')}\n`,
      groupFingerprint(fingerprint).replaceAll(' ', '-'),
      `sha256:${fingerprint}`,
      `SHA256:${digest.toString('base64').replace(/=$/, '')}`,
      digest.toString('base64'),
      digest.toString('base64url'),
    ]) {
      expect(parseFingerprint(written), written).toBe(fingerprint);
    }
  });

  it('groups in sixteen fours', () => {
    expect(groupFingerprint(fingerprint).split(' ')).toEqual(fingerprint.match(/.{4}/g));
  });

  it('refuses anything else and never throws', () => {
    for (const text of ['', 'abc', fingerprint.slice(1), `${fingerprint}0`, 'g'.repeat(64), 'A'.repeat(42), '../ed25519.pub']) {
      expect(parseFingerprint(text), text).toBeNull();
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (text) => {
        const parsed = parseFingerprint(text);
        return parsed === null || /^[0-9a-f]{64}$/.test(parsed);
      }),
      { numRuns: 5000 },
    );
  });
});
