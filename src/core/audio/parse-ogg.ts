import { ByteReader } from './byte-reader.js';
import { format, refuse, type SniffResult } from './audio-issue.js';
import { readStreamInfo } from './parse-flac.js';

/** The last page of a stream lies within this many bytes of the end (a page is at most ~64 KiB). */
const LAST_PAGE_WINDOW = 70_000;
const NO_GRANULE = 2 ** 64 - 1;

interface OggCodec {
  codec: string;
  sampleRate: number | null;
  channels: number | null;
  /** Samples to drop at the start (Opus pre-skip). */
  preSkip: number;
}

function identify(reader: ByteReader, packet: number): OggCodec | null {
  if (reader.ascii(packet, 8) === 'OpusHead') {
    // Opus always decodes at 48 kHz and counts granules in 48 kHz samples, whatever the input rate was.
    return { codec: 'opus', sampleRate: 48_000, channels: reader.u8(packet + 9), preSkip: reader.u16le(packet + 10) ?? 0 };
  }
  if (reader.u8(packet) === 1 && reader.ascii(packet + 1, 6) === 'vorbis') {
    return { codec: 'vorbis', sampleRate: reader.u32le(packet + 12), channels: reader.u8(packet + 11), preSkip: 0 };
  }
  if (reader.u8(packet) === 0x7f && reader.ascii(packet + 1, 4) === 'FLAC' && reader.ascii(packet + 9, 4) === 'fLaC') {
    const info = readStreamInfo(reader, packet + 17);
    return { codec: 'flac', sampleRate: info?.sampleRate ?? null, channels: info?.channels ?? null, preSkip: 0 };
  }
  if (reader.ascii(packet, 8) === 'Speex   ') return { codec: 'speex', sampleRate: reader.u32le(packet + 36), channels: reader.u32le(packet + 48), preSkip: 0 };
  return null;
}

/** The granule position of the stream's last page, read from the end of the file. */
function lastGranule(reader: ByteReader, serial: number | null): number | null {
  let at = reader.length;
  const floor = reader.length - LAST_PAGE_WINDOW;
  for (;;) {
    at = reader.lastIndexOf('OggS', at - 1, floor);
    if (at < 0) return null;
    if (reader.u32le(at + 14) !== serial) continue;
    const granule = reader.u64le(at + 6);
    return granule === null || granule >= NO_GRANULE ? null : granule;
  }
}

/**
 * Reads an Ogg stream's first packet to name its codec (Opus, Vorbis, FLAC, Speex) and the last
 * page's granule position for the duration. An Ogg file with another first stream (Theora video,
 * say) is not an audio clip.
 */
export function parseOgg(bytes: Uint8Array): SniffResult {
  const reader = new ByteReader(bytes);
  const segments = reader.u8(26);
  if (segments === null) return refuse('audio_malformed', 'The Ogg page header is cut short.', 0, reader.length);
  const packet = 27 + segments;
  const codec = identify(reader, packet);
  if (codec === null) return refuse('audio_not_audio', 'The Ogg stream is not Opus, Vorbis, FLAC or Speex audio (is it video?).', packet, packet + 8);
  const granule = lastGranule(reader, reader.u32le(14));
  const duration_ms =
    granule !== null && codec.sampleRate ? Math.max(0, Math.round(((granule - codec.preSkip) / codec.sampleRate) * 1000)) : null;
  return format({
    container: 'ogg',
    codec: codec.codec,
    mime_type: codec.codec === 'opus' ? 'audio/ogg; codecs=opus' : 'audio/ogg',
    extension: codec.codec === 'opus' ? 'opus' : 'ogg',
    sample_rate: codec.sampleRate || null,
    channels: codec.channels || null,
    duration_ms,
  });
}
