import { describe, expect, it } from 'vitest';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { ToolReceipt } from '../../protocol/index.js';
import { buildReceipt } from './build-receipt.js';
import { canonicalJson, receiptHash, sha256Hex } from './receipt-payload.js';
import { signReceiptWithHash } from './sign-receipt.js';
import { signedHereHash } from './signed-here.js';

const keys = { hmacKey: randomBytes(32), ed25519: generateKeyPairSync('ed25519') };
const unsigned = () =>
  buildReceipt(
    { sessionId: 's1', turnId: 't1', agentId: 'chief', toolId: 'file_reader', status: 'ok', inputs: { path: 'a.md' }, outputs: { lines: ['one', 'two'] } },
    { receiptId: 'rcpt_0000000000000001', timestamp: '2026-12-02T00:00:00.000Z', prevHash: null, outputLimitBytes: 8000 },
  );

describe('receipts signed here', () => {
  it('are frozen with the hash of their canonical form, known only for the key they were signed with', () => {
    const { receipt, hash } = signReceiptWithHash(unsigned(), keys);
    expect(Object.isFrozen(receipt)).toBe(true);
    expect(hash).toBe(sha256Hex(canonicalJson(receipt)));
    expect(receiptHash(receipt)).toBe(hash);
    expect(signedHereHash(receipt, { hmacKey: Buffer.from(keys.hmacKey) })).toBe(hash);
    expect(signedHereHash(receipt, { hmacKey: randomBytes(32) })).toBeNull();
    expect(signedHereHash(receipt, { ed25519: { publicKey: keys.ed25519.publicKey } })).toBeNull();
    const copy = structuredClone(receipt) as ToolReceipt;
    expect(signedHereHash(copy, keys)).toBeNull();
    expect(receiptHash(copy)).toBe(hash);
    expect(() => {
      (receipt as { status: string }).status = 'error';
    }).toThrow(TypeError);
  });
});
