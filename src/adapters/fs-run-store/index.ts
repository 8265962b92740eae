export { FsRunStore } from './fs-run-store.js';
export { FsRecipeFiles, bundledRecipesDir } from './fs-recipe-files.js';
export { FsCanonStore } from './fs-canon-store.js';
export { processRunnerHost } from './process-runner-host.js';
export { JsonIntentionalFindings } from './json-intentional-findings.js';
