import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ControlRoomError, FEATURE_FLAGS_FILE, type ResolvedFeatureFlags } from '../../protocol/index.js';
import { resolveFeatureFlags } from '../../core/config/index.js';

/** The workspace's `flags.json` (null when there is none) with the environment over it; fails loud on a bad file. */
export async function loadFeatureFlags(root: string, env: Record<string, string | undefined>): Promise<ResolvedFeatureFlags> {
  const file = path.join(root, ...FEATURE_FLAGS_FILE.split('/'));
  let parsed: unknown = null;
  const text = await fs.readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (text !== null) {
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new ControlRoomError('config_invalid', `${FEATURE_FLAGS_FILE} is not valid JSON (${(error as Error).message}).`);
    }
  }
  return resolveFeatureFlags({ file: parsed, env });
}
