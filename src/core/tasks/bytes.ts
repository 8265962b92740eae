import { createHash } from 'node:crypto';

const encoder = new TextEncoder();
const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** UTF-8 bytes of a text. */
export function utf8Bytes(text: string): Uint8Array {
  return encoder.encode(text);
}

/** The text of UTF-8 bytes (a BOM kept as U+FEFF so a patch round-trips it), or null when they are not UTF-8. */
export function utf8Text(bytes: Uint8Array): string | null {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return null;
  }
}

/** sha256 (hex) of bytes. */
export function sha256Bytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

// btoa/atob work on "binary strings"; going through them in slices keeps long files off the call stack limit.
const SLICE = 0x8000;

/** Base64 of bytes (undo journals keep exact bytes, whatever the encoding of the file). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += SLICE) {
    binary += String.fromCharCode(...bytes.subarray(start, start + SLICE));
  }
  return btoa(binary);
}

/** Bytes of a base64 text. */
export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Positions of every occurrence of `find` in `text`, overlapping ones included (so "must match once" is strict). */
export function occurrences(text: string, find: string, limit = 10): number[] {
  const found: number[] = [];
  let from = 0;
  while (found.length < limit) {
    const at = text.indexOf(find, from);
    if (at < 0) break;
    found.push(at);
    from = at + 1;
  }
  return found;
}
