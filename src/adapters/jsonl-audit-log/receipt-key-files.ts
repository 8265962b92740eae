import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ControlRoomError } from '../../protocol/index.js';
import { temporarySibling } from '../fs-store/index.js';
import type { ReceiptKeys, ReceiptVerifyKeys } from '../../core/receipts/index.js';
import { absolute, AUDIT_DIR, AUDIT_MANIFEST_FILE } from './audit-paths.js';

export const HMAC_SECRET_FILE = `${AUDIT_DIR}/secret.key`;
export const ED25519_PRIVATE_FILE = `${AUDIT_DIR}/ed25519.key`;
export const ED25519_PUBLIC_FILE = `${AUDIT_DIR}/ed25519.pub`;
const HMAC_SECRET_BYTES = 32;

/** A workspace always has both keys: the Ed25519 pair signs receipts and seals the log. */
export type WorkspaceSigningKeys = ReceiptKeys & { ed25519: { privateKey: KeyObject; publicKey: KeyObject } };

export interface LoadedReceiptKeys<Keys> {
  keys: Keys;
  /** Problems worth telling the person (a key file other users can read, a mismatched public key). */
  warnings: string[];
  /** Key files created by this call (workspace-relative). */
  created: string[];
}

/**
 * Creates `filePath` with `data` unless it exists, without ever exposing a half-written key: the
 * content is written and flushed under a temporary name, then hard-linked into place, which fails
 * if another process got there first (its key then wins). Returns whether this call created it.
 */
async function createExclusive(filePath: string, data: string | Buffer, mode: number): Promise<boolean> {
  await fs.mkdir(path.dirname(filePath), { recursive: true });
  // Named like every atomic write's temporary file, so a kill between open and link leaves one the next open sweeps.
  const temporary = temporarySibling(filePath);
  const handle = await fs.open(temporary, 'wx', mode);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.link(temporary, filePath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await fs.rm(temporary, { force: true });
  }
}

async function readIfPresent(filePath: string): Promise<Buffer | null> {
  return fs.readFile(filePath).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    // A folder or an unreadable file where a key should be is a broken key, not a crash.
    throw new ControlRoomError('audit_key_invalid', `${filePath} cannot be read as a key file (${error.code ?? error.message}); restore the original file.`, { cause: error });
  });
}

/** A warning when a secret file is readable by group or others (POSIX only; Windows has no such bits). */
async function exposureWarning(filePath: string, relative: string): Promise<string | null> {
  if (process.platform === 'win32') return null;
  const { mode } = await fs.stat(filePath);
  if ((mode & 0o077) === 0) return null;
  return `${relative} is readable by other users (mode ${(mode & 0o777).toString(8)}); run "chmod 600 ${relative}".`;
}

function parseHmacSecret(bytes: Buffer): Buffer {
  if (bytes.length < HMAC_SECRET_BYTES) {
    throw new ControlRoomError('audit_key_invalid', `${HMAC_SECRET_FILE} holds ${bytes.length} bytes; a receipt secret needs at least ${HMAC_SECRET_BYTES}. Restore the original file.`);
  }
  return bytes;
}

function parsePrivateKey(pem: Buffer): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch (error) {
    throw new ControlRoomError('audit_key_invalid', `${ED25519_PRIVATE_FILE} is not a PEM private key; restore the original file.`, { cause: error });
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new ControlRoomError('audit_key_invalid', `${ED25519_PRIVATE_FILE} is not an Ed25519 key.`);
  return key;
}

/** Reads an Ed25519 public key (SPKI PEM), e.g. a copy of `ed25519.pub` handed to a reviewer. */
export async function readEd25519PublicKey(filePath: string): Promise<KeyObject> {
  const pem = await readIfPresent(filePath);
  if (pem === null) throw new ControlRoomError('audit_key_missing', `No public key file at ${filePath}.`);
  try {
    const key = createPublicKey(pem);
    if (key.asymmetricKeyType === 'ed25519') return key;
  } catch (error) {
    throw new ControlRoomError('audit_key_invalid', `${filePath} is not a PEM public key.`, { cause: error });
  }
  throw new ControlRoomError('audit_key_invalid', `${filePath} is not an Ed25519 public key.`);
}

