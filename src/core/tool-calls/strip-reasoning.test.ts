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

describe('stripReasoning on real reasoning-model output', () => {
  const envelope = '{"tool":"file_reader","args":{"path":"Story/SCN-outline.md"},"nonce":"n-1"}';

  it.each([
    ['Qwen3 thinking', `<think>\nOkay, the user wants the outline. I should call file_reader with {"path":"x"}.\n</think>\n\n${envelope}`],
    ['Qwen3 with thinking off (an empty block)', `<think>\n\n</think>\n\n${envelope}`],
    ['DeepSeek-R1 through a template that opened the block', `Alright, I need the outline first.\nMaybe {"tool":"file_locator"} is better? No.\n</think>\n\n${envelope}`],
    ['Magistral', `[THINK]The outline is in Story.[/THINK]${envelope}`],
    ['a reasoning tag', `<reasoning>look it up</reasoning>\n${envelope}`],
    ['gpt-oss harmony, raw', `<|channel|>analysis<|message|>We need to read the outline. Use file_reader.<|end|><|start|>assistant<|channel|>final<|message|>${envelope}<|return|>`],
    ['gpt-oss harmony, cut at the start', `analysis<|message|>Need outline.<|end|><|start|>assistant<|channel|>final<|message|>${envelope}`],
    ['gpt-oss harmony, final only', `<|start|>assistant<|channel|>final<|message|>${envelope}<|end|>`],
  ])('%s leaves the envelope alone as the text', (_name, reply) => {
    const stripped = stripReasoning(reply);
    expect(stripped.text).toBe(envelope);
    expect(stripped.reasoning.join(' ')).not.toContain('"nonce"');
  });

  it('keeps harmony analysis and commentary as reasoning, in order', () => {
    const reply = '<|channel|>analysis<|message|>first<|end|><|start|>assistant<|channel|>commentary<|message|>checking<|end|><|start|>assistant<|channel|>final<|message|>Done.<|return|>';
    expect(stripReasoning(reply)).toEqual({ text: 'Done.', reasoning: ['first', 'checking'] });
  });
});
