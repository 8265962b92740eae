import { describe, expect, it } from 'vitest';
import type { ConferenceEntry } from '../../protocol/index.js';
import { defaultAgentsFile } from '../agents/index.js';
import { isAbstention } from './abstention.js';
import { cardStateOf } from './card-state.js';
import { phaseTwoFraming, phaseTwoMessages } from './phase-two-prompt.js';
import { RoundBuffer } from './round-buffer.js';
import { roundQuestion, roundTranscript } from './round-transcript.js';

const agents = defaultAgentsFile().agents;
const continuity = agents.find((agent) => agent.id === 'continuity')!;

describe('isAbstention', () => {
  it('is the keyword alone, in any case, trimmed, with reasoning removed', () => {
    for (const reply of ['ABSTAIN', 'abstain', '  Abstain\n', '<think>not my area</think>\nABSTAIN']) expect(isAbstention(reply), reply).toBe(true);
    for (const reply of ['I would not abstain', 'ABSTAIN.', 'ABSTAIN because', '', 'ABSTAINED']) expect(isAbstention(reply), reply).toBe(false);
  });
});

describe('phase-2 prompts', () => {
  it('frames the role exactly as the seed says', () => {
    expect(phaseTwoFraming('Continuity Editor')).toBe(
      'The following data was retrieved for this discussion. You are Continuity Editor. If this is relevant to your expertise, provide your perspective. If not, respond with only: ABSTAIN',
    );
  });

  it('holds role framing, results, framing, evidence rules and the message — nothing else', () => {
    const buffer = new RoundBuffer();
    buffer.fill(
      [{ receiptId: 'rcpt_0123456789ab', toolId: 'file_reader', status: 'ok', result: { content: 'eyes: grey' }, fileRefs: [], latencyMs: 1 }],
      [{ role: 'tool', toolCallId: 'call_1', content: '{"receipt_id":"rcpt_0123456789ab","status":"ok","result":{"content":"eyes: grey"}}' }],
    );
    const [system, user] = phaseTwoMessages(continuity, buffer.entries(), 'Eyes?');
    expect(system!.content).toBe(`You are Continuity, the Continuity Editor of a writers' room.\n${continuity.framing}`);
    expect(user!.content).toContain('Result 1 (receipt rcpt_0123456789ab):\n{"receipt_id":"rcpt_0123456789ab"');
    expect(user!.content).toContain('Receipts of the lookups made for you this turn: rcpt_0123456789ab');
    expect(user!.content.endsWith("The writer's message:\nEyes?")).toBe(true);
    expect(`${system!.content}${user!.content}`).not.toMatch(/TOOL_NONCE|Tool Call Protocol|Tools you can use/);
    buffer.clear();
    expect(buffer.size).toBe(0);
    expect(buffer.receiptIds()).toEqual([]);
  });
});

describe('round pieces', () => {
  const entries: ConferenceEntry[] = [
    { agentId: 'chief', status: 'responded', content: 'Grey.\nEvidence: content | A.md | "grey"', evidence: 'Evidence: content | A.md | "grey"', issues: [], retried: false, report: null },
    { agentId: 'editor', status: 'abstained', content: null, evidence: null, issues: [], retried: false, report: null },
    { agentId: 'continuity', status: 'rejected', content: 'Green.', evidence: null, issues: [{ code: 'evidence_missing', message: 'x', span: null }], retried: true, report: null },
    { agentId: 'line-editor', status: 'muted', content: null, evidence: null, issues: [], retried: false, report: null },
  ];

  it('writes the transcript without abstentions, then lists who abstained', () => {
    expect(roundTranscript({ message: 'Eyes?', entries, agents, receipts: ['rcpt_1'] })).toBe(
      [
        '**Writer:** Eyes?',
        '',
        '**Chief of Staff** (responded)',
        'Grey.\nEvidence: content | A.md | "grey"',
        '',
        '**Continuity** (rejected: evidence_missing)',
        'Green.',
        '',
        '**Line Editor** (muted)',
        '',
        'Abstained: Editor',
        'Receipts: rcpt_1',
      ].join('\n'),
    );
  });

  it('reads the question back from a transcript for a readable title, and nothing from other bodies', () => {
    const body = (message: string) => roundTranscript({ message, entries, agents, receipts: [] });
    expect(roundQuestion(body('Is Owen Tresk alive?'))).toBe('Is Owen Tresk alive?');
    expect(roundQuestion(body('Where   is\tthe bell?\nAnd the key?'))).toBe('Where is the bell?');
    const long = roundQuestion(body(`Why ${'very '.repeat(60)}late?`))!;
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('…')).toBe(true);
    for (const other of ['', 'Writer: hello', '**Writer:**   ', 'Found at Story/SCN-01.md#L3']) expect(roundQuestion(other)).toBeNull();
  });

  it('gives the cards of the seed', () => {
    expect(entries.map(cardStateOf)).toEqual(['Moderator', 'Abstained', 'Participant', 'Muted']);
    expect(cardStateOf({ agentId: 'chief', status: 'abstained' })).toBe('Moderator');
  });
});
