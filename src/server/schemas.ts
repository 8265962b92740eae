/**
 * Schemas shared by the routes: path parameters, the error body and response helpers for the
 * OpenAPI document. Request bodies live beside their routes; protocol schemas are reused there.
 */
import { z } from 'zod';
import { AgentSchema } from '../protocol/index.js';

/** Ids that name folders or files (sessions, issues, conferences, trace rounds): no dots, no separators. */
export const SafeIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'ids are 1–128 letters, digits, "-" or "_"');

/** An audio clip's id (a UUID, as `POST /api/audio` returns it). */
export const AudioIdSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'audio ids are UUIDs');

/** An agent id, as in agents.json. */
export const AgentIdSchema = AgentSchema.shape.id;

export const IdParamsSchema = z.object({ id: SafeIdSchema });

export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string(), code: z.string() })).optional(),
  }),
});

/** A JSON response of the OpenAPI document. */
export function jsonContent<Schema extends z.ZodType>(schema: Schema, description: string) {
  return { content: { 'application/json': { schema } }, description };
}

const ERROR_DESCRIPTIONS: Readonly<Record<number, string>> = {
  400: 'The request is not valid (`invalid_request` with the issues, or a refused path)',
  401: 'The access token is missing or wrong (remote binding only)',
  404: 'No such thing',
  409: 'Conflicts with the current state (e.g. removing the Chief)',
  413: 'The body is larger than the limit (`payload_too_large`)',
  502: 'The model server answered badly',
  503: 'The model server could not be reached',
};

/** Error responses of a route, for the OpenAPI document. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, jsonContent(ErrorBodySchema, ERROR_DESCRIPTIONS[status] ?? 'Failure')]));
}

/** A loose object schema for bodies whose full shape is documented in src/protocol. */
export const LooseObjectSchema = z.looseObject({});

/**
 * A response whose media type the route types cannot express (`application/x-ndjson` reads as a
 * malformed JSON type to @hono/zod-openapi). The document still describes it correctly.
 */
export function untypedResponse(response: Response): never {
  return response as never;
}

/** A request's tool policy (SPEC §4): which tools it may use, and whether a call is required. */
export const ToolPolicySchema = z.strictObject({
  allowedTools: z.array(z.string().min(1).max(80)).max(20).optional(),
  requireTool: z.boolean().optional(),
});
