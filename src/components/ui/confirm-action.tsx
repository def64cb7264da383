// A destructive action that asks first: the button opens a question with "Yes, …" and "Keep it"; while the request is on
// its way both are disabled and the confirming button says what is happening.
import type { ReactNode } from 'react';
import { Button } from './button';

export interface ConfirmActionProps {
  /** The button that asks first ("Delete consent…"). */
  label: string;
  question: ReactNode;
  /** The confirming button ("Yes, delete the consent") and what it says while the request is on its way. */
  confirm: { label: string; pending: string };
  pending: boolean;
  confirming: boolean;
  onConfirmingChange: (confirming: boolean) => void;
  onConfirm: () => void;
}

export function ConfirmAction({
  label,
  question,
  confirm,
  pending,
  confirming,
  onConfirmingChange,
  onConfirm,
}: ConfirmActionProps) {
  if (!confirming) {
    return (
      <Button variant="danger" onClick={() => onConfirmingChange(true)}>
        {label}
      </Button>
    );
  }
  return (
    <div className="space-y-2 rounded border border-red-200 bg-red-50 p-3">
      <p className="text-sm text-red-950">{question}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="danger" onClick={onConfirm} disabled={pending}>
          {pending ? confirm.pending : confirm.label}
        </Button>
        <Button onClick={() => onConfirmingChange(false)} disabled={pending}>
          Keep it
        </Button>
      </div>
    </div>
  );
}
