import type { ReactNode } from 'react';
import type { Health } from '../api/index.js';

export const DEMO_BANNER =
  'Demo mode: no language model — the agents look up what you ask in the manuscript with the real tools, and every reply is checked against the files';

/** The model status in words, for the header and the banner. */
function modelStatus(health: Health): { tone: 'ok' | 'warn' | 'bad'; text: string } {
  if (health.mode === 'demo') return { tone: 'warn', text: 'Demo model' };
  return health.model.reachable ? { tone: 'ok', text: `Model: ${health.model.model}` } : { tone: 'bad', text: 'Model server unreachable' };
}

/** Workspace name, mode and model status (and the app's own controls, such as the notifications), plus a banner when no real model answers. */
export function AppHeader({ health, error, actions }: { health: Health | undefined; error: string | null; actions?: ReactNode }) {
  const status = health ? modelStatus(health) : null;
  return (
    <>
      <header className="app-header">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true" />
          <span className="brand-name">Control Room</span>
        </div>
        {health ? (
          <div className="header-facts">
            <span className="workspace-name" data-testid="workspace-name" title="Workspace">
              {health.workspace}
            </span>
            <span className={`mode mode-${health.mode}`} data-testid="mode">
              {health.mode === 'demo' ? 'Demo' : 'Live'}
            </span>
            {status ? (
              <span className={`model-status model-${status.tone}`} title={health.model.baseUrl}>
                <span className="dot" aria-hidden="true" />
                {status.text}
              </span>
            ) : null}
          </div>
        ) : null}
        {actions}
      </header>
      {error ? (
        <div className="banner banner-bad" role="alert" data-testid="banner">
          The Control Room server cannot be reached ({error}). Start it with <code>control-room serve</code> and reload.
        </div>
      ) : null}
      {health?.mode === 'demo' ? (
        <div className="banner banner-warn" role="status" data-testid="banner">
          {DEMO_BANNER}
        </div>
      ) : null}
      {health && health.mode === 'live' && !health.model.reachable ? (
        <div className="banner banner-bad" role="alert" data-testid="banner">
          <strong>The model server is unreachable.</strong> Nothing answers at <code>{health.model.baseUrl}</code>
          {health.model.message ? ` (${health.model.message})` : ''}. Start your model server (LM Studio, Ollama, llama.cpp) or choose
          another endpoint under Models; until then the agents cannot reply.
        </div>
      ) : null}
    </>
  );
}
