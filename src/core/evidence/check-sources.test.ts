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
