import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsWorkspace, initWorkspace } from '../../adapters/fs-workspace/index.js';
import { defaultAgentsFile } from '../agents/index.js';
import { InMemoryIssueStore, RecordingWorkspace } from '../testing/index.js';
import { proseAnalyzerTool } from './prose-analyzer.js';
import type { ToolContext } from './tool-definition.js';

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
const SAMPLE = path.resolve(import.meta.dirname, '../../../examples/glass-harbour');
const SCENE_PATH = 'Story/Scenes/SCN-01-harbour.md';
const SCENE_LINES = [
  '---',
  'title: Harbour',
  'pov: Mara',
  '---',
  '',
  '“Is it far?” she asked. “Not far.”',
  '',
  'Mr. Hale said, “Wait.” Dr. Aske nodded slowly.',
  '',
  'St. Brannoc’s bell rang… Then nothing.',
];

let base: string;
let workspace: FsWorkspace;

function contextOf(target: FsWorkspace | RecordingWorkspace): ToolContext {
  return { workspace: target, issues: new InMemoryIssueStore(), agents: defaultAgentsFile().agents };
}

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-prose-'));
  await initWorkspace(base);
  await fs.writeFile(path.join(base, SCENE_PATH), `${SCENE_LINES.join('\n')}\n`);
  await fs.writeFile(path.join(base, 'Story/Scenes/SCN-02-empty.md'), '');
  await fs.writeFile(path.join(base, 'Story/Scenes/SCN-03-front.md'), '---\ntitle: Later\n---\n');
  workspace = await FsWorkspace.open(base);
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

describe('prose_analyzer', () => {
  it('analyses a scene read through the workspace and returns a file ref of exactly what it read', async () => {
    const spy = new RecordingWorkspace(workspace);
    const output = await proseAnalyzerTool.run({ scene_path: `./${SCENE_PATH}` }, contextOf(spy));
    expect(spy.reads).toEqual([SCENE_PATH]);
    expect(output.result).toMatchObject({
      scene_path: SCENE_PATH,
      focus: 'all',
      lines: { start_line: 1, end_line: 10, prose_start_line: 6 },
      front_matter: { present: true, title: 'Harbour', pov: 'Mara' },
      // “Is it far?” she asked. (5) “Not far.” (2) | Mr. Hale said, “Wait.” (4) Dr. Aske nodded slowly. (4) | (4) (2)
      words: 21,
      sentences: { count: 6, min_words: 2, max_words: 5, longest: { words: 5, line: 6, text: '“Is it far?” she asked.' } },
      dialogue: { dialogue_words: 6, quotes: 3, dialogue_lines: 2, speakers: { she: 1, 'Mr. Hale': 1 } },
      adverbs: { count: 1, top: [{ word: 'slowly', count: 1 }], lines: [8] },
    });
    expect(output.result['pacing']).toBeDefined();
    expect(output.fileRefs).toEqual([{ path: SCENE_PATH, start_line: 1, end_line: 10, sha256: sha256(SCENE_LINES.join('\n')) }]);
  });

  it('returns only the section the focus asks for', async () => {
    const output = await proseAnalyzerTool.run({ scene_path: SCENE_PATH, focus: 'voice' }, contextOf(workspace));
    expect(output.result).toMatchObject({ focus: 'voice', voice: { dialogue_ratio: 0.29 } });
    expect(output.result['pacing']).toBeUndefined();
    expect(output.result['rhythm']).toBeUndefined();
  });

  it('describes a dry run without reading anything, even for a file that does not exist', async () => {
    const spy = new RecordingWorkspace(workspace);
    const output = await proseAnalyzerTool.run({ scene_path: 'Story/Scenes/SCN-99-missing.md', focus: 'rhythm', dry_run: true }, contextOf(spy));
    expect(spy.calls).toEqual([]);
    expect(output.fileRefs).toEqual([]);
    expect(output.result).toMatchObject({ dry_run: true, tool: 'prose_analyzer' });
    expect(output.result['would']).toContain('read Story/Scenes/SCN-99-missing.md');
    expect(output.result['would']).toContain('rhythm');
  });

  it('refuses paths outside the workspace, in a dry run and a real run', async () => {
    const context = contextOf(workspace);
    await expect(proseAnalyzerTool.run({ scene_path: '../secrets.md', dry_run: true }, context)).rejects.toMatchObject({ code: 'path_outside_workspace' });
    await expect(proseAnalyzerTool.run({ scene_path: '.control-room/audit/secret.key' }, context)).rejects.toMatchObject({ code: 'path_outside_workspace' });
    await expect(proseAnalyzerTool.run({ scene_path: 'Story/Scenes/SCN-99-missing.md' }, context)).rejects.toMatchObject({ code: 'path_not_found' });
  });

  it('reports an empty scene and a scene of only front matter', async () => {
    const empty = await proseAnalyzerTool.run({ scene_path: 'Story/Scenes/SCN-02-empty.md' }, contextOf(workspace));
    expect(empty.result).toMatchObject({ words: 0, sentences: { count: 0 }, notes: ['The scene has no prose to analyse.'] });
    expect(empty.fileRefs).toEqual([{ path: 'Story/Scenes/SCN-02-empty.md', start_line: 0, end_line: 0, sha256: sha256('') }]);
    const front = await proseAnalyzerTool.run({ scene_path: 'Story/Scenes/SCN-03-front.md' }, contextOf(workspace));
    expect(front.result).toMatchObject({ words: 0, front_matter: { present: true, title: 'Later' } });
    expect(front.fileRefs[0]).toMatchObject({ start_line: 1, end_line: 3 });
  });
});

