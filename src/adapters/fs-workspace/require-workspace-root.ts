import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ControlRoomError } from '../../protocol/index.js';

/** The absolute workspace root, refusing folders that are not Control Room workspaces (no `.control-room/`). */
export async function requireWorkspaceRoot(dir: string): Promise<string> {
  const root = path.resolve(dir);
  const info = await fs.stat(path.join(root, '.control-room')).catch(() => null);
  if (!info?.isDirectory()) {
    throw new ControlRoomError('workspace_not_found', `No Control Room workspace at ${root}. Create one with "control-room init <dir>" or pass --workspace.`);
  }
  return root;
}
