import { useState } from 'react';
import { api, describeError } from '../api/index.js';
import type { ModelServer, ModelSettings } from '../api/index.js';
import { Notice, Pill } from '../common/index.js';

const GUIDES = [
  { name: 'LM Studio', url: 'http://127.0.0.1:1234/v1', how: 'Open LM Studio, load a model, then start its local server (Developer tab → Start Server; port 1234).' },
  { name: 'Ollama', url: 'http://127.0.0.1:11434/v1', how: 'Install Ollama, run “ollama pull qwen3:8b” once, then keep “ollama serve” running (port 11434).' },
  { name: 'llama.cpp', url: 'http://127.0.0.1:8080/v1', how: 'Run “llama-server -m your-model.gguf --port 8080 --jinja” from llama.cpp.' },
  { name: 'vLLM', url: 'http://127.0.0.1:8000/v1', how: 'Run “vllm serve <model> --max-model-len 16384” (port 8000).' },
  { name: 'Jan', url: 'http://127.0.0.1:1337/v1', how: 'Open Jan, start a model, then turn on its Local API Server (Settings → Local API Server; port 1337).' },
  { name: 'KoboldCpp', url: 'http://127.0.0.1:5001/v1', how: 'Run “koboldcpp --model your-model.gguf --contextsize 8192” (port 5001).' },
];

/** The first-run explanation: no model server answers, so here is how to start one of the usual six. */
export function FirstRunPanel({ onUse, busy }: { onUse: (baseUrl: string) => void; busy: boolean }) {
  return (
    <section className="first-run" aria-label="Connect a model server" data-testid="first-run-panel">
      <h3>Connect a model server</h3>
      <p>
        No model server answered on this machine, so the agents cannot use a language model yet (the offline demo answers instead). Start one of
        these, then choose it here — the change applies at once, no restart needed.
      </p>
      <ol className="first-run-steps">
        {GUIDES.map((guide) => (
          <li key={guide.name}>
            <strong>{guide.name}</strong>: {guide.how} Its address is <code>{guide.url}</code>.{' '}
            <button type="button" className="small-button" disabled={busy} onClick={() => onUse(guide.url)}>
              Use {guide.name}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * The model servers found on this machine and their models, as a picker: one click makes a model
 * every agent's default (live, no restart); each agent can still be given its own below.
 */
export function ModelDiscovery({ settings, servers: found, onSaved }: { settings: ModelSettings | undefined; servers: readonly ModelServer[] | undefined; onSaved: (next: ModelSettings) => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const save = async (change: { baseUrl: string; model?: string }): Promise<void> => {
    setBusy(true);
    setProblem(null);
    try {
      // The default and each agent alike: an agent's own endpoint (or one set by the environment) would otherwise win.
      const agents = Object.fromEntries((settings?.agents ?? []).map((agent) => [agent.agentId, change]));
      onSaved(await api.saveModelSettings({ default: change, agents }));
    } catch (error) {
      setProblem(describeError(error));
    } finally {
      setBusy(false);
    }
  };
  const servers = (found ?? []).filter((server) => server.reachable);
  const anyReachable = servers.length > 0 || (settings?.agents.some((agent) => agent.reachable) ?? false);
  const inUse = new Set((settings?.agents ?? []).map((agent) => `${agent.baseUrl}|${agent.model}`));
  return (
    <div className="model-discovery">
      {problem ? <Notice tone="bad" title="Not switched">{problem}</Notice> : null}
      {servers.length > 0 ? (
        <section aria-label="Model servers found" data-testid="discovered-servers">
          <h3>Model servers on this machine</h3>
          <ul className="discovered-list">
            {servers.map((server) => (
              <li key={server.baseUrl} data-testid={`discovered-server-${server.name}`}>
                <strong>{server.name}</strong> <code>{server.baseUrl}</code>
                <ul>
                  {server.models.map((model) => (
                    <li key={model.id}>
                      <code>{model.id}</code>
                      {model.contextTokens ? <span className="hint"> · {model.contextTokens.toLocaleString('en-US')} tokens of context</span> : null}{' '}
                      {inUse.has(`${server.baseUrl}|${model.id}`) ? <Pill tone="ok">in use</Pill> : null}{' '}
                      <button type="button" className="small-button" disabled={busy} onClick={() => void save({ baseUrl: server.baseUrl, model: model.id })}>
                        Use {model.id} for every agent
                      </button>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {found !== undefined && !anyReachable ? <FirstRunPanel busy={busy} onUse={(baseUrl) => void save({ baseUrl })} /> : null}
    </div>
  );
}
