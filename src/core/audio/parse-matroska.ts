import { ByteReader } from './byte-reader.js';
import { format, refuse, type SniffResult } from './audio-issue.js';

/** Matroska codec ids of audio tracks and the codec names we report. */
const AUDIO_CODECS: ReadonlyArray<readonly [string, string]> = [
  ['A_OPUS', 'opus'],
  ['A_VORBIS', 'vorbis'],
  ['A_AAC', 'aac'],
  ['A_FLAC', 'flac'],
  ['A_MPEG/L3', 'mp3'],
  ['A_PCM/INT/LIT', 'pcm_s16le'],
  ['A_PCM/FLOAT/IEEE', 'pcm_f32le'],
];
/** The header (EBML, Segment Info, Tracks) sits before the first Cluster; we never look further. */
const HEADER_WINDOW = 256 * 1024;
const CLUSTER_ID = [0x1f, 0x43, 0xb6, 0x75];

/** An EBML float element (id bytes, then a one-byte size of 0x84 or 0x88) found in `[from, to)`. */
function floatElement(reader: ByteReader, id: readonly number[], from: number, to: number): number | null {
  for (const [size, read] of [[0x88, (at: number) => reader.f64be(at)], [0x84, (at: number) => reader.f32be(at)]] as const) {
    const at = reader.indexOf([...id, size], from, to);
    if (at >= 0) return read(at + id.length + 1);
  }
  return null;
}

/**
 * WebM/Matroska: the header is scanned for the tracks' codec ids. A file with a video track, or
 * with no audio codec we know, is refused. Sample rate and channels come from the first Audio
 * element, the duration from Segment Info when the recorder wrote one (browsers often do not).
 */
export function parseMatroska(bytes: Uint8Array): SniffResult {
  const reader = new ByteReader(bytes);
  const cluster = reader.indexOf(CLUSTER_ID, 4, HEADER_WINDOW);
  const end = cluster < 0 ? Math.min(reader.length, HEADER_WINDOW) : cluster;
  const video = reader.indexOf('V_', 4, end);
  if (video >= 0 && /^V_[A-Z0-9]/.test(reader.ascii(video, 3) ?? '')) {
    return refuse('audio_not_audio', 'The WebM/Matroska file has a video track; upload the audio on its own.', video, video + 8);
  }
  const found = AUDIO_CODECS.map(([id, codec]) => ({ at: reader.indexOf(id, 4, end), codec })).filter((entry) => entry.at >= 0).sort((a, b) => a.at - b.at)[0];
  if (found === undefined) return refuse('audio_not_audio', 'The WebM/Matroska file has no audio track we recognise.', 0, end);
  const audio = reader.indexOf([0xe1], found.at, end);
  const sampleRate = audio < 0 ? null : floatElement(reader, [0xb5], audio, Math.min(end, audio + 64));
  const channelsAt = audio < 0 ? -1 : reader.indexOf([0x9f, 0x81], audio, Math.min(end, audio + 64));
  const scaleAt = reader.indexOf([0x2a, 0xd7, 0xb1], 4, end);
  const scaleSize = scaleAt < 0 ? 0 : (reader.u8(scaleAt + 3) ?? 0) & 0x0f;
  let timecodeScale = 1_000_000;
  if (scaleAt >= 0 && scaleSize >= 1 && scaleSize <= 4) {
    timecodeScale = 0;
    for (let index = 0; index < scaleSize; index += 1) timecodeScale = timecodeScale * 256 + (reader.u8(scaleAt + 4 + index) ?? 0);
  }
  const duration = floatElement(reader, [0x44, 0x89], 4, end);
  const isWebm = reader.indexOf('webm', 4, 64) >= 0;
  return format({
    container: 'webm',
    codec: found.codec,
    mime_type: isWebm ? 'audio/webm' : 'audio/x-matroska',
    extension: isWebm ? 'webm' : 'mka',
    sample_rate: sampleRate !== null && Number.isFinite(sampleRate) && sampleRate > 0 ? Math.round(sampleRate) : null,
    channels: channelsAt >= 0 ? (reader.u8(channelsAt + 2) || null) : null,
    duration_ms: duration !== null && Number.isFinite(duration) && duration > 0 ? Math.round((duration * timecodeScale) / 1_000_000) : null,
  });
}
