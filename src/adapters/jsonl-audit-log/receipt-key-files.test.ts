import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadReceiptKeys, readEd25519PublicKey, readReceiptKeys } from './receipt-key-files.js';

let base: string;
let count = 0;

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-keys-'));
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

function freshRoot(): string {
  count += 1;
  return path.join(base, `ws-${count}`);
}

const posix = process.platform !== 'win32';

describe('loadReceiptKeys', () => {
  it('creates secret.key with 32 random bytes and mode 0600 on first use', async () => {
    const root = freshRoot();
    const loaded = await loadReceiptKeys(root);
    expect(loaded.created).toEqual(['.control-room/audit/secret.key', '.control-room/audit/ed25519.key', '.control-room/audit/ed25519.pub']);
    const secretPath = path.join(root, '.control-room/audit/secret.key');
    const secret = await fs.readFile(secretPath);
    expect(secret).toHaveLength(32);
    expect(secret.equals(loaded.keys.hmacKey)).toBe(true);
    if (posix) {
      expect((await fs.stat(secretPath)).mode & 0o777).toBe(0o600);
      expect((await fs.stat(path.join(root, '.control-room/audit/ed25519.key'))).mode & 0o777).toBe(0o600);
    }
    expect(loaded.warnings).toEqual([]);
    expect(await fs.readFile(path.join(root, '.control-room/audit/ed25519.key'), 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(await fs.readFile(path.join(root, '.control-room/audit/ed25519.pub'), 'utf8')).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect((await fs.readdir(path.join(root, '.control-room/audit'))).sort()).toEqual(['ed25519.key', 'ed25519.pub', 'secret.key']);
  });

  it('reuses the keys on later loads', async () => {
    const root = freshRoot();
    const first = await loadReceiptKeys(root);
    const second = await loadReceiptKeys(root);
    expect(second.created).toEqual([]);
    expect(second.keys.hmacKey.equals(first.keys.hmacKey)).toBe(true);
    expect(second.keys.ed25519?.publicKey.equals(first.keys.ed25519!.publicKey)).toBe(true);
  });

  it('agrees on one key when loaded concurrently', async () => {
    const root = freshRoot();
    const loads = await Promise.all(Array.from({ length: 8 }, () => loadReceiptKeys(root)));
    const secrets = new Set(loads.map((loaded) => loaded.keys.hmacKey.toString('hex')));
    expect(secrets.size).toBe(1);
    expect(loads.flatMap((loaded) => loaded.created).filter((file) => file.endsWith('secret.key'))).toHaveLength(1);
    expect((await fs.readdir(path.join(root, '.control-room/audit'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('warns when the secret is readable by other users (POSIX; Windows has no such mode bits)', async () => {
    const root = freshRoot();
    await loadReceiptKeys(root);
    await fs.chmod(path.join(root, '.control-room/audit/secret.key'), 0o644);
    const loaded = await loadReceiptKeys(root);
    const expected = posix ? [expect.stringMatching(/secret\.key is readable by other users \(mode 644\); run "chmod 600/)] : [];
    expect(loaded.warnings).toEqual(expected);
    expect((await readReceiptKeys(root)).warnings).toEqual(expected);
  });

  it('refuses a secret shorter than 32 bytes', async () => {
    const root = freshRoot();
    await fs.mkdir(path.join(root, '.control-room/audit'), { recursive: true });
    await fs.writeFile(path.join(root, '.control-room/audit/secret.key'), 'short', { mode: 0o600 });
    await expect(loadReceiptKeys(root)).rejects.toMatchObject({ code: 'audit_key_invalid' });
  });

  it('rewrites a missing public key from the private key and warns about a mismatched one', async () => {
    const root = freshRoot();
    const first = await loadReceiptKeys(root);
    const publicPath = path.join(root, '.control-room/audit/ed25519.pub');
    await fs.rm(publicPath);
    expect((await loadReceiptKeys(root)).created).toEqual(['.control-room/audit/ed25519.pub']);
    expect((await readEd25519PublicKey(publicPath)).equals(first.keys.ed25519!.publicKey)).toBe(true);
    const other = await loadReceiptKeys(freshRoot());
    await fs.writeFile(publicPath, other.keys.ed25519!.publicKey.export({ type: 'spki', format: 'pem' }));
    expect((await loadReceiptKeys(root)).warnings).toEqual([expect.stringMatching(/ed25519\.pub does not match/)]);
  });
});

describe('readReceiptKeys', () => {
  it('creates nothing and finds what is there', async () => {
    const root = freshRoot();
    expect(await readReceiptKeys(root)).toEqual({ keys: {}, warnings: [], created: [] });
    await expect(fs.stat(path.join(root, '.control-room'))).rejects.toMatchObject({ code: 'ENOENT' });
    const loaded = await loadReceiptKeys(root);
    const read = await readReceiptKeys(root);
    expect(read.keys.hmacKey?.equals(loaded.keys.hmacKey)).toBe(true);
    expect(read.keys.ed25519?.publicKey.equals(loaded.keys.ed25519!.publicKey)).toBe(true);
  });

  it('refuses a file that is not an Ed25519 public key', async () => {
    const file = path.join(base, 'not-a-key.pem');
    await fs.writeFile(file, 'hello');
    await expect(readEd25519PublicKey(file)).rejects.toMatchObject({ code: 'audit_key_invalid' });
    await expect(readEd25519PublicKey(path.join(base, 'missing.pem'))).rejects.toMatchObject({ code: 'audit_key_missing' });
  });
});
