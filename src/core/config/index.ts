export { resolveEndpoint } from './resolve-endpoint.js';
export type { EndpointEnvironment, ResolvedEndpoint } from './resolve-endpoint.js';
