import { describe, expect, it } from 'vitest';
import type { RecipeStep, RunCache } from '../../protocol/runs.js';
import type { AuditLog } from '../ports/index.js';
import { InMemoryIssueStore } from '../testing/index.js';
import { fileFindingIssues } from './file-finding-issues.js';
import type { IntentionalFinding } from '../../protocol/intentional.js';
import { findingOfIssue, intentionalId, isMarkedIntentional, lineHash } from './intentional-findings.js';

const step: RecipeStep = { id: 'file-issues', kind: 'issue', from: ['checks'], tags: ['continuity'] };
const finding = (kind: string, path: string, line: number, quote: string) => ({ kind, severity: 'error', message: `${kind} here`, path, line, quote });
const cacheOf = (...findings: unknown[]): RunCache => ({ schema_version: 1, slots: { checks: [{ step: 'check', item: null, status: 'ok', receiptId: null, result: { findings } }] } });
const noAudit = { linkToIssue: async () => undefined } as unknown as AuditLog;
const scope = { runId: 'run_0123456789', recipeId: 'continuity-pass', toolOf: () => 'consistency_checker' };

describe('intentional findings', () => {
  const markOf = (kind: string, path: string, quote: string, canon: { path: string; quote: string } | null = null): IntentionalFinding => ({
    id: intentionalId(kind, path, lineHash(quote), canon ? lineHash(canon.quote) : null),
    kind, path, line_hash: lineHash(quote), quote, canon_path: canon?.path ?? null, canon_line_hash: canon ? lineHash(canon.quote) : null, note: null, marked_at: '2026-01-01T00:00:00.000Z',
  });

  it('matches a finding by kind, file and line text — not the line number, not the spacing around it', () => {
    const base = { kind: 'eye_colour_mismatch', path: 'Manuscript/03 The Mill.md', quote: 'Her green eyes caught the lamp.' };
    const marks = [markOf(base.kind, base.path, base.quote)];
    expect(isMarkedIntentional({ ...base, quote: '   Her green eyes caught the lamp.  ' }, marks)).toBe(true);
    expect(isMarkedIntentional({ ...base, quote: 'Her green eyes caught the lamp.\nNext line' }, marks)).toBe(true);
    for (const other of [{ ...base, kind: 'dead_character_acts' }, { ...base, path: 'Manuscript/04.md' }, { ...base, quote: 'Her blue eyes caught the lamp.' }]) {
      expect(isMarkedIntentional(other, marks)).toBe(false);
    }
    const withCanon = [markOf(base.kind, base.path, base.quote, { path: 'Notes/Ines.md', quote: 'Eyes: brown' })];
    expect(isMarkedIntentional({ ...base, canon: { path: 'Notes/Ines.md', quote: 'Eyes: brown' } }, withCanon)).toBe(true);
    expect(isMarkedIntentional({ ...base, canon: { path: 'Notes/Ines.md', quote: 'Eyes: hazel' } }, withCanon)).toBe(false);
    expect(intentionalId(base.kind, base.path, lineHash(base.quote), null)).toMatch(/^int_[0-9a-f]{16}$/);
  });

  it('reads the finding back from the issue the continuity pass filed, and nothing from other issues', async () => {
    const issues = new InMemoryIssueStore();
    const quote = 'Birdie had green eyes (the old man said) — “always had”.';
    const outcome = await fileFindingIssues(step, cacheOf(finding('eye_colour_mismatch', 'Notes/Ch 2 (draft).md', 14, quote)), scope, { issues, auditLog: noAudit });
    const filed = (await issues.get(outcome.issueIds![0]!))!;
    expect(findingOfIssue(filed)).toEqual({ kind: 'eye_colour_mismatch', path: 'Notes/Ch 2 (draft).md', line: 14, quote });
    expect(findingOfIssue({ body: '**Writer:** Is Owen alive?', tags: ['conference'] })).toBeNull();
    expect(findingOfIssue({ body: 'Where: A.md#L3\nQuote: x', tags: ['continuity'] })).toBeNull();
  });

  it('never files a finding marked intentional again, even when its line moved, and files it once its text changes', async () => {
    const issues = new InMemoryIssueStore();
    const quote = 'The dead captain spoke from the stair.';
    const marks = [markOf('dead_character_acts', 'Story/Scenes/SCN-06.md', quote)];
    const deps = { issues, auditLog: noAudit, intentional: { list: async () => marks } };
    const moved = await fileFindingIssues(step, cacheOf(finding('dead_character_acts', 'Story/Scenes/SCN-06.md', 40, quote), finding('age_mismatch', 'Story/Scenes/SCN-06.md', 2, 'She was thirty.')), scope, deps);
    expect(moved.issueIds).toHaveLength(1);
    expect(moved.summary).toMatchObject({ intentional: 1 });
    expect((await issues.list()).map((issue) => issue.tags.at(-1))).toEqual(['age_mismatch']);
    const edited = await fileFindingIssues(step, cacheOf(finding('dead_character_acts', 'Story/Scenes/SCN-06.md', 40, 'The dead captain sang from the stair.')), scope, deps);
    expect(edited.issueIds).toHaveLength(1);
  });
});
