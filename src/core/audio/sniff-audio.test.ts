import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sniffAudio } from './sniff-audio.js';

/** A RIFF/WAVE file written by hand: `fmt ` (plain or extensible), optional extra chunks, then `data`. */
function wav(options: { sampleRate?: number; channels?: number; bits?: number; tag?: number; frames?: number; extensible?: boolean; extraChunk?: boolean; streamed?: boolean; samples?: (frame: number) => number } = {}): Uint8Array {
  const { sampleRate = 16_000, channels = 1, bits = 16, tag = 1, frames = 24_000, extensible = false, extraChunk = false, streamed = false } = options;
  const blockAlign = (channels * bits) / 8;
  const dataSize = frames * blockAlign;
  const fmtSize = extensible ? 40 : 16;
  const extra = extraChunk ? 8 + 5 + 1 : 0;
  const buffer = Buffer.alloc(12 + 8 + fmtSize + extra + 8 + dataSize);
  let at = 0;
  const ascii = (text: string) => void (at = buffer.write(text, at, 'latin1') + at);
  const u16 = (value: number) => void (at = buffer.writeUInt16LE(value, at));
  const u32 = (value: number) => void (at = buffer.writeUInt32LE(value >>> 0, at));
  ascii('RIFF'); u32(buffer.length - 8); ascii('WAVE');
  if (extraChunk) { ascii('LIST'); u32(5); ascii('INFOx'); at += 1; }
  ascii('fmt '); u32(fmtSize); u16(extensible ? 0xfffe : tag); u16(channels); u32(sampleRate); u32(sampleRate * blockAlign); u16(blockAlign); u16(bits);
  if (extensible) { u16(22); u16(bits); u32(0); u16(tag); at += 14; }
  ascii('data'); u32(streamed ? 0xffffffff : dataSize);
  for (let frame = 0; frame < frames; frame += 1) {
    const value = options.samples?.(frame) ?? 0;
    for (let channel = 0; channel < channels; channel += 1) {
      if (bits === 16) at = buffer.writeInt16LE(Math.round(value * 32767), at);
      else if (bits === 8) at = buffer.writeUInt8(Math.round(value * 127 + 128), at);
      else if (bits === 32 && tag === 3) at = buffer.writeFloatLE(value, at);
      else at += bits / 8;
    }
  }
  return new Uint8Array(buffer);
}

/** One Ogg page (the CRC is not checked by the sniffer, so it is left zero). */
function oggPage(serial: number, granule: bigint, packet: Uint8Array, headerType = 0): Buffer {
  const header = Buffer.alloc(28);
  header.write('OggS', 0, 'latin1');
  header.writeUInt8(headerType, 5);
  header.writeBigUInt64LE(granule, 6);
  header.writeUInt32LE(serial, 14);
  header.writeUInt8(1, 26);
  header.writeUInt8(packet.length, 27);
  return Buffer.concat([header, packet]);
}

function opusHead(channels: number, preSkip: number, inputRate: number): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head.writeUInt8(1, 8);
  head.writeUInt8(channels, 9);
  head.writeUInt16LE(preSkip, 10);
  head.writeUInt32LE(inputRate, 12);
  return head;
}

function streamInfo(sampleRate: number, channels: number, totalSamples: number): Buffer {
  const info = Buffer.alloc(34);
  info.writeUInt8(sampleRate >> 12, 10);
  info.writeUInt8((sampleRate >> 4) & 0xff, 11);
  info.writeUInt8(((sampleRate & 0xf) << 4) | ((channels - 1) << 1), 12);
  info.writeUInt8(0xf0, 13);
  info.writeUInt32BE(totalSamples, 14);
  return info;
}

