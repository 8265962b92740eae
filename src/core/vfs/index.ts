export { normalizeVfsPath, requireVfsPath } from './normalize-vfs-path.js';
export type { VfsPathCheck } from './normalize-vfs-path.js';
export { classifyVfsPath, looksLikeOutline, pickOutline } from './classify-vfs-path.js';
export { splitLines, parseLineRange, sliceLines } from './slice-lines.js';
