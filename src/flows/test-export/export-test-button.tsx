// "Export as Playwright test" on a payment's, consent's or signing basket's flow. The generator (and the schemas it embeds) loads with
// the first click, so no page carries it before.
import { useState } from 'react';
import { Button, type ButtonProps } from '../../components/ui';

/**
 * Flows that replay as a test: a payment's, a consent's or a signing basket's (with its members' creations), with
 * everything the console did for it.
 */
export function isExportableFlow(flow: string | undefined): flow is string {
  return flow !== undefined && /^(payment|consent|basket):./.test(flow);
}

export function ExportTestButton({
  flow,
  label = 'Export as Playwright test',
  onSaved,
  ...button
}: { flow: string; label?: string; onSaved?: () => void } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const [note, setNote] = useState('');
  async function exportTest() {
    try {
      const { savePlaywrightTest } = await import('./export-test');
      setNote(`Saved ${savePlaywrightTest(flow).fileName}`);
      onSaved?.();
    } catch {
      setNote('Not exported; try again');
    }
  }
  return (
    <>
      <Button size="sm" {...button} onClick={() => void exportTest()}>
        {label}
      </Button>
      <span aria-live="polite" className="text-xs text-slate-700 empty:hidden">
        {note}
      </span>
    </>
  );
}
