// A mark beside a value the bank sent in a form 1.3.12 does not define: the data stays, the mark says how it deviates.

/** A small mark beside a value the bank sent in a form 1.3.12 does not define; the words are its title and for readers. */
export function DeviationMark({ text }: { text: string }) {
  return (
    <span title={text} className="ml-1 cursor-help text-amber-700">
      <span aria-hidden="true">⚠</span>
      <span className="sr-only"> Deviation: {text}</span>
    </span>
  );
}
