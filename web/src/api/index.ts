export { api, authorization, setAccessToken, StreamError } from './client.js';
export type { ChatHandlers, RoundHandlers } from './client.js';
export { ApiError, describeError, errorFrom } from './api-error.js';
export { createEventParser, readEventStream } from './event-stream.js';
export type { StreamEvent } from './event-stream.js';
export type * from './types.js';
export type * from './model-servers.js';
export type * from './channel-metrics.js';
export type * from './notifications.js';
