// Create or edit a bank profile; every field is checked with the shared profile schema, keeping what was typed.
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  DEFAULT_OAUTH_CLIENT_ID,
  profileStore,
  relayTargetAbilities,
  useRelayTargets,
  type BankProfile,
  type RelayTargetInfo,
} from '../../api';
import { Button, Checkbox, ErrorCallout, Field, Select, TextInput } from '../../components/ui';
import {
  fieldLabels,
  validateProfile,
  type ProfileFieldErrors,
  type ProfileFieldName,
  type ProfileFormValues,
} from './profile-form-model';

export interface ProfileFormProps {
  initial: ProfileFormValues;
  /** Heading of the form, e.g. "New profile". */
  title: string;
  onSaved: (profile: BankProfile) => void;
  onCancel: () => void;
}

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">{legend}</legend>
      {children}
    </fieldset>
  );
}

const grid = 'grid grid-cols-1 gap-3 sm:grid-cols-2';

/** What the chosen relay target does for the profile's requests, from GET /relay. */
function relayTargetHint(target: RelayTargetInfo): string {
  const parts = [`Through the console’s server to ${target.baseUrl}`];
  if (target.mtls) parts.push('presenting the TPP’s certificate (mutual TLS)');
  if (target.signing) parts.push('signing each request (Digest, Signature, TPP-Signature-Certificate)');
  const what = parts.length === 3 ? `${parts[0]}, ${parts[1]} and ${parts[2]}` : parts.join(', ');
  const others = target.alsoAllow?.length ? ` It also reaches ${target.alsoAllow.join(', ')}.` : '';
  return `${what}.${others}`;
}

