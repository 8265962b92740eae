import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FileRefCollector, fileRefFor, sha256Hex } from './file-ref.js';

const source = { path: 'Story/Scenes/SCN-01.md', lines: ['one', 'two', 'three'] };
const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('file refs', () => {
  it('hash exactly the excerpt, lines joined with newlines, clamped to the file', () => {
    expect(fileRefFor(source, 2, 3)).toEqual({ path: source.path, start_line: 2, end_line: 3, sha256: sha('two\nthree') });
    expect(fileRefFor(source, 3, 99)).toEqual({ path: source.path, start_line: 3, end_line: 3, sha256: sha('three') });
    expect(fileRefFor({ path: 'e.md', lines: [] }, 1)).toEqual({ path: 'e.md', start_line: 0, end_line: 0, sha256: sha('') });
    expect(sha256Hex('two')).toBe(sha('two'));
  });

  it('collects each excerpt once, sorted by path and line', () => {
    const refs = new FileRefCollector();
    refs.add(source, 3);
    refs.add(source, 1, 2);
    refs.add(source, 3);
    refs.add({ path: 'Canon.md', lines: ['x'] }, 1);
    expect(refs.refs().map((ref) => `${ref.path}#${ref.start_line}-${ref.end_line}`)).toEqual(['Canon.md#1-1', 'Story/Scenes/SCN-01.md#1-2', 'Story/Scenes/SCN-01.md#3-3']);
  });
});
