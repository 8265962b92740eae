export { AudioLibrary, isAudioId } from './audio-library.js';
export type { AudioLibraryOptions, AddClipResult } from './audio-library.js';
export type { AudioStore } from './audio-store.js';
export type { AudioIssue, SniffResult } from './audio-issue.js';
export { sniffAudio } from './sniff-audio.js';
export { parseWav } from './parse-wav.js';
export { retentionDaysFrom, retentionTtl, isExpired } from './retention.js';
export { scheduleAudioRetention } from './retention-schedule.js';
export type { RetentionSchedule, RetentionStatus, RetentionTimers } from './retention-schedule.js';
