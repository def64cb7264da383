// "Copy as code": a request in the language a TPP developer picks, ready to run: a fresh X-Request-ID in every copy,
// secrets redacted unless the user ticks the profile's credentials for this one copy.
import { useEffect, useId, useRef, useState } from 'react';
import { originOf, profileToken, sessionTokens, usePresenterMode, type BankProfile } from '../../api';
import { Button, Checkbox, Field, Select, Textarea } from '../../components/ui';
import { codeRequest, presenterRequest, tokenFor } from './code-request';
import type { RequestParts } from './har-request';
import { codeLanguages, snippetFor, type CodeLanguage } from './snippets';

export interface CodeExportProps {
  request: RequestParts;
  /** Whose credentials the user may include. */
  profile: BankProfile;
  /** The consent the request is made under (an OAuth token may be bound to it). */
  consentId?: string;
  /** The heading level of "Copy as code" in the page's outline. */
  level?: 2 | 3 | 4;
}

type Snippet = { state: 'loading' } | { state: 'ready'; text: string } | { state: 'failed'; message: string };

function useSnippet(
  request: RequestParts,
  language: CodeLanguage,
  bearerToken: string | undefined,
  origin: string | undefined,
  secrets: string[],
) {
  const [snippet, setSnippet] = useState<Snippet>({ state: 'loading' });
  // A new X-Request-ID for each copy: bumped after every copy.
  const [generation, setGeneration] = useState(0);
  const secretsKey = secrets.join('\n');
  // By content: a page that rebuilds the same request on each render must not make the code again.
  const requestKey = JSON.stringify(request);
  useEffect(() => {
    let current = true;
    const parts = codeRequest(JSON.parse(requestKey) as RequestParts, {
      secrets: secretsKey.split('\n'),
      requestId: crypto.randomUUID(),
      ...(bearerToken && { credentials: { bearerToken, ...(origin && { origin }) } }),
    });
    snippetFor(parts, language).then(
      (text) => current && setSnippet({ state: 'ready', text }),
      (error: unknown) =>
        current &&
        setSnippet({
          state: 'failed',
          message: error instanceof Error ? error.message : 'The code could not be made.',
        }),
    );
    return () => {
      current = false;
    };
  }, [requestKey, language, bearerToken, origin, secretsKey, generation]);
  return { snippet, renew: () => setGeneration((value) => value + 1) };
}

export function CodeExport({ request: given, profile, consentId, level = 3 }: CodeExportProps) {
  // Presenter mode: the code shows the bank's data masked, as every screen does.
  const presenting = usePresenterMode();
  const request = presenting ? presenterRequest(given) : given;
  const [language, setLanguage] = useState<CodeLanguage>('curl');
  const [withCredentials, setWithCredentials] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const headingId = useId();
  const origin = originOf(profile.baseUrl);
  // The profile's token belongs to its bank: code for a request to another origin never carries it.
  const token = tokenFor(request.url, { bearerToken: profileToken(profile, consentId), origin });
  const otherOrigin = profileToken(profile, consentId) !== undefined && token === undefined;
  const secrets = [profile.bearerToken?.trim(), ...sessionTokens.allValues()].filter(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  const { snippet, renew } = useSnippet(request, language, withCredentials ? token : undefined, origin, secrets);
  const label = codeLanguages.find((candidate) => candidate.id === language)?.label ?? language;
  const Heading = `h${level}` as const;

  async function copy() {
    if (snippet.state !== 'ready') return;
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(snippet.text);
      setAnnouncement(withCredentials ? 'Copied, with the profile’s credentials' : 'Copied');
    } catch {
      setAnnouncement('Could not copy: the browser refused access to the clipboard');
    }
    // The credentials go into one copy only; the next one has a new X-Request-ID.
    setWithCredentials(false);
    renew();
    timer.current = setTimeout(() => setAnnouncement(''), 2500);
  }

  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded border border-slate-200 bg-white p-3">
      <Heading id={headingId} className="text-sm font-semibold text-slate-800">
        Copy as code
      </Heading>
      <div className="flex flex-wrap items-end gap-3">
        <Field label="Language" className="min-w-48">
          <Select value={language} onChange={(event) => setLanguage(event.target.value as CodeLanguage)}>
            {codeLanguages.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </Select>
        </Field>
        <span className="inline-flex items-center gap-1">
          <Button variant="secondary" size="sm" disabled={snippet.state !== 'ready'} onClick={() => void copy()}>
            Copy {label}
          </Button>
          <span role="status" aria-live="polite" className="text-xs text-slate-600">
            {announcement}
          </span>
        </span>
      </div>
      <Checkbox
        label="Include credentials from this profile"
        hint={
          token
            ? 'Puts the profile’s token into the next copy only. PSU passwords and one-time codes stay redacted.'
            : otherOrigin
              ? 'This request goes to another origin than the profile’s bank: its token is never put into the code.'
              : 'This profile holds no token: the code needs none.'
        }
        checked={withCredentials}
        disabled={!token}
        onChange={(event) => setWithCredentials(event.target.checked)}
      />
      {snippet.state === 'failed' ? (
        <p role="alert" className="text-sm text-red-800">
          {snippet.message}
        </p>
      ) : (
        <Textarea
          aria-label={`${label} code`}
          readOnly
          rows={12}
          spellCheck={false}
          wrap="off"
          className="bg-slate-50 text-xs"
          value={snippet.state === 'ready' ? snippet.text : 'Making the code…'}
        />
      )}
    </section>
  );
}
