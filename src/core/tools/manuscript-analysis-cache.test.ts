import { describe, expect, it } from 'vitest';
import type { Finding } from '../manuscript/index.js';
import { InMemoryIssueStore, MemoryWorkspace } from '../testing/index.js';
import { consistencyCheckerTool } from './consistency-checker.js';
import { manuscriptAnalysisStats } from './manuscript-analysis-cache.js';
import type { ToolContext } from './tool-definition.js';

const CARD = 'Compendium/Characters/CHAR-ines.md';
const SCENE = 'Story/Scenes/SCN-01-ferry.md';
const LATER = 'Story/Scenes/SCN-02-market.md';

function manuscript(sceneText: string, cardEyes = 'hazel'): MemoryWorkspace {
  return new MemoryWorkspace({
    [CARD]: `---\nname: Ines Albescu\naliases: [Ines]\neyes: ${cardEyes}\n---\nA ferry pilot.\n`,
    'Compendium/Places/PLACE-ferry.md': '---\nname: Dunmore Ferry\n---\n',
    [SCENE]: `---\npov: Ines\n---\n${sceneText}\n`,
    [LATER]: '---\npov: Ines\n---\nInes bought figs at the market by Dunmore Ferry.\n',
  });
}

const context = (workspace: MemoryWorkspace): ToolContext => ({ workspace, issues: new InMemoryIssueStore(), agents: [] });
const eyeFindings = (result: Record<string, unknown>): Finding[] => (result['findings'] as Finding[]).filter((finding) => finding.kind === 'eye_colour_mismatch');

/** Runs the checker and says whether it worked the answer out (true) or reused it (false). */
async function check(workspace: MemoryWorkspace, args: Parameters<typeof consistencyCheckerTool.run>[0]) {
  const before = manuscriptAnalysisStats();
  const output = await consistencyCheckerTool.run(args, context(workspace));
  const after = manuscriptAnalysisStats();
  return { output, computed: after.computed - before.computed === 1, reused: after.reused - before.reused === 1 };
}

describe('whole-manuscript analyses kept by file hashes', () => {
  it('answers a repeated consistency_checker over unchanged files without working it out again', async () => {
    const workspace = manuscript('Ines Albescu’s blue eyes watched the ferry ramp.');
    const args = { file_paths: [SCENE], focus: 'characters' as const };
    const first = await check(workspace, args);
    expect(first.computed).toBe(true);
    expect(eyeFindings(first.output.result)).toHaveLength(1);
    const again = await check(workspace, args);
    expect(again).toMatchObject({ computed: false, reused: true });
    expect(again.output).toEqual(first.output);
    // What a caller does with its copy never reaches the next one.
    (again.output.result['findings'] as Finding[]).length = 0;
    again.output.fileRefs.length = 0;
    expect((await check(workspace, args)).output).toEqual(first.output);
  });

  it('works it out again when any file it depends on changes, appears or goes', async () => {
    const workspace = manuscript('Ines Albescu’s blue eyes watched the ferry ramp.');
    const args = { file_paths: [SCENE], focus: 'characters' as const };
    await check(workspace, args);
    // The file asked about, fixed.
    workspace.write(SCENE, '---\npov: Ines\n---\nInes Albescu’s hazel eyes watched the ferry ramp.\n');
    const fixed = await check(workspace, args);
    expect(fixed.computed).toBe(true);
    expect(eyeFindings(fixed.output.result)).toEqual([]);
    // A card it was not asked about.
    workspace.write(CARD, '---\nname: Ines Albescu\naliases: [Ines]\neyes: grey\n---\nA ferry pilot.\n');
    const card = await check(workspace, args);
    expect(card.computed).toBe(true);
    expect(eyeFindings(card.output.result)).toHaveLength(1);
    // A new chapter, then a file with the same text written again (same hashes: reused).
    workspace.write('Story/Scenes/SCN-03-fog.md', '---\npov: Ines\n---\nFog.\n');
    expect((await check(workspace, args)).computed).toBe(true);
    workspace.write('Story/Scenes/SCN-03-fog.md', '---\npov: Ines\n---\nFog.\n');
    expect((await check(workspace, args)).reused).toBe(true);
  });

  it('keeps different questions and different manuscripts apart', async () => {
    const workspace = manuscript('Ines Albescu’s blue eyes watched the ferry ramp.');
    await check(workspace, { file_paths: [SCENE], focus: 'characters' });
    expect((await check(workspace, { file_paths: [SCENE], focus: 'terminology' })).computed).toBe(true);
    expect((await check(workspace, { file_paths: [SCENE, LATER], focus: 'characters' })).computed).toBe(true);
    expect((await check(workspace, { file_paths: [LATER, SCENE], focus: 'characters' })).computed).toBe(true);
    const other = await check(manuscript('Ines Albescu’s blue eyes watched the ferry ramp.', 'blue'), { file_paths: [SCENE], focus: 'characters' });
    expect(other.computed).toBe(true);
    expect(eyeFindings(other.output.result)).toEqual([]);
  });

  it('does not keep a failure', async () => {
    const workspace = manuscript('Ines waited.');
    await expect(consistencyCheckerTool.run({ file_paths: ['Story/Scenes/SCN-09-missing.md'] }, context(workspace))).rejects.toMatchObject({ code: 'path_not_found' });
    workspace.write('Story/Scenes/SCN-09-missing.md', '---\npov: Ines\n---\nInes came back.\n');
    expect((await check(workspace, { file_paths: ['Story/Scenes/SCN-09-missing.md'] })).computed).toBe(true);
  });
});
