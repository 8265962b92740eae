import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ControlRoomError } from '../../protocol/index.js';
import type { ImportUpload } from './import-upload.js';

/** An upload written to a temporary folder, to be read like a folder or `.docx` on disk. */
export interface StagedUpload {
  /** The `.docx` or the folder to import. */
  source: string;
  /** Removes the staged copy (it never fails). */
  remove: () => Promise<void>;
}

function inside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/**
 * Writes a checked upload under a new temporary folder, keeping its name (`Book.docx`,
 * `Novel.scriv/…`) so the import reads it as the writer's own. Every path is resolved and must stay
 * inside that folder; a file is never written over another. On failure the copy is removed.
 */
export async function stageUpload(upload: ImportUpload, options: { tempDir?: string } = {}): Promise<StagedUpload> {
  const base = await fs.mkdtemp(path.join(options.tempDir ?? os.tmpdir(), 'control-room-import-'));
  const remove = (): Promise<void> => fs.rm(base, { recursive: true, force: true }).catch(() => undefined);
  const source = path.join(base, upload.name);
  try {
    if (!inside(base, source)) throw new ControlRoomError('import_upload_path_invalid', `Refused the name "${upload.name}": it leaves the staging folder.`);
    if (upload.kind === 'docx') {
      await fs.writeFile(source, new Uint8Array(await upload.files[0]!.content.arrayBuffer()), { flag: 'wx' });
      return { source, remove };
    }
    for (const file of upload.files) {
      const target = path.resolve(source, ...file.path.split('/'));
      if (!inside(source, target)) throw new ControlRoomError('import_upload_path_invalid', `Refused the path "${file.path}": it leaves the uploaded folder.`);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, new Uint8Array(await file.content.arrayBuffer()), { flag: 'wx' });
    }
    return { source, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
