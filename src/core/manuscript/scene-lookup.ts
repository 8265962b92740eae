import { ControlRoomError } from '../../protocol/index.js';
import type { Workspace } from '../ports/index.js';
import { requireVfsPath } from '../vfs/index.js';
import type { SourceText } from './file-ref.js';
import { parseFrontMatter } from './front-matter.js';
import { parseSceneFile, type SceneFile } from './scene-file.js';
import { readSource, type ManuscriptSnapshot } from './snapshot.js';

/**
 * The scene a tool was asked about. Scenes in the snapshot are reused; another Markdown file of
 * the VFS is read and parsed as a scene; a path that is not in the VFS fails with `path_not_found`.
 */
export async function requireScene(snapshot: ManuscriptSnapshot, workspace: Workspace, rawPath: string): Promise<SceneFile> {
  const path = requireVfsPath(rawPath);
  const known = snapshot.scenes.find((scene) => scene.path === path);
  if (known) return known;
  if (!snapshot.files.includes(path)) {
    const near = snapshot.scenes.find((scene) => scene.path.toLowerCase() === path.toLowerCase() || scene.fileStem.toLowerCase() === path.split('/').pop()!.replace(/\.md$/i, '').toLowerCase());
    const hint = near ? ` Did you mean "${near.path}"?` : ' Find scenes with file_locator.';
    throw new ControlRoomError('path_not_found', `No scene "${path}" in the workspace.${hint}`, { fault: 'model' });
  }
  const source = await readSource(workspace, path);
  return parseSceneFile(source!);
}

/** Any manuscript file a tool was asked to read, with where its prose starts. */
export interface ManuscriptDocument {
  source: SourceText;
  bodyStart: number;
  /** Set when the file is a scene (or lives under `Story/` like one). */
  scene: SceneFile | null;
}

/**
 * A file from the snapshot (scene, card, lore, outline, canon) or, failing that, read through the
 * port; `path_not_found` when the VFS has no such file.
 */
export async function requireDocument(snapshot: ManuscriptSnapshot, workspace: Workspace, rawPath: string): Promise<ManuscriptDocument> {
  const path = requireVfsPath(rawPath);
  const scene = snapshot.scenes.find((candidate) => candidate.path === path);
  if (scene) return { source: scene.source, bodyStart: scene.bodyStart, scene };
  const card = [...snapshot.characters, ...snapshot.places].find((candidate) => candidate.path === path);
  if (card) return { source: card.source, bodyStart: card.bodyStart, scene: null };
  if (!snapshot.files.includes(path)) {
    throw new ControlRoomError('path_not_found', `No file "${path}" in the workspace. Find files with file_locator.`, { fault: 'model' });
  }
  const source = (await readSource(workspace, path))!;
  if (path.startsWith('Story/') && path !== snapshot.outline?.path) {
    const parsed = parseSceneFile(source);
    return { source, bodyStart: parsed.bodyStart, scene: parsed };
  }
  return { source, bodyStart: parseFrontMatter(path, source.lines).bodyStart, scene: null };
}
