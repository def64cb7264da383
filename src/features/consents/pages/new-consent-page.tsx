// /consents/new: build a consent body as a form or as JSON, validate it at the fields, and create the consent.
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { readLinks, useActiveProfile, useCreateConsent, Xs2aError, type CreateConsentVariables } from '../../../api';
import {
  BodyModeSwitch,
  Button,
  ErrorCallout,
  FieldErrorSummary,
  Field,
  JsonBodyEditor,
  KeptMembersNote,
  TextInput,
  type BodyMode,
} from '../../../components/ui';
import type { BodyIssue } from '../../../flows/form-model';
import { newScaRedirect } from '../../../flows/sca';
import { ConsentErrorCallout } from '../components/consent-error-callout';
import { ConsentFormFields } from '../components/consent-form-fields';
import {
  buildConsentBody,
  checkConsentBody,
  emptyConsentForm,
  fieldId,
  fieldsInFormOrder,
  formValuesFromJson,
  keptMembers,
  labelOf,
  placeBankMessages,
  validateConsentForm,
  type ConsentFormValues,
  type FieldErrors,
  type FieldKey,
} from '../model/consent-form';
import { consentHistory } from '../model/consent-history';
import { consentRoute } from '../model/format';

/** What the consent page shows right after the creation (the history keeps the links too). */
export interface CreatedConsentState {
  created: { requestId: string; status: number; deviations: { path: string; message: string }[] };
  links: Record<string, { href: string }>;
  scaApproach?: string;
  psuMessage?: string;
}

function ibansIn(access: Record<string, unknown>): string[] {
  return ['accounts', 'balances', 'transactions'].flatMap((list) => {
    const refs = access[list];
    return Array.isArray(refs)
      ? refs.flatMap((ref: unknown) =>
          typeof ref === 'object' && ref !== null && typeof (ref as { iban?: unknown }).iban === 'string'
            ? [(ref as { iban: string }).iban]
            : [],
        )
      : [];
  });
}

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

