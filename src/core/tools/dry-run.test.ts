import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requireVfsPath } from '../vfs/index.js';
import { dryRunOutput, isDryRun, withDryRun } from './dry-run.js';
import type { ToolContext, ToolDefinition } from './tool-definition.js';

const runs: string[] = [];
const reader = withDryRun<{ scene_path: string; dry_run?: boolean }>({
  id: 'scene_reader',
  description: 'Reads a scene.',
  schema: z.strictObject({ scene_path: z.string().min(1), dry_run: z.boolean().optional() }),
  example: { scene_path: 'Story/Scenes/SCN-01.md' },
  describeDryRun: (args) => `read ${requireVfsPath(args.scene_path)}`,
  async run(args) {
    runs.push(args.scene_path);
    return { result: { read: args.scene_path }, fileRefs: [] };
  },
});
// The dry-run path never touches the context, so an empty one shows nothing else is needed.
const context = {} as ToolContext;

describe('withDryRun', () => {
  it('describes the run instead of running it', async () => {
    const output = await reader.run({ scene_path: './Story/Scenes/SCN-01.md', dry_run: true }, context);
    expect(output).toEqual({
      result: { dry_run: true, tool: 'scene_reader', would: 'read Story/Scenes/SCN-01.md', args: { scene_path: './Story/Scenes/SCN-01.md', dry_run: true } },
      fileRefs: [],
    });
    expect(runs).toEqual([]);
  });

  it('runs normally without dry_run or with dry_run false', async () => {
    await reader.run({ scene_path: 'a.md' }, context);
    await reader.run({ scene_path: 'b.md', dry_run: false }, context);
    expect(runs).toEqual(['a.md', 'b.md']);
  });

  it('validates arguments and refuses unsafe paths during a dry run', async () => {
    await expect(reader.run({ scene_path: '', dry_run: true }, context)).rejects.toMatchObject({ code: 'tool_args_invalid' });
    await expect(reader.run({ scene_path: '../secret.md', dry_run: true }, context)).rejects.toMatchObject({ code: 'path_outside_workspace' });
  });

  it('falls back to a generic sentence when a tool has no describeDryRun', async () => {
    const bare: ToolDefinition<{ dry_run?: boolean }> = withDryRun<{ dry_run?: boolean }>({
      id: 'bare_tool',
      description: 'Bare.',
      schema: z.strictObject({ dry_run: z.boolean().optional() }),
      example: {},
      async run() {
        throw new Error('must not run');
      },
    });
    expect((await bare.run({ dry_run: true }, context)).result['would']).toBe('run bare_tool');
  });

  it('exposes the helpers tools can use directly', () => {
    expect(isDryRun({ dry_run: true })).toBe(true);
    expect(isDryRun({ dry_run: 'true' })).toBe(false);
    expect(dryRunOutput('x_tool', 'do x', {}).result).toEqual({ dry_run: true, tool: 'x_tool', would: 'do x', args: {} });
  });
});