describe('prose_analyzer on the sample manuscript', () => {
  let sample: FsWorkspace;

  beforeAll(async () => {
    sample = await FsWorkspace.open(SAMPLE);
  });

  it('gives sane figures for every scene', async () => {
    const scenes = (await sample.listFiles()).filter((file) => file.startsWith('Story/Scenes/'));
    expect(scenes.length).toBeGreaterThan(0);
    for (const scene of scenes) {
      const output = await proseAnalyzerTool.run({ scene_path: scene }, contextOf(sample));
      const result = output.result as Record<string, Record<string, unknown>> & { words: number };
      const ratio = result.dialogue?.['ratio'] as number;
      expect(ratio, scene).toBeGreaterThan(0);
      expect(ratio, scene).toBeLessThan(1);
      expect(result.sentences?.['count'] as number, scene).toBeGreaterThan(20);
      expect(result.words, scene).toBeGreaterThan(200);
      const ease = result.readability?.['flesch_reading_ease'] as number;
      expect(ease, scene).toBeGreaterThan(0);
      expect(ease, scene).toBeLessThan(121);
      const read = await sample.read(scene);
      expect(output.fileRefs, scene).toEqual([{ path: scene, start_line: 1, end_line: read.lines, sha256: sha256(read.content) }]);
    }
  });

  it('reads the opening scene as close third person with speaker tags on real lines', async () => {
    const output = await proseAnalyzerTool.run({ scene_path: 'Story/Scenes/SCN-01-the-lamp-room.md' }, contextOf(sample));
    const read = await sample.read('Story/Scenes/SCN-01-the-lamp-room.md');
    const lines = read.content.split('\n');
    const result = output.result as { pov: { verdict: string; declared: string }; dialogue: { speaker_tags: Array<{ line: number; text: string }> } };
    expect(result.pov.verdict).toBe('third-limited');
    expect(result.pov.declared).toBe('Hester Vane');
    expect(result.dialogue.speaker_tags.length).toBeGreaterThan(3);
    for (const tag of result.dialogue.speaker_tags) {
      const verb = tag.text.split(' ').find((word) => /^(said|asked)$/i.test(word)) ?? tag.text;
      expect(lines[tag.line - 1], tag.text).toContain(verb);
    }
  });

  it('finds the planted "said Tresk" tag in the scene after his death', async () => {
    const output = await proseAnalyzerTool.run({ scene_path: 'Story/Scenes/SCN-09-last-orders.md', focus: 'voice' }, contextOf(sample));
    const tags = (output.result as { dialogue: { speaker_tags: Array<{ speaker: string; line: number }> } }).dialogue.speaker_tags;
    expect(tags).toContainEqual(expect.objectContaining({ speaker: 'Tresk', line: 66 }));
  });
});
