export { writeFileAtomic, writeJsonAtomic } from './write-file-atomic.js';
export { packageRoot, sampleManuscriptDir } from './package-root.js';
export { sweepStaleTempFiles } from './sweep-stale-temp-files.js';
export { readVersionedJson } from './read-versioned-json.js';
