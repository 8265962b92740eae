import { promises as fs } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judgeInput } from './judge-input.js';

const codeOf = (text: string) => {
  const verdict = judgeInput(text);
  return verdict.ok ? 'ok' : verdict.code;
};

describe('judgeInput', () => {
  it('asks back for an empty message', () => {
    expect(codeOf('')).toBe('input_empty');
  });

  it.each(['   ', '\n\n\t', '\u00a0\u2003\u3000', '\u200b\u200d\ufeff', ' \u2060 \r\n', '\u2800\u3164'])('asks back for whitespace or invisible characters: %j', (text) => {
    expect(codeOf(text)).toBe('input_whitespace');
  });

  it.each(['?', '...', '?!?!', '#$%^&*', '—', '😀😀', '👍', '¿¡', '→ ← ↑', '«»', '\u0301\u0301', '***  ###', '(:', '⚠️🔥'])('asks back for symbols only: %j', (text) => {
    expect(codeOf(text)).toBe('input_symbols_only');
  });

  it.each([
    'asdf', 'asdfghjkl', 'ASDFGH', 'Asdfghjkl', 'qwertyuiop', 'zxcvbnm', 'poiuytrewq', 'lkjhgf', 'jkjkjk', 'sdfsdfsdf', 'aaaaaaa', 'jjjjjjjj',
    'fjdksla', 'sdkfjhsdkjfh', 'Sdkfjhsdkjfh', 'dfjkdsjfkl jkl', 'asdf asdf', 'asdf!!', 'hjkl;', 'azerty', 'qsdfghjklm', 'xkcdqwpz',
    'ghghgh ghgh', 'kjhkjh??', 'nmnmnm', 'mnbvcxz 123', 'dfgdfgdfg', 'asdfjkl;asdfjkl;',
  ])('asks back for keyboard mash: %j', (text) => {
    expect(codeOf(text)).toBe('input_keyboard_mash');
  });

  it.each([
    'Where does Hester first appear?', 'hi', 'ok', 'Why?', 'hmm', '42', 'Scene 12', 'Chapter XIV?', 'Przybylski?', 'Xerxes', 'Szekely',
    'rhythm', 'strengths', 'psst', 'ok asdfgh', 'lol', '¿Dónde está Hester?', 'Où est le phare ?', 'Warum schweigt Owen?', '你好', 'Привет, как дела?',
    'こんにちは', 'مرحبا', 'Does Callum lie about the Providence?', 'Mr. Lusk and Dr. Reddaway', 'tl;dr', 'ty', 'thx', 'wasd', 'brb',
    'check SCN-03', 'Compendium/Characters/CHAR-hester-vane.md', 'café', 'naïve façade', 'The Skerry Light — when was it built?',
  ])('lets a real message through: %j', (text) => {
    expect(codeOf(text)).toBe('ok');
  });

  it('says what was typed and how to ask, for every refusal', () => {
    const verdict = judgeInput('sdkfjh');
    expect(verdict).toMatchObject({ ok: false, code: 'input_keyboard_mash' });
    if (verdict.ok) return;
    expect(verdict.clarification).toContain('“sdkfjh”');
    expect(verdict.clarification).toMatch(/\?/);
  });

  it('lets every sentence of the sample novel through', async () => {
    const root = path.resolve(import.meta.dirname, '../../../examples/glass-harbour');
    const files: string[] = [];
    const walk = async (folder: string) => {
      for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (entry.name.endsWith('.md')) files.push(full);
      }
    };
    await walk(root);
    let lines = 0;
    for (const file of files) {
      for (const line of (await fs.readFile(file, 'utf8')).split('\n')) {
        if (!/\p{L}{2}/u.test(line)) continue;
        lines += 1;
        expect(codeOf(line), line).toBe('ok');
      }
    }
    expect(lines).toBeGreaterThan(100);
  });

  it('never throws, and a message with an ordinary word in it always passes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.constantFrom('scene', 'where', 'Hester', 'canon', 'what'), (noise, word) => {
        expect(() => judgeInput(noise)).not.toThrow();
        expect(judgeInput(`${noise} ${word} ${noise}`).ok).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
