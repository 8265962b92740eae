import { promises as fs } from 'node:fs';
import path from 'node:path';
import { CANON_INDEX_STORAGE_PATH } from '../../protocol/index.js';
import { CANON_META_STORAGE_PATH, CanonMetaSchema, type CanonMeta } from '../../protocol/canon.js';
import type { CanonStore } from '../../core/canon/index.js';
import { writeFileAtomic, writeJsonAtomic } from '../fs-store/index.js';

/** The canon index files of a workspace: `.control-room/canon/canon-index.md` and `canon-meta.json`. */
export class FsCanonStore implements CanonStore {
  readonly indexPath: string;
  readonly metaPath: string;

  constructor(workspaceRoot: string) {
    this.indexPath = path.join(path.resolve(workspaceRoot), CANON_INDEX_STORAGE_PATH);
    this.metaPath = path.join(path.resolve(workspaceRoot), CANON_META_STORAGE_PATH);
  }

  async write(markdown: string, meta: CanonMeta): Promise<void> {
    await writeFileAtomic(this.indexPath, markdown);
    await writeJsonAtomic(this.metaPath, meta);
  }

  async readMeta(): Promise<CanonMeta | null> {
    const text = await fs.readFile(this.metaPath, 'utf8').catch(() => null);
    if (text === null) return null;
    try {
      const parsed = CanonMetaSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
}
