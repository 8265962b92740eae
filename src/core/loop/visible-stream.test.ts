import { describe, expect, it } from 'vitest';
import { stripReasoning } from '../tool-calls/index.js';
import { opensThinkInTemplate, visibleStream } from './visible-stream.js';

/** Streams `raw` cut into pieces of `size` characters; returns each piece shown live, then the final answer's. */
function stream(raw: string, modelName: string, size: number): { live: string[]; shown: string } {
  const live: string[] = [];
  const filter = visibleStream((text) => live.push(text), { modelName });
  for (let index = 0; index < raw.length; index += size) filter.push(raw.slice(index, index + size));
  const beforeEnd = live.length;
  filter.end(stripReasoning(raw).text.trim());
  return { live: live.slice(0, beforeEnd), shown: live.join('') };
}

const THOUGHT = 'SECRET-THOUGHT the writer asks about eyes';
const ANSWER = 'Hester’s eyes are grey.\nEvidence: content | Compendium/Characters/CHAR-hester-vane.md | "eyes: grey" | receipt rcpt_0123456789';

describe('visibleStream', () => {
  it.each([1, 2, 3, 7, 64])('shows only the final channel of a gpt-oss harmony reply, cut every %i characters', (size) => {
    const raw = `<|channel|>analysis<|message|>${THOUGHT}<|end|><|start|>assistant<|channel|>final<|message|>${ANSWER}<|return|>`;
    const { live, shown } = stream(raw, 'openai/gpt-oss-20b', size);
    expect(live.join('')).toBe(ANSWER);
    expect(shown).toBe(ANSWER);
    expect(live.join('')).not.toContain('SECRET');
  });

  it('reads a final channel that names its format, and plain answers as they come', () => {
    const raw = `<|channel|>analysis<|message|>${THOUGHT}<|end|><|start|>assistant<|channel|>final <|constrain|>text<|message|>${ANSWER}`;
    expect(stream(raw, 'gpt-oss-120b', 5).shown).toBe(ANSWER);
    const plain = stream(ANSWER, 'llama-3.1-8b-instruct', 4);
    expect(plain.live.length).toBeGreaterThan(10);
    expect(plain.shown).toBe(ANSWER);
  });

  it('holds a DeepSeek-R1 or QwQ reply until the call ends, then gives the answer without its thinking', () => {
    // The template opened the think block: the stream decoder has already dropped the orphan close tag.
    const raw = `${THOUGHT}\n</think>\n\n${ANSWER}`;
    for (const model of ['deepseek-r1-distill-qwen-7b', 'DeepSeek-R1-0528-Qwen3-8B', 'qwq-32b']) {
      const { live, shown } = stream(raw, model, 3);
      expect(live).toEqual([]);
      expect(shown).toBe(ANSWER);
    }
  });

  it('knows which models open the think block in their template', () => {
    for (const name of ['deepseek-r1', 'deepseek-ai/DeepSeek-R1-Distill-Llama-8B', 'deepseek-r1:14b', 'Qwen/QwQ-32B']) expect(opensThinkInTemplate(name), name).toBe(true);
    for (const name of ['deepseek-v3', 'deepseek-chat', 'qwen3-8b', 'gpt-oss-20b', 'r1-mistral', 'deepseek-r10-x']) expect(opensThinkInTemplate(name), name).toBe(false);
  });
});
