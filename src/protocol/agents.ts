/**
 * The agent roster (`.control-room/agents/agents.json`) and per-agent model endpoints
 * (`.control-room/agents/agent-endpoints.json`). Field names are a contract other tools rely on.
 */
import { z } from 'zod';

/** Version of the agents file format written by this release. */
export const AGENTS_SCHEMA_VERSION = 1;
/** Version of the agent-endpoints file format written by this release. */
export const AGENT_ENDPOINTS_SCHEMA_VERSION = 1;

/** The Chief of Staff's fixed id: auto-invited to every conference, never removable. */
export const CHIEF_AGENT_ID = 'chief';

export const AgentSchema = z.strictObject({
  /** Stable id, lower-case kebab-case, e.g. `continuity`. */
  id: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'agent ids are lower-case letters, digits and dashes'),
  /** Display name, e.g. `Continuity`. */
  name: z.string().min(1).max(80),
  /** The role the agent speaks from, e.g. `Continuity Editor`. */
  role: z.string().min(1).max(80),
  /** Roster order: phase-2 turns follow it (the Chief is always first). */
  order: z.number().int().min(0),
  /** A muted agent is skipped entirely in conferences. */
  muted: z.boolean().default(false),
  /** Role framing prepended to the agent's prompts. */
  framing: z.string().max(4000),
  /** VFS path prefixes this agent's evidence must cite (e.g. `Canon.md`, `Compendium/`). */
  evidenceSources: z.array(z.string().min(1)).default([]),
});
export type Agent = z.infer<typeof AgentSchema>;

export const AgentsFileSchema = z.strictObject({
  schema_version: z.literal(AGENTS_SCHEMA_VERSION),
  agents: z.array(AgentSchema).min(1),
});
export type AgentsFile = z.infer<typeof AgentsFileSchema>;

/** `envelope`: strict text envelope with `response_format`; `cascade`: native tools, then JSON, then refusal. */
export const ModelProfileSchema = z.enum(['envelope', 'cascade']);
export type ModelProfile = z.infer<typeof ModelProfileSchema>;

export const EndpointSchema = z.strictObject({
  /** OpenAI-compatible base URL, e.g. `http://127.0.0.1:1234/v1`. */
  baseUrl: z.string().url(),
  model: z.string().min(1),
  apiKey: z.string().nullable().default(null),
  profile: ModelProfileSchema.default('envelope'),
  stream: z.boolean().default(false),
});
export type Endpoint = z.infer<typeof EndpointSchema>;

/** An agent's override of the default endpoint: the same fields, none filled in by default. */
export const EndpointOverrideSchema = z.strictObject({
  baseUrl: z.string().url().optional(),
  model: z.string().min(1).optional(),
  apiKey: z.string().nullable().optional(),
  profile: ModelProfileSchema.optional(),
  stream: z.boolean().optional(),
});
export type EndpointOverride = z.infer<typeof EndpointOverrideSchema>;

export const AgentEndpointsFileSchema = z.strictObject({
  schema_version: z.literal(AGENT_ENDPOINTS_SCHEMA_VERSION),
  default: EndpointSchema,
  /** Per-agent overrides: any field of `default`; fields left out keep the default's value. */
  agents: z.record(z.string(), EndpointOverrideSchema).default({}),
});
export type AgentEndpointsFile = z.infer<typeof AgentEndpointsFileSchema>;
