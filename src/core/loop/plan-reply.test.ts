import { describe, expect, it } from 'vitest';
import { clarifyText, concludeReply, planText } from './plan-reply.js';

const TOOLS = ['file_reader', 'consistency_checker'];

describe('plan replies', () => {
  it('numbers the steps in the writer’s words, naming no tool and quoting nothing', () => {
    const plan = planText(['Run consistency checker on "the red door"', 'Read chapter 2 with file_reader'], TOOLS);
    expect(plan).toBe("Here's my plan:\n1. Run a look-up on the red door\n2. Read chapter 2 with a reading of the file");
    expect(plan).not.toMatch(/file_reader|consistency.checker|"/u);
  });

  it('keeps the evidence line last, with the next steps just before it', () => {
    const reply = concludeReply('Plan:\n1. A\n2. B', 'Found it.\nEvidence: structural | a.md#L1-L2 | L1-L2 | receipt rcpt_x', ['A', 'B']);
    const lines = reply.split('\n');
    expect(lines[0]).toBe('Plan:');
    expect(lines.at(-1)).toBe('Evidence: structural | a.md#L1-L2 | L1-L2 | receipt rcpt_x');
    expect(lines.at(-2)).toMatch(/^Next steps:/u);
    expect(reply).toContain('Found it.');
  });

  it('ends with the next steps when the findings have no evidence line', () => {
    expect(concludeReply('Plan:', 'Nothing found.', ['A']).split('\n').at(-1)).toMatch(/^Next steps:/u);
  });

  it('asks its questions after one short lead-in', () => {
    expect(clarifyText(['Which chapter?', 'What should I look for?']).split('\n')).toHaveLength(3);
  });
});
