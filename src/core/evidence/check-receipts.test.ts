import { describe, expect, it } from 'vitest';
import type { EvidenceIssue } from '../../protocol/index.js';
import { checkReceipts, findToolClaim } from './check-receipts.js';

const KNOWN = 'rcpt_0190aaaaaaaaaaaa';

function issuesFor(text: string, cited: string[], known: string[]): EvidenceIssue[] {
  const issues: EvidenceIssue[] = [];
  checkReceipts(text, cited.map((id) => ({ id, span: { start: text.indexOf(id), end: text.indexOf(id) + id.length } })), new Set(known), issues);
  return issues;
}

describe('findToolClaim', () => {
  it('finds claims of a lookup outside quotes', () => {
    for (const claim of ['I searched the scenes.', 'I checked the files first.', 'According to the lookup, yes.', 'The tool found two.', 'The search results show it.', 'I looked through the manuscript.']) {
      expect(findToolClaim(claim), claim).not.toBeNull();
    }
    expect(findToolClaim('She said “I checked the lamp” and left.')).toBeNull();
    expect(findToolClaim('Owen dies in scene 6; the tool shed is empty.')).toBeNull();
  });
});

describe('checkReceipts', () => {
  it('accepts known cited receipts, and prose that claims nothing', () => {
    expect(issuesFor(`I searched. Evidence: … | receipt ${KNOWN}`, [KNOWN], [KNOWN])).toEqual([]);
    expect(issuesFor('Owen dies in scene 6.', [], [KNOWN])).toEqual([]);
    expect(issuesFor('Owen dies in scene 6.', [], [])).toEqual([]);
  });

  it('reports unknown ids, cited or mentioned in prose, once each', () => {
    const stranger = 'rcpt_0190ffffffffffff';
    const issues = issuesFor(`See ${stranger}. Evidence: … | receipt ${stranger}`, [stranger], [KNOWN]);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ code: 'receipt_unknown', message: expect.stringContaining(KNOWN) });
  });

  it('reports a claim of tool use without any receipt, whether or not lookups ran', () => {
    expect(issuesFor('I searched the scenes.', [], [KNOWN])[0]?.message).toContain('cites no receipt');
    expect(issuesFor('I searched the scenes.', [], [])[0]?.message).toContain('no lookup ran');
  });
});
