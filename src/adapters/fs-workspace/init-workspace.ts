import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ControlRoomError } from '../../protocol/index.js';
import { defaultAgentEndpointsFile, defaultAgentsFile } from '../../core/agents/index.js';
import { sampleManuscriptDir, writeJsonAtomic } from '../fs-store/index.js';

/** App-data folders every workspace has (SPEC §3, the v0.5 seed's storage paths). */
export const APP_DATA_FOLDERS = [
  'agents',
  'audit/sessions',
  'audit/issues',
  'canon',
  'credits',
  'issues',
  'memory',
  'prompts',
  'recipes',
  'runs',
  'telemetry',
] as const;

const MANUSCRIPT_FOLDERS = ['Story/Scenes', 'Compendium/Characters', 'Compendium/Places', 'Compendium/Lore'] as const;

export interface InitWorkspaceResult {
  root: string;
  created: string[];
  kept: string[];
  sample: boolean;
}

async function exists(target: string): Promise<boolean> {
  return fs.stat(target).then(
    () => true,
    () => false,
  );
}

/**
 * Creates a workspace folder (or completes an existing one) without overwriting anything:
 * files that already exist are kept and reported. With `sample`, the bundled manuscript is copied in.
 */
export async function initWorkspace(dir: string, options: { sample?: boolean } = {}): Promise<InitWorkspaceResult> {
  const root = path.resolve(dir);
  const rootInfo = await fs.stat(root).catch(() => null);
  if (rootInfo && !rootInfo.isDirectory()) {
    throw new ControlRoomError('workspace_exists', `${root} exists and is not a folder. Choose another place for the workspace.`);
  }
  const created: string[] = [];
  const kept: string[] = [];
  if (options.sample) {
    const hasStory = await exists(path.join(root, 'Story'));
    if (hasStory) {
      throw new ControlRoomError(
        'workspace_exists',
        `${root} already has a Story/ folder; the sample would mix with it. Choose an empty folder for the sample.`,
      );
    }
    await fs.mkdir(root, { recursive: true });
    await fs.cp(sampleManuscriptDir(), root, {
      recursive: true,
      errorOnExist: false,
      force: false,
      filter: (source) => path.basename(source) !== 'PLANTED.md',
    });
    created.push('Story/', 'Compendium/', '.control-room/canon/canon-index.md');
  }
  for (const folder of [...MANUSCRIPT_FOLDERS, ...APP_DATA_FOLDERS.map((name) => `.control-room/${name}`)]) {
    const target = path.join(root, folder);
    if (await exists(target)) continue;
    await fs.mkdir(target, { recursive: true });
    if (!options.sample || folder.startsWith('.control-room')) created.push(`${folder}/`);
  }
  const configFiles: Array<[string, unknown]> = [
    ['.control-room/agents/agents.json', defaultAgentsFile()],
    ['.control-room/agents/agent-endpoints.json', defaultAgentEndpointsFile()],
  ];
  for (const [relative, value] of configFiles) {
    const target = path.join(root, relative);
    if (await exists(target)) {
      kept.push(relative);
      continue;
    }
    await writeJsonAtomic(target, value);
    created.push(relative);
  }
  return { root, created, kept, sample: Boolean(options.sample) };
}
