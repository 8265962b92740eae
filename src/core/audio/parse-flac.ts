import { ByteReader } from './byte-reader.js';
import { format, refuse, type SniffResult } from './audio-issue.js';

/** What a FLAC STREAMINFO block says about the stream. */
export interface StreamInfo {
  sampleRate: number;
  channels: number;
  /** Total samples per channel; 0 when the encoder did not know. */
  totalSamples: number;
}

/** Reads the 34-byte STREAMINFO block that starts at `offset`. */
export function readStreamInfo(reader: ByteReader, offset: number): StreamInfo | null {
  const b10 = reader.u8(offset + 10);
  const b11 = reader.u8(offset + 11);
  const b12 = reader.u8(offset + 12);
  const b13 = reader.u8(offset + 13);
  const low = reader.u32be(offset + 14);
  if (b10 === null || b11 === null || b12 === null || b13 === null || low === null) return null;
  const sampleRate = (b10 << 12) | (b11 << 4) | (b12 >> 4);
  const channels = ((b12 >> 1) & 0x7) + 1;
  const totalSamples = (b13 & 0x0f) * 2 ** 32 + low;
  return sampleRate === 0 ? null : { sampleRate, channels, totalSamples };
}

/** Native FLAC (`fLaC`): the first metadata block must be STREAMINFO. */
export function parseFlac(bytes: Uint8Array): SniffResult {
  const reader = new ByteReader(bytes);
  const blockType = (reader.u8(4) ?? 0xff) & 0x7f;
  const info = blockType === 0 ? readStreamInfo(reader, 8) : null;
  if (info === null) return refuse('audio_malformed', 'The FLAC file does not start with a readable STREAMINFO block.', 4, 42);
  return format({
    container: 'flac',
    codec: 'flac',
    mime_type: 'audio/flac',
    extension: 'flac',
    sample_rate: info.sampleRate,
    channels: info.channels,
    duration_ms: info.totalSamples > 0 ? Math.round((info.totalSamples / info.sampleRate) * 1000) : null,
  });
}
