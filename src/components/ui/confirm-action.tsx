// A destructive action that asks first: the button opens a question with "Yes, …" and "Keep it"; while the request is on
// its way both are disabled and the confirming button says what is happening. The question is open until "Keep it", or
// until the one who sent the request closes it (once the bank has answered, say). Where the user's own step already
// asked for the action (choosing a file to import), the question can be open from the start.
import { useState, type ReactNode } from 'react';
import { Button } from './button';

export interface ConfirmActionProps {
  /** The button that asks first ("Delete consent…"). */
  label: string;
  question: ReactNode;
  /** The confirming button ("Yes, delete the consent") and what it says while the request is on its way. */
  confirm: { label: string; pending: string };
  pending: boolean;
  /** Sends the request; `close` puts the question away and shows the button again. */
  onConfirm: (close: () => void) => void;
  /** The question is shown at once, without the button first. */
  startOpen?: boolean;
  /** The button that declines ("Keep it" unless given), and what happens then besides closing the question. */
  keep?: { label: string; onKeep?: () => void };
}

export function ConfirmAction({ label, question, confirm, pending, onConfirm, startOpen, keep }: ConfirmActionProps) {
  const [confirming, setConfirming] = useState(startOpen === true);
  if (!confirming) {
    return (
      // A label may carry a long name (a bench's, a profile's): it wraps rather than widen the page.
      <Button variant="danger" wraps onClick={() => setConfirming(true)}>
        {label}
      </Button>
    );
  }
  return (
    <div className="space-y-2 rounded border border-red-200 bg-red-50 p-3">
      <div className="space-y-2 text-sm text-red-950">{question}</div>
      <div className="flex flex-wrap gap-2">
        <Button variant="danger" onClick={() => onConfirm(() => setConfirming(false))} disabled={pending}>
          {pending ? confirm.pending : confirm.label}
        </Button>
        <Button
          onClick={() => {
            setConfirming(false);
            keep?.onKeep?.();
          }}
          disabled={pending}
        >
          {keep?.label ?? 'Keep it'}
        </Button>
      </div>
    </div>
  );
}
