import { describe, expect, it } from 'vitest';
import { MemoryWorkspace } from '../testing/index.js';
import { QuoteIndex } from './quote-index.js';
import { validateEvidence } from './validate-evidence.js';

const workspace = new MemoryWorkspace({ 'Story/Scenes/01.md': 'Mara locked the harbour ledger in the drawer.\n' });
const context = { workspace, knownReceiptIds: new Set<string>(), quoteIndex: new QuoteIndex() };
const LINE = 'Evidence: content | Story/Scenes/01.md | "locked the harbour ledger"';

describe('the evidence line closes the reply', () => {
  it('accepts a reply ending with its evidence line (trailing blank lines are fine)', async () => {
    expect((await validateEvidence(`Mara locks it away.\n${LINE}\n\n`, context)).issues).toEqual([]);
  });

  it('refuses claims written after it, with the span of what follows', async () => {
    const reply = `Mara locks it away.\n${LINE}\nShe also burned the harbour down.`;
    const report = await validateEvidence(reply, context);
    expect(report.issues.map((issue) => issue.code)).toEqual(['evidence_invalid']);
    const span = report.issues[0]?.span;
    expect(reply.slice(span?.start, span?.end)).toBe('She also burned the harbour down.');
  });

  it('refuses an evidence line in the middle of the reply', async () => {
    const report = await validateEvidence(`${LINE}\nMara locks it away, and then sails to France.`, context);
    expect(report.ok).toBe(false);
    expect(report.issues.map((issue) => issue.code)).toEqual(['evidence_invalid']);
  });
});
