export { ControlRoomError, isControlRoomError, VFS_ERROR_CODES, WORKSPACE_ERROR_CODES } from './errors.js';
export type { Fault, VfsErrorCode, WorkspaceErrorCode } from './errors.js';
export {
  VFS_ROOTS,
  CANON_VFS_PATH,
  CANON_INDEX_STORAGE_PATH,
  VfsRoleSchema,
  LineRangeSchema,
  MAX_VFS_READ_BYTES,
} from './vfs.js';
export type { VfsRole, VfsFileNode, VfsFolderNode, VfsNode, VfsTree, LineRange, VfsFileContent, VfsStat } from './vfs.js';
export {
  AGENTS_SCHEMA_VERSION,
  AGENT_ENDPOINTS_SCHEMA_VERSION,
  CHIEF_AGENT_ID,
  AgentSchema,
  AgentsFileSchema,
  ModelProfileSchema,
  EndpointSchema,
  AgentEndpointsFileSchema,
} from './agents.js';
export type { Agent, AgentsFile, ModelProfile, Endpoint, AgentEndpointsFile } from './agents.js';
