// /consents/new: build a consent body as a form or as JSON, validate it at the fields, and create the consent.
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useActiveProfile, useBankToday, useCreateConsent, Xs2aError, type CreateConsentVariables } from '../../../api';
import { Field, TextInput } from '../../../components/ui';
import {
  BankName,
  FieldsNamedNote,
  NewRequestPage,
  PsuIdField,
  RequestBody,
  RequestHeaders,
  SubmitRow,
  useBankFieldErrors,
  useBodyEditor,
  useChecksOnUse,
} from '../../../flows/body-editor';
import { createdState, type CreatedState } from '../../../flows/resource';
import { newScaRedirect } from '../../../flows/sca';
import { TestPsuChoice } from '../../../flows/test-psu';
import { ConsentErrorCallout } from '../components/consent-error-callout';
import { ConsentFormFields } from '../components/consent-form-fields';
import {
  buildConsentBody,
  emptyConsentForm,
  fieldId,
  fieldsInFormOrder,
  formValuesFromJson,
  newRow,
  keptMembers,
  labelOf,
  placeBankMessages,
  withBankDay,
  type ConsentFormValidation,
  type ConsentFormValues,
  type FieldKey,
} from '../model/consent-form';
import { consentHistory, usedIbans } from '../model/consent-history';
import { consentRoute } from '../model/format';

/** The body's checks (the 1.3.12 `Consents` schema), loaded when the form is first used. */
const loadChecks = () => import('../model/consent-form-check');

/** What the consent page shows right after the creation (the history keeps the links too). */
export type CreatedConsentState = CreatedState;

const IP_FIELD_ID = 'consent-psu-ip-address';

/** What is wrong with the PSU-IP-Address to send, if anything: needed when the profile has none. */
function psuIpAddressProblem(value: string, profileIp: string): string | undefined {
  const ip = value.trim();
  if (ip === '') {
    return profileIp
      ? undefined
      : 'Enter the PSU’s IP address (e.g. 192.168.0.10): POST /v1/consents requires PSU-IP-Address and this profile sends none.';
  }
  const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  const validIpv4 = ipv4 !== null && ipv4.slice(1).every((part) => Number(part) <= 255);
  return validIpv4 || ip.includes(':') ? undefined : 'Enter an IP address, e.g. 192.168.0.10.';
}

