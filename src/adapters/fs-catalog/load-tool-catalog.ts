import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { z } from 'zod';
import { ControlRoomError, PromptsFileSchema, ToolCatalogFileSchema, type MergedToolCatalog, type ToolCatalogFile } from '../../protocol/index.js';
import { mergeToolCatalog, type ToolSchemaSource } from '../../core/tools/index.js';
import { packageRoot as installedPackageRoot } from '../fs-store/index.js';

/** The global catalog, relative to the package root. */
export const GLOBAL_CATALOG_FILE = 'catalog/tools.json';
/** The person's own overrides, relative to their home folder. */
export const USER_PROMPTS_FILE = '.control-room/prompts.json';
/** The project's overrides, relative to the workspace. */
export const PROJECT_PROMPTS_FILE = '.control-room/prompts/prompts.json';

export interface LoadToolCatalogOptions {
  /** Where `catalog/tools.json` ships; defaults to the installed package. */
  packageRoot?: string;
  /** The home folder to look for `.control-room/prompts.json` in; defaults to the OS home, `null` skips it. */
  homeDir?: string | null;
  workspaceRoot: string;
  /** When given, overriding examples must also pass the tool's schema. */
  schemas?: ToolSchemaSource;
}

/** Reads and validates one JSON file; undefined when an optional file is missing; `config_invalid` naming the file otherwise. */
async function readValidated<Schema extends z.ZodType>(file: string, schema: Schema, optional: boolean): Promise<z.infer<Schema> | undefined> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && optional) return undefined;
    const hint = optional ? '' : ' Reinstall control-room, or run "npx tsx scripts/build-catalog.ts" in a source checkout.';
    throw new ControlRoomError('config_invalid', `Cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'}).${hint}`, {
      fault: optional ? 'user' : 'system',
      details: { file },
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ControlRoomError('config_invalid', `${file} is not valid JSON: ${(error as Error).message}.`, { details: { file } });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(top level)'}: ${issue.message}`);
    throw new ControlRoomError('config_invalid', `${file} does not match its format: ${problems.join('; ')}.`, {
      details: { file, issues: parsed.error.issues.map((issue) => ({ path: issue.path, message: issue.message })) },
    });
  }
  return parsed.data;
}

/**
 * The tool catalog models see: the package's `catalog/tools.json`, then `~/.control-room/prompts.json`,
 * then the project's `.control-room/prompts/prompts.json` (both optional), merged with a warning
 * for each override of a core tool. A malformed file fails with `config_invalid` naming it.
 */
export async function loadToolCatalog(options: LoadToolCatalogOptions): Promise<MergedToolCatalog> {
  const global = await loadGlobalCatalog(options.packageRoot ?? installedPackageRoot());
  const homeDir = options.homeDir === undefined ? os.homedir() : options.homeDir;
  const user = homeDir === null ? undefined : await readValidated(path.join(homeDir, USER_PROMPTS_FILE), PromptsFileSchema, true);
  const project = await readValidated(path.join(options.workspaceRoot, PROJECT_PROMPTS_FILE), PromptsFileSchema, true);
  return mergeToolCatalog({
    global,
    user: user === undefined ? null : { source: `~/${USER_PROMPTS_FILE}`, file: user },
    project: project === undefined ? null : { source: PROJECT_PROMPTS_FILE, file: project },
    ...(options.schemas === undefined ? {} : { schemas: options.schemas }),
  });
}

/** The global catalog alone, validated (for the sync check and `control-room` diagnostics). */
export async function loadGlobalCatalog(root: string = installedPackageRoot()): Promise<ToolCatalogFile> {
  const global = await readValidated(path.join(root, GLOBAL_CATALOG_FILE), ToolCatalogFileSchema, false);
  if (global === undefined) throw new ControlRoomError('config_invalid', `${GLOBAL_CATALOG_FILE} is missing.`, { fault: 'system' });
  return global;
}
