import { createPublicKey, type KeyObject } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ControlRoomError } from '../../protocol/index.js';
import { keyFingerprint, parseFingerprint } from '../../core/receipts/index.js';

/** A key the writer pinned: always its fingerprint, and the key itself when it came as a file. */
export interface AuditPin {
  fingerprint: string;
  publicKey?: KeyObject;
}

const PIN_HELP = 'Pass the fingerprint printed by "control-room init" (64 hex digits, spaces allowed) or the exported ed25519.pub file.';

function publicKeyOf(pem: string, source: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPublicKey(pem);
  } catch (error) {
    throw new ControlRoomError('audit_pin_invalid', `${source} is not a PEM public key. ${PIN_HELP}`, { cause: error });
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new ControlRoomError('audit_pin_invalid', `${source} is not an Ed25519 public key. ${PIN_HELP}`);
  return key;
}

/** Reads a pin given as a fingerprint only (what the HTTP API accepts: it never opens a file a request names). */
export function fingerprintPin(value: string): AuditPin {
  const fingerprint = parseFingerprint(value);
  if (fingerprint === null) throw new ControlRoomError('audit_pin_invalid', `"${value.slice(0, 80)}" is not a key fingerprint. ${PIN_HELP}`);
  return { fingerprint };
}

/** Reads a pin given on the command line: a fingerprint, or a file holding the public key (SPKI PEM) or a fingerprint. */
export async function resolveAuditPin(value: string): Promise<AuditPin> {
  const fingerprint = parseFingerprint(value);
  if (fingerprint !== null) return { fingerprint };
  const file = path.resolve(value);
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new ControlRoomError('audit_key_missing', `No public key file at ${file}. ${PIN_HELP}`);
    throw new ControlRoomError('audit_pin_invalid', `${file} cannot be read (${code ?? 'unknown error'}). ${PIN_HELP}`, { cause: error });
  }
  if (text.includes('-----BEGIN')) {
    const publicKey = publicKeyOf(text, file);
    return { fingerprint: keyFingerprint(publicKey), publicKey };
  }
  const written = parseFingerprint(text);
  if (written === null) throw new ControlRoomError('audit_pin_invalid', `${file} holds neither a public key nor a key fingerprint. ${PIN_HELP}`);
  return { fingerprint: written };
}