/**
 * The workspace's signing keys, created on first use: `secret.key` (32 random bytes, mode 0600)
 * and an Ed25519 pair `ed25519.key` (PKCS#8 PEM, 0600) + `ed25519.pub` (SPKI PEM).
 */
export async function loadReceiptKeys(root: string): Promise<LoadedReceiptKeys<WorkspaceSigningKeys>> {
  const created: string[] = [];
  const warnings: string[] = [];
  const secretPath = absolute(root, HMAC_SECRET_FILE);
  if ((await readIfPresent(secretPath)) === null && (await createExclusive(secretPath, randomBytes(HMAC_SECRET_BYTES), 0o600))) {
    created.push(HMAC_SECRET_FILE);
  }
  const hmacKey = parseHmacSecret((await readIfPresent(secretPath)) ?? Buffer.alloc(0));
  const privatePath = absolute(root, ED25519_PRIVATE_FILE);
  if ((await readIfPresent(privatePath)) === null) {
    const pair = generateKeyPairSync('ed25519');
    if (await createExclusive(privatePath, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }), 0o600)) created.push(ED25519_PRIVATE_FILE);
  }
  const privateKey = parsePrivateKey((await readIfPresent(privatePath)) ?? Buffer.alloc(0));
  // The public key is always derived from the private one, so a stale or edited .pub cannot mislead.
  const publicKey = createPublicKey(privateKey);
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' });
  const publicPath = absolute(root, ED25519_PUBLIC_FILE);
  const storedPublic = await readIfPresent(publicPath);
  if (storedPublic === null) {
    if (await createExclusive(publicPath, publicPem, 0o644)) created.push(ED25519_PUBLIC_FILE);
  } else if (storedPublic.toString('utf8') !== publicPem) {
    warnings.push(`${ED25519_PUBLIC_FILE} does not match ${ED25519_PRIVATE_FILE}; delete ${ED25519_PUBLIC_FILE} to have it written again.`);
  }
  const replaced = created.filter((file) => file !== ED25519_PUBLIC_FILE);
  if (replaced.length > 0 && (await readIfPresent(absolute(root, AUDIT_MANIFEST_FILE))) !== null) {
    warnings.push(
      `New audit keys were created (${replaced.join(', ')}), but this workspace already has a sealed audit log: what was signed before does not verify with them, and "audit verify" will say so. Restore the original key files from a backup.`,
    );
  }
  for (const [file, relative] of [
    [secretPath, HMAC_SECRET_FILE],
    [privatePath, ED25519_PRIVATE_FILE],
  ] as const) {
    const warning = await exposureWarning(file, relative);
    if (warning) warnings.push(warning);
  }
  return { keys: { hmacKey, ed25519: { privateKey, publicKey } }, warnings, created };
}

/**
 * The keys a verifier can find without creating any: the HMAC secret when present, and the
 * Ed25519 public key (from `ed25519.pub`, or derived from `ed25519.key`).
 */
export async function readReceiptKeys(root: string): Promise<LoadedReceiptKeys<ReceiptVerifyKeys>> {
  const keys: ReceiptVerifyKeys = {};
  const warnings: string[] = [];
  const secret = await readIfPresent(absolute(root, HMAC_SECRET_FILE));
  if (secret !== null) {
    keys.hmacKey = parseHmacSecret(secret);
    const warning = await exposureWarning(absolute(root, HMAC_SECRET_FILE), HMAC_SECRET_FILE);
    if (warning) warnings.push(warning);
  }
  const publicPath = absolute(root, ED25519_PUBLIC_FILE);
  if ((await readIfPresent(publicPath)) !== null) keys.ed25519 = { publicKey: await readEd25519PublicKey(publicPath) };
  else {
    const privatePem = await readIfPresent(absolute(root, ED25519_PRIVATE_FILE));
    if (privatePem !== null) keys.ed25519 = { publicKey: createPublicKey(parsePrivateKey(privatePem)) };
  }
  return { keys, warnings, created: [] };
}
