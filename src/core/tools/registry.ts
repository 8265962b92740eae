import type { z } from 'zod';
import { ControlRoomError, TOOL_ARG_SCHEMAS, ToolIdSchema } from '../../protocol/index.js';
import type { ToolDefinition } from './tool-definition.js';

/**
 * A tool definition with its argument type erased, so tools with different arguments can share
 * one list. `ToolDefinition<Args>` is contravariant in `Args` (through `describeDryRun`), so the
 * erased form has to be `any`; arguments are checked by the tool's own schema before `run`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyToolDefinition = ToolDefinition<any>;

/** What the tool-call parser needs from a registry: the known ids and each tool's strict schema. */
export interface ToolSchemaSource {
  schemaFor(id: string): z.ZodObject | undefined;
  ids(): readonly string[];
}

/**
 * The tools a turn may call, by runtime id. Built once from definitions; `restrict` gives a view
 * limited to a request's `toolPolicy.allowedTools`, so schemas and execution agree on what is allowed.
 */
export class ToolRegistry implements ToolSchemaSource {
  private readonly byId: ReadonlyMap<string, AnyToolDefinition>;

  constructor(definitions: readonly AnyToolDefinition[]) {
    const byId = new Map<string, AnyToolDefinition>();
    for (const definition of definitions) {
      if (!ToolIdSchema.safeParse(definition.id).success) {
        throw new ControlRoomError('usage_error', `Tool id ${JSON.stringify(definition.id)} is not snake_case; rename the tool.`, { fault: 'system' });
      }
      if (byId.has(definition.id)) {
        throw new ControlRoomError('usage_error', `Tool ${definition.id} is registered twice; each tool id must be unique.`, { fault: 'system' });
      }
      // A core tool must validate with the protocol's schema, or the catalog and the parser would disagree.
      const coreSchema = Object.hasOwn(TOOL_ARG_SCHEMAS, definition.id) ? (TOOL_ARG_SCHEMAS as Record<string, z.ZodObject>)[definition.id] : undefined;
      if (coreSchema !== undefined && definition.schema !== coreSchema) {
        throw new ControlRoomError('usage_error', `Tool ${definition.id} must use its protocol schema from TOOL_ARG_SCHEMAS.`, { fault: 'system' });
      }
      byId.set(definition.id, definition);
    }
    this.byId = byId;
  }

  /** The definition of a tool, or undefined when it is not in this registry. */
  get(id: string): AnyToolDefinition | undefined {
    return this.byId.get(id);
  }

  /** True when the tool is in this registry. */
  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** Tool ids in registration order. */
  ids(): readonly string[] {
    return [...this.byId.keys()];
  }

  /** Every definition, in registration order. */
  definitions(): readonly AnyToolDefinition[] {
    return [...this.byId.values()];
  }

  /** The strict zod object that validates a tool's arguments. */
  schemaFor(id: string): z.ZodObject | undefined {
    return this.byId.get(id)?.schema;
  }

  /**
   * A registry with only the allowed tools, in this registry's order. Naming a tool that does not
   * exist is refused: a typo in a tool policy would otherwise silently allow nothing.
   */
  restrict(allowedTools: readonly string[]): ToolRegistry {
    const unknown = allowedTools.filter((id) => !this.byId.has(id));
    if (unknown.length > 0) {
      throw new ControlRoomError(
        'usage_error',
        `allowedTools names unknown tools: ${unknown.join(', ')}. Known tools: ${this.ids().join(', ')}.`,
      );
    }
    const allowed = new Set(allowedTools);
    return new ToolRegistry(this.definitions().filter((definition) => allowed.has(definition.id)));
  }
}
