export { JsonConferenceStore, CONFERENCES_DIR } from './json-conference-store.js';
export { readJsonFile, serialiseFileChange } from './json-file.js';
