import { TextDecoder } from 'node:util';

// Windows-1252's printable characters in 0x80–0x9F (curly quotes, dashes, the euro sign). Node's
// decoder for that label reads these bytes as Latin-1 control codes, so they are mapped here.
const WINDOWS_1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/** Text of single-byte bytes in a code page (`windows-1252`, `macintosh`, `windows-1250`, …). */
export function decodeSingleByte(bytes: Uint8Array, codePage: string): string {
  if (codePage === 'windows-1252' || codePage === 'cp1252') {
    let text = '';
    for (const byte of bytes) text += byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_HIGH[byte - 0x80] : String.fromCharCode(byte);
    return text;
  }
  try {
    return new TextDecoder(codePage).decode(bytes);
  } catch {
    return decodeSingleByte(bytes, 'windows-1252');
  }
}
