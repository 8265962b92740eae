import { useState } from 'react';
import { api, describeError } from '../api/index.js';
import type { Agent, ModelServer, ModelSetting, ModelSettings } from '../api/index.js';
import { LoadError, Notice, Pill } from '../common/index.js';
import { useAsync } from '../use-async.js';
import { choiceValue, contextOf, modelChoices, parseChoice, serverOf, type ModelChoice } from './model-choice.js';
import { ModelDiscovery } from './model-discovery.js';

const tokens = (count: number): string => `${count.toLocaleString('en-US')} tokens`;

function SettingRow(props: { setting: ModelSetting; agent: Agent | undefined; servers: readonly ModelServer[]; choices: readonly ModelChoice[]; saving: boolean; onSave: (choice: string) => Promise<boolean> }) {
  const { setting, agent, servers, choices, saving } = props;
  const [choice, setChoice] = useState<string | null>(null);
  const name = agent?.name ?? setting.agentId;
  const server = serverOf(setting, servers);
  const context = contextOf(setting, servers);
  const current = choiceValue(setting.baseUrl, setting.model);
  const listed = choices.some((option) => option.value === current);
  return (
    <tr data-testid={`model-${setting.agentId}`} data-reachable={setting.reachable}>
      <th scope="row">
        {name}
        <span className="hint block">{agent?.role}</span>
      </th>
      <td>
        {server ? server.name : 'Unknown server'}
        <span className="hint block">
          <code>{setting.baseUrl}</code>
        </span>
      </td>
      <td>
        {choice !== null ? (
          <select aria-label={`Model for ${name}`} value={choice} onChange={(event) => setChoice(event.target.value)}>
            {listed ? null : <option value={current}>{`${setting.model} (current, not listed by a running server)`}</option>}
            {choices.map((option) => (
              <option key={option.value} value={option.value}>
                {`${option.model} — ${option.serverName}${option.contextTokens ? ` · ${tokens(option.contextTokens)}` : ''}`}
              </option>
            ))}
          </select>
        ) : (
          <>
            <code>{setting.model}</code>
            <span className="hint block" data-testid={`context-${setting.agentId}`}>
              {context ? `context ${tokens(context)}` : 'context not reported'}
            </span>
          </>
        )}
      </td>
      <td>
        {setting.profile}
        {setting.stream ? ', streamed' : ''}
        <span className="hint block">{setting.source}</span>
      </td>
      <td>
        <Pill tone={setting.reachable ? 'ok' : 'bad'}>{setting.reachable ? 'Reachable' : 'Unreachable'}</Pill>
      </td>
      <td className="row-actions">
        {choice !== null ? (
          <>
            <button type="button" className="small-button" disabled={saving || choice === current} onClick={() => void props.onSave(choice).then((done) => done && setChoice(null))}>
              Use
            </button>
            <button type="button" className="link-button" onClick={() => setChoice(null)}>
              Cancel
            </button>
          </>
        ) : (
          <button
            type="button"
            className="small-button quiet"
            aria-label={`Change the model of ${name}`}
            disabled={choices.length === 0}
            title={choices.length === 0 ? 'No running model server lists a model; start one and check again.' : undefined}
            onClick={() => setChoice(current)}
          >
            Change
          </button>
        )}
      </td>
    </tr>
  );
}

/**
 * Which server and model each agent uses, whether it answers, and a choice among the models the
 * running servers list (LM Studio, Ollama, llama.cpp, vLLM, Jan, KoboldCpp and the configured
 * ones) — no typing of names to guess. A change applies to the next turn, without a restart.
 */
export function ModelSettingsPanel({ agents }: { agents: Agent[] }) {
  const settings = useAsync(() => api.modelSettings(), []);
  const discovered = useAsync(() => api.modelServers(), []);
  const [saved, setSaved] = useState<ModelSettings | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const data = saved ?? settings.data;
  const servers = discovered.data?.servers ?? [];
  const choices = modelChoices(servers);
  const byId = new Map(agents.map((agent) => [agent.id, agent]));

  // Resolves true once the change is saved, so the row leaves its choice and shows the new model.
  const save = (agentId: string, value: string): Promise<boolean> => {
    setSaving(true);
    setProblem(null);
    return api.saveModelSettings({ agents: { [agentId]: parseChoice(value) } }).then(
      (next) => {
        setSaved(next);
        setSaving(false);
        return true;
      },
      (error: unknown) => {
        setProblem(describeError(error));
        setSaving(false);
        return false;
      },
    );
  };

  const found = servers.filter((server) => server.reachable);
  return (
    <div className="model-settings">
      <div className="panel-toolbar">
        <p className="hint">
          {discovered.data
            ? found.length > 0
              ? `Model servers answering: ${found.map((server) => server.name).join(', ')}.`
              : 'No model server answers on the usual ports. Start LM Studio, Ollama, llama.cpp, vLLM, Jan or KoboldCpp, then check again.'
            : 'Looking for model servers…'}
        </p>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setSaved(null);
            settings.reload();
            discovered.reload();
          }}
        >
          Check again
        </button>
      </div>
      <LoadError error={settings.error ?? discovered.error} />
      {problem ? <Notice tone="bad" title="Not saved">{problem}</Notice> : null}
      <ModelDiscovery settings={data} servers={discovered.data?.servers} onSaved={setSaved} />
      {data ? (
        <table className="data-table settings-table">
          <caption>Models by agent</caption>
          <thead>
            <tr>
              <th scope="col">Agent</th>
              <th scope="col">Server</th>
              <th scope="col">Model</th>
              <th scope="col">Profile</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.agents.map((setting) => (
              <SettingRow
                key={`${setting.agentId}:${setting.baseUrl}:${setting.model}`}
                setting={setting}
                agent={byId.get(setting.agentId)}
                servers={servers}
                choices={choices}
                saving={saving}
                onSave={(value) => save(setting.agentId, value)}
              />
            ))}
          </tbody>
        </table>
      ) : null}
      {data ? (
        <p className="hint">
          Fallback model (tried once when the primary answers with an HTTP error): <code>{data.fallbackModel ?? 'none'}</code>
        </p>
      ) : null}
    </div>
  );
}
