// A flow exported as a runnable Playwright test: the button; the generator loads on demand (./export-test).
export { ExportTestButton, isExportableFlow } from './export-test-button';
