import fc from 'fast-check';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRecipes, requireRecipes } from './load-recipes.js';
import type { RecipeFile } from './run-store.js';

const BUNDLED = path.resolve(import.meta.dirname, '../../../recipes/continuity-pass.json');

const recipe = (id: string, name = id, steps: unknown[] = [{ id: 'outline', kind: 'tool', tool: 'outline_analyzer' }]) =>
  JSON.stringify({ schema_version: 1, id, name, description: 'd', steps });

describe('loadRecipes', () => {
  it('accepts the bundled continuity-pass recipe', async () => {
    const result = loadRecipes([{ origin: 'bundled', file: 'continuity-pass.json', text: await fs.readFile(BUNDLED, 'utf8') }]);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value[0]!.recipe.steps.map((step) => step.tool ?? step.kind)).toEqual(['canon_checker', 'consistency_checker', 'scene_draft_validator', 'outline_analyzer', 'issue']);
  });

  it('lets a project recipe replace a bundled one with the same id', () => {
    const result = requireRecipes([
      { origin: 'project', file: '.control-room/recipes/a.json', text: recipe('pass', 'Mine') },
      { origin: 'bundled', file: 'pass.json', text: recipe('pass', 'Shipped') },
      { origin: 'bundled', file: 'other.json', text: recipe('other') },
    ]);
    expect(result.map((loaded) => [loaded.recipe.id, loaded.origin, loaded.recipe.name])).toEqual([
      ['other', 'bundled', 'other'],
      ['pass', 'project', 'Mine'],
    ]);
  });

  it('reports every bad file with its path, and two files of one origin with one id', () => {
    const files: RecipeFile[] = [
      { origin: 'project', file: 'bad-json.json', text: '{' },
      { origin: 'project', file: 'no-from.json', text: recipe('x', 'x', [{ id: 'file', kind: 'issue' }]) },
      { origin: 'project', file: 'late-slot.json', text: recipe('y', 'y', [{ id: 'file', kind: 'issue', from: ['canon'] }, { id: 'c', kind: 'tool', tool: 't', cache_slot: 'canon' }]) },
      { origin: 'project', file: 'twice-1.json', text: recipe('twice') },
      { origin: 'project', file: 'twice-2.json', text: recipe('twice') },
      { origin: 'project', file: 'extra.json', text: JSON.stringify({ ...JSON.parse(recipe('z')), colour: 'red' }) },
    ];
    const result = loadRecipes(files);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const byFile = (name: string) => result.issues.filter((issue) => issue.path.startsWith(name)).map((issue) => issue.message).join(' ');
    expect(byFile('bad-json.json')).toMatch(/not valid JSON/);
    expect(byFile('no-from.json')).toMatch(/an issue step needs "from"/);
    expect(byFile('late-slot.json')).toMatch(/no earlier step fills cache slot "canon"/);
    expect(byFile('twice-2.json')).toMatch(/used by both twice-1.json and twice-2.json/);
    expect(byFile('extra.json')).toMatch(/colour/);
    expect(() => requireRecipes(files)).toThrow(expect.objectContaining({ code: 'config_invalid' }));
  });

  it('never throws on arbitrary file text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        const result = loadRecipes([{ origin: 'project', file: 'r.json', text }]);
        expect(typeof result.ok).toBe('boolean');
      }),
    );
  });
});
