// Moves the user's bank profiles between browsers as a JSON file: export downloads it, import reads a file or pasted text.
import { useId, useState } from 'react';
import { ProfileImportError, profileStore, useProfiles } from '../../api';
import { Button, ErrorCallout, Field, Textarea } from '../../components/ui';

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

type Outcome = { ok: true; message: string } | { ok: false; message: string };

function importedMessage(imported: number, tokensForThisTab: number, source: string): string {
  const tokens =
    tokensForThisTab === 0
      ? ''
      : ` ${tokensForThisTab === 1 ? 'One bearer token is' : `${tokensForThisTab} bearer tokens are`} held for this tab only; to keep one, edit its profile and tick “Remember this token in this browser”.`;
  return `Imported ${imported} ${imported === 1 ? 'profile' : 'profiles'} from ${source}.${tokens}`;
}

/** Imports exported JSON from pasted text or a file, and says how it went. */
function useProfileImport() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  function importText(text: string, source: string) {
    try {
      const { imported, tokensForThisTab } = profileStore.importJson(text);
      setOutcome({ ok: true, message: importedMessage(imported, tokensForThisTab, source) });
      return true;
    } catch (error) {
      const message =
        error instanceof ProfileImportError ? error.message : `The profiles could not be imported: ${String(error)}`;
      setOutcome({ ok: false, message });
      return false;
    }
  }

  async function importFile(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    let text: string;
    try {
      text = await file.text();
    } catch {
      setOutcome({ ok: false, message: `The file ${file.name} could not be read.` });
      return;
    }
    importText(text, file.name);
    // Choosing the same file again should import it again.
    input.value = '';
  }

  return { outcome, importText, importFile };
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

function PastedImport({ importText }: { importText: (text: string, source: string) => boolean }) {
  const [pasted, setPasted] = useState('');
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (importText(pasted, 'the pasted text')) setPasted('');
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
  const { outcome, importText, importFile } = useProfileImport();
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
      <PastedImport importText={importText} />
      <div aria-live="polite">
        {outcome?.ok && (
          <p role="status" className="rounded border border-green-300 bg-green-50 p-2 text-sm text-green-950">
            <span aria-hidden="true">✓ </span>
            {outcome.message}
          </p>
        )}
      </div>
      {outcome && !outcome.ok && <ErrorCallout alert title="Nothing was imported" summary={outcome.message} />}
    </div>
  );
}
