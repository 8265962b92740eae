import { describe, expect, it } from 'vitest';
import { MemoryWorkspace } from '../testing/index.js';
import { QuoteIndex } from './quote-index.js';
import { validateEvidence } from './validate-evidence.js';

describe('Canon.md before it is built', () => {
  it('is a placeholder, not a source; once built, it is', async () => {
    const workspace = new MemoryWorkspace({ 'Story/Scenes/01.md': 'Mara has grey eyes.\n' });
    const context = { workspace, knownReceiptIds: new Set<string>(), quoteIndex: new QuoteIndex() };
    const reply = 'Not built yet.\nEvidence: content | Canon.md | "The canon index has not been built yet"';
    const before = await validateEvidence(reply, context);
    expect(before.issues.map((issue) => issue.code)).toEqual(['source_not_found']);
    expect(before.issues[0]?.message).toContain('placeholder');
    workspace.setCanon('# Canon\n\n- Mara — eyes: grey (Story/Scenes/01.md#L1)\n');
    const after = await validateEvidence('Grey.\nEvidence: content | Canon.md | "Mara — eyes: grey"', context);
    expect(after.issues).toEqual([]);
  });
});

describe('line anchors on a source', () => {
  it('refuses line 0 and a line far past the end, saying how long the file is', async () => {
    const workspace = new MemoryWorkspace({ 'Story/Scenes/01.md': 'Mara has grey eyes.\n' });
    const context = { workspace, knownReceiptIds: new Set<string>(), quoteIndex: new QuoteIndex() };
    const check = (anchor: string) => validateEvidence(`Grey.\nEvidence: content | Story/Scenes/01.md${anchor} | "Mara has grey eyes."`, context);
    expect((await check('#L1')).issues).toEqual([]);
    expect((await check('#L0')).issues.map((issue) => issue.code)).toEqual(['evidence_invalid']);
    const absurd = await check('#L99999999');
    expect(absurd.issues.map((issue) => issue.code)).toEqual(['source_not_found']);
    expect(absurd.issues[0]?.message).toContain('#L99999999-L99999999 is outside it');
  });
});
