import { promises as fs } from 'node:fs';
import { ControlRoomError } from '../protocol/index.js';
import type { AudioArtifact } from '../protocol/audio.js';
import type { AudioLibrary } from '../core/audio/index.js';

/**
 * Stores an audio file in the workspace's clips (`audio add`, and `chat`/`conference --audio`):
 * an oversized file is refused before it is read, bytes that are not audio with the sniffer's code.
 */
export async function addClipFile(library: AudioLibrary, file: string, options: { roundId?: string | null; pinned?: boolean } = {}): Promise<AudioArtifact> {
  const info = await fs.stat(file).catch(() => null);
  if (!info?.isFile()) throw new ControlRoomError('usage_error', `No file ${file} to add.`);
  if (info.size > library.uploadLimitBytes) {
    throw new ControlRoomError('audio_too_large', `${file} is ${info.size} bytes, over the ${library.uploadLimitBytes}-byte limit. Trim or compress it.`);
  }
  const result = await library.add(new Uint8Array(await fs.readFile(file)), { roundId: options.roundId ?? null, pinned: options.pinned ?? false });
  if (!result.ok) {
    const [issue] = result.issues;
    throw new ControlRoomError(issue?.code ?? 'audio_not_audio', `${file}: ${issue?.message ?? 'not audio'}`);
  }
  return result.value;
}
