import type { AudioArtifact } from '../../protocol/audio.js';

/**
 * Where clips and their metadata live (`.control-room/audio/` in a workspace). Every write is
 * atomic (a reader sees the old file or the new one), and a clip's bytes are written before its
 * metadata and removed after it, so metadata never points at a missing clip.
 */
export interface AudioStore {
  /** The workspace-relative path a clip with this id and extension is stored at. */
  pathFor(audioId: string, extension: string): string;
  /** Stores the bytes, then the metadata. */
  save(artifact: AudioArtifact, bytes: Uint8Array): Promise<void>;
  /** Replaces the metadata of a stored clip. */
  update(artifact: AudioArtifact): Promise<void>;
  /** The metadata of a clip, or null. Throws `audio_store_corrupt` for a metadata file that does not parse. */
  get(audioId: string): Promise<AudioArtifact | null>;
  /** Every clip's metadata (files that do not parse are skipped and reported by `get`). */
  list(): Promise<AudioArtifact[]>;
  /** The stored bytes of a clip. */
  read(artifact: AudioArtifact): Promise<Uint8Array>;
  /** Removes the metadata, then the bytes. */
  remove(artifact: AudioArtifact): Promise<void>;
}
