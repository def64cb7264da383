// The frame of the pages a bank sends the browser back to, and their way on when the console cannot tell where to.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DocumentTitle } from '../../components/ui';

export function CallbackFrame({ documentTitle, children }: { documentTitle: string; children: ReactNode }) {
  return (
    <article className="max-w-3xl space-y-4">
      <DocumentTitle>{documentTitle}</DocumentTitle>
      <h1 className="text-2xl font-semibold">Back from the bank</h1>
      {children}
    </article>
  );
}

/** Links to the payments and consents lists, for a return the console cannot tie to either. */
export function ElsewhereLinks() {
  return (
    <nav aria-label="Continue" className="flex flex-wrap gap-4">
      <Link to="/payments" className="font-medium text-blue-800 underline">
        Payments
      </Link>
      <Link to="/consents" className="font-medium text-blue-800 underline">
        Consents
      </Link>
    </nav>
  );
}
