/**
 * Schemas shared by the routes: path parameters, the error body and response helpers for the
 * OpenAPI document. Request bodies live beside their routes; protocol schemas are reused there.
 *
 * The rules of the document (checked by openapi-document.test.ts): every route has a camelCase
 * verbNoun `operationId`; every JSON body is a named schema (`.openapi(name)`, or `named(schema,
 * name)`, with a name given nowhere else), so it lands in `components.schemas` and the web
 * client's generated types name it; every `text/event-stream` response lists its events with
 * `eventStreamContent`. After changing a route's schemas, run `npm run api:types`.
 */
import { extendZodWithOpenApi } from '@hono/zod-openapi';
import { z } from 'zod';
import * as protocol from '../protocol/index.js';
import { AgentSchema, ERROR_CODES } from '../protocol/index.js';

extendZodWithOpenApi(z);

type OpenApiNaming = (this: z.ZodType, name: string) => z.ZodType;

/**
 * `schema` under a name of `components.schemas`. Same as `schema.openapi(name)`, which a schema
 * made before the OpenAPI extension loaded (those of src/protocol, say) does not have.
 */
export function named<Schema extends z.ZodType>(schema: Schema, name: string): Schema {
  const openapi = (z.ZodType.prototype as unknown as { openapi: OpenApiNaming }).openapi;
  return openapi.call(schema, name) as Schema;
}

// The protocol's schemas were made before the extension loaded: they get `.openapi` here, so a
// route can name one as it names its own (`AgentSchema.openapi(name)`).
for (const value of Object.values(protocol)) {
  if (value instanceof z.ZodType && !('openapi' in value)) {
    Object.defineProperty(value, 'openapi', { value: (name: string) => named(value, name), configurable: true });
  }
}

/** Ids that name folders or files (sessions, issues, conferences, trace rounds): no dots, no separators. */
export const SafeIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'ids are 1–128 letters, digits, "-" or "_"');

/** An audio clip's id (a UUID, as `POST /api/audio` returns it). */
export const AudioIdSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'audio ids are UUIDs');

/** An agent id, as in agents.json. */
export const AgentIdSchema = AgentSchema.shape.id;

export const IdParamsSchema = z.object({ id: SafeIdSchema });

/** Every error code of the registry (src/protocol/errors.ts). */
export const ErrorCodeSchema = z.enum(ERROR_CODES).openapi('ErrorCode', { description: 'a stable error code; its HTTP status is fixed by the server’s one table' });

/** One problem with a request body, query or path parameter. */
export const RequestIssueSchema = z
  .object({ path: z.array(z.union([z.string(), z.number()])), message: z.string(), code: z.string() })
  .openapi('RequestIssue');

export const ErrorBodySchema = z
  .object({
    error: z.object({
      code: ErrorCodeSchema,
      message: z.string(),
      issues: z.array(RequestIssueSchema).optional(),
    }),
  })
  .openapi('ErrorBody');

/** A JSON response of the OpenAPI document; `schema` is a named one (`.openapi(name)`). */
export function jsonContent<Schema extends z.ZodType>(schema: Schema, description: string) {
  return { content: { 'application/json': { schema } }, description };
}

/** A required JSON request body; `schema` is a named one (`.openapi(name)`). */
export function jsonBody<Schema extends z.ZodType>(schema: Schema) {
  return { content: { 'application/json': { schema } }, required: true };
}

/** What an `error` event carries: the failure after the status line was already sent. */
export const StreamErrorSchema = z.object({ code: ErrorCodeSchema, message: z.string(), status: z.number().int() }).openapi('StreamError');

function pascal(name: string): string {
  return name.replace(/(^|[-_.\s])(\w)/g, (_match, _separator: string, letter: string) => letter.toUpperCase());
}

/**
 * A `text/event-stream` response of the document: a `oneOf` of named `{event, data}` schemas,
 * one per event name (`${stream}${Event}Event`), with `done` (the result) and `error` always last,
 * as `streamEvents` sends them.
 */
export function eventStreamContent(stream: string, events: Readonly<Record<string, z.ZodType>>, done: z.ZodType) {
  const all: Array<[string, z.ZodType]> = [...Object.entries(events), ['done', done], ['error', StreamErrorSchema]];
  const members = all.map(([event, data]) => z.object({ event: z.literal(event), data }).openapi(`${stream}${pascal(event)}Event`));
  const [first, ...rest] = members;
  if (!first) throw new Error('an event stream has events');
  return { 'text/event-stream': { schema: z.discriminatedUnion('event', [first, ...rest]).openapi(`${stream}Event`) } };
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

/** A loose object schema for bodies whose full shape is documented in src/protocol (name it where it is used). */
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
