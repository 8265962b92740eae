export { ImportPanel } from './import-panel.js';
export { ImportReportView } from './import-report.js';
