export { defaultAgentsFile, defaultAgentEndpointsFile } from './default-agents.js';
