import { promises as fs } from 'node:fs';
import path from 'node:path';
import { PROJECT_RECIPES_DIR } from '../../protocol/runs.js';
import type { RecipeFile, RecipeFiles } from '../../core/runs/index.js';
import { packageRoot } from '../fs-store/index.js';

async function jsonFiles(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile() && entry.name.toLowerCase().endsWith('.json')).map((entry) => entry.name).sort();
}

/** The package's bundled recipes (`recipes/*.json`). */
export function bundledRecipesDir(): string {
  return path.join(packageRoot(), 'recipes');
}

/** Recipe files: the bundled ones, then the project's `.control-room/recipes/*.json`. */
export class FsRecipeFiles implements RecipeFiles {
  private readonly projectDir: string;

  constructor(workspaceRoot: string, private readonly bundledDir: string = bundledRecipesDir()) {
    this.projectDir = path.join(path.resolve(workspaceRoot), PROJECT_RECIPES_DIR);
  }

  async list(): Promise<RecipeFile[]> {
    const files: RecipeFile[] = [];
    for (const name of await jsonFiles(this.bundledDir)) {
      files.push({ origin: 'bundled', file: name, text: await fs.readFile(path.join(this.bundledDir, name), 'utf8') });
    }
    for (const name of await jsonFiles(this.projectDir)) {
      files.push({ origin: 'project', file: `${PROJECT_RECIPES_DIR}/${name}`, text: await fs.readFile(path.join(this.projectDir, name), 'utf8') });
    }
    return files;
  }
}
