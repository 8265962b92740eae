export type { Workspace } from './workspace.js';
