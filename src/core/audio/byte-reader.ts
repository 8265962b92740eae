/** Little helpers over a byte array that never read past its end (they return null instead). */
export class ByteReader {
  private readonly view: DataView;

  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get length(): number {
    return this.bytes.length;
  }

  /** The bytes at `offset` as Latin-1 text (for four-character codes), or null past the end. */
  ascii(offset: number, length: number): string | null {
    if (offset < 0 || offset + length > this.bytes.length) return null;
    let text = '';
    for (let index = offset; index < offset + length; index += 1) text += String.fromCharCode(this.bytes[index] ?? 0);
    return text;
  }

  u8(offset: number): number | null {
    return offset >= 0 && offset < this.bytes.length ? (this.bytes[offset] ?? null) : null;
  }

  u16le(offset: number): number | null {
    return this.fits(offset, 2) ? this.view.getUint16(offset, true) : null;
  }

  u16be(offset: number): number | null {
    return this.fits(offset, 2) ? this.view.getUint16(offset, false) : null;
  }

  u32le(offset: number): number | null {
    return this.fits(offset, 4) ? this.view.getUint32(offset, true) : null;
  }

  u32be(offset: number): number | null {
    return this.fits(offset, 4) ? this.view.getUint32(offset, false) : null;
  }

  /** A 64-bit little-endian unsigned value as a number (exact below 2^53), or null. */
  u64le(offset: number): number | null {
    return this.fits(offset, 8) ? Number(this.view.getBigUint64(offset, true)) : null;
  }

  u64be(offset: number): number | null {
    return this.fits(offset, 8) ? Number(this.view.getBigUint64(offset, false)) : null;
  }

  f32be(offset: number): number | null {
    return this.fits(offset, 4) ? this.view.getFloat32(offset, false) : null;
  }

  f64be(offset: number): number | null {
    return this.fits(offset, 8) ? this.view.getFloat64(offset, false) : null;
  }

  i16le(offset: number): number | null {
    return this.fits(offset, 2) ? this.view.getInt16(offset, true) : null;
  }

  f32le(offset: number): number | null {
    return this.fits(offset, 4) ? this.view.getFloat32(offset, true) : null;
  }

  /** First index of `pattern` (bytes or Latin-1 text) in `[from, to)`, or -1. */
  indexOf(pattern: string | readonly number[], from = 0, to = this.bytes.length): number {
    const needle = typeof pattern === 'string' ? Array.from(pattern, (character) => character.charCodeAt(0)) : pattern;
    const first = needle[0];
    if (first === undefined) return -1;
    const last = Math.min(to, this.bytes.length) - needle.length;
    for (let index = Math.max(0, from); index <= last; index += 1) {
      if (this.bytes[index] !== first) continue;
      let match = true;
      for (let offset = 1; offset < needle.length; offset += 1) {
        if (this.bytes[index + offset] !== needle[offset]) {
          match = false;
          break;
        }
      }
      if (match) return index;
    }
    return -1;
  }

  /** Last index of `pattern` starting in `[notBefore, before]`, or -1. */
  lastIndexOf(pattern: string, before = this.bytes.length, notBefore = 0): number {
    const needle = Array.from(pattern, (character) => character.charCodeAt(0));
    for (let index = Math.min(before, this.bytes.length - needle.length); index >= Math.max(0, notBefore); index -= 1) {
      if (needle.every((byte, offset) => this.bytes[index + offset] === byte)) return index;
    }
    return -1;
  }

  private fits(offset: number, size: number): boolean {
    return offset >= 0 && offset + size <= this.bytes.length;
  }
}
