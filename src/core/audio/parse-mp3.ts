import { ByteReader } from './byte-reader.js';
import { format, refuse, type SniffResult } from './audio-issue.js';

/** Sample rates by MPEG version bits (3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5) and rate index. */
const SAMPLE_RATES: Record<number, readonly number[]> = { 3: [44_100, 48_000, 32_000], 2: [22_050, 24_000, 16_000], 0: [11_025, 12_000, 8_000] };
/** How far past the ID3 tag the first frame may start (encoders pad a little). */
const FRAME_SEARCH = 4096;

/** The size of a leading ID3v2 tag (header, body and optional footer), or 0 when there is none. */
export function id3Size(reader: ByteReader): number {
  if (reader.ascii(0, 3) !== 'ID3') return 0;
  const flags = reader.u8(5) ?? 0;
  let size = 0;
  for (let index = 6; index < 10; index += 1) size = size * 128 + ((reader.u8(index) ?? 0) & 0x7f);
  return 10 + size + (flags & 0x10 ? 10 : 0);
}

interface FrameHeader {
  layer: number;
  sampleRate: number;
  channels: number;
}

function frameAt(reader: ByteReader, offset: number): FrameHeader | null {
  const b1 = reader.u8(offset + 1);
  const b2 = reader.u8(offset + 2);
  const b3 = reader.u8(offset + 3);
  if (reader.u8(offset) !== 0xff || b1 === null || b2 === null || b3 === null || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 0x3;
  const layerBits = (b1 >> 1) & 0x3;
  const bitrateIndex = b2 >> 4;
  const rate = SAMPLE_RATES[version]?.[(b2 >> 2) & 0x3];
  // Version 1 and layer 0 are reserved; bitrate 15 is invalid: such bytes are not a frame header.
  if (rate === undefined || layerBits === 0 || bitrateIndex === 15) return null;
  return { layer: 4 - layerBits, sampleRate: rate, channels: b3 >> 6 === 3 ? 1 : 2 };
}

/**
 * MPEG audio: an optional ID3v2 tag, then a frame header giving layer, sample rate and channels.
 * Without a tag the frame must start the file, so random bytes that happen to begin 0xFF 0xE…
 * are not taken for audio by accident. Duration is left unknown (VBR needs a full scan).
 */
export function parseMp3(bytes: Uint8Array): SniffResult {
  const reader = new ByteReader(bytes);
  const tag = id3Size(reader);
  let frame: FrameHeader | null = null;
  let at = tag;
  const limit = tag === 0 ? 1 : Math.min(reader.length, tag + FRAME_SEARCH);
  for (; at < limit && frame === null; at += 1) frame = frameAt(reader, at);
  if (frame === null) {
    return tag === 0
      ? refuse('audio_not_audio', 'The bytes do not start like any audio format we know.', 0, 4)
      : refuse('audio_malformed', 'The file has an ID3 tag but no MPEG audio frame after it.', tag, limit);
  }
  return format({
    container: 'mp3',
    codec: frame.layer === 3 ? 'mp3' : `mp${frame.layer}`,
    mime_type: 'audio/mpeg',
    extension: 'mp3',
    sample_rate: frame.sampleRate,
    channels: frame.channels,
  });
}

/** True when the bytes could be MPEG audio: an ID3 tag or a frame header at the start. */
export function looksLikeMp3(bytes: Uint8Array): boolean {
  const reader = new ByteReader(bytes);
  return reader.ascii(0, 3) === 'ID3' || frameAt(reader, 0) !== null;
}
