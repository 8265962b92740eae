export { JsonConferenceStore, CONFERENCES_DIR } from './json-conference-store.js';
export { readJsonFile, serialiseFileChange } from './json-file.js';
export { appendConferenceLog, conferenceLogPath, CONFERENCE_LOGS_FOLDER } from './conference-log-file.js';
