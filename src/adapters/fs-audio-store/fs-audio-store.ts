import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ControlRoomError } from '../../protocol/index.js';
import { AUDIO_SCHEMA_VERSION, AudioArtifactSchema, type AudioArtifact } from '../../protocol/audio.js';
import { isAudioId, type AudioStore } from '../../core/audio/index.js';
import { readVersionedJson, writeFileAtomic, writeJsonAtomic } from '../fs-store/index.js';

/** Where a workspace keeps its clips, relative to the workspace root. */
export const AUDIO_DIR = '.control-room/audio';

function corrupt(file: string, reason: string): ControlRoomError {
  return new ControlRoomError('audio_store_corrupt', `The audio metadata ${file} cannot be read: ${reason}. Move it aside (the clip beside it is untouched).`, {
    fault: 'system',
    details: { file },
  });
}

function requireAudioId(audioId: string): string {
  if (!isAudioId(audioId)) throw new ControlRoomError('audio_not_found', `${JSON.stringify(audioId)} is not an audio id.`);
  return audioId;
}

/**
 * Clips as files: `<audio_id>.<ext>` holds the bytes and `<audio_id>.json` the metadata, both
 * written atomically (temporary file, fsync, rename). Bytes go first and are removed last, so a
 * crash leaves at worst a clip without metadata, never metadata without its clip.
 */
export class FsAudioStore implements AudioStore {
  /** Absolute path of the audio folder. */
  readonly dir: string;

  constructor(private readonly workspaceRoot: string) {
    this.dir = path.join(path.resolve(workspaceRoot), AUDIO_DIR);
  }

  pathFor(audioId: string, extension: string): string {
    return `${AUDIO_DIR}/${requireAudioId(audioId)}.${extension}`;
  }

  async save(artifact: AudioArtifact, bytes: Uint8Array): Promise<void> {
    await writeFileAtomic(this.clipFile(artifact), bytes);
    await writeJsonAtomic(this.metadataFile(artifact.audio_id), artifact);
  }

  async update(artifact: AudioArtifact): Promise<void> {
    if ((await this.get(artifact.audio_id)) === null) throw new ControlRoomError('audio_not_found', `No audio clip ${artifact.audio_id}.`);
    await writeJsonAtomic(this.metadataFile(artifact.audio_id), artifact);
  }

  async get(audioId: string): Promise<AudioArtifact | null> {
    if (!isAudioId(audioId)) return null;
    const file = this.metadataFile(audioId);
    const artifact = await readVersionedJson(file, AudioArtifactSchema, AUDIO_SCHEMA_VERSION, corrupt);
    if (artifact === null) return null;
    if (artifact.audio_id !== audioId) throw corrupt(file, 'its audio_id does not match its file name');
    return artifact;
  }

  async list(): Promise<AudioArtifact[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const artifacts: AudioArtifact[] = [];
    for (const name of names) {
      const audioId = name.endsWith('.json') ? name.slice(0, -'.json'.length) : '';
      if (!isAudioId(audioId)) continue;
      // One unreadable metadata file must not hide every other clip; `get` reports it.
      const artifact = await this.get(audioId).catch(() => null);
      if (artifact !== null) artifacts.push(artifact);
    }
    return artifacts;
  }

  async read(artifact: AudioArtifact): Promise<Uint8Array> {
    try {
      return await fs.readFile(this.clipFile(artifact));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw corrupt(this.metadataFile(artifact.audio_id), `its clip ${artifact.path} is missing`);
      throw error;
    }
  }

  async remove(artifact: AudioArtifact): Promise<void> {
    await fs.rm(this.metadataFile(artifact.audio_id), { force: true });
    await fs.rm(this.clipFile(artifact), { force: true });
  }

  private metadataFile(audioId: string): string {
    return path.join(this.dir, `${requireAudioId(audioId)}.json`);
  }

  /** The clip's absolute path, refusing metadata whose path is not this clip's own file in the audio folder. */
  private clipFile(artifact: AudioArtifact): string {
    const expected = new RegExp(`^${AUDIO_DIR.replace('.', '\\.')}/${requireAudioId(artifact.audio_id)}\\.[a-z0-9]{1,5}$`);
    if (!expected.test(artifact.path)) throw corrupt(this.metadataFile(artifact.audio_id), `its path ${JSON.stringify(artifact.path)} is not inside ${AUDIO_DIR}/`);
    return path.join(path.resolve(this.workspaceRoot), artifact.path);
  }
}
