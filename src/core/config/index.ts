export { resolveEndpoint, environmentKeyOrigin } from './resolve-endpoint.js';
export type { EndpointEnvironment, ResolvedEndpoint, ResolveEndpointOptions } from './resolve-endpoint.js';
export { endpointOrigin } from './endpoint-origin.js';
export { forgetMovedKeys } from './forget-moved-keys.js';
export type { EnteredKeys, ForgottenKey } from './forget-moved-keys.js';
export { resolveFeatureFlags } from './feature-flags.js';
