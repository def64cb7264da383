// The page that creates a resource at the bank from a body edited as a form or as JSON (a payment, a consent): the
// heading, the body with its Form/JSON switch and findings, the request's headers, the bank's refusal and the send.
import type { FormEvent, ReactNode, RefObject } from 'react';
import { Link } from 'react-router-dom';
import type { BankProfile } from '../../api';
import {
  BodyModeSwitch,
  Button,
  ErrorCallout,
  Field,
  FieldErrorSummary,
  JsonBodyEditor,
  KeptMembersNote,
  TextInput,
  DocumentTitle,
} from '../../components/ui';
import type { BodyIssue } from '../form-model';
import type { ChecksOnUse } from './checks-on-use';
import type { BodyEditor } from './use-body-editor';

export interface NewRequestPageProps {
  /** "New payment": the page's title and heading. */
  title: string;
  /** The list the page belongs to. */
  list: { to: string; label: string };
  intro: ReactNode;
  onSubmit: (event: FormEvent) => void;
  /** The body's checks, loaded when a field of the form first gets focus (useChecksOnUse). */
  checks: Pick<ChecksOnUse<unknown>, 'load' | 'error'>;
  children: ReactNode;
  /** The form holds a table (a bulk's payments): the page takes the width a row of it needs. */
  wide?: boolean;
}

export function NewRequestPage({ title, list, intro, onSubmit, checks, children, wide }: NewRequestPageProps) {
  return (
    <article className={`${wide ? 'max-w-5xl' : 'max-w-3xl'} space-y-6`}>
      <DocumentTitle>{`${title} · XS2A Console`}</DocumentTitle>
      <div className="space-y-1">
        <p className="text-sm">
          <Link to={list.to} className="text-blue-800 underline">
            {list.label}
          </Link>
        </p>
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="text-sm text-slate-700">{intro}</p>
      </div>
      <form noValidate onSubmit={onSubmit} onFocus={checks.load} className="space-y-4" aria-label={title}>
        {children}
        {checks.error && (
          <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            The console could not load the checks of the body ({checks.error.message}). Sending tries again; if it fails
            again, reloading the page fetches them anew.
          </p>
        )}
      </form>
    </article>
  );
}

/** "the bank's name (its base URL)", as the page's introduction names the bank. */
export function BankName({ profile }: { profile: BankProfile }) {
  return (
    <>
      <span className="font-medium text-slate-900">{profile.name}</span> (
      <code className="font-mono text-xs break-all">{profile.baseUrl}</code>)
    </>
  );
}

export interface RequestBodyProps {
  editor: BodyEditor;
  /** Focused when a send is refused for the form's errors. */
  summaryRef: RefObject<HTMLDivElement | null>;
  /** "POST /v1/consents". */
  request: string;
  /** Titles the JSON view's schema findings. */
  findingsTitle: string;
  /** The fields the form's own check found wrong, in form order. */
  summary: readonly { id: string; label: string }[];
  /** Findings about members no field shows. */
  otherIssues: readonly BodyIssue[];
  /** Members only the JSON view set. */
  kept: readonly string[];
  /** The form's fields. */
  children: ReactNode;
}

export function RequestBody({
  editor,
  summaryRef,
  request,
  findingsTitle,
  summary,
  otherIssues,
  kept,
  children,
}: RequestBodyProps) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-mono text-xs break-all text-slate-600">{request}</p>
        <BodyModeSwitch mode={editor.mode} onSwitch={editor.switchMode} />
      </div>
      {editor.mode === 'form' ? (
        <>
          {editor.attempted && summary.length > 0 && <FieldErrorSummary ref={summaryRef} fields={summary} />}
          {editor.attempted && otherIssues.length > 0 && (
            <ErrorCallout
              title="Members the form does not show are not valid"
              messages={otherIssues.map((issue) => ({ path: issue.path, text: issue.message }))}
            />
          )}
          {children}
          <KeptMembersNote paths={kept} />
        </>
      ) : (
        <JsonBodyEditor {...editor.json} findingsTitle={findingsTitle} />
      )}
    </>
  );
}

/** The request's optional headers, folded away unless one is needed. */
export function RequestHeaders({ open, children }: { open?: boolean; children: ReactNode }) {
  return (
    <details className="rounded border border-slate-200 bg-white p-4 text-sm" open={open || undefined}>
      <summary className="cursor-pointer font-medium focus-visible:outline-2 focus-visible:outline-blue-600">
        Request headers
      </summary>
      <div className="mt-3 space-y-3">{children}</div>
    </details>
  );
}

/** PSU-ID for this request only, over the profile's. */
export function PsuIdField({
  profile,
  value,
  onChange,
}: {
  profile: BankProfile;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field
      label="PSU-ID for this request"
      hint={
        profile.psuHeaders.psuId
          ? `Optional: replaces the profile's PSU-ID (${profile.psuHeaders.psuId}).`
          : 'Optional: the PSU\u2019s login at the bank. Some banks need it, e.g. to start a decoupled SCA at once.'
      }
    >
      <TextInput value={value} autoComplete="off" onChange={(event) => onChange(event.target.value)} />
    </Field>
  );
}

/** Said in the bank's refusal when some of its messages are also shown at the fields they name. */
export function FieldsNamedNote({ shown }: { shown: boolean }) {
  return shown ? <p className="text-red-900">The messages that name a field are also shown at that field.</p> : null;
}

export function SubmitRow({ pending, label, cancelTo }: { pending: boolean; label: string; cancelTo: string }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? 'Sending…' : label}
      </Button>
      <Link to={cancelTo} className="text-sm text-blue-800 underline">
        Cancel
      </Link>
    </div>
  );
}
