// Create or edit a bank profile; every field is checked with the shared profile schema, keeping what was typed.
import { useRef } from 'react';
import { DEFAULT_OAUTH_CLIENT_ID, DEFAULT_TIMEOUT_SECONDS, type BankProfile, type DroppedTokens } from '../../api';
import { Button, ErrorCallout } from '../../components/ui';
import { BearerTokenFields, Fieldset, RelayField, TextField, TriStateField } from './profile-form-fields';
import type { ProfileFormValues } from './profile-form-model';
import { useProfileForm, type ProfileFormState } from './use-profile-form';

export interface ProfileFormProps {
  initial: ProfileFormValues;
  /** Heading of the form, e.g. "New profile". */
  title: string;
  onSaved: (profile: BankProfile) => void;
  /** After onSaved, the tokens the save dropped because the base_url moved to another origin. */
  onTokensDropped?: (droppedTokens: DroppedTokens[]) => void;
  onCancel: () => void;
}

const grid = 'grid grid-cols-1 gap-3 sm:grid-cols-2';

function BankFields({ form }: { form: ProfileFormState }) {
  const builtIn = form.values.builtIn;
  return (
    <Fieldset legend="Bank">
      <div className={grid}>
        <TextField
          form={form}
          field="name"
          readOnly={builtIn}
          hint={builtIn ? 'The built-in profile keeps its name.' : 'Shown in the header’s profile choice.'}
        />
        <TextField
          form={form}
          field="baseUrl"
          readOnly={builtIn}
          placeholder="https://bank.example/psd2"
          hint={
            builtIn
              ? 'The embedded sandbox always lives on the console’s own server.'
              : 'Including the bank’s path prefix; the console adds /v1/…'
          }
        />
      </div>
      <BearerTokenFields form={form} />
      <RelayField form={form} />
      <TextField
        form={form}
        field="oauthClientId"
        placeholder={DEFAULT_OAUTH_CLIENT_ID}
        hint={`The client_id at the bank’s OAuth server, for OAuth SCA. Empty: ${DEFAULT_OAUTH_CLIENT_ID}.`}
      />
      <TextField
        form={form}
        field="timeoutSeconds"
        inputMode="numeric"
        placeholder={String(DEFAULT_TIMEOUT_SECONDS)}
        hint={`How long the console waits for each answer of this bank, 1 to 300 s. Empty: ${DEFAULT_TIMEOUT_SECONDS} s.`}
      />
    </Fieldset>
  );
}

function PsuHeaderFields({ form }: { form: ProfileFormState }) {
  return (
    <Fieldset legend="PSU headers (sent on every request when set)">
      <div className={grid}>
        <TextField form={form} field="psuId" hint="The PSU’s login at the bank, e.g. alice on the sandbox." />
        <TextField form={form} field="psuIdType" />
        <TextField form={form} field="psuCorporateId" />
        <TextField form={form} field="psuCorporateIdType" />
        <TextField
          form={form}
          field="psuIpAddress"
          placeholder="192.168.0.10"
          hint="Required by banks on payment and consent creation."
        />
        <TextField form={form} field="psuIpPort" placeholder="443" />
        <TextField form={form} field="psuUserAgent" />
        <TextField form={form} field="psuGeoLocation" placeholder="GEO:52.506931;13.144558" />
      </div>
    </Fieldset>
  );
}

function ScaFields({ form }: { form: ProfileFormState }) {
  const origin = window.location.origin;
  return (
    <>
      <Fieldset legend="SCA preferences">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <TriStateField form={form} field="redirectPreferred" hint="true: redirect; false: embedded or decoupled." />
          <TriStateField form={form} field="decoupledPreferred" hint="true: approve in the bank’s app." />
          <TriStateField
            form={form}
            field="explicitAuthorisationPreferred"
            hint="true: the console starts authorisations itself."
          />
        </div>
      </Fieldset>
      <Fieldset legend="Redirect URIs">
        <div className={grid}>
          <TextField
            form={form}
            field="redirectUri"
            placeholder={`${origin}/callback/ok`}
            hint="Where the bank sends the PSU after SCA. Empty: the console’s own page."
          />
          <TextField
            form={form}
            field="nokRedirectUri"
            placeholder={`${origin}/callback/nok`}
            hint="After a failed or denied SCA. Empty: the console’s own page."
          />
        </div>
      </Fieldset>
    </>
  );
}

export function ProfileForm({ initial, title, onSaved, onTokensDropped, onCancel }: ProfileFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useProfileForm(initial, onSaved, formRef, onTokensDropped);
  const { errorCount } = form;
  return (
    <form ref={formRef} noValidate onSubmit={form.submit} aria-label={title} className="space-y-4">
      {errorCount > 0 && (
        <ErrorCallout
          alert
          title={errorCount === 1 ? 'One field needs a change' : `${errorCount} fields need a change`}
          summary="The profile was not saved. The fields below say what is wrong."
          messages={form.otherErrors.map((text) => ({ text }))}
        />
      )}
      <BankFields form={form} />
      <PsuHeaderFields form={form} />
      <ScaFields form={form} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary">
          Save profile
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
