// Flows exported as runnable Playwright tests: one flow's file, or several as a suite; the generators load on demand
// (./export-test, ./export-suite).
export { ExportTestButton, isExportableFlow } from './export-test-button';
export { SuiteCheckbox, SuiteExportBar } from './suite-export';
