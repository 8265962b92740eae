import type { AudioErrorCode, AudioFormat } from '../../protocol/audio.js';

/** Why a clip was refused, with the byte span where the problem was found. */
export interface AudioIssue {
  code: AudioErrorCode;
  message: string;
  span: { start: number; end: number };
}

/** What sniffing a clip gives: its format, or the reasons it is refused. */
export type SniffResult = { ok: true; value: AudioFormat } | { ok: false; issues: AudioIssue[] };

/** A refusal with one issue. */
export function refuse(code: AudioErrorCode, message: string, start = 0, end = start): SniffResult {
  return { ok: false, issues: [{ code, message, span: { start, end } }] };
}

/** A format with the fields a container could not tell us set to null. */
export function format(value: Pick<AudioFormat, 'container' | 'codec' | 'mime_type' | 'extension'> & Partial<AudioFormat>): SniffResult {
  return {
    ok: true,
    value: {
      sample_rate: null,
      channels: null,
      duration_ms: null,
      rms_preview: null,
      ...value,
    },
  };
}
