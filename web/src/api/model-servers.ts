import type { components } from './generated/openapi-types.js';

/** What `GET /api/models` lists: model servers found on the usual ports and the configured ones. */
export type ModelServers = components['schemas']['ModelServers'];
export type ModelServer = ModelServers['servers'][number];
export type ServerModel = ModelServer['models'][number];
