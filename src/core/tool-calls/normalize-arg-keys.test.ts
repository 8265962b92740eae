import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SearchIssuesArgsSchema, ProseAnalyzerArgsSchema } from '../../protocol/index.js';
import { normalName } from './normal-name.js';
import { argKeyMapFor, normalizeArgKeys } from './normalize-arg-keys.js';

describe('normalName', () => {
  it('trims, splits camelCase, lower-cases and folds separators to one underscore', () => {
    expect(normalName('assignedTo')).toBe('assigned_to');
    expect(normalName('Assigned-To')).toBe('assigned_to');
    expect(normalName(' assigned  to ')).toBe('assigned_to');
    expect(normalName('SCENE_PATH')).toBe('scene_path');
    expect(normalName('scene--path')).toBe('scene_path');
    expect(normalName('minInterestLevel')).toBe('min_interest_level');
    expect(normalName('XMLFile')).toBe('xml_file');
    expect(normalName('file-locator')).toBe('file_locator');
  });
});

describe('normalizeArgKeys', () => {
  it('maps drifted keys to the canonical key by normal form and reports each change', () => {
    for (const key of ['assigned_to', 'Assigned-To', 'ASSIGNED_TO', 'assigned to']) {
      expect(normalizeArgKeys({ [key]: 'x' }, SearchIssuesArgsSchema)).toEqual({
        args: { assignedTo: 'x' },
        applied: [{ kind: 'arg_key', from: key, to: 'assignedTo' }],
        issues: [],
      });
    }
    expect(normalizeArgKeys({ 'Scene-Path': 'a.md', focus: 'all' }, ProseAnalyzerArgsSchema).args).toEqual({ scene_path: 'a.md', focus: 'all' });
    expect(normalizeArgKeys({ scenePath: 'a.md' }, ProseAnalyzerArgsSchema).applied).toEqual([{ kind: 'arg_key', from: 'scenePath', to: 'scene_path' }]);
  });

  it('hands canonical args back untouched', () => {
    const args = { scene_path: 'a.md', focus: 'all' };
    const result = normalizeArgKeys(args, ProseAnalyzerArgsSchema);
    expect(result.args).toBe(args);
    expect(result.applied).toEqual([]);
  });

  it('leaves keys with no canonical match for the schema to refuse', () => {
    expect(normalizeArgKeys({ scenePath: 'a.md', query: 'x' }, ProseAnalyzerArgsSchema)).toEqual({
      args: { scene_path: 'a.md', query: 'x' },
      applied: [{ kind: 'arg_key', from: 'scenePath', to: 'scene_path' }],
      issues: [],
    });
  });

  it('reports a collision when two given keys mean one argument, keeping the canonical one', () => {
    const result = normalizeArgKeys({ scenePath: 'b.md', scene_path: 'a.md' }, ProseAnalyzerArgsSchema);
    expect(result.args).toEqual({ scene_path: 'a.md' });
    expect(result.issues).toEqual([{ code: 'arg_key_collision', message: expect.stringContaining('"scene_path" and "scenePath"'), path: ['args', 'scene_path'] }]);
    expect(normalizeArgKeys({ 'Scene-Path': 'a', scenePath: 'b' }, ProseAnalyzerArgsSchema).issues).toHaveLength(1);
  });

  it('refuses to guess when two canonical keys share a normal form', () => {
    const schema = z.strictObject({ fooBar: z.string().optional(), foo_bar: z.string().optional() });
    expect(normalizeArgKeys({ 'Foo-Bar': 'x' }, schema)).toEqual({ args: { 'Foo-Bar': 'x' }, applied: [], issues: [] });
  });

  it('keeps "__proto__" an own data key', () => {
    const args = JSON.parse('{"Scene-Path":"a.md","__proto__":{"polluted":true}}') as Record<string, unknown>;
    const result = normalizeArgKeys(args, ProseAnalyzerArgsSchema);
    expect(Object.keys(result.args).sort()).toEqual(['__proto__', 'scene_path']);
    expect(Object.getPrototypeOf(result.args)).toBe(Object.prototype);
  });

  it('builds a schema key map once and reuses it', () => {
    expect(argKeyMapFor(SearchIssuesArgsSchema)).toBe(argKeyMapFor(SearchIssuesArgsSchema));
    expect(argKeyMapFor(SearchIssuesArgsSchema).byNormalForm.get('personal_tags')).toBe('personalTags');
  });
});
