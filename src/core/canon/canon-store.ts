import type { CanonMeta } from '../../protocol/canon.js';

/**
 * Where the compiled index lives (`.control-room/canon/`): the Markdown served as `Canon.md` and
 * its metadata. Both files are replaced atomically, the index first, so a reader never sees half
 * an index and the metadata never describes an index that was not written.
 */
export interface CanonStore {
  write(markdown: string, meta: CanonMeta): Promise<void>;
  /** The metadata of the last build; null when there is none (or it does not parse). */
  readMeta(): Promise<CanonMeta | null>;
}
