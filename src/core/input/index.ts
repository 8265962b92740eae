export { judgeInput } from './judge-input.js';
export type { InputVerdict } from './judge-input.js';
export { isMashToken, mashSignals } from './keyboard-mash.js';
export type { MashSignals } from './keyboard-mash.js';