export function ProfileForm({ initial, title, onSaved, onCancel }: ProfileFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ProfileFieldErrors>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [showToken, setShowToken] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const origin = window.location.origin;
  const relayTargets = useRelayTargets();

  function check(next: ProfileFormValues) {
    const result = validateProfile(next);
    setErrors(result.ok ? {} : result.errors);
    setOtherErrors(result.ok ? [] : result.other);
    return result;
  }

  function set(field: ProfileFieldName, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // After the first save attempt, messages follow the typing, so a fixed value clears its message at once.
    // (Not on blur: a message appearing as the user leaves a field moves the Save button from under the pointer.)
    if (submitted) check(next);
  }

  function errorOf(field: ProfileFieldName): string | undefined {
    return submitted ? errors[field] : undefined;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const result = check(values);
    if (!result.ok) {
      // Move to the first field that needs a change.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    try {
      profileStore.save(result.profile);
    } catch (error) {
      setOtherErrors([error instanceof Error ? error.message : String(error)]);
      return;
    }
    onSaved(profileStore.get(result.profile.id) ?? result.profile);
  }

  function text(field: ProfileFieldName, options: { hint?: ReactNode; placeholder?: string; readOnly?: boolean } = {}) {
    return (
      <Field label={fieldLabels[field]} hint={options.hint} error={errorOf(field)}>
        <TextInput
          name={field}
          value={values[field]}
          placeholder={options.placeholder}
          readOnly={options.readOnly}
          className={options.readOnly ? 'bg-slate-100 text-slate-600' : undefined}
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => set(field, event.target.value)}
        />
      </Field>
    );
  }

  function triState(
    field: 'redirectPreferred' | 'decoupledPreferred' | 'explicitAuthorisationPreferred',
    hint: string,
  ) {
    return (
      <Field label={fieldLabels[field]} hint={hint} error={errorOf(field)}>
        <Select name={field} value={values[field]} onChange={(event) => set(field, event.target.value)}>
          <option value="">not sent</option>
          <option value="true">true</option>
          <option value="false">false</option>
        </Select>
      </Field>
    );
  }

  function relay() {
    const listed = relayTargets.data?.targets ?? [];
    const current = values.relayTarget;
    const chosen = listed.find((target) => target.id === current);
    const hint = relayTargets.isPending
      ? 'Reading the relay’s targets…'
      : relayTargets.isError
        ? 'The relay’s targets could not be read from the console’s server.'
        : listed.length === 0
          ? 'The console’s server has no relay targets: name a config file with RELAY_CONFIG to reach banks without CORS.'
          : chosen
            ? relayTargetHint(chosen)
            : 'Through the console’s server, which forwards to the bank: for banks that do not allow browser calls (CORS).';
    return (
      <Field label={fieldLabels.relayTarget} hint={hint} error={errorOf('relayTarget')}>
        <Select name="relayTarget" value={current} onChange={(event) => set('relayTarget', event.target.value)}>
          <option value="">Direct (no relay)</option>
          {listed.map((target) => (
            <option key={target.id} value={target.id}>
              {target.id} ({[target.baseUrl, relayTargetAbilities(target)].filter(Boolean).join('; ')})
            </option>
          ))}
          {current && !listed.some((target) => target.id === current) && (
            <option value={current}>{current} (not configured on this server)</option>
          )}
        </Select>
      </Field>
    );
  }

  const builtIn = values.builtIn;
  const errorCount = Object.keys(errors).length + otherErrors.length;

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label={title} className="space-y-4">
      {submitted && errorCount > 0 && (
        <ErrorCallout
          alert
          title={errorCount === 1 ? 'One field needs a change' : `${errorCount} fields need a change`}
          summary="The profile was not saved. The fields below say what is wrong."
          messages={otherErrors.map((text) => ({ text }))}
        />
      )}
      <Fieldset legend="Bank">
        <div className={grid}>
          {text('name', {
            readOnly: builtIn,
            hint: builtIn ? 'The built-in profile keeps its name.' : 'Shown in the header’s profile choice.',
          })}
          {text('baseUrl', {
            readOnly: builtIn,
            placeholder: 'https://bank.example/psd2',
            hint: builtIn
              ? 'The embedded sandbox always lives on the console’s own server.'
              : 'Including the bank’s path prefix; the console adds /v1/…',
          })}
        </div>
        <Field
          label={fieldLabels.bearerToken}
          hint="Sent as Authorization: Bearer … when set. Held for this tab only, and gone when it closes, unless remembered below; the inspector hides it."
          error={errorOf('bearerToken')}
        >
          {(control) => (
            <div className="flex gap-2">
              <TextInput
                {...control}
                name="bearerToken"
                type={showToken ? 'text' : 'password'}
                value={values.bearerToken}
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => set('bearerToken', event.target.value)}
              />
              <Button aria-pressed={showToken} onClick={() => setShowToken((shown) => !shown)}>
                {showToken ? 'Hide' : 'Show'}
                <span className="sr-only"> bearer token</span>
              </Button>
            </div>
          )}
        </Field>
        <Checkbox
          name="rememberToken"
          label="Remember this token in this browser"
          hint="Keeps it in this browser’s localStorage, in plain text, for every tab and after a restart: any script on the console’s origin and anyone using this browser profile can read it. Only for test tokens on a machine of your own."
          checked={values.rememberToken}
          onChange={(event) => setValues({ ...values, rememberToken: event.target.checked })}
        />
        {relay()}
        {text('oauthClientId', {
          placeholder: DEFAULT_OAUTH_CLIENT_ID,
          hint: `The client_id at the bank’s OAuth server, for OAuth SCA. Empty: ${DEFAULT_OAUTH_CLIENT_ID}.`,
        })}
      </Fieldset>

      <Fieldset legend="PSU headers (sent on every request when set)">
        <div className={grid}>
          {text('psuId', { hint: 'The PSU’s login at the bank, e.g. alice on the sandbox.' })}
          {text('psuIdType')}
          {text('psuCorporateId')}
          {text('psuCorporateIdType')}
          {text('psuIpAddress', {
            placeholder: '192.168.0.10',
            hint: 'Required by banks on payment and consent creation.',
          })}
          {text('psuIpPort', { placeholder: '443' })}
          {text('psuUserAgent')}
          {text('psuGeoLocation', { placeholder: 'GEO:52.506931;13.144558' })}
        </div>
      </Fieldset>

      <Fieldset legend="SCA preferences">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {triState('redirectPreferred', 'true: redirect; false: embedded or decoupled.')}
          {triState('decoupledPreferred', 'true: approve in the bank’s app.')}
          {triState('explicitAuthorisationPreferred', 'true: the console starts authorisations itself.')}
        </div>
      </Fieldset>

      <Fieldset legend="Redirect URIs">
        <div className={grid}>
          {text('redirectUri', {
            placeholder: `${origin}/callback/ok`,
            hint: 'Where the bank sends the PSU after SCA. Empty: the console’s own page.',
          })}
          {text('nokRedirectUri', {
            placeholder: `${origin}/callback/nok`,
            hint: 'After a failed or denied SCA. Empty: the console’s own page.',
          })}
        </div>
      </Fieldset>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary">
          Save profile
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
