// The Check funds section of an account's page: a short offer until the user asks, then the form (its code, with the
// funds confirmation's schemas and wording, loads only then, so opening an account downloads none of it).
import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { Button, LoadingText, Panel } from '../../../components/ui';

const FundsCheckPanel = lazy(async () => ({ default: (await import('./funds-check-panel')).FundsCheckPanel }));

export function FundsCheckSection(props: Omit<ComponentProps<typeof FundsCheckPanel>, 'focusOnOpen'>) {
  const [open, setOpen] = useState(false);
  const loading = (
    <Panel title="Check funds">
      <LoadingText>Loading the funds check…</LoadingText>
    </Panel>
  );
  if (open) {
    return (
      <Suspense fallback={loading}>
        <FundsCheckPanel {...props} focusOnOpen />
      </Suspense>
    );
  }
  return (
    <Panel title="Check funds">
      <p className="text-sm text-slate-700">
        Ask the bank whether an amount is available on this account now (a confirmation of funds).
      </p>
      <Button onClick={() => setOpen(true)}>Ask about an amount</Button>
    </Panel>
  );
}
