import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from './button';

/** Copies text to the clipboard and announces the result politely. */
export function CopyButton({
  text,
  label = 'Copy',
  variant = 'ghost',
  size = 'sm',
  className,
}: {
  /** The text, or a function that produces it at click time. */
  text: string | (() => string);
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  const [announcement, setAnnouncement] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(typeof text === 'function' ? text() : text);
      setAnnouncement('Copied');
    } catch {
      setAnnouncement('Could not copy: the browser refused access to the clipboard');
    }
    timer.current = setTimeout(() => setAnnouncement(''), 2500);
  }

  return (
    <span className="inline-flex items-center gap-1">
      <Button variant={variant} size={size} className={className} onClick={() => void copy()}>
        {label}
      </Button>
      <span role="status" aria-live="polite" className="text-xs text-slate-600">
        {announcement}
      </span>
    </span>
  );
}
