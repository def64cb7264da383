// The list page of what this browser created with a profile (payments, consents): XS2A has no list operation, so the
// page shows the console's own history, newest first, or what to do when it is empty.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, LinkButton, DocumentTitle } from '../../components/ui';

export interface HistoryListPageProps {
  /** "Payments". */
  title: string;
  intro: ReactNode;
  /** The page that creates a new one. */
  create: { to: string; label: string };
  children: ReactNode;
}

export function HistoryListPage({ title, intro, create, children }: HistoryListPageProps) {
  return (
    <article className="max-w-4xl space-y-6">
      <DocumentTitle>{`${title} · XS2A Console`}</DocumentTitle>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold">{title}</h1>
          <p className="text-sm text-slate-700">{intro}</p>
        </div>
        <LinkButton to={create.to}>{create.label}</LinkButton>
      </div>
      {children}
    </article>
  );
}

export interface HistoryItemProps {
  /** The resource's page. */
  to: string;
  /** The link's text: what the resource is. */
  title: ReactNode;
  /** Beside the link (e.g. "active", "deleted"). */
  tags?: ReactNode;
  /** Under the link: when it was made and what else tells it apart. */
  children: ReactNode;
  /** On the right: its last known status and actions. */
  aside?: ReactNode;
}

/** One entry of a history list: a link to the resource's page, what tells it apart, its status. */
export function HistoryItem({ to, title, tags, children, aside }: HistoryItemProps) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 p-3 hover:bg-slate-50">
      <div className="min-w-0 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2">
          <Link
            to={to}
            className="font-medium text-blue-800 underline decoration-blue-300 underline-offset-2 hover:decoration-blue-800"
          >
            {title}
          </Link>
          {tags}
        </p>
        {children}
      </div>
      {aside}
    </li>
  );
}

export interface HistoryListProps {
  count: number;
  /** "payment" / "payments": the heading ("2 payments, newest first"), the empty list's title ("No payments yet"), the
   * question before the list is forgotten, and the section's ids ("payments-heading", "no-payments"). */
  noun: { one: string; many: string };
  /** What the empty list says, and where it leads. */
  empty: { text: ReactNode; link: { to: string; label: string } };
  onClear: () => void;
  /** The list's items. */
  children: ReactNode;
}

export function HistoryList({ count, noun, empty, onClear, children }: HistoryListProps) {
  const headingId = `${noun.many}-heading`;
  if (count === 0) {
    return (
      <section
        aria-labelledby={`no-${noun.many}`}
        className="rounded border border-dashed border-slate-300 bg-white p-6"
      >
        <h2 id={`no-${noun.many}`} className="text-base font-semibold">
          No {noun.many} yet
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {empty.text}{' '}
          <Link to={empty.link.to} className="text-blue-800 underline">
            {empty.link.label}
          </Link>
          .
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold">
          {count} {count === 1 ? noun.one : noun.many}, newest first
        </h2>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            if (window.confirm(`Forget every ${noun.one} in this list? The ${noun.many} stay at the bank.`)) onClear();
          }}
        >
          Clear list
        </Button>
      </div>
      <ul aria-labelledby={headingId} className="divide-y divide-slate-200 rounded border border-slate-200 bg-white">
        {children}
      </ul>
    </section>
  );
}
