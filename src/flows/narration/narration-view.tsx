// The narration at the top of a payment's or consent's page, in presenter mode only: the audience reads one sentence
// instead of status codes.
import { usePresenterMode } from '../../api';

export function Narration({ text }: { text: string }) {
  if (!usePresenterMode()) return null;
  return (
    <section
      aria-label="What is happening"
      className="rounded border border-blue-200 border-l-4 border-l-blue-700 bg-blue-50 px-3 py-2 text-lg text-slate-900"
    >
      <p>{text}</p>
    </section>
  );
}
