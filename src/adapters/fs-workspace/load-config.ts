import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import {
  AgentEndpointsFileSchema,
  AgentsFileSchema,
  ControlRoomError,
  type Agent,
  type AgentEndpointsFile,
} from '../../protocol/index.js';
import { defaultAgentEndpointsFile, defaultAgentsFile } from '../../core/agents/index.js';

export const AGENTS_FILE = '.control-room/agents/agents.json';
export const AGENT_ENDPOINTS_FILE = '.control-room/agents/agent-endpoints.json';

/** Reads and validates a JSON config file; a missing file gives `fallback`, a bad one `config_invalid`. */
async function readConfig<T>(root: string, relative: string, schema: z.ZodType<T>, fallback: () => T): Promise<T> {
  let text: string;
  try {
    text = await fs.readFile(path.join(root, relative), 'utf8');
  } catch {
    return fallback();
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ControlRoomError('config_invalid', `${relative} is not valid JSON (${(error as Error).message}). Fix it or delete it to get the defaults.`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? `${issue.path.join('.') || '(top level)'}: ${issue.message}` : 'unknown problem';
    throw new ControlRoomError('config_invalid', `${relative} is not valid at ${where}. Fix it or delete it to get the defaults.`);
  }
  return parsed.data;
}

/** The roster, sorted by `order`; the defaults when the workspace has no agents file. */
export async function loadAgents(root: string): Promise<Agent[]> {
  const file = await readConfig(root, AGENTS_FILE, AgentsFileSchema, defaultAgentsFile);
  const ids = new Set<string>();
  for (const agent of file.agents) {
    if (ids.has(agent.id)) throw new ControlRoomError('config_invalid', `${AGENTS_FILE} lists agent "${agent.id}" twice.`);
    ids.add(agent.id);
  }
  return [...file.agents].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}

/** Per-agent model endpoints; the defaults when the workspace has no endpoints file. */
export async function loadAgentEndpoints(root: string): Promise<AgentEndpointsFile> {
  return readConfig(root, AGENT_ENDPOINTS_FILE, AgentEndpointsFileSchema, defaultAgentEndpointsFile);
}
