// /settings: the bank profiles the console talks to, their import and export.
import { useId, useRef, useState } from 'react';
import { profileStore, useMovedTokens, useProfiles, type BankProfile, type DroppedTokens } from '../../api';
import { ErrorBoundary, Button, Panel, DocumentTitle } from '../../components/ui';
import { droppedTokensSentence } from './dropped-tokens';
import { ImportExport } from './import-export';
import { ProfileForm } from './profile-form';
import { duplicateValues, emptyFormValues, toFormValues, type ProfileFormValues } from './profile-form-model';
import { ProfileList } from './profile-list';

type Editing = { title: string; values: ProfileFormValues } | null;

function quotedNames(names: string[]): string {
  const quoted = names.map((name) => `“${name}”`);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1) ?? ''}`;
}

/** Tokens an earlier version kept in localStorage without the user's choice: now held for this tab only. */
function MovedTokensNotice() {
  const moved = useMovedTokens();
  const profiles = useProfiles();
  const headingId = useId();
  const names = profiles.filter((profile) => moved.includes(profile.id)).map((profile) => profile.name);
  if (names.length === 0) return null;
  const one = names.length === 1;
  return (
    <section aria-labelledby={headingId} className="space-y-2 rounded border border-amber-300 bg-amber-50 p-3 text-sm">
      <h2 id={headingId} className="font-semibold text-amber-950">
        Bearer tokens moved to this tab
      </h2>
      <p className="text-amber-950">
        The bearer {one ? 'token' : 'tokens'} of {quotedNames(names)} {one ? 'was' : 'were'} kept in this browser’s
        localStorage. {one ? 'It is' : 'They are'} now held for this tab only and no longer stored there: other tabs,
        and this one once it closes, do not have {one ? 'it' : 'them'}. To keep a token, edit its profile and tick
        “Remember this token in this browser”.
      </p>
      <Button size="sm" onClick={() => profileStore.dismissMovedTokens()}>
        Dismiss
      </Button>
    </section>
  );
}

export function SettingsPage() {
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState('');
  const [dropped, setDropped] = useState<DroppedTokens[]>([]);
  const formPanel = useRef<HTMLDivElement>(null);

  function open(next: NonNullable<Editing>) {
    setNotice('');
    setDropped([]);
    setEditing(next);
    // Bring the form into view and put the keyboard in its first field.
    requestAnimationFrame(() => {
      formPanel.current?.scrollIntoView({ block: 'start' });
      formPanel.current?.querySelector<HTMLElement>('input:not([readonly]), select')?.focus();
    });
  }

  return (
    <article className="max-w-4xl space-y-6">
      <DocumentTitle>Settings · XS2A Console</DocumentTitle>
      <h1 className="text-2xl font-semibold">Settings</h1>
      <p className="text-sm text-slate-700">
        A bank profile says where the console sends its requests (the bank’s base_url) and which PSU and TPP headers go
        with every request. Profiles live in this browser’s storage; a profile’s bearer token is held for this tab only,
        unless you choose to remember it.
      </p>
      <MovedTokensNotice />

      <Panel
        title="Bank profiles"
        actions={
          <Button variant="primary" size="sm" onClick={() => open({ title: 'New profile', values: emptyFormValues() })}>
            New profile
          </Button>
        }
      >
        <div role="status" aria-live="polite" className="space-y-2">
          {notice && (
            <p className="rounded border border-green-300 bg-green-50 p-2 text-sm text-green-950">
              <span aria-hidden="true">✓ </span>
              {notice}
            </p>
          )}
          {dropped.map((entry) => (
            <p key={entry.from} className="rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
              {droppedTokensSentence(entry)}
            </p>
          ))}
        </div>
        <ErrorBoundary what="the bank profiles">
          <ProfileList
            onEdit={(profile) => open({ title: `Edit profile: ${profile.name}`, values: toFormValues(profile) })}
            onDuplicate={(profile) => open({ title: 'New profile (copy)', values: duplicateValues(profile) })}
            onDeleted={(profile: BankProfile) => {
              setNotice(`Deleted the profile “${profile.name}”.`);
              setDropped([]);
            }}
          />
        </ErrorBoundary>
      </Panel>

      {editing && (
        <div ref={formPanel} className="scroll-mt-4">
          <Panel title={editing.title}>
            <ProfileForm
              key={editing.values.id + editing.title}
              title={editing.title}
              initial={editing.values}
              onCancel={() => setEditing(null)}
              onSaved={(profile) => {
                setEditing(null);
                setNotice(`Saved the profile “${profile.name}”.`);
                setDropped([]);
              }}
              onTokensDropped={setDropped}
            />
          </Panel>
        </div>
      )}

      <Panel title="Import and export">
        <ErrorBoundary what="import and export">
          <ImportExport />
        </ErrorBoundary>
      </Panel>
    </article>
  );
}
