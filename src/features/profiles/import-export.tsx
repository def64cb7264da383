// Moves the user's bank profiles between browsers as a JSON file: export downloads it, import reads a file or pasted text
// and asks before it replaces profiles of the same id.
import { useEffect, useId, useRef, useState } from 'react';
import {
  originOf,
  ProfileImportError,
  profileStore,
  useProfiles,
  type BankProfile,
  type DroppedTokens,
  type ImportOutcome,
  type ImportPlan,
} from '../../api';
import { Button, ConfirmAction, ErrorCallout, Field, Textarea } from '../../components/ui';
import { droppedTokensSentence } from './dropped-tokens';

export const EXPORT_FILE_NAME = 'xs2a-console-profiles.json';

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has started the download by the time the next task runs.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

type Outcome =
  | { kind: 'imported'; message: string; dropped: DroppedTokens[] }
  | { kind: 'declined'; message: string }
  | { kind: 'failed'; message: string };

/** An import that would replace profiles, waiting for the user's answer. */
interface PendingImport {
  text: string;
  source: string;
  plan: ImportPlan;
}

function profiles(count: number): string {
  return `${count} ${count === 1 ? 'profile' : 'profiles'}`;
}

function importedMessage(outcome: ImportOutcome, source: string): string {
  const { imported, added, replaced, tokensForThisTab } = outcome;
  const count = (value: number) => (value === 0 ? 'none' : String(value));
  const tokens =
    tokensForThisTab === 0
      ? ''
      : ` ${tokensForThisTab === 1 ? 'One bearer token is' : `${tokensForThisTab} bearer tokens are`} held for this tab only; to keep one, edit its profile and tick “Remember this token in this browser”.`;
  return `Imported ${profiles(imported)} from ${source}: ${count(added)} added, ${count(replaced)} replaced.${tokens}`;
}

/**
 * Imports exported JSON from pasted text or a file, and says how it went. An import that would replace profiles (same
 * id) waits in `pending` for the user's answer; declining it changes nothing.
 */
function useProfileImport() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pending, setPending] = useState<PendingImport | null>(null);

  function failed(error: unknown) {
    const message =
      error instanceof ProfileImportError ? error.message : `The profiles could not be imported: ${String(error)}`;
    setOutcome({ kind: 'failed', message });
  }

  function apply(text: string, source: string): boolean {
    try {
      const result = profileStore.importJson(text);
      setOutcome({ kind: 'imported', message: importedMessage(result, source), dropped: result.droppedTokens });
      return true;
    } catch (error) {
      failed(error);
      return false;
    }
  }

  /** Imports at once when nothing would be replaced ('imported'); otherwise asks first ('asking'). */
  function importText(text: string, source: string): 'imported' | 'asking' | 'failed' {
    setPending(null);
    let plan: ImportPlan;
    try {
      plan = profileStore.previewImport(text);
    } catch (error) {
      failed(error);
      return 'failed';
    }
    if (plan.replaced.length > 0) {
      setOutcome(null);
      setPending({ text, source, plan });
      return 'asking';
    }
    return apply(text, source) ? 'imported' : 'failed';
  }

  async function importFile(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    let text: string;
    try {
      text = await file.text();
    } catch {
      setOutcome({ kind: 'failed', message: `The file ${file.name} could not be read.` });
      return;
    }
    importText(text, file.name);
    // Choosing the same file again should import it again.
    input.value = '';
  }

  return {
    outcome,
    pending,
    importText,
    importFile,
    /** The user said yes: the import goes ahead, with what the store finds now. */
    confirm: (): boolean => {
      if (!pending) return false;
      setPending(null);
      return apply(pending.text, pending.source);
    },
    decline: () => {
      setPending(null);
      setOutcome({ kind: 'declined', message: 'Nothing was imported: your profiles are as they were.' });
    },
  };
}

/** A profile's name and base_url, as the question names it. */
function Named({ profile }: { profile: BankProfile }) {
  return (
    <>
      “{profile.name}” (<code className="font-mono break-all">{profile.baseUrl}</code>)
    </>
  );
}

