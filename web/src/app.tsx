import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api } from './api/index.js';
import type { Agent, VfsNode } from './api/index.js';
import { AudioPanel } from './audio/index.js';
import { CanonPanel } from './canon/index.js';
import { ChangesPanel } from './changes/index.js';
import { DirectChat } from './chat/index.js';
import { LoadError } from './common/index.js';
import { Tabs, tabPanelProps } from './common/index.js';
import { ConferencePanel } from './conference/index.js';
import { DevTools, type DevToolsFocus } from './devtools/index.js';
import { AppHeader } from './header/index.js';
import { TokenPrompt } from './header/index.js';
import { ImportPanel } from './import/index.js';
import { IssuesPanel } from './issues/index.js';
import { FileTree } from './manuscript/index.js';
import { Reader } from './manuscript/index.js';
import { MemoryPanel } from './memory/index.js';
import { NavigationContext, type Navigation, type ReaderTarget, type WorkTab } from './navigation.js';
import { NotificationBell } from './notifications/index.js';
import { PicturesPanel } from './pictures/index.js';
import { RunsPanel } from './runs/index.js';
import { ModelSettingsPanel } from './settings/index.js';
import { useAsync } from './use-async.js';

const WORK_TAB_LABELS: Array<{ id: WorkTab; label: string }> = [
  { id: 'conference', label: 'Conference' },
  { id: 'chat', label: '1:1 Chat' },
  { id: 'changes', label: 'Changes' },
  { id: 'issues', label: 'Issues' },
  { id: 'runs', label: 'Runs' },
  { id: 'canon', label: 'Canon' },
  { id: 'memory', label: 'Memory' },
  { id: 'pictures', label: 'Pictures' },
  { id: 'audio', label: 'Audio' },
  { id: 'models', label: 'Models' },
  { id: 'import', label: 'Import' },
  { id: 'devtools', label: 'Dev Tools' },
];

/** On a narrow screen one pane shows at a time; the writer switches between them. */
type Pane = 'files' | 'reader' | 'work';
const PANE_LABELS: Array<{ id: Pane; label: string }> = [
  { id: 'files', label: 'Files' },
  { id: 'reader', label: 'Reader' },
  { id: 'work', label: 'Workbench' },
];

const HEALTH_POLL_MS = 20_000;

function fileNodes(node: VfsNode, into: Array<{ path: string; role: string }> = []): Array<{ path: string; role: string }> {
  if (node.type === 'file') into.push({ path: node.path, role: node.role });
  else for (const child of node.children) fileNodes(child, into);
  return into;
}

/** The whole app: header, the manuscript (tree and reader) and the work panel. */
export function App() {
  const health = useAsync(() => api.health(), []);
  const tree = useAsync(() => api.tree(), []);
  const agentList = useAsync(() => api.agents(), []);
  const [agents, setAgents] = useState<Agent[]>([]);
  const [reader, setReader] = useState<ReaderTarget | null>(null);
  const [tab, setTab] = useState<WorkTab>('conference');
  const [pane, setPane] = useState<Pane>('work');
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
    setPane('reader');
  }, []);
  const openTab = useCallback((next: WorkTab) => {
    setTab(next);
    setPane('work');
  }, []);
  const files = useMemo(() => (tree.data ? fileNodes(tree.data.root) : []), [tree.data]);
  const knownPaths = useMemo(() => files.map((file) => file.path), [files]);
  const scenePaths = useMemo(() => files.filter((file) => file.role === 'scene').map((file) => file.path), [files]);

  const navigation = useMemo<Navigation>(
    () => ({
      openFile,
      openTab,
      showTrace: (roundId) => {
        setDevFocus((current) => ({ ...current, section: 'traces', roundId }));
        openTab('devtools');
      },
      showIssue: (id) => {
        setIssueId(id);
        openTab('issues');
      },
      showSession: (sessionId) => {
        setDevFocus((current) => ({ ...current, section: 'receipts', sessionId }));
        openTab('devtools');
      },
      knownPaths,
    }),
    [openFile, openTab, knownPaths],
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
  const chatTab = tab === 'conference' || tab === 'chat';
  const panel = (id: WorkTab, content: ReactNode) =>
    tab === id ? (
      <div {...tabPanelProps('work', id)} className="panel" tabIndex={-1}>
        {content}
      </div>
    ) : null;

  return (
    <NavigationContext.Provider value={navigation}>
      <div className="app">
        <AppHeader health={health.data} error={health.error} actions={<NotificationBell />} />
        <nav className="pane-switcher" aria-label="Panes">
          {PANE_LABELS.map((item) => (
            <button key={item.id} type="button" className="pane-button" aria-pressed={pane === item.id} data-testid={`pane-${item.id}`} onClick={() => setPane(item.id)}>
              {item.label}
            </button>
          ))}
        </nav>
        <main className={`${chatTab ? 'layout' : 'layout layout-wide-work'} show-${pane}`}>
          <nav className="tree-pane" aria-label="Manuscript">
            <h2 className="pane-title">Manuscript</h2>
            <LoadError error={tree.error} />
            {tree.data ? <FileTree tree={tree.data} selectedPath={reader?.path ?? null} onOpen={(path) => openFile(path)} /> : null}
          </nav>
          <section className="reader-pane" aria-label="Reader" tabIndex={0}>
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
            {panel('changes', <ChangesPanel />)}
            {panel('issues', <IssuesPanel selected={issueId} onSelect={setIssueId} />)}
            {panel('runs', <RunsPanel />)}
            {panel('canon', <CanonPanel />)}
            {panel('memory', <MemoryPanel />)}
            {panel('pictures', <PicturesPanel scenes={scenePaths} />)}
            {panel('audio', <AudioPanel />)}
            {panel('models', <ModelSettingsPanel agents={agents} />)}
            {panel('import', <ImportPanel onImported={tree.reload} />)}
            {panel('devtools', <DevTools focus={devFocus} onFocus={setDevFocus} />)}
          </section>
        </main>
      </div>
    </NavigationContext.Provider>
  );
}
