export { FileTree } from './file-tree.js';
export { Reader } from './reader.js';