/** Which profiles the import replaces, by name and base_url, and asks before it does. */
function ReplaceQuestion({
  pending,
  onConfirm,
  onDecline,
}: {
  pending: PendingImport;
  onConfirm: () => void;
  onDecline: () => void;
}) {
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  useEffect(() => section.current?.focus(), [pending]);
  const { replaced, added } = pending.plan;
  const question = (
    <>
      <p>
        {pending.source === 'the pasted text' ? 'The pasted text' : pending.source} holds{' '}
        {replaced.length === 1 ? 'a profile' : `${replaced.length} profiles`} with the id of one you have. Importing
        replaces:
      </p>
      <ul className="list-disc space-y-1 pl-5">
        {replaced.map(({ before, after, otherOrigin }) => (
          <li key={before.id}>
            <Named profile={before} /> with <Named profile={after} />
            {otherOrigin &&
              ` — another bank, so any bearer token, OAuth session or sandbox admin token kept for ${originOf(before.baseUrl) ?? before.baseUrl} is dropped`}
            .
          </li>
        ))}
      </ul>
      {added.length > 0 && <p>It also adds {profiles(added.length)}.</p>}
    </>
  );
  return (
    <section ref={section} tabIndex={-1} aria-labelledby={headingId} className="space-y-2 outline-none">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        Replace existing profiles?
      </h3>
      <ConfirmAction
        startOpen
        label="Replace profiles…"
        question={question}
        confirm={{ label: `Yes, replace ${profiles(replaced.length)}`, pending: 'Importing…' }}
        pending={false}
        onConfirm={(close) => {
          close();
          onConfirm();
        }}
        keep={{ label: 'Cancel, import nothing', onKeep: onDecline }}
      />
    </section>
  );
}

function ExportButton() {
  const profiles = useProfiles();
  const ownCount = profiles.filter((profile) => !profile.builtIn).length;
  return (
    <div className="space-y-1">
      <Button onClick={() => download(profileStore.exportJson(), EXPORT_FILE_NAME)} disabled={ownCount === 0}>
        Export profiles
      </Button>
      <p className="text-xs text-slate-600">
        {ownCount === 0
          ? 'There are no profiles of your own to export yet (the built-in one is never exported).'
          : `Downloads ${EXPORT_FILE_NAME} with your ${ownCount} ${ownCount === 1 ? 'profile' : 'profiles'}, bearer tokens included: keep the file private.`}
      </p>
    </div>
  );
}

function PastedImport({
  pasted,
  setPasted,
  importText,
}: {
  pasted: string;
  setPasted: (text: string) => void;
  importText: (text: string, source: string) => 'imported' | 'asking' | 'failed';
}) {
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (importText(pasted, 'the pasted text') === 'imported') setPasted('');
      }}
    >
      <Field label="Or paste exported JSON" hint='{ "profiles": [ … ] }, as exported above.'>
        <Textarea rows={4} value={pasted} onChange={(event) => setPasted(event.target.value)} spellCheck={false} />
      </Field>
      <Button type="submit" disabled={pasted.trim() === ''}>
        Import pasted JSON
      </Button>
    </form>
  );
}

export function ImportExport() {
  const { outcome, pending, importText, importFile, confirm, decline } = useProfileImport();
  const [pasted, setPasted] = useState('');
  const fileId = useId();
  return (
    <div className="space-y-4">
      <ExportButton />
      <div className="space-y-1">
        <label htmlFor={fileId} className="block text-sm font-medium text-slate-800">
          Import from a file
        </label>
        <input
          id={fileId}
          type="file"
          accept="application/json,.json"
          onChange={(event) => void importFile(event.currentTarget)}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-slate-100"
        />
      </div>
      <PastedImport pasted={pasted} setPasted={setPasted} importText={importText} />
      {pending && (
        <ReplaceQuestion
          pending={pending}
          onConfirm={() => {
            if (confirm() && pending.source === 'the pasted text') setPasted('');
          }}
          onDecline={decline}
        />
      )}
      <div aria-live="polite" className="space-y-2">
        {outcome?.kind === 'imported' && (
          <p role="status" className="rounded border border-green-300 bg-green-50 p-2 text-sm text-green-950">
            <span aria-hidden="true">✓ </span>
            {outcome.message}
          </p>
        )}
        {outcome?.kind === 'declined' && (
          <p role="status" className="rounded border border-slate-300 bg-slate-50 p-2 text-sm text-slate-900">
            {outcome.message}
          </p>
        )}
        {outcome?.kind === 'imported' &&
          outcome.dropped.map((dropped) => (
            <p
              key={`${dropped.profileName} ${dropped.from}`}
              className="rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950"
            >
              {droppedTokensSentence(dropped, true)}
            </p>
          ))}
      </div>
      {outcome?.kind === 'failed' && <ErrorCallout alert title="Nothing was imported" summary={outcome.message} />}
    </div>
  );
}
