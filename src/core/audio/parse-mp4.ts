import { ByteReader } from './byte-reader.js';
import { format, refuse, type SniffResult } from './audio-issue.js';

/** Sample-entry codes of audio in an MP4/M4A file and the codec names we report. */
const AUDIO_ENTRIES: ReadonlyArray<readonly [string, string]> = [
  ['mp4a', 'aac'],
  ['Opus', 'opus'],
  ['fLaC', 'flac'],
  ['alac', 'alac'],
  ['ac-3', 'ac3'],
];

/** Duration from the movie header (`mvhd`), in milliseconds. */
function movieDuration(reader: ByteReader): number | null {
  const at = reader.indexOf('mvhd');
  if (at < 0) return null;
  const version = reader.u8(at + 4);
  const timescale = version === 1 ? reader.u32be(at + 24) : reader.u32be(at + 16);
  const duration = version === 1 ? reader.u64be(at + 28) : reader.u32be(at + 20);
  return timescale && duration !== null ? Math.round((duration / timescale) * 1000) : null;
}

/**
 * MP4/M4A (`ftyp` box): a file whose handler is `vide` is video and refused; otherwise the first
 * audio sample entry names the codec, and its fixed fields give channels and sample rate.
 */
export function parseMp4(bytes: Uint8Array): SniffResult {
  const reader = new ByteReader(bytes);
  // A handler box reads: size, 'hdlr', version and flags, pre-defined, then the handler type.
  for (let at = reader.indexOf('hdlr'); at >= 0; at = reader.indexOf('hdlr', at + 4)) {
    if (reader.ascii(at + 12, 4) === 'vide') return refuse('audio_not_audio', 'The MP4 file has a video track; upload the audio on its own.', at, at + 16);
  }
  const entry = AUDIO_ENTRIES.map(([code, codec]) => ({ at: reader.indexOf(code, 8), codec })).filter((candidate) => candidate.at >= 0).sort((a, b) => a.at - b.at)[0];
  if (entry === undefined) return refuse('audio_not_audio', 'The MP4 file has no audio track we recognise.', 0, reader.length);
  // An audio sample entry: 6 reserved, 2 data reference index, 8 reserved, then channels, sample size, 4 more, and a 16.16 rate.
  const channels = reader.u16be(entry.at + 20);
  const rate = reader.u32be(entry.at + 28);
  return format({
    container: 'mp4',
    codec: entry.codec,
    mime_type: 'audio/mp4',
    extension: 'm4a',
    sample_rate: rate ? rate >>> 16 || null : null,
    channels: channels || null,
    duration_ms: movieDuration(reader),
  });
}
