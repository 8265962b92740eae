import { decodeSingleByte } from './single-byte-text.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text of a writer's file: UTF-8 (with or without a byte-order mark, UTF-16 when it has one),
 * else Windows-1252, as old Word and Notepad files are. Null for binary content (NUL bytes).
 */
export function decodeSourceText(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes.includes(0)) return null;
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return utf8.decode(body).replace(/\r\n?/g, '\n');
  } catch {
    return decodeSingleByte(body, 'windows-1252').replace(/\r\n?/g, '\n');
  }
}
