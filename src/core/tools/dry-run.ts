import { ControlRoomError } from '../../protocol/index.js';
import type { ToolDefinition, ToolOutput } from './tool-definition.js';

/** The result of `dry_run: true`: the validated arguments and a sentence saying what would run. */
export interface DryRunResult {
  dry_run: true;
  tool: string;
  /** One sentence, e.g. "read Story/Scenes/SCN-01.md lines 1-40". */
  would: string;
  args: Record<string, unknown>;
}

/** True when the arguments ask for a dry run. */
export function isDryRun(args: Record<string, unknown>): boolean {
  return args['dry_run'] === true;
}

/** The output of a dry run. It has no file refs because nothing was read. */
export function dryRunOutput(tool: string, would: string, args: Record<string, unknown>): ToolOutput {
  const result: DryRunResult = { dry_run: true, tool, would, args };
  return { result: { ...result }, fileRefs: [] };
}

/**
 * Gives a tool the shared dry-run behaviour: with `dry_run: true` the arguments are validated
 * against the tool's schema and `describeDryRun` says what would run; `run` is never called, so
 * no file content is read. `describeDryRun` may check paths (`requireVfsPath`) but must not read.
 */
export function withDryRun<Args extends Record<string, unknown>>(definition: ToolDefinition<Args>): ToolDefinition<Args> {
  const run = definition.run.bind(definition);
  return {
    ...definition,
    async run(args, context) {
      if (!isDryRun(args)) return run(args, context);
      // Validated here too, because a library caller may call `run` without the tool-call parser.
      const parsed = definition.schema.safeParse(args);
      if (!parsed.success) {
        const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(args)'}: ${issue.message}`);
        throw new ControlRoomError('tool_args_invalid', `Arguments of ${definition.id} are not valid: ${problems.join('; ')}.`, { fault: 'model' });
      }
      const would = definition.describeDryRun?.(parsed.data) ?? `run ${definition.id}`;
      return dryRunOutput(definition.id, would, parsed.data);
    },
  };
}
