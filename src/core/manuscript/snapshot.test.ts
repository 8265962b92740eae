import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsWorkspace, initWorkspace } from '../../adapters/fs-workspace/index.js';
import { RecordingWorkspace } from '../testing/index.js';
import { attachCanonQuotes, severityCounts, snapshotSources } from './canon-quotes.js';
import { FileRefCollector, sha256Hex } from './file-ref.js';
import { requireDocument, requireScene } from './scene-lookup.js';
import { loadManuscriptSnapshot } from './snapshot.js';

let base: string;
let workspace: FsWorkspace;

const files: Record<string, string | Buffer> = {
  'Story/SCN-outline.md': '## Act 1 — Start\n### Scene 1: Dock\n- File: SCN-01-dock\n- POV: Mara\n',
  'Story/Scenes/SCN-02-storm.md': '---\ntitle: Storm\nscene: 2\n---\nRain.\n',
  'Story/Scenes/SCN-01-dock.md': '---\ntitle: Dock\npov: Mara\nscene: 1\n---\nMara Quill waited on the dock.\n',
  'Story/Scenes/SCN-03-broken.md': Buffer.from([0x00, 0x01, 0x02]),
  'Story/notes.md': 'A loose note about Mara.\n',
  'Compendium/People/Birdie Quill.md': '# Birdie Quill\n- Eyes: brown\n',
  'Compendium/Characters/CHAR-mara-quill.md': '---\nname: Mara Quill\naliases: [Mara]\neyes: green\n---\nShe sails.\n',
  'Compendium/Places/PLACE-dock.md': '---\nname: Long Dock\n---\n',
  'Compendium/Lore/LORE-sea.md': '# Sea\n- The dock has 40 posts.\n',
};

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-snapshot-'));
  await initWorkspace(base);
  for (const [file, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(base, file)), { recursive: true });
    await fs.writeFile(path.join(base, file), content);
  }
  workspace = await FsWorkspace.open(base);
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('loadManuscriptSnapshot', () => {
  it('finds every part through the tree, orders scenes by number and records unreadable files', async () => {
    const snapshot = await loadManuscriptSnapshot(workspace);
    expect(snapshot.outline?.path).toBe('Story/SCN-outline.md');
    // Any Markdown under Story/ is a scene; unnumbered ones come after the numbered.
    expect(snapshot.scenes.map((scene) => scene.path)).toEqual(['Story/Scenes/SCN-01-dock.md', 'Story/Scenes/SCN-02-storm.md', 'Story/notes.md']);
    expect(snapshot.scenes.map((scene) => scene.position)).toEqual([1, 2, 3]);
    expect(snapshot.characters.map((card) => card.name.value).sort()).toEqual(['Birdie Quill', 'Mara Quill']);
    expect(snapshot.places.map((card) => card.name.value)).toEqual(['Long Dock']);
    expect(snapshot.lore[0]?.facts).toEqual([{ value: 'The dock has 40 posts.', line: 2 }]);
    expect(snapshot.canon?.path).toBe('Canon.md');
    expect(snapshot.names.resolve('Mara')?.name).toBe('Mara Quill');
    expect(snapshot.problems).toContainEqual(expect.objectContaining({ code: 'file_binary', path: 'Story/Scenes/SCN-03-broken.md' }));
  });

  it('reads no scene content when asked not to, and honours a given outline path', async () => {
    const recording = new RecordingWorkspace(workspace);
    const snapshot = await loadManuscriptSnapshot(recording, { scenes: false, outlinePath: 'Story/notes.md' });
    expect(snapshot.scenes).toEqual([]);
    expect(snapshot.outline?.path).toBe('Story/notes.md');
    expect(recording.reads.filter((read) => read.startsWith('Story/Scenes/'))).toEqual([]);
  });
});

describe('requireScene and requireDocument', () => {
  it('returns snapshot scenes, parses other Story files, and refuses unknown or unsafe paths', async () => {
    const snapshot = await loadManuscriptSnapshot(workspace);
    expect((await requireScene(snapshot, workspace, './Story/Scenes/SCN-01-dock.md')).title?.value).toBe('Dock');
    expect((await requireScene(snapshot, workspace, 'Story/notes.md')).path).toBe('Story/notes.md');
    await expect(requireScene(snapshot, workspace, 'Story/Scenes/SCN-01-Dock')).rejects.toMatchObject({ code: 'path_not_found', message: expect.stringContaining('Did you mean "Story/Scenes/SCN-01-dock.md"') });
    await expect(requireScene(snapshot, workspace, '../outside.md')).rejects.toMatchObject({ code: 'path_outside_workspace' });
    const card = await requireDocument(snapshot, workspace, 'Compendium/Characters/CHAR-mara-quill.md');
    expect(card).toMatchObject({ bodyStart: 6, scene: null });
    const lore = await requireDocument(snapshot, workspace, 'Compendium/Lore/LORE-sea.md');
    expect(lore.bodyStart).toBe(1);
    await expect(requireDocument(snapshot, workspace, 'Compendium/none.md')).rejects.toMatchObject({ code: 'path_not_found' });
  });
});

describe('attachCanonQuotes', () => {
  it('quotes the canon line and records both excerpts as file refs', async () => {
    const snapshot = await loadManuscriptSnapshot(workspace);
    const refs = new FileRefCollector();
    const [finding] = attachCanonQuotes(
      [{ kind: 'eye_colour_mismatch', severity: 'error', message: 'm', path: 'Story/Scenes/SCN-01-dock.md', line: 6, quote: 'Mara Quill waited on the dock.', canon: { path: 'Compendium/Characters/CHAR-mara-quill.md', line: 4, value: 'green' } }],
      snapshotSources(snapshot),
      refs,
    );
    expect(finding!.canon?.quote).toBe('eyes: green');
    expect(refs.refs().map((ref) => `${ref.path}#${ref.start_line}`)).toEqual(['Compendium/Characters/CHAR-mara-quill.md#4', 'Story/Scenes/SCN-01-dock.md#6']);
    const read = await workspace.read('Compendium/Characters/CHAR-mara-quill.md', { start: 4, end: 4 });
    expect(refs.refs()[0]!.sha256).toBe(sha256Hex(read.content));
    expect(severityCounts([finding!])).toEqual({ errors: 1, warnings: 0, notes: 0 });
  });
});
