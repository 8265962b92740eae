export { FsAudioStore, AUDIO_DIR } from './fs-audio-store.js';
export { openAudioLibrary } from './open-audio-library.js';
export type { OpenAudioLibraryOptions } from './open-audio-library.js';