/** PSU-IP-Address for this request: 1.3.12 requires it on POST /v1/consents, and a profile for reads without the PSU sends none. */
function PsuIpAddressField({
  profileIp,
  value,
  error,
  onChange,
}: {
  profileIp: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Field
      label="PSU-IP-Address for this request"
      id={IP_FIELD_ID}
      error={error}
      hint={
        profileIp
          ? `Optional: replaces the profile's PSU-IP-Address (${profileIp}).`
          : 'Required: 1.3.12 asks for the PSU’s IP address when a consent is created, and this profile sends none (so that its account reads count as made without the PSU).'
      }
    >
      <TextInput
        value={value}
        autoComplete="off"
        spellCheck={false}
        placeholder={profileIp || undefined}
        className="max-w-xs font-mono"
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}

/** The bank's message about the PSU-IP-Address, if it sent one. */
function bankIpMessage(error: Xs2aError): string | undefined {
  const message = error.tppMessages.find((candidate) => candidate.path?.toLowerCase() === 'psu-ip-address');
  return message && [message.code, message.text].filter(Boolean).join(': ');
}

export function NewConsentPage() {
  const profile = useActiveProfile();
  const navigate = useNavigate();
  const today = useBankToday(profile);
  const [values, setValues] = useState<ConsentFormValues>(() => emptyConsentForm(today));
  // The bank's time may be read after the form opened (the first answer's Date): a validUntil the user left at its
  // default moves with the bank's day, so it is never a day the bank has already passed.
  const [defaultsDay, setDefaultsDay] = useState(today);
  if (defaultsDay !== today) {
    setDefaultsDay(today);
    setValues((current) => withBankDay(current, defaultsDay, today));
  }
  const [psuId, setPsuId] = useState('');
  const profileIp = profile.psuHeaders.psuIpAddress?.trim() ?? '';
  const [psuIpAddress, setPsuIpAddress] = useState('');
  const [bankIpError, setBankIpError] = useState<string>();
  const bankErrors = useBankFieldErrors<FieldKey>();
  const create = useCreateConsent();

  const ibanSuggestions = useMemo(() => usedIbans(consentHistory.list(profile.id)), [profile.id]);
  const { checks, ...checking } = useChecksOnUse(loadChecks);
  // Until the checks are in, nothing is sent (a send waits for them).
  const validation: ConsentFormValidation = checks
    ? checks.validateConsentForm(values, today)
    : { body: buildConsentBody(values), errors: {}, otherIssues: [], warnings: {}, valid: false };
  const [editor, summaryRef] = useBodyEditor({
    formBody: () => buildConsentBody(values),
    readJson: (text) => formValuesFromJson(text, values),
    onFormValues: (read) => {
      setValues(read);
      bankErrors.reset();
    },
    validation,
    checkJson: (body) => checks?.checkConsentBody(body) ?? [],
  });
  const clientErrors = editor.attempted ? validation.errors : {};
  const ipProblem = psuIpAddressProblem(psuIpAddress, profileIp);

  function change(next: Partial<ConsentFormValues>, touched: FieldKey[]) {
    setValues((current) => ({ ...current, ...next }));
    bankErrors.clear(touched);
  }

  function submit(event: FormEvent) {
    if (checking.holdSubmit(event)) return;
    event.preventDefault();
    if (create.isPending) return;
    const body = editor.bodyToSend();
    editor.attempt();
    if (body && ipProblem) requestAnimationFrame(() => document.getElementById(IP_FIELD_ID)?.focus());
    if (!body || ipProblem) return;
    bankErrors.reset();
    setBankIpError(undefined);
    const redirect = newScaRedirect(profile);
    const { mode } = editor;
    const formValues = values;
    const ip = psuIpAddress.trim();
    const variables: CreateConsentVariables = {
      // The profile as it is, with this request's PSU-IP-Address when one is given.
      profile: ip ? { ...profile, psuHeaders: { ...profile.psuHeaders, psuIpAddress: ip } } : profile,
      // The JSON view may send a body the schema refuses on purpose, to see how the bank answers.
      body: body as CreateConsentVariables['body'],
      tppRedirectUri: redirect.tppRedirectUri,
      tppNokRedirectUri: redirect.tppNokRedirectUri,
      ...(psuId.trim() && { psuId: psuId.trim() }),
    };
    create.mutate(variables, {
      onSuccess: (result) => {
        const { consentId, consentStatus } = result.body;
        const state = createdState(result);
        consentHistory.addCreated(profile.id, consentId, body, { ...state, status: consentStatus });
        const route = consentRoute(consentId);
        redirect.bindTo(route);
        void navigate(route, { state });
      },
      onError: (error) => {
        if (!(error instanceof Xs2aError)) return;
        const ipMessage = bankIpMessage(error);
        if (ipMessage) setBankIpError(ipMessage);
        if (mode === 'form') bankErrors.set(placeBankMessages(error.tppMessages, formValues).fieldErrors);
      },
    });
  }

  return (
    <NewRequestPage
      title="New consent"
      list={{ to: '/consents', label: 'Consents' }}
      intro={
        <>
          Asks <BankName profile={profile} /> for access to account information. The bank then asks the PSU to authorise
          it.
        </>
      }
      onSubmit={submit}
      checks={checking}
    >
      <TestPsuChoice
        profile={profile}
        fills="the PSU-ID header and the consent’s accounts"
        onChoose={(psu) => {
          setPsuId(psu.psuId);
          const shared = psu.accounts.map((account) => newRow(account.iban, account.currency));
          change({ accessKind: 'dedicated', sameForAll: true, shared }, ['access']);
        }}
      />
      <RequestBody
        editor={editor}
        summaryRef={summaryRef}
        request="POST /v1/consents"
        findingsTitle="The body does not match the 1.3.12 consent schema"
        // The summary lists what the form found; the bank's findings come with their own callout below.
        summary={fieldsInFormOrder(clientErrors, values).map((field) => ({
          id: fieldId(field),
          label: labelOf(field, values),
        }))}
        otherIssues={validation.otherIssues}
        kept={keptMembers(values)}
      >
        <ConsentFormFields
          values={values}
          errors={{ ...bankErrors.errors, ...clientErrors }}
          warnings={validation.warnings}
          ibanSuggestions={ibanSuggestions}
          onChange={change}
          today={today}
        />
      </RequestBody>
      <RequestHeaders open={!profileIp}>
        <PsuIpAddressField
          profileIp={profileIp}
          value={psuIpAddress}
          error={(editor.attempted ? ipProblem : undefined) ?? bankIpError}
          onChange={(value) => {
            setPsuIpAddress(value);
            setBankIpError(undefined);
          }}
        />
        <PsuIdField profile={profile} value={psuId} onChange={setPsuId} />
      </RequestHeaders>
      {create.error && (
        <ConsentErrorCallout alert error={create.error}>
          <FieldsNamedNote shown={bankErrors.any} />
        </ConsentErrorCallout>
      )}
      <SubmitRow pending={create.isPending || checking.waiting} label="Create consent" cancelTo="/consents" />
    </NewRequestPage>
  );
}
