import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ToolReceiptSchema, type ToolReceipt } from '../../protocol/index.js';
import canonicalize from 'canonicalize';
import { canonicalReceipt, receiptHash, receiptPayload, type UnsignedToolReceipt } from './receipt-payload.js';
import { signReceipt, signReceiptWithHash } from './sign-receipt.js';
import { verifyReceipt } from './verify-receipt.js';

const hmacKey = randomBytes(32);
const pair = generateKeyPairSync('ed25519');
const keys = { hmacKey, ed25519: { privateKey: pair.privateKey, publicKey: pair.publicKey } };

const unsigned: UnsignedToolReceipt = {
  schema_version: 1,
  receipt_id: 'rcpt_0190f5a2-7c1e-7000-8000-000000000001',
  conference_id: 'conf-1',
  task_id: null,
  session_id: 'session-1',
  turn_id: 'turn-1',
  agent_id: 'chief',
  tool_id: 'file_reader',
  status: 'ok',
  inputs: { path: 'Story/Scenes/SCN-01-the-lamp-room.md', lines: '1-3' },
  outputs: { text: 'Mara lit the lamp.\nThe harbour was glass.', zeta: 1, alpha: [true, null] },
  truncated: false,
  file_refs: [{ path: 'Story/Scenes/SCN-01-the-lamp-room.md', start_line: 1, end_line: 3, sha256: 'a'.repeat(64) }],
  timestamp: '2025-01-02T03:04:05.000Z',
  prev_hash: null,
  signature_alg: 'HMAC-SHA256',
};

describe('receiptPayload', () => {
  it('is RFC 8785 canonical JSON without the two signature fields', () => {
    const signed = signReceipt(unsigned, keys);
    const payload = receiptPayload(signed);
    expect(payload).not.toContain('"signature"');
    expect(payload).not.toContain('ed25519_signature');
    expect(payload).toContain('"signature_alg":"HMAC-SHA256"');
    expect(payload.startsWith('{"agent_id":"chief","conference_id":"conf-1","file_refs":')).toBe(true);
    expect(payload).toContain('"outputs":{"alpha":[true,null],"text":');
    expect(payload).toBe(receiptPayload(unsigned));
  });

  it('does not depend on key order', () => {
    const reversed = Object.fromEntries(Object.entries(unsigned).reverse()) as UnsignedToolReceipt;
    expect(receiptPayload(reversed)).toBe(receiptPayload(unsigned));
  });
});

describe('signReceipt and verifyReceipt', () => {
  it('round-trips HMAC-SHA256 (hex) and Ed25519 (base64url) signatures', () => {
    const signed = signReceipt(unsigned, keys);
    expect(ToolReceiptSchema.safeParse(signed).success).toBe(true);
    expect(signed.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(signed.ed25519_signature).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(verifyReceipt(signed, keys)).toEqual({ ok: true, value: { hmac: true, ed25519: true } });
    const parsedBack = JSON.parse(JSON.stringify(signed)) as ToolReceipt;
    expect(verifyReceipt(parsedBack, keys).ok).toBe(true);
  });

  it('lets a reader with only the public key verify', () => {
    const signed = signReceipt(unsigned, keys);
    expect(verifyReceipt(signed, { ed25519: { publicKey: pair.publicKey } })).toEqual({ ok: true, value: { hmac: false, ed25519: true } });
  });

  it('signs without Ed25519 when no private key is given, which a verifier holding the public key refuses', () => {
    const signed = signReceipt(unsigned, { hmacKey });
    expect(signed.ed25519_signature).toBeUndefined();
    expect(verifyReceipt(signed, { hmacKey })).toEqual({ ok: true, value: { hmac: true, ed25519: false } });
    for (const verifierKeys of [keys, { ed25519: { publicKey: pair.publicKey } }]) {
      const stripped = verifyReceipt(signed, verifierKeys);
      expect(stripped.ok).toBe(false);
      if (!stripped.ok) expect(stripped.issues.map((issue) => issue.code)).toEqual(['ed25519_signature_missing']);
    }
    expect(verifyReceipt(signed, {})).toMatchObject({ ok: false, issues: [{ code: 'signature_unverifiable' }] });
  });

  it('rejects any change to a signed field, naming the signature that failed', () => {
    const signed = signReceipt(unsigned, keys);
    for (const change of [{ tool_id: 'canon_checker' }, { prev_hash: 'b'.repeat(64) }, { inputs: { path: 'Story/other.md' } }, { status: 'tool_error' as const }]) {
      const verdict = verifyReceipt({ ...signed, ...change }, keys);
      expect(verdict.ok).toBe(false);
      if (!verdict.ok) expect(verdict.issues.map((issue) => issue.code)).toEqual(['signature_mismatch', 'ed25519_signature_mismatch']);
    }
  });

  it('rejects a receipt signed with another key', () => {
    const other = signReceipt(unsigned, { hmacKey: randomBytes(32), ed25519: generateKeyPairSync('ed25519') });
    const verdict = verifyReceipt(other, keys);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.issues[0]?.message).toMatch(/another key/);
  });

  it('rejects malformed signatures without throwing', () => {
    const signed = signReceipt(unsigned, keys);
    expect(verifyReceipt({ ...signed, signature: 'zz' }, keys).ok).toBe(false);
    expect(verifyReceipt({ ...signed, ed25519_signature: '!!!' }, keys).ok).toBe(false);
  });
});

describe('canonicalReceipt', () => {
  it('assembles the same text as canonicalising the whole receipt', () => {
    for (const signingKeys of [keys, { hmacKey }]) {
      const signed = signReceipt(unsigned, signingKeys);
      const { signature: _signature, ed25519_signature: _ed25519, ...rest } = signed;
      expect(canonicalReceipt(signed)).toEqual({ payload: canonicalize(rest), full: canonicalize(signed) });
    }
  });
});

describe('receiptHash', () => {
  it('equals the hash signReceiptWithHash returns for the chain', () => {
    for (const signingKeys of [keys, { hmacKey }]) {
      const { receipt, hash } = signReceiptWithHash(unsigned, signingKeys);
      expect(hash).toBe(receiptHash(receipt));
    }
  });

  it('covers the signatures too and is the sha256 of the full canonical JSON', () => {
    const signed = signReceipt(unsigned, keys);
    const resigned = signReceipt(unsigned, { hmacKey: randomBytes(32) });
    expect(receiptHash(signed)).toMatch(/^[0-9a-f]{64}$/);
    expect(receiptHash(signed)).not.toBe(receiptHash(resigned));
    expect(receiptHash(JSON.parse(JSON.stringify(signed)) as ToolReceipt)).toBe(receiptHash(signed));
  });
});
