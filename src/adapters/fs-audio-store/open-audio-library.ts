import type { Clock, Ids } from '../../core/ports/index.js';
import { AudioLibrary, retentionDaysFrom } from '../../core/audio/index.js';
import { systemClock, systemIds } from '../system/index.js';
import { FsAudioStore } from './fs-audio-store.js';

export interface OpenAudioLibraryOptions {
  /** Read for `AUDIO_RETENTION_DAYS` (default: the process's environment). */
  env?: Record<string, string | undefined>;
  clock?: Clock;
  ids?: Pick<Ids, 'uuidv7'>;
  maxBytes?: number;
}

/** The audio library of a workspace (`.control-room/audio/`), with the retention from the environment. */
export function openAudioLibrary(workspaceRoot: string, options: OpenAudioLibraryOptions = {}): AudioLibrary {
  return new AudioLibrary({
    store: new FsAudioStore(workspaceRoot),
    clock: options.clock ?? systemClock,
    ids: options.ids ?? systemIds,
    retentionDays: retentionDaysFrom(options.env ?? process.env),
    ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
  });
}
