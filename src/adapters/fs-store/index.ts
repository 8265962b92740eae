export { replaceFile, writeFileAtomic, writeJsonAtomic } from './write-file-atomic.js';
export { packageRoot, sampleManuscriptDir } from './package-root.js';
export { sweepStaleTempFiles, processIsAlive, SWEPT_FOLDERS } from './sweep-stale-temp-files.js';
export type { SweepOptions } from './sweep-stale-temp-files.js';
export { temporarySibling, temporaryFileWriter } from './temporary-file-name.js';
export { readVersionedJson } from './read-versioned-json.js';
export { appendJsonLine, appendLine } from './append-line.js';
export { isScrubbedAppData, scrubAppData, scrubAppLine, scrubAppText } from './scrub-app-data.js';
export { sameFileState } from './file-state.js';