describe('sniffAudio: WAV', () => {
  it('reads codec, sample rate, channels, duration and an RMS preview from a 16-bit PCM clip', () => {
    const result = sniffAudio(wav({ samples: (frame) => 0.5 * Math.sin((2 * Math.PI * 440 * frame) / 16_000) }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({ container: 'wav', codec: 'pcm_s16le', mime_type: 'audio/wav', extension: 'wav', sample_rate: 16_000, channels: 1, duration_ms: 1500 });
    expect(result.value.rms_preview).toHaveLength(32);
    for (const level of result.value.rms_preview ?? []) expect(level).toBeCloseTo(0.354, 2);
  });

  it('skips other chunks (with padding), reads extensible, float and 8-bit stereo clips, and cuts a streamed data size to the file', () => {
    expect(sniffAudio(wav({ extraChunk: true, frames: 8000 }))).toMatchObject({ ok: true, value: { duration_ms: 500, codec: 'pcm_s16le' } });
    expect(sniffAudio(wav({ extensible: true, bits: 24, sampleRate: 48_000, channels: 2, frames: 4800 }))).toMatchObject({ ok: true, value: { codec: 'pcm_s24le', sample_rate: 48_000, channels: 2, duration_ms: 100, rms_preview: null } });
    expect(sniffAudio(wav({ tag: 3, bits: 32, sampleRate: 44_100, frames: 44_100, samples: () => 0.25 }))).toMatchObject({ ok: true, value: { codec: 'pcm_f32le', duration_ms: 1000 } });
    expect(sniffAudio(wav({ bits: 8, channels: 2, sampleRate: 8000, frames: 16_000 }))).toMatchObject({ ok: true, value: { codec: 'pcm_u8', channels: 2, duration_ms: 2000 } });
    expect(sniffAudio(wav({ streamed: true, frames: 1600 }))).toMatchObject({ ok: true, value: { duration_ms: 100 } });
    expect(sniffAudio(wav({ tag: 7, bits: 8, frames: 8000, sampleRate: 8000 }))).toMatchObject({ ok: true, value: { codec: 'mulaw', duration_ms: 1000 } });
  });

  it('refuses a WAV without fmt or data as malformed', () => {
    const whole = wav({ frames: 10 });
    const headerOnly = whole.slice(0, 12 + 8 + 16);
    expect(sniffAudio(headerOnly)).toMatchObject({ ok: false, issues: [{ code: 'audio_malformed' }] });
    const noFmt = Buffer.from(whole);
    noFmt.write('junk', 12, 'latin1');
    expect(sniffAudio(new Uint8Array(noFmt))).toMatchObject({ ok: false, issues: [{ code: 'audio_malformed' }] });
  });
});

describe('sniffAudio: other containers', () => {
  it('names Opus and Vorbis in Ogg and reads the duration from the last page', () => {
    const opus = Buffer.concat([oggPage(7, 0n, opusHead(2, 312, 44_100), 2), oggPage(7, 0n, Buffer.from('OpusTags')), oggPage(9, 5n, Buffer.from('other')), oggPage(7, 96_312n, Buffer.alloc(40), 4)]);
    expect(sniffAudio(new Uint8Array(opus))).toMatchObject({ ok: true, value: { container: 'ogg', codec: 'opus', extension: 'opus', sample_rate: 48_000, channels: 2, duration_ms: 2000 } });
    const vorbisHead = Buffer.alloc(30);
    vorbisHead.writeUInt8(1, 0);
    vorbisHead.write('vorbis', 1, 'latin1');
    vorbisHead.writeUInt8(1, 11);
    vorbisHead.writeUInt32LE(22_050, 12);
    const vorbis = Buffer.concat([oggPage(3, 0n, vorbisHead, 2), oggPage(3, 33_075n, Buffer.alloc(10), 4)]);
    expect(sniffAudio(new Uint8Array(vorbis))).toMatchObject({ ok: true, value: { codec: 'vorbis', sample_rate: 22_050, channels: 1, duration_ms: 1500, extension: 'ogg' } });
    expect(sniffAudio(new Uint8Array(oggPage(1, 0n, Buffer.from('\x80theora-video-header', 'latin1'))))).toMatchObject({ ok: false, issues: [{ code: 'audio_not_audio' }] });
  });

  it('reads FLAC STREAMINFO', () => {
    const flac = Buffer.concat([Buffer.from('fLaC', 'latin1'), Buffer.from([0x80, 0, 0, 34]), streamInfo(44_100, 2, 88_200)]);
    expect(sniffAudio(new Uint8Array(flac))).toMatchObject({ ok: true, value: { container: 'flac', codec: 'flac', sample_rate: 44_100, channels: 2, duration_ms: 2000 } });
  });

  it('reads an MP3 frame header, after an ID3 tag or at the start', () => {
    const frame = Buffer.from([0xff, 0xfb, 0x90, 0x64, 0, 0, 0, 0]);
    const tag = Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([4, 0, 0, 0, 0, 0, 20]), Buffer.alloc(20), Buffer.alloc(3)]);
    expect(sniffAudio(new Uint8Array(Buffer.concat([tag, frame])))).toMatchObject({ ok: true, value: { container: 'mp3', codec: 'mp3', sample_rate: 44_100, channels: 2, duration_ms: null } });
    expect(sniffAudio(new Uint8Array(Buffer.from([0xff, 0xf3, 0x18, 0xc4, 0, 0])))).toMatchObject({ ok: true, value: { codec: 'mp3', sample_rate: 16_000, channels: 1 } });
    expect(sniffAudio(new Uint8Array(Buffer.concat([tag, Buffer.from('no frame here')])))).toMatchObject({ ok: false, issues: [{ code: 'audio_malformed' }] });
  });

  it('names the audio codec of a WebM recording and refuses one with video', () => {
    const rate = Buffer.alloc(8);
    rate.writeDoubleBE(48_000);
    const header = Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]),
      Buffer.from('webm', 'latin1'),
      Buffer.from([0x86, 0x86]),
      Buffer.from('A_OPUS', 'latin1'),
      Buffer.from([0xe1, 0x8d, 0xb5, 0x88]),
      rate,
      Buffer.from([0x9f, 0x81, 0x01]),
      Buffer.from([0x1f, 0x43, 0xb6, 0x75]),
      Buffer.from('V_VP8 in a cluster is ignored', 'latin1'),
    ]);
    expect(sniffAudio(new Uint8Array(header))).toMatchObject({ ok: true, value: { container: 'webm', codec: 'opus', mime_type: 'audio/webm', sample_rate: 48_000, channels: 1 } });
    const video = Buffer.concat([header.subarray(0, 12), Buffer.from('V_VP8 A_OPUS', 'latin1')]);
    expect(sniffAudio(new Uint8Array(video))).toMatchObject({ ok: false, issues: [{ code: 'audio_not_audio' }] });
  });

  it('reads an M4A sample entry and movie header, and refuses MP4 video', () => {
    const entry = Buffer.alloc(36);
    entry.write('mp4a', 0, 'latin1');
    entry.writeUInt16BE(2, 20);
    entry.writeUInt32BE(44_100 * 65_536, 28);
    const mvhd = Buffer.alloc(24);
    mvhd.write('mvhd', 0, 'latin1');
    mvhd.writeUInt32BE(1000, 16);
    mvhd.writeUInt32BE(3250, 20);
    const handler = (type: string) => Buffer.concat([Buffer.from('hdlr', 'latin1'), Buffer.alloc(8), Buffer.from(type, 'latin1')]);
    const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 20]), Buffer.from('ftypM4A ', 'latin1'), Buffer.alloc(8)]);
    expect(sniffAudio(new Uint8Array(Buffer.concat([ftyp, mvhd, handler('soun'), entry])))).toMatchObject({ ok: true, value: { container: 'mp4', codec: 'aac', extension: 'm4a', sample_rate: 44_100, channels: 2, duration_ms: 3250 } });
    expect(sniffAudio(new Uint8Array(Buffer.concat([ftyp, handler('vide'), entry])))).toMatchObject({ ok: false, issues: [{ code: 'audio_not_audio' }] });
  });
});