export function NewConsentPage() {
  const profile = useActiveProfile();
  const navigate = useNavigate();
  const [mode, setMode] = useState<BodyMode>('form');
  const [values, setValues] = useState<ConsentFormValues>(() => emptyConsentForm());
  const [jsonText, setJsonText] = useState('');
  const [jsonError, setJsonError] = useState<string>();
  const [jsonIssues, setJsonIssues] = useState<BodyIssue[]>([]);
  const [skipSchemaCheck, setSkipSchemaCheck] = useState(false);
  const [psuId, setPsuId] = useState('');
  // 1.3.12 requires PSU-IP-Address on POST /v1/consents; a profile made for reads without the PSU sends none.
  const profileIp = profile.psuHeaders.psuIpAddress?.trim() ?? '';
  const [psuIpAddress, setPsuIpAddress] = useState('');
  const [bankIpError, setBankIpError] = useState<string>();
  const [attempted, setAttempted] = useState(false);
  const [bankFieldErrors, setBankFieldErrors] = useState<FieldErrors>({});
  const summaryRef = useRef<HTMLDivElement>(null);
  const create = useCreateConsent();

  const ibanSuggestions = useMemo(
    () => [...new Set(consentHistory.list(profile.id).flatMap((entry) => ibansIn(entry.access)))],
    [profile.id],
  );
  const validation = validateConsentForm(values);
  const clientErrors: FieldErrors = attempted ? validation.errors : {};
  const errors: FieldErrors = { ...bankFieldErrors, ...clientErrors };
  // The summary lists what the form found; the bank's findings come with their own callout below.
  const shownErrors = fieldsInFormOrder(clientErrors, values);
  const kept = keptMembers(values);
  const ipProblem = psuIpAddressProblem(psuIpAddress, profileIp);
  const ipError = (attempted ? ipProblem : undefined) ?? bankIpError;

  function change(next: Partial<ConsentFormValues>, touched: FieldKey[]) {
    setValues((current) => ({ ...current, ...next }));
    // The bank's finding about a value no longer applies once the value changes.
    setBankFieldErrors((current) => {
      if (!touched.some((field) => current[field])) return current;
      const rest = { ...current };
      for (const field of touched) delete rest[field];
      return rest;
    });
  }

  function switchMode(next: BodyMode) {
    if (next === mode) return;
    if (next === 'json') {
      setJsonText(JSON.stringify(buildConsentBody(values), null, 2));
      setJsonError(undefined);
      setJsonIssues([]);
      setMode('json');
      return;
    }
    const result = formValuesFromJson(jsonText, values);
    if (!result.ok) {
      // Keep the text exactly as typed so nothing is lost.
      setJsonError(result.message);
      return;
    }
    setValues(result.values);
    setBankFieldErrors({});
    setJsonError(undefined);
    setMode('form');
  }

  function bodyToSend(): Record<string, unknown> | undefined {
    if (mode === 'form') {
      setAttempted(true);
      if (!validation.valid) {
        requestAnimationFrame(() => summaryRef.current?.focus());
        return undefined;
      }
      return validation.body;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(jsonText);
    } catch (error) {
      setJsonError(`The JSON is not valid: ${(error as Error).message}`);
      return undefined;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      setJsonError('The body must be a JSON object ({ … }).');
      return undefined;
    }
    setJsonError(undefined);
    const issues = checkConsentBody(parsed);
    setJsonIssues(issues);
    if (issues.length > 0 && !skipSchemaCheck) return undefined;
    return parsed as Record<string, unknown>;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    const body = bodyToSend();
    setAttempted(true);
    if (body && ipProblem) {
      requestAnimationFrame(() => document.getElementById('consent-psu-ip-address')?.focus());
    }
    if (!body || ipProblem) return;
    setBankFieldErrors({});
    setBankIpError(undefined);
    const redirect = newScaRedirect(profile);
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
        const { consentId, consentStatus, _links, psuMessage } = result.body;
        const scaApproach = result.headers['aspsp-sca-approach'];
        // Kept as `{ href }` links whether the bank sent those or plain strings (the answer's deviations name the latter).
        const links = readLinks(_links).links;
        const access = typeof body.access === 'object' && body.access !== null ? body.access : {};
        consentHistory.add(profile.id, {
          consentId,
          createdAt: Date.now(),
          access: access as Record<string, unknown>,
          recurringIndicator: body.recurringIndicator === true,
          validUntil: typeof body.validUntil === 'string' ? body.validUntil : '',
          frequencyPerDay: typeof body.frequencyPerDay === 'number' ? body.frequencyPerDay : 1,
          ...(typeof body.combinedServiceIndicator === 'boolean' && {
            combinedServiceIndicator: body.combinedServiceIndicator,
          }),
          consentStatus,
          links,
          reads: {},
          ...(scaApproach && { scaApproach }),
          ...(psuMessage && { psuMessage }),
        });
        const route = consentRoute(consentId);
        redirect.bindTo(route);
        const state: CreatedConsentState = {
          created: { requestId: result.requestId, status: result.status, deviations: result.deviations },
          links,
          ...(scaApproach && { scaApproach }),
          ...(psuMessage && { psuMessage }),
        };
        void navigate(route, { state });
      },
      onError: (error) => {
        if (!(error instanceof Xs2aError)) return;
        const ipMessage = error.tppMessages.find((message) => message.path?.toLowerCase() === 'psu-ip-address');
        if (ipMessage) setBankIpError([ipMessage.code, ipMessage.text].filter(Boolean).join(': '));
        if (mode === 'form') setBankFieldErrors(placeBankMessages(error.tppMessages, formValues).fieldErrors);
      },
    });
  }

  return (
    <article className="max-w-3xl space-y-6">
      <title>{'New consent · XS2A Console'}</title>
      <div className="space-y-1">
        <p className="text-sm">
          <Link to="/consents" className="text-blue-800 underline">
            Consents
          </Link>
        </p>
        <h1 className="text-2xl font-semibold">New consent</h1>
        <p className="text-sm text-slate-700">
          Asks <span className="font-medium text-slate-900">{profile.name}</span> (
          <code className="font-mono text-xs break-all">{profile.baseUrl}</code>) for access to account information. The
          bank then asks the PSU to authorise it.
        </p>
      </div>

      <form noValidate onSubmit={submit} className="space-y-4" aria-label="New consent">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-mono text-xs text-slate-600">POST /v1/consents</p>
          <BodyModeSwitch mode={mode} onSwitch={switchMode} />
        </div>

        {mode === 'form' ? (
          <>
            {attempted && shownErrors.length > 0 && (
              <FieldErrorSummary
                ref={summaryRef}
                fields={shownErrors.map((field) => ({ id: fieldId(field), label: labelOf(field, values) }))}
              />
            )}
            {attempted && validation.otherIssues.length > 0 && (
              <ErrorCallout
                title="Members the form does not show are not valid"
                messages={validation.otherIssues.map((issue) => ({ path: issue.path, text: issue.message }))}
              />
            )}
            <ConsentFormFields
              values={values}
              errors={errors}
              warnings={validation.warnings}
              ibanSuggestions={ibanSuggestions}
              onChange={change}
            />
            <KeptMembersNote paths={kept} />
          </>
        ) : (
          <JsonBodyEditor
            text={jsonText}
            onTextChange={(text) => {
              setJsonText(text);
              setJsonIssues([]);
            }}
            error={jsonError}
            findings={jsonIssues}
            findingsTitle="The body does not match the 1.3.12 consent schema"
            skipSchemaCheck={skipSchemaCheck}
            onSkipSchemaCheckChange={setSkipSchemaCheck}
          />
        )}

        <details className="rounded border border-slate-200 bg-white p-4 text-sm" open={!profileIp || undefined}>
          <summary className="cursor-pointer font-medium focus-visible:outline-2 focus-visible:outline-blue-600">
            Request headers
          </summary>
          <div className="mt-3 space-y-3">
            <Field
              label="PSU-IP-Address for this request"
              id="consent-psu-ip-address"
              error={ipError}
              hint={
                profileIp
                  ? `Optional: replaces the profile's PSU-IP-Address (${profileIp}).`
                  : 'Required: 1.3.12 asks for the PSU’s IP address when a consent is created, and this profile sends none (so that its account reads count as made without the PSU).'
              }
            >
              <TextInput
                value={psuIpAddress}
                autoComplete="off"
                spellCheck={false}
                placeholder={profileIp || undefined}
                className="max-w-xs font-mono"
                onChange={(event) => {
                  setPsuIpAddress(event.target.value);
                  setBankIpError(undefined);
                }}
              />
            </Field>
            <Field
              label="PSU-ID for this request"
              hint={
                profile.psuHeaders.psuId
                  ? `Optional: replaces the profile's PSU-ID (${profile.psuHeaders.psuId}).`
                  : 'Optional: the PSU’s login at the bank. Some banks need it, e.g. to start a decoupled SCA at once.'
              }
            >
              <TextInput value={psuId} autoComplete="off" onChange={(event) => setPsuId(event.target.value)} />
            </Field>
          </div>
        </details>

        {create.error && (
          <ConsentErrorCallout alert error={create.error}>
            {Object.keys(bankFieldErrors).length > 0 && (
              <p className="text-red-900">The messages that name a field are also shown at that field.</p>
            )}
          </ConsentErrorCallout>
        )}

        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="primary" disabled={create.isPending}>
            {create.isPending ? 'Sending…' : 'Create consent'}
          </Button>
          <Link to="/consents" className="text-sm text-blue-800 underline">
            Cancel
          </Link>
        </div>
      </form>
    </article>
  );
}
