export { InMemoryIssueStore } from './in-memory-issue-store.js';
export { RecordingWorkspace } from './recording-workspace.js';
export type { WorkspaceCall } from './recording-workspace.js';
export { steppingClock } from './stepping-clock.js';
export { seededRandom } from './seeded-random.js';
export { MemoryWorkspace } from './memory-workspace.js';
export { checkStrictSchema, checkStrictResponseFormat, matchesStrictSchema, STRICT_SCHEMA_KEYWORDS, MAX_OBJECT_NESTING, MAX_ENUM_VALUES } from './check-strict-schema.js';
export type { StrictSchemaIssue } from './check-strict-schema.js';
