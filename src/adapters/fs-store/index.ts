export { writeFileAtomic, writeJsonAtomic } from './write-file-atomic.js';
export { packageRoot, sampleManuscriptDir } from './package-root.js';
