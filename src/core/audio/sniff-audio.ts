import { AUDIO_MAX_BYTES } from '../../protocol/audio.js';
import { ByteReader } from './byte-reader.js';
import { refuse, type SniffResult } from './audio-issue.js';
import { parseFlac } from './parse-flac.js';
import { parseMatroska } from './parse-matroska.js';
import { parseMp3, looksLikeMp3 } from './parse-mp3.js';
import { parseMp4 } from './parse-mp4.js';
import { parseOgg } from './parse-ogg.js';
import { parseWav } from './parse-wav.js';

function mebibytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/**
 * Tells what audio a clip holds from its own bytes (never from a file name or a declared type):
 * WAV is parsed for codec, sample rate, duration and an RMS preview; Ogg, FLAC, MP3, WebM and MP4
 * are recognised by their magic bytes, with the details their headers give cheaply. Anything
 * else, an empty clip or one over the size limit is refused with a code.
 */
export function sniffAudio(bytes: Uint8Array, options: { maxBytes?: number } = {}): SniffResult {
  const maxBytes = options.maxBytes ?? AUDIO_MAX_BYTES;
  if (bytes.length === 0) return refuse('audio_empty', 'The upload is empty: there is no audio to store.');
  if (bytes.length > maxBytes) {
    return refuse('audio_too_large', `The clip is ${mebibytes(bytes.length)}, over the ${mebibytes(maxBytes)} limit. Trim or compress it (Opus is small).`, maxBytes, bytes.length);
  }
  const reader = new ByteReader(bytes);
  const head = reader.ascii(0, 4);
  if (head === 'RIFF' && reader.ascii(8, 4) === 'WAVE') return parseWav(bytes);
  if (head === 'OggS') return parseOgg(bytes);
  if (head === 'fLaC') return parseFlac(bytes);
  if (reader.u32be(0) === 0x1a45dfa3) return parseMatroska(bytes);
  if (reader.ascii(4, 4) === 'ftyp') return parseMp4(bytes);
  if (looksLikeMp3(bytes)) return parseMp3(bytes);
  return refuse('audio_not_audio', 'This is not an audio file we recognise. Upload WAV, Ogg (Opus/Vorbis), FLAC, MP3, WebM or M4A audio.', 0, Math.min(bytes.length, 12));
}
