import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsWorkspace, initWorkspace } from '../../adapters/fs-workspace/index.js';
import { EVIDENCE_ISSUE_CODES } from '../../protocol/index.js';
import { QuoteIndex } from './quote-index.js';
import { validateEvidence, type EvidenceContext } from './validate-evidence.js';

const RECEIPT = 'rcpt_0190aaaaaaaaaaaa';
let base: string;
let context: EvidenceContext;

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'cr-evidence-'));
  await initWorkspace(base);
  await fs.writeFile(path.join(base, 'Story/Scenes/SCN-01-dock.md'), '---\ntitle: Dock\n---\n# Dock\n\nThe tide came in “slowly”,\nand Mara said nothing — not a word.\n\n## Scene 2\nShe left the harbour.\n');
  await fs.writeFile(path.join(base, 'Compendium/Characters/CHAR-mara.md'), '---\nname: Mara\neyes: green\n---\n# Mara\n');
  context = { workspace: await FsWorkspace.open(base), knownReceiptIds: new Set([RECEIPT]), quoteIndex: new QuoteIndex() };
});

afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

const codes = async (reply: string, extra: Partial<EvidenceContext> = {}): Promise<string[]> =>
  (await validateEvidence(reply, { ...context, ...extra })).issues.map((issue) => issue.code);

describe('validateEvidence', () => {
  it('accepts a verified content claim and reports its parts and where the quote is', async () => {
    const reply = `Mara keeps quiet.\nEvidence: content | Story/Scenes/SCN-01-dock.md | "The tide came in "slowly", and Mara said nothing - not a word." | receipt ${RECEIPT}`;
    const report = await validateEvidence(reply.replace('"slowly"', '“slowly”'), context);
    expect(report).toMatchObject({
      ok: true,
      type: 'content',
      sources: [{ path: 'Story/Scenes/SCN-01-dock.md' }],
      receipts: [RECEIPT],
      issues: [],
      locations: [{ path: 'Story/Scenes/SCN-01-dock.md', startLine: 6, endLine: 7 }],
    });
    const text = (await context.workspace.read('Story/Scenes/SCN-01-dock.md')).content;
    const location = report.locations[0];
    expect(text.slice(location?.start, location?.end)).toBe('The tide came in “slowly”,\nand Mara said nothing — not a word.');
  });

  it('returns every issue, with spans into the reply as given (reasoning included)', async () => {
    const reply = '<think>plan</think>Let me think. file_reader("x")\nEvidence: content | Story/Scenes/SCN-09.md | "made up words" | receipt rcpt_0190zzzzzzzzzzzz\nEvidence: absence | a | b';
    const report = await validateEvidence(reply, context);
    expect(report.issues.map((issue) => issue.code)).toEqual(['cot_leak', 'tool_syntax', 'evidence_multiple', 'source_not_found', 'receipt_unknown']);
    const spanned = report.issues.map((issue) => reply.slice(issue.span?.start, issue.span?.end));
    expect(spanned).toEqual(['Let me think', 'file_reader(', 'Evidence: absence | a | b', 'Story/Scenes/SCN-09.md', 'rcpt_0190zzzzzzzzzzzz']);
  });

  it('suggests the full path for a bare file name and refuses folders for content claims', async () => {
    const report = await validateEvidence('x\nEvidence: content | SCN-01-dock.md | "The tide came in"', context);
    expect(report.issues).toMatchObject([{ code: 'source_not_found', message: expect.stringContaining('Story/Scenes/SCN-01-dock.md') }]);
    expect(await codes('x\nEvidence: content | Story/Scenes/ | "The tide came in"')).toEqual(['source_not_found']);
    expect(await codes('x\nEvidence: absence | Story/Scenes/ | checked Story/Scenes/SCN-01 for "anchor"')).toEqual([]);
  });

  it('checks sections and structural references against the file when there is no outline', async () => {
    expect(await codes('x\nEvidence: content | Story/Scenes/SCN-01-dock.md#Scene 2 | "She left the harbour."')).toEqual([]);
    expect(await codes('x\nEvidence: content | Story/Scenes/SCN-01-dock.md#Scene 2 | "The tide came in"')).toEqual(['quote_not_found']);
    expect(await codes('x\nEvidence: structural | Story/Scenes/SCN-01-dock.md | Scene 2 starts late')).toEqual([]);
    expect(await codes('x\nEvidence: structural | Story/Scenes/SCN-01-dock.md | Act 3 › Scene 9')).toEqual(['structural_ref_missing']);
    expect(await codes('x\nEvidence: structural | Story/Scenes/SCN-01-dock.md#L4-L7 | the opening paragraph')).toEqual([]);
    expect(await codes('x\nEvidence: structural | Story/Scenes/SCN-01-dock.md | “Dock”')).toEqual([]);
    expect(await codes('x\nEvidence: structural | Story/Scenes/SCN-01-dock.md | “Harbour”')).toEqual(['structural_ref_missing']);
  });

  it('applies the role rule only to agents with evidence sources', async () => {
    const reply = 'x\nEvidence: content | Story/Scenes/SCN-01-dock.md | "The tide came in"';
    expect(await codes(reply, { agent: { id: 'continuity', evidenceSources: ['Canon.md', 'Compendium/'] } })).toEqual(['source_role_mismatch']);
    expect(await codes(reply, { agent: { id: 'free', evidenceSources: [] } })).toEqual([]);
    expect(await codes('x\nEvidence: content | Compendium/Characters/CHAR-mara.md | "eyes: green"', { agent: { id: 'continuity', evidenceSources: ['Canon.md', 'Compendium/'] } })).toEqual([]);
  });

  it('uses the given tool ids for tool syntax and the shared index by default', async () => {
    const reply = 'Use my_custom_tool("a") next.\nEvidence: content | Story/Scenes/SCN-01-dock.md | "She left the harbour."';
    expect(await codes(reply)).toEqual([]);
    expect(await codes(reply, { toolIds: ['my_custom_tool'] })).toEqual(['tool_syntax']);
    const shared = await validateEvidence('x\nEvidence: content | Story/Scenes/SCN-01-dock.md | "She left the harbour."', { workspace: context.workspace, knownReceiptIds: new Set() });
    expect(shared.ok).toBe(true);
  });

  it('never throws and always answers with known codes, whatever the reply', async () => {
    const pieces = fc.constantFrom('Evidence: ', '**Evidence:** ', 'content', 'structural', 'absence', ' | ', 'Story/Scenes/SCN-01-dock.md', '#L', '#Dock', '"', '“', '”', '…', 'The tide', ' receipt ', RECEIPT, '\n', '<think>', '</think>', 'Let me think', 'file_reader(', 'Act 2 › Scene 5', 'L3-L9', 'checked SCN-01 for ');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(pieces, fc.string()), { maxLength: 16 }), async (parts) => {
        const reply = parts.join('');
        const report = await validateEvidence(reply, context);
        expect(report.ok).toBe(report.issues.length === 0);
        for (const issue of report.issues) {
          expect(EVIDENCE_ISSUE_CODES).toContain(issue.code);
          if (issue.span) expect(issue.span.end).toBeLessThanOrEqual(reply.length);
        }
      }),
      { numRuns: 300 },
    );
  });
});
