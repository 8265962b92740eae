import { ByteReader } from './byte-reader.js';
import { format, refuse, type SniffResult } from './audio-issue.js';
import { rmsPreview } from './rms-preview.js';

/** WAVE format tags we can name (the fmt chunk's first field; 0xFFFE defers to the sub-format). */
const FORMAT_TAGS: Record<number, string> = { 2: 'adpcm_ms', 6: 'alaw', 7: 'mulaw', 0x11: 'adpcm_ima', 0x55: 'mp3' };

interface WavFmt {
  tag: number;
  channels: number;
  sampleRate: number;
  byteRate: number;
  blockAlign: number;
  bitsPerSample: number;
}

function codecOf(fmt: WavFmt): string {
  if (fmt.tag === 1) return fmt.bitsPerSample === 8 ? 'pcm_u8' : `pcm_s${fmt.bitsPerSample}le`;
  if (fmt.tag === 3) return `pcm_f${fmt.bitsPerSample}le`;
  return FORMAT_TAGS[fmt.tag] ?? `wav_format_0x${fmt.tag.toString(16).padStart(4, '0')}`;
}

function readFmt(reader: ByteReader, start: number, size: number): WavFmt | null {
  if (size < 16) return null;
  let tag = reader.u16le(start);
  const channels = reader.u16le(start + 2);
  const sampleRate = reader.u32le(start + 4);
  const byteRate = reader.u32le(start + 8);
  const blockAlign = reader.u16le(start + 12);
  const bitsPerSample = reader.u16le(start + 14);
  // WAVE_FORMAT_EXTENSIBLE keeps the real tag in the first two bytes of its sub-format GUID.
  if (tag === 0xfffe && size >= 40) tag = reader.u16le(start + 24);
  if (tag === null || channels === null || sampleRate === null || byteRate === null || blockAlign === null || bitsPerSample === null) return null;
  return { tag, channels, sampleRate, byteRate, blockAlign, bitsPerSample };
}

/**
 * Reads a RIFF/WAVE header: walks the chunks for `fmt ` and `data` and works out codec, sample
 * rate, channels and duration. A `data` size larger than the file (streamed recordings write
 * 0xFFFFFFFF) is cut to the bytes actually present.
 */
export function parseWav(bytes: Uint8Array): SniffResult {
  const reader = new ByteReader(bytes);
  let fmt: WavFmt | null = null;
  let data: { start: number; size: number } | null = null;
  let offset = 12;
  while (offset + 8 <= reader.length && data === null) {
    const id = reader.ascii(offset, 4);
    const declared = reader.u32le(offset + 4) ?? 0;
    const start = offset + 8;
    const size = Math.min(declared, reader.length - start);
    if (id === 'fmt ') {
      fmt = readFmt(reader, start, size);
      if (fmt === null) return refuse('audio_malformed', 'The WAV fmt chunk is too short to describe the audio.', offset, start + size);
    }
    if (id === 'data') data = { start, size };
    // Chunks are padded to an even length.
    offset = start + declared + (declared % 2);
  }
  if (fmt === null) return refuse('audio_malformed', 'The WAV file has no fmt chunk before its data, so its format is unknown.', 12, reader.length);
  if (data === null) return refuse('audio_malformed', 'The WAV file has no data chunk: there is no audio in it.', 12, reader.length);
  if (fmt.channels === 0 || fmt.sampleRate === 0) return refuse('audio_malformed', 'The WAV fmt chunk declares no channels or a sample rate of 0.', 12, 36);
  const codec = codecOf(fmt);
  const isPcm = fmt.tag === 1 || fmt.tag === 3;
  const frames = isPcm && fmt.blockAlign > 0 ? Math.floor(data.size / fmt.blockAlign) : null;
  const duration_ms =
    frames !== null ? Math.round((frames / fmt.sampleRate) * 1000) : fmt.byteRate > 0 ? Math.round((data.size / fmt.byteRate) * 1000) : null;
  return format({
    container: 'wav',
    codec,
    mime_type: 'audio/wav',
    extension: 'wav',
    sample_rate: fmt.sampleRate,
    channels: fmt.channels,
    duration_ms,
    rms_preview: isPcm ? rmsPreview(reader, { ...data, codec, blockAlign: fmt.blockAlign, channels: fmt.channels }) : null,
  });
}
