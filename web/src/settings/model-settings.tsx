import { useState } from 'react';
import { api } from '../api/index.js';
import { describeError } from '../api/index.js';
import type { Agent, ModelSetting, ModelSettings } from '../api/index.js';
import { Pill } from '../common/index.js';
import { LoadError, Notice } from '../common/index.js';
import { useAsync } from '../use-async.js';
import { ModelDiscovery, useDiscoveredModels } from './model-discovery.js';

const MODEL_CHOICES_ID = 'discovered-model-choices';

interface Draft {
  baseUrl: string;
  model: string;
}

function SettingRow({ setting, agent, saving, onSave }: { setting: ModelSetting; agent: Agent | undefined; saving: boolean; onSave: (draft: Draft) => void }) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const name = agent?.name ?? setting.agentId;
  return (
    <tr data-testid={`model-${setting.agentId}`} data-reachable={setting.reachable}>
      <th scope="row">
        {name}
        <span className="hint block">{agent?.role}</span>
      </th>
      {draft ? (
        <>
          <td>
            <input aria-label={`Base URL for ${name}`} value={draft.baseUrl} onChange={(event) => setDraft({ ...draft, baseUrl: event.target.value })} />
          </td>
          <td>
            <input aria-label={`Model for ${name}`} list={MODEL_CHOICES_ID} value={draft.model} onChange={(event) => setDraft({ ...draft, model: event.target.value })} />
          </td>
        </>
      ) : (
        <>
          <td>
            <code>{setting.baseUrl}</code>
          </td>
          <td>
            <code>{setting.model}</code>
          </td>
        </>
      )}
      <td>
        {setting.profile}
        {setting.stream ? ', streamed' : ''}
        <span className="hint block">{setting.source}</span>
      </td>
      <td>
        <Pill tone={setting.reachable ? 'ok' : 'bad'}>{setting.reachable ? 'Reachable' : 'Unreachable'}</Pill>
      </td>
      <td className="row-actions">
        {draft ? (
          <>
            <button type="button" className="small-button" disabled={saving} onClick={() => onSave(draft)}>
              Save
            </button>
            <button type="button" className="link-button" onClick={() => setDraft(null)}>
              Cancel
            </button>
          </>
        ) : (
          <button type="button" className="small-button quiet" aria-label={`Change the model of ${name}`} onClick={() => setDraft({ baseUrl: setting.baseUrl, model: setting.model })}>
            Change
          </button>
        )}
      </td>
    </tr>
  );
}

/** Which endpoint and model each agent uses, whether it answers, and a way to change it. */
export function ModelSettingsPanel({ agents }: { agents: Agent[] }) {
  const settings = useAsync(() => api.modelSettings(), []);
  const [saved, setSaved] = useState<ModelSettings | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const data = saved ?? settings.data;
  const byId = new Map(agents.map((agent) => [agent.id, agent]));
  const discoveredModels = useDiscoveredModels();

  const save = (agentId: string, draft: Draft): void => {
    setSaving(true);
    setProblem(null);
    api.saveModelSettings({ agents: { [agentId]: { baseUrl: draft.baseUrl.trim(), model: draft.model.trim() } } }).then(
      (next) => {
        setSaved(next);
        setSaving(false);
      },
      (error: unknown) => {
        setProblem(describeError(error));
        setSaving(false);
      },
    );
  };

  return (
    <div className="model-settings">
      <div className="panel-toolbar">
        <p className="hint">Each agent may use its own OpenAI-compatible endpoint (LM Studio, Ollama, llama.cpp server or a cloud model).</p>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setSaved(null);
            settings.reload();
          }}
        >
          Check again
        </button>
      </div>
      <LoadError error={settings.error} />
      {problem ? <Notice tone="bad" title="Not saved">{problem}</Notice> : null}
      <ModelDiscovery settings={data} onSaved={setSaved} />
      <datalist id={MODEL_CHOICES_ID}>
        {discoveredModels.map((model) => (
          <option key={model} value={model} />
        ))}
      </datalist>
      {data ? (
        <table className="data-table settings-table">
          <caption>Models by agent</caption>
          <thead>
            <tr>
              <th scope="col">Agent</th>
              <th scope="col">Endpoint</th>
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
                saving={saving}
                onSave={(draft) => save(setting.agentId, draft)}
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
