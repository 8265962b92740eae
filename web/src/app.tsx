import { useCallback, useEffect, useMemo, useState } from 'react';
import { api } from './api/index.js';
import type { Agent } from './api/index.js';
import { DirectChat } from './chat/index.js';
import { LoadError } from './common/index.js';
import { Tabs, tabPanelProps } from './common/index.js';
import { ConferencePanel } from './conference/index.js';
import { DevTools, type DevToolsFocus } from './devtools/index.js';
import { AppHeader } from './header/index.js';
import { TokenPrompt } from './header/index.js';
import { IssuesPanel } from './issues/index.js';
import { FileTree } from './manuscript/index.js';
import { Reader } from './manuscript/index.js';
import { NavigationContext, type Navigation, type ReaderTarget, type WorkTab } from './navigation.js';
import { ModelSettingsPanel } from './settings/index.js';
import { useAsync } from './use-async.js';

const WORK_TAB_LABELS: Array<{ id: WorkTab; label: string }> = [
  { id: 'conference', label: 'Conference' },
  { id: 'chat', label: '1:1 Chat' },
  { id: 'issues', label: 'Issues' },
  { id: 'devtools', label: 'Dev Tools' },
  { id: 'models', label: 'Models' },
];

const HEALTH_POLL_MS = 20_000;

/** The whole app: header, the manuscript (tree and reader) and the work panel. */
export function App() {
  const health = useAsync(() => api.health(), []);
  const tree = useAsync(() => api.tree(), []);
  const agentList = useAsync(() => api.agents(), []);
  const [agents, setAgents] = useState<Agent[]>([]);
  const [reader, setReader] = useState<ReaderTarget | null>(null);
  const [tab, setTab] = useState<WorkTab>('conference');
  const [issueId, setIssueId] = useState<string | null>(null);
  const [devFocus, setDevFocus] = useState<DevToolsFocus>({ section: 'receipts', sessionId: null, roundId: null });

  useEffect(() => {
    if (agentList.data) setAgents([...agentList.data].sort((left, right) => left.order - right.order));
  }, [agentList.data]);
  useEffect(() => {
    const timer = window.setInterval(health.reload, HEALTH_POLL_MS);
    return () => window.clearInterval(timer);
  }, [health.reload]);

  const openFile = useCallback((path: string, range: { start: number; end: number } | null = null) => {
    setReader((current) => ({ path, range, serial: (current?.serial ?? 0) + 1 }));
  }, []);

  const navigation = useMemo<Navigation>(
    () => ({
      openFile,
      openTab: setTab,
      showTrace: (roundId) => {
        setDevFocus((current) => ({ ...current, section: 'traces', roundId }));
        setTab('devtools');
      },
      showIssue: (id) => {
        setIssueId(id);
        setTab('issues');
      },
      showSession: (sessionId) => {
        setDevFocus((current) => ({ ...current, section: 'receipts', sessionId }));
        setTab('devtools');
      },
    }),
    [openFile],
  );

  if (health.errorCode === 'unauthorized') {
    return (
      <div className="app">
        <AppHeader health={undefined} error={null} />
        <TokenPrompt onSaved={() => window.location.reload()} />
      </div>
    );
  }

  const onAgentChanged = (changed: Agent): void => setAgents((current) => current.map((agent) => (agent.id === changed.id ? { ...agent, ...changed } : agent)));

  return (
    <NavigationContext.Provider value={navigation}>
      <div className="app">
        <AppHeader health={health.data} error={health.error} />
        <main className={tab === 'conference' || tab === 'chat' ? 'layout' : 'layout layout-wide-work'}>
          <nav className="tree-pane" aria-label="Manuscript">
            <h2 className="pane-title">Manuscript</h2>
            <LoadError error={tree.error} />
            {tree.data ? <FileTree tree={tree.data} selectedPath={reader?.path ?? null} onOpen={(path) => openFile(path)} /> : null}
          </nav>
          <section className="reader-pane" aria-label="Reader">
            <Reader target={reader} onClearHighlight={() => setReader((current) => (current ? { ...current, range: null } : current))} />
          </section>
          <section className="work-pane" aria-label="Workbench">
            <Tabs label="Workbench" idPrefix="work" tabs={WORK_TAB_LABELS} selected={tab} onSelect={setTab} />
            <LoadError error={agentList.error} />
            {/* The conference and the chat stay mounted, so a reply streaming in is never lost by switching tabs. */}
            <div {...tabPanelProps('work', 'conference')} hidden={tab !== 'conference'} className="panel">
              {agents.length > 0 ? <ConferencePanel agents={agents} onAgentChanged={onAgentChanged} /> : null}
            </div>
            <div {...tabPanelProps('work', 'chat')} hidden={tab !== 'chat'} className="panel">
              {agents.length > 0 ? <DirectChat agents={agents} /> : null}
            </div>
            {tab === 'issues' ? (
              <div {...tabPanelProps('work', 'issues')} className="panel">
                <IssuesPanel selected={issueId} onSelect={setIssueId} />
              </div>
            ) : null}
            {tab === 'devtools' ? (
              <div {...tabPanelProps('work', 'devtools')} className="panel">
                <DevTools focus={devFocus} onFocus={setDevFocus} />
              </div>
            ) : null}
            {tab === 'models' ? (
              <div {...tabPanelProps('work', 'models')} className="panel">
                <ModelSettingsPanel agents={agents} />
              </div>
            ) : null}
          </section>
        </main>
      </div>
    </NavigationContext.Provider>
  );
}
