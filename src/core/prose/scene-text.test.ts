import { describe, expect, it } from 'vitest';
import { splitScene } from './scene-text.js';

describe('splitScene', () => {
  it('skips front matter, headings and scene breaks but keeps the file line numbers', () => {
    const scene = splitScene(['---', 'title: The Lamp Room', 'pov: Mara', '---', '# The Lamp Room', '', 'One flash.', 'Then nothing.', '', '* * *', 'Dawn.'].join('\n'));
    expect(scene.lineCount).toBe(11);
    expect(scene.frontMatter).toEqual({ startLine: 1, endLine: 4, title: 'The Lamp Room', pov: 'Mara' });
    expect(scene.paragraphs).toEqual([
      { text: 'One flash.\nThen nothing.', startLine: 7, endLine: 8 },
      { text: 'Dawn.', startLine: 11, endLine: 11 },
    ]);
  });

  it('reads a scene without front matter from line 1, CRLF included', () => {
    const scene = splitScene('First line.\r\n\r\nSecond paragraph.\r\n');
    expect(scene.frontMatter).toBeNull();
    expect(scene.paragraphs).toEqual([
      { text: 'First line.', startLine: 1, endLine: 1 },
      { text: 'Second paragraph.', startLine: 3, endLine: 3 },
    ]);
  });

  it('handles an empty file and a file of only front matter', () => {
    expect(splitScene('')).toEqual({ lineCount: 0, frontMatter: null, paragraphs: [] });
    const onlyFront = splitScene('---\ntitle: Empty\n---\n');
    expect(onlyFront.frontMatter).toMatchObject({ startLine: 1, endLine: 3, title: 'Empty', pov: null });
    expect(onlyFront.paragraphs).toEqual([]);
  });

  it('treats an unclosed fence as prose and tolerates malformed YAML', () => {
    expect(splitScene('---\nShe ran.').paragraphs).toEqual([{ text: 'She ran.', startLine: 2, endLine: 2 }]);
    const broken = splitScene('---\ntitle: [unclosed\n---\nText.');
    expect(broken.frontMatter).toEqual({ startLine: 1, endLine: 3, title: null, pov: null });
    expect(broken.paragraphs).toEqual([{ text: 'Text.', startLine: 4, endLine: 4 }]);
  });
});
