import { ControlRoomError } from '../../protocol/index.js';
import { RecipeSchema, type LoadedRecipe } from '../../protocol/runs.js';
import type { RecipeFile } from './run-store.js';

/** A problem with one recipe file, as data. */
export interface RecipeIssue {
  code: 'config_invalid';
  message: string;
  path: string;
}

export type RecipesResult = { ok: true; value: LoadedRecipe[] } | { ok: false; issues: RecipeIssue[] };

function parseRecipe(file: RecipeFile): { ok: true; value: LoadedRecipe } | { ok: false; issues: RecipeIssue[] } {
  const where = `${file.origin} recipe ${file.file}`;
  let value: unknown;
  try {
    value = JSON.parse(file.text);
  } catch (error) {
    return { ok: false, issues: [{ code: 'config_invalid', path: file.file, message: `The ${where} is not valid JSON (${(error as Error).message}).` }] };
  }
  const parsed = RecipeSchema.safeParse(value);
  if (!parsed.success) {
    return {
      ok: false,
      issues: parsed.error.issues.map((issue) => ({
        code: 'config_invalid' as const,
        path: `${file.file}${issue.path.length > 0 ? `#${issue.path.join('.')}` : ''}`,
        message: `The ${where} is not valid at ${issue.path.join('.') || 'the top level'}: ${issue.message}.`,
      })),
    };
  }
  return { ok: true, value: { recipe: parsed.data, origin: file.origin, file: file.file } };
}

/**
 * Validates every recipe file and merges them by id: a project recipe replaces the bundled one
 * with the same id. Two files of the same origin with one id, or any invalid file, are issues.
 */
export function loadRecipes(files: readonly RecipeFile[]): RecipesResult {
  const issues: RecipeIssue[] = [];
  const byId = new Map<string, LoadedRecipe>();
  const ordered = [...files].sort((a, b) => (a.origin === b.origin ? (a.file < b.file ? -1 : 1) : a.origin === 'bundled' ? -1 : 1));
  for (const file of ordered) {
    const parsed = parseRecipe(file);
    if (!parsed.ok) {
      issues.push(...parsed.issues);
      continue;
    }
    const known = byId.get(parsed.value.recipe.id);
    if (known && known.origin === parsed.value.origin) {
      issues.push({ code: 'config_invalid', path: file.file, message: `Recipe id "${parsed.value.recipe.id}" is used by both ${known.file} and ${file.file}; rename one.` });
      continue;
    }
    byId.set(parsed.value.recipe.id, parsed.value);
  }
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, value: [...byId.values()].sort((a, b) => (a.recipe.id < b.recipe.id ? -1 : 1)) };
}

/** `loadRecipes`, throwing `config_invalid` that names every bad file. */
export function requireRecipes(files: readonly RecipeFile[]): LoadedRecipe[] {
  const result = loadRecipes(files);
  if (result.ok) return result.value;
  throw new ControlRoomError('config_invalid', `${result.issues.map((issue) => issue.message).join(' ')} Fix or remove the file.`, { details: { issues: result.issues } });
}
