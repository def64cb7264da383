// The profile form's fields: text and tri-state choices bound to the form's state, the relay target, the bearer token.
import { useState, type ReactNode } from 'react';
import { relayTargetAbilities, useRelayTargets, type RelayTargetInfo } from '../../api';
import { Button, Checkbox, Field, Select, TextInput } from '../../components/ui';
import { fieldLabels, type ProfileFieldName } from './profile-form-model';
import type { ProfileFormState } from './use-profile-form';

export function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">{legend}</legend>
      {children}
    </fieldset>
  );
}

interface TextFieldProps {
  form: ProfileFormState;
  field: ProfileFieldName;
  hint?: ReactNode;
  placeholder?: string;
  readOnly?: boolean;
  inputMode?: 'numeric';
}

export function TextField({ form, field, hint, placeholder, readOnly, inputMode }: TextFieldProps) {
  return (
    <Field label={fieldLabels[field]} hint={hint} error={form.errorOf(field)}>
      <TextInput
        name={field}
        value={form.values[field]}
        placeholder={placeholder}
        readOnly={readOnly}
        inputMode={inputMode}
        className={readOnly ? 'bg-slate-100 text-slate-600' : undefined}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => form.set(field, event.target.value)}
      />
    </Field>
  );
}

interface TriStateFieldProps {
  form: ProfileFormState;
  field: 'redirectPreferred' | 'decoupledPreferred' | 'explicitAuthorisationPreferred';
  hint: string;
}

/** A preference header: not sent, true or false. */
export function TriStateField({ form, field, hint }: TriStateFieldProps) {
  return (
    <Field label={fieldLabels[field]} hint={hint} error={form.errorOf(field)}>
      <Select name={field} value={form.values[field]} onChange={(event) => form.set(field, event.target.value)}>
        <option value="">not sent</option>
        <option value="true">true</option>
        <option value="false">false</option>
      </Select>
    </Field>
  );
}

/** What the chosen relay target does for the profile's requests, from GET /relay. */
function relayTargetHint(target: RelayTargetInfo): string {
  const parts = [`Through the console’s server to ${target.baseUrl}`];
  if (target.mtls) parts.push('presenting the TPP’s certificate (mutual TLS)');
  if (target.signing) parts.push('signing each request (Digest, Signature, TPP-Signature-Certificate)');
  const what = parts.length === 3 ? `${parts[0]}, ${parts[1]} and ${parts[2]}` : parts.join(', ');
  const others = target.alsoAllow?.length ? ` It also reaches ${target.alsoAllow.join(', ')}.` : '';
  return `${what}.${others}`;
}

function relayHint(relayTargets: ReturnType<typeof useRelayTargets>, chosen: RelayTargetInfo | undefined): string {
  if (relayTargets.isPending) return 'Reading the relay’s targets…';
  if (relayTargets.isError) return 'The relay’s targets could not be read from the console’s server.';
  if ((relayTargets.data?.targets ?? []).length === 0) {
    return 'The console’s server has no relay targets: name a config file with RELAY_CONFIG to reach banks without CORS.';
  }
  if (chosen) return relayTargetHint(chosen);
  return 'Through the console’s server, which forwards to the bank: for banks that do not allow browser calls (CORS).';
}

/** The relay target: direct, one the console's server lists, or one the profile names that the server lacks. */
export function RelayField({ form }: { form: ProfileFormState }) {
  const relayTargets = useRelayTargets();
  const listed = relayTargets.data?.targets ?? [];
  const current = form.values.relayTarget;
  const chosen = listed.find((target) => target.id === current);
  return (
    <Field label={fieldLabels.relayTarget} hint={relayHint(relayTargets, chosen)} error={form.errorOf('relayTarget')}>
      <Select name="relayTarget" value={current} onChange={(event) => form.set('relayTarget', event.target.value)}>
        <option value="">Direct (no relay)</option>
        {listed.map((target) => (
          <option key={target.id} value={target.id}>
            {target.id} ({[target.baseUrl, relayTargetAbilities(target)].filter(Boolean).join('; ')})
          </option>
        ))}
        {current && !chosen && <option value={current}>{current} (not configured on this server)</option>}
      </Select>
    </Field>
  );
}

/** The bearer token, hidden unless shown, and the opt-in to remember it beyond the tab. */
export function BearerTokenFields({ form }: { form: ProfileFormState }) {
  const [showToken, setShowToken] = useState(false);
  return (
    <>
      <Field
        label={fieldLabels.bearerToken}
        hint="Sent as Authorization: Bearer … when set. Held for this tab only, and gone when it closes, unless remembered below; the inspector hides it."
        error={form.errorOf('bearerToken')}
      >
        {(control) => (
          <div className="flex gap-2">
            <TextInput
              {...control}
              name="bearerToken"
              type={showToken ? 'text' : 'password'}
              value={form.values.bearerToken}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => form.set('bearerToken', event.target.value)}
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
        checked={form.values.rememberToken}
        onChange={(event) => form.setRememberToken(event.target.checked)}
      />
    </>
  );
}
