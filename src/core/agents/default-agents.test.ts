import { describe, expect, it } from 'vitest';
import type { EvidenceIssue } from '../../protocol/index.js';
import { checkRole } from '../evidence/check-role.js';
import type { ParsedSource } from '../evidence/parse-sources.js';
import { defaultAgentsFile } from './default-agents.js';

const cited = (path: string): ParsedSource[] => [{ path } as ParsedSource];
const span = { start: 0, end: 1 };

describe('the default agents’ evidence sources', () => {
  // An imported book keeps its chapters wherever its layout put them under Story/ (Story/Chapters/,
  // Story/Part One/…), not only in Story/Scenes/; an agent that works on the prose must be able to cite them.
  it('let every prose desk cite a chapter in any layout under the story folder', () => {
    const agents = defaultAgentsFile().agents;
    for (const id of ['editor', 'line-editor', 'story-architect']) {
      const agent = agents.find((candidate) => candidate.id === id);
      expect(agent, id).toBeDefined();
      for (const path of ['Story/Scenes/SCN-01-the-lamp-room.md', 'Story/Chapters/03-the-ferry.md', 'Story/Part One/01 Neap.md']) {
        const issues: EvidenceIssue[] = [];
        checkRole(agent, cited(path), span, issues);
        expect(issues, `${id} citing ${path}`).toEqual([]);
      }
    }
  });

  it('still keep Continuity to the canon and the Compendium', () => {
    const continuity = defaultAgentsFile().agents.find((agent) => agent.id === 'continuity');
    const issues: EvidenceIssue[] = [];
    checkRole(continuity, cited('Story/Chapters/03-the-ferry.md'), span, issues);
    expect(issues.map((issue) => issue.code)).toEqual(['source_role_mismatch']);
  });
});
