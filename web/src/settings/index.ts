export { ModelSettingsPanel } from './model-settings.js';