describe('sniffAudio: refusals', () => {
  it('refuses empty, oversized and non-audio uploads with clear codes', () => {
    expect(sniffAudio(new Uint8Array())).toMatchObject({ ok: false, issues: [{ code: 'audio_empty' }] });
    expect(sniffAudio(wav({ frames: 1000 }), { maxBytes: 100 })).toMatchObject({ ok: false, issues: [{ code: 'audio_too_large', message: expect.stringContaining('limit') }] });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    for (const bytes of [png, new TextEncoder().encode('Chapter One. It was a dark and stormy night.'), new TextEncoder().encode('%PDF-1.7')]) {
      expect(sniffAudio(bytes)).toMatchObject({ ok: false, issues: [{ code: 'audio_not_audio' }] });
    }
  });

  it('never throws, whatever the bytes, even behind a real magic number', () => {
    const magic = fc.constantFrom('', 'RIFF\0\0\0\0WAVE', 'OggS', 'fLaC', 'ID3', '\x1a\x45\xdf\xa3', '\0\0\0\x18ftyp', '\xff\xfb');
    fc.assert(
      fc.property(magic, fc.uint8Array({ maxLength: 300 }), (prefix, tail) => {
        const bytes = new Uint8Array([...Buffer.from(prefix, 'latin1'), ...tail]);
        const result = sniffAudio(bytes);
        if (result.ok) {
          expect(result.value.codec.length).toBeGreaterThan(0);
          expect(result.value.duration_ms === null || Number.isFinite(result.value.duration_ms)).toBe(true);
        } else {
          expect(result.issues[0]?.code).toMatch(/^audio_/);
        }
      }),
      { numRuns: 1500 },
    );
  });
});
