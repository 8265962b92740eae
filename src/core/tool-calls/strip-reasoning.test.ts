import { describe, expect, it } from 'vitest';
import { stripReasoning } from './strip-reasoning.js';

describe('stripReasoning', () => {
  it('removes think and thinking blocks across lines, in any case', () => {
    expect(stripReasoning('<think>\nfirst I\nshould read\n</think>\nMara is alive.')).toEqual({ text: 'Mara is alive.', reasoning: ['first I\nshould read'] });
    expect(stripReasoning('<THINKING>a</Thinking>b')).toEqual({ text: 'b', reasoning: ['a'] });
    expect(stripReasoning('[thinking]plan[/thinking] Answer.')).toEqual({ text: 'Answer.', reasoning: ['plan'] });
    expect(stripReasoning('< think >x</ think >y')).toEqual({ text: 'y', reasoning: ['x'] });
  });

  it('keeps the text between several blocks', () => {
    expect(stripReasoning('A <think>one</think> B <think>two</think> C')).toEqual({ text: 'A  B  C', reasoning: ['one', 'two'] });
  });

  it('treats everything before an orphan closing tag as reasoning', () => {
    expect(stripReasoning('The user wants the outline.\nLet me check.\n</think>\n\n{"action":"final"}')).toEqual({
      text: '{"action":"final"}',
      reasoning: ['The user wants the outline.\nLet me check.'],
    });
    expect(stripReasoning('plan[/thinking]done')).toEqual({ text: 'done', reasoning: ['plan'] });
  });

  it('drops a stray closing tag after earlier blocks, and an unclosed block to the end', () => {
    expect(stripReasoning('<think>a</think>B</think>C')).toEqual({ text: 'BC', reasoning: ['a'] });
    expect(stripReasoning('Answer. <think>ran out of tok')).toEqual({ text: 'Answer.', reasoning: ['ran out of tok'] });
  });

  it('handles nesting as one block', () => {
    expect(stripReasoning('<think>a<think>b</think>c</think>d')).toEqual({ text: 'd', reasoning: ['a<think>b</think>c'] });
  });

  it('leaves replies without reasoning alone (apart from outer whitespace)', () => {
    expect(stripReasoning('  Plain reply about <b>thinking</b>.  ')).toEqual({ text: 'Plain reply about <b>thinking</b>.', reasoning: [] });
    expect(stripReasoning('')).toEqual({ text: '', reasoning: [] });
  });
});
