export { InMemoryIssueStore } from './in-memory-issue-store.js';
export { RecordingWorkspace } from './recording-workspace.js';
export type { WorkspaceCall } from './recording-workspace.js';
export { steppingClock } from './stepping-clock.js';
export { seededRandom } from './seeded-random.js';
export { MemoryWorkspace } from './memory-workspace.js';
