import type { z } from 'zod';
import type { Agent, FileRef } from '../../protocol/index.js';
import type { IssueStore, Workspace } from '../ports/index.js';

/** What a tool may use while it runs: the manuscript (read-only), the issue list and the roster. */
export interface ToolContext {
  workspace: Workspace;
  issues: IssueStore;
  agents: readonly Agent[];
  signal?: AbortSignal;
}

/** A tool's JSON result plus the exact file excerpts it read (for the receipt's `file_refs`). */
export interface ToolOutput {
  result: Record<string, unknown>;
  fileRefs: FileRef[];
}

/**
 * One of the writing tools. Tools are real: they read the workspace through the port and return
 * JSON. A tool reports a problem with its input (a scene that does not exist, say) by throwing
 * `ControlRoomError`; the executor turns that into a `tool_error` result and receipt.
 */
export interface ToolDefinition<Args extends Record<string, unknown> = Record<string, unknown>> {
  /** Runtime id, snake_case. */
  id: string;
  /** One line for the lean tool prompt (at most ~120 characters); without it, the description's first sentence. */
  summary?: string;
  /** The whole story: what it does and when to use it (tool listings, retry messages, MCP clients). */
  description: string;
  /** Strict schema of the arguments (unknown keys refused). Built once, reused for every call. */
  schema: z.ZodObject & z.ZodType<Args>;
  /** Example arguments for the JSON-only catalog example. */
  example: Args;
  /** Says what a dry run would do without reading file content (for tools with `dry_run`). */
  describeDryRun?(args: Args): string;
  run(args: Args, context: ToolContext): Promise<ToolOutput>;
}
