import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { resolveEndpoint } from '../../core/config/index.js';
import { loadAgentEndpoints } from '../../adapters/fs-workspace/index.js';
import { discoverModelServers, type DiscoveredServer } from '../../adapters/model-servers/index.js';
import { CHIEF_AGENT_ID } from '../../protocol/index.js';
import { emit, workspaceDir, type CliIo, type CommonOptions } from '../io.js';

/** The endpoints configured for a workspace (default and agents' own), when there is one here. */
async function configuredEndpoints(dir: string): Promise<Array<{ baseUrl: string; apiKey: string | null; model: string; agentId: string }>> {
  const env = process.env;
  const root = path.resolve(dir);
  const file = existsSync(path.join(root, '.control-room')) ? await loadAgentEndpoints(root).catch(() => null) : null;
  if (!file) {
    return env['CONTROL_ROOM_LLM_BASE_URL'] ? [{ baseUrl: env['CONTROL_ROOM_LLM_BASE_URL'], apiKey: env['CONTROL_ROOM_LLM_API_KEY'] ?? null, model: env['CONTROL_ROOM_LLM_MODEL'] ?? '', agentId: CHIEF_AGENT_ID }] : [];
  }
  const agentIds = [CHIEF_AGENT_ID, ...Object.keys(file.agents)];
  return agentIds.map((agentId) => {
    const endpoint = resolveEndpoint(file, agentId, env);
    return { baseUrl: endpoint.baseUrl, apiKey: endpoint.apiKey, model: endpoint.model, agentId };
  });
}

function describe(servers: readonly DiscoveredServer[]): string {
  const lines: string[] = [];
  for (const server of servers) {
    const state = server.reachable ? `${server.models.length} model${server.models.length === 1 ? '' : 's'}` : `not answering${server.error ? ` (${server.error})` : ''}`;
    lines.push(`${server.reachable ? '●' : '○'} ${server.name} — ${server.baseUrl}${server.configured ? ' (configured)' : ''}: ${state}`);
    for (const model of server.models) {
      const context = model.contextTokens ? `${model.contextTokens.toLocaleString('en-US')} tokens` : 'context not reported';
      const fallback = model.defaultContextTokens && model.defaultContextTokens !== model.contextTokens ? `, ${model.defaultContextTokens.toLocaleString('en-US')} by default` : '';
      lines.push(`    ${model.id}  (${context}${fallback})`);
    }
  }
  const found = servers.filter((server) => server.reachable).length;
  lines.push('', found === 0 ? 'No model server answered. Start one (see the README: Connecting a model server), or set CONTROL_ROOM_LLM_BASE_URL.' : `${found} server${found === 1 ? '' : 's'} answering.`);
  return lines.join('\n');
}

/** `control-room models [--json]` — the model servers on the usual local ports and the configured ones, with their models. */
export function registerModels(program: Command, io: CliIo): void {
  program
    .command('models')
    .description('find model servers (LM Studio, Ollama, llama.cpp, vLLM, Jan, KoboldCpp and the configured one) and list their models')
    .option('--workspace <dir>', 'workspace folder (its configured endpoints are looked at too)')
    .option('--timeout <ms>', 'how long to wait for each server', '1500')
    .option('--json', 'print JSON')
    .action(async (options: CommonOptions & { timeout: string }) => {
      const configured = await configuredEndpoints(workspaceDir(options));
      const servers = await discoverModelServers({ configured, timeoutMs: Math.max(100, Number(options.timeout) || 1500) });
      const chief = configured.find((entry) => entry.agentId === CHIEF_AGENT_ID);
      const body = { configured: chief ? { baseUrl: chief.baseUrl, model: chief.model } : null, servers };
      emit(io, options, body, () => describe(servers));
    });
}
