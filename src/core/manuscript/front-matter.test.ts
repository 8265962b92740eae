import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listField, parseFrontMatter, textField } from './front-matter.js';

const lines = (text: string): string[] => text.split('\n');

describe('parseFrontMatter', () => {
  it('parses the mapping, the line of each key and where the body starts', () => {
    const parsed = parseFrontMatter('a.md', lines('---\ntitle: The Lamp Room\npov: Hester Vane\nscene: 1\naliases: [Hester, Miss Vane]\n---\n\n# The Lamp Room'));
    expect(parsed.present).toBe(true);
    expect(parsed.problem).toBeNull();
    expect(parsed.data).toEqual({ title: 'The Lamp Room', pov: 'Hester Vane', scene: 1, aliases: ['Hester', 'Miss Vane'] });
    expect(Object.fromEntries(parsed.keyLines)).toEqual({ title: 2, pov: 3, scene: 4, aliases: 5 });
    expect(parsed.bodyStart).toBe(7);
  });

  it('treats a file without a fence as having no front matter, without a problem', () => {
    const parsed = parseFrontMatter('a.md', lines('# Title\n\ntitle: not front matter'));
    expect(parsed).toMatchObject({ present: false, data: {}, bodyStart: 1, problem: null });
  });

  it('reports an unclosed block instead of throwing', () => {
    const parsed = parseFrontMatter('Story/a.md', lines('---\ntitle: x\n\nProse.'));
    expect(parsed.problem).toMatchObject({ code: 'front_matter_unclosed', line: 1, path: 'Story/a.md' });
    expect(parsed.bodyStart).toBe(1);
  });

  it('reports broken YAML with the file line where it breaks', () => {
    const parsed = parseFrontMatter('a.md', lines('---\nname: Owen\naliases: [Owen, Tresk\n---\nBody'));
    expect(parsed.problem?.code).toBe('front_matter_invalid');
    expect(parsed.problem!.line).toBeGreaterThanOrEqual(2);
    expect(parsed.data).toEqual({});
    expect(parsed.bodyStart).toBe(5);
  });

  it('reports an alias without an anchor', () => {
    expect(parseFrontMatter('a.md', lines('---\nname: *nobody\n---')).problem?.code).toBe('front_matter_invalid');
  });

  it('reports a block that is not a mapping', () => {
    expect(parseFrontMatter('a.md', lines('---\n- one\n- two\n---')).problem?.code).toBe('front_matter_invalid');
  });

  it('accepts an empty block and a byte-order mark', () => {
    expect(parseFrontMatter('a.md', lines('---\n---\nBody'))).toMatchObject({ present: true, data: {}, bodyStart: 3, problem: null });
    expect(parseFrontMatter('a.md', lines('\uFEFF---\ntitle: x\n---')).data).toEqual({ title: 'x' });
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parsed = parseFrontMatter('a.md', lines(`---\n${text}\n---\nbody`));
        expect(parsed.bodyStart).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});

describe('textField and listField', () => {
  it('read strings, numbers and lists in every form writers use', () => {
    const data = { name: '  Owen  ', age: 71, empty: '', aliases: ['Owen', 'Tresk'], tags: 'a, b ,c', nested: { x: 1 } };
    expect(textField(data, 'name')).toBe('Owen');
    expect(textField(data, 'age')).toBe('71');
    expect(textField(data, 'empty')).toBeNull();
    expect(textField(data, 'nested')).toBeNull();
    expect(listField(data, 'aliases')).toEqual(['Owen', 'Tresk']);
    expect(listField(data, 'tags')).toEqual(['a', 'b', 'c']);
    expect(listField(data, 'missing')).toEqual([]);
  });
});
