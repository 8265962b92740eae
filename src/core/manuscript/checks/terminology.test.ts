import { describe, expect, it } from 'vitest';
import { buildNameIndex } from '../name-index.js';
import { readProse } from '../scene-prose.js';
import { termKey, terminologyFindings } from './terminology.js';

const prose = (path: string, text: string) => readProse({ path, lines: text.split('\n') }, 1, buildNameIndex([], []));

describe('terminologyFindings', () => {
  it('reports compounds and spellings used two ways across files, pointing at the rarer one', () => {
    const findings = terminologyFindings([
      prose('Story/Scenes/SCN-01.md', 'The oil store was locked. The oil store smelled. Grey sky over the harbour.'),
      prose('Story/Scenes/SCN-02.md', 'She tried the oil-store, then the door.\nThe harbor was gray.'),
    ]);
    expect(findings.map((finding) => [finding.path, finding.line, finding.message])).toEqual([
      ['Story/Scenes/SCN-02.md', 1, '"oil-store" (1×) is also spelled "oil store" (2×, first at Story/Scenes/SCN-01.md#L1); pick one.'],
      ['Story/Scenes/SCN-02.md', 2, '"gray" (1×) is also spelled "grey" (1×, first at Story/Scenes/SCN-01.md#L1); pick one.'],
      ['Story/Scenes/SCN-02.md', 2, '"harbor" (1×) is also spelled "harbour" (1×, first at Story/Scenes/SCN-01.md#L1); pick one.'],
    ]);
    expect(findings.every((finding) => finding.severity === 'warning')).toBe(true);
  });

  it('takes a compound hyphenated only before a noun, and open elsewhere, as the usual rule, not two spellings', () => {
    const files = [
      prose('a.md', 'Her blood pressure was high. Twenty-two and frightened of a blood-pressure cuff.'),
      prose('b.md', 'The foot-passenger queue. He is not a foot passenger, and the foot passengers wait.'),
    ];
    expect(terminologyFindings(files)).toEqual([]);
    // A hyphen before a verb, or an open compound before a noun, is a second spelling.
    const mixed = terminologyFindings([prose('c.md', 'The sea-glass glittered. The sea glass near the quay. The lamp room door and the lamp-room stair.')]);
    expect(mixed.map((finding) => finding.message.split(' (')[0])).toEqual(['"sea glass"', '"lamp-room"']);
  });

  it('does not join function words or short -our words', () => {
    expect(terminologyFindings([prose('a.md', 'Every one of them, everyone said. For four hours, a little after noon, in the afternoon.')])).toEqual([]);
    expect(termKey('four')).not.toBe(termKey('for'));
    expect(termKey('Lamp-Room')).toBe(termKey('lamproom'));
  });
});
