export { FsWorkspace } from './fs-workspace.js';
export { initWorkspace, APP_DATA_FOLDERS } from './init-workspace.js';
export type { InitWorkspaceResult } from './init-workspace.js';
export { loadAgents, loadAgentEndpoints, AGENTS_FILE, AGENT_ENDPOINTS_FILE } from './load-config.js';
