import type { ByteReader } from './byte-reader.js';

/** Segments in a preview. */
const SEGMENTS = 32;
/** Samples read per segment at most: a preview is a sketch, so long clips are sampled with a stride. */
const SAMPLES_PER_SEGMENT = 2048;

function sampleReader(reader: ByteReader, codec: string): ((offset: number) => number | null) | null {
  switch (codec) {
    case 'pcm_u8':
      return (offset) => {
        const value = reader.u8(offset);
        return value === null ? null : (value - 128) / 128;
      };
    case 'pcm_s16le':
      return (offset) => {
        const value = reader.i16le(offset);
        return value === null ? null : value / 32768;
      };
    case 'pcm_f32le':
      return (offset) => reader.f32le(offset);
    default:
      return null;
  }
}

/**
 * Up to 32 RMS levels (0–1, three decimals) across PCM audio, from the first channel, for a
 * waveform sketch in the UI. Null for sample formats it does not read or for empty audio.
 */
export function rmsPreview(reader: ByteReader, data: { start: number; size: number; codec: string; blockAlign: number; channels: number }): number[] | null {
  const read = sampleReader(reader, data.codec);
  if (read === null || data.blockAlign <= 0) return null;
  const frames = Math.floor(data.size / data.blockAlign);
  if (frames === 0) return null;
  const segments = Math.min(SEGMENTS, frames);
  const levels: number[] = [];
  for (let segment = 0; segment < segments; segment += 1) {
    const first = Math.floor((segment * frames) / segments);
    const end = Math.floor(((segment + 1) * frames) / segments);
    const stride = Math.max(1, Math.floor((end - first) / SAMPLES_PER_SEGMENT));
    let sum = 0;
    let count = 0;
    for (let frame = first; frame < end; frame += stride) {
      const value = read(data.start + frame * data.blockAlign);
      if (value === null || !Number.isFinite(value)) continue;
      sum += value * value;
      count += 1;
    }
    levels.push(count === 0 ? 0 : Math.min(1, Math.round(Math.sqrt(sum / count) * 1000) / 1000));
  }
  return levels;
}
