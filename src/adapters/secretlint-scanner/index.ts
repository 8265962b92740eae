export { SecretlintScanner } from './secretlint-scanner.js';
