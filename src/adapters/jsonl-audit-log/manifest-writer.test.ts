import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { keyFingerprint, type ReceiptKeys } from '../../core/receipts/index.js';
import { loadReceiptKeys } from './receipt-key-files.js';
import { ManifestWriter, type SealKeys } from './manifest-writer.js';

let base: string;
let keys: SealKeys;
let count = 0;

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-manifest-'));
  const loaded: ReceiptKeys = (await loadReceiptKeys(path.join(base, 'keys'))).keys;
  const pair = loaded.ed25519!;
  keys = { privateKey: pair.privateKey!, publicKey: pair.publicKey, fingerprint: keyFingerprint(pair.publicKey) };
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

function fresh(): { root: string; file: string; writer: ManifestWriter } {
  count += 1;
  const root = path.join(base, `ws-${count}`);
  return { root, file: path.join(root, '.control-room/audit/manifest.json'), writer: new ManifestWriter(root, keys, () => '2026-01-01T00:00:00.000Z') };
}

const seal = (session: string, count: number) => ({ session_id: session, count, last_hash: count === 0 ? null : 'a'.repeat(64) });

describe('ManifestWriter', () => {
  it('keeps what it wrote in memory, and reads the file again once anything else changed it', async () => {
    const { root, file, writer } = fresh();
    await writer.record(seal('s1', 1));
    await writer.record(seal('s1', 2));
    expect((await writer.read()).state).toBe('ours');
    // Another writer of the workspace adds its session: it is kept when this one writes next.
    const other = new ManifestWriter(root, keys, () => '2026-01-01T00:00:01.000Z');
    await other.record(seal('s2', 5));
    await writer.record(seal('s1', 3));
    const merged = JSON.parse(await fs.readFile(file, 'utf8')) as { sessions: Array<{ session_id: string; count: number }> };
    expect(merged.sessions.map((entry) => [entry.session_id, entry.count])).toEqual([['s1', 3], ['s2', 5]]);
  });

  it('never overwrites a manifest edited behind its back', async () => {
    const { file, writer } = fresh();
    await writer.record(seal('s1', 2));
    const edited = (await fs.readFile(file, 'utf8')).replace('"count": 2', '"count": 1');
    await fs.writeFile(file, edited);
    expect((await writer.read()).state).toBe('foreign');
    await writer.record(seal('s1', 3));
    expect(await fs.readFile(file, 'utf8')).toBe(edited);
  });
});
