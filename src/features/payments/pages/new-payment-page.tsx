// /payments/new: choose service and product, fill the body as a form or as JSON, and initiate the payment.
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  describeXs2aError,
  readLinks,
  useActiveProfile,
  useInitiatePayment,
  Xs2aError,
  type InitiatePaymentVariables,
} from '../../../api';
import {
  BodyModeSwitch,
  Button,
  ErrorCallout,
  Field,
  FieldErrorSummary,
  JsonBodyEditor,
  KeptMembersNote,
  Select,
  TextInput,
  type BodyMode,
} from '../../../components/ui';
import { paymentBodySchemaFor } from '../../../xs2a';
import { memberPaths, type BodyIssue } from '../../../flows/form-model';
import { newScaRedirect } from '../../../flows/sca';
import { fieldId, PaymentFormFields } from '../components/payment-form-fields';
import { paymentRoute } from '../model/format';
import {
  buildPaymentBody,
  emptyPaymentForm,
  fieldLabels,
  formPaymentProducts,
  formPaymentServices,
  formValuesFromJson,
  isFormPaymentProduct,
  isFormPaymentService,
  paymentProductLabels,
  paymentServiceLabels,
  placeBankMessages,
  validatePaymentForm,
  visibleFields,
  type FieldErrors,
  type FieldName,
  type FormPaymentProduct,
  type FormPaymentService,
  type PaymentFormValues,
} from '../model/payment-form';
import { paymentHistory } from '../model/payment-history';

/** What the payment page shows right after the initiation (also kept in the history). */
export interface CreatedPaymentState {
  created: {
    requestId: string;
    status: number;
    deviations: { path: string; message: string }[];
    tppMessages: { category: string; code: string; text?: string }[];
  };
  links: Record<string, { href: string }>;
  scaApproach?: string;
  psuMessage?: string;
}

export function NewPaymentPage() {
  const profile = useActiveProfile();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const initialService = params.get('service') ?? undefined;
  const initialProduct = params.get('product') ?? undefined;

  const [service, setService] = useState<FormPaymentService>(
    isFormPaymentService(initialService) ? initialService : 'payments',
  );
  const [product, setProduct] = useState<FormPaymentProduct>(
    isFormPaymentProduct(initialProduct) ? initialProduct : 'sepa-credit-transfers',
  );
  const [mode, setMode] = useState<BodyMode>('form');
  const [values, setValues] = useState<PaymentFormValues>(emptyPaymentForm);
  const [jsonText, setJsonText] = useState('');
  const [jsonError, setJsonError] = useState<string>();
  const [jsonIssues, setJsonIssues] = useState<BodyIssue[]>([]);
  const [skipSchemaCheck, setSkipSchemaCheck] = useState(false);
  const [psuId, setPsuId] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [bankFieldErrors, setBankFieldErrors] = useState<FieldErrors>({});
  const summaryRef = useRef<HTMLDivElement>(null);
  const initiate = useInitiatePayment();

  const debtorSuggestions = useMemo(() => paymentHistory.usedDebtorIbans(profile.id), [profile.id]);
  const visible = visibleFields(service, product, values.frequency);
  const validation = validatePaymentForm(values, service, product);
  const clientErrors: FieldErrors = attempted ? validation.errors : {};
  const errors: FieldErrors = { ...bankFieldErrors, ...clientErrors };
  // The summary lists what the form found; the bank's findings come with its own callout below.
  const shownErrors = visible.filter((field) => clientErrors[field]);
  const kept = memberPaths(values.extra);

  function change(field: FieldName, value: string | string[]) {
    setValues((current) => ({ ...current, [field]: value }));
    // The bank's finding about a value no longer applies once the value changes.
    setBankFieldErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }

  function switchMode(next: BodyMode) {
    if (next === mode) return;
    if (next === 'json') {
      setJsonText(JSON.stringify(buildPaymentBody(values, service, product), null, 2));
      setJsonError(undefined);
      setJsonIssues([]);
      setMode('json');
      return;
    }
    const result = formValuesFromJson(jsonText, service, product);
    if (!result.ok) {
      // Keep the text exactly as typed so nothing is lost.
      setJsonError(result.message);
      return;
    }
    setValues(result.values);
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
    const check = paymentBodySchemaFor(service).safeParse(parsed);
    const issues = check.success
      ? []
      : check.error.issues.map((issue) => ({ path: issue.path.join('.') || '(body)', message: issue.message }));
    setJsonIssues(issues);
    if (issues.length > 0 && !skipSchemaCheck) return undefined;
    return parsed as Record<string, unknown>;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (initiate.isPending) return;
    const body = bodyToSend();
    if (!body) return;
    setBankFieldErrors({});
    const redirect = newScaRedirect(profile);
    const variables: InitiatePaymentVariables = {
      profile,
      service,
      product,
      // The JSON view may send a body the schema refuses on purpose, to see how the bank answers.
      body: body as InitiatePaymentVariables['body'],
      tppRedirectUri: redirect.tppRedirectUri,
      tppNokRedirectUri: redirect.tppNokRedirectUri,
      ...(psuId.trim() && { psuId: psuId.trim() }),
    };
    initiate.mutate(variables, {
      onSuccess: (result) => {
        const { paymentId, transactionStatus, _links, psuMessage } = result.body;
        const ref = { service, product, paymentId };
        const scaApproach = result.headers['aspsp-sca-approach'];
        const amount = body.instructedAmount as { amount?: unknown; currency?: unknown } | undefined;
        const debtor = body.debtorAccount as { iban?: unknown } | undefined;
        const creditor = body.creditorAccount as { iban?: unknown } | undefined;
        const now = Date.now();
        // Kept as `{ href }` links whether the bank sent those or plain strings (the answer's deviations name the latter).
        const links = readLinks(_links).links;
        paymentHistory.add(profile.id, {
          ...ref,
          createdAt: now,
          amount: typeof amount?.amount === 'string' ? amount.amount : JSON.stringify(amount?.amount ?? ''),
          currency: typeof amount?.currency === 'string' ? amount.currency : '',
          creditorName: typeof body.creditorName === 'string' ? body.creditorName : '(no creditor name)',
          ...(typeof debtor?.iban === 'string' && { debtorIban: debtor.iban }),
          ...(typeof creditor?.iban === 'string' && { creditorIban: creditor.iban }),
          transactionStatus,
          statuses: [{ status: transactionStatus, at: now }],
          links,
          ...(scaApproach && { scaApproach }),
          ...(psuMessage && { psuMessage }),
        });
        const route = paymentRoute(ref);
        redirect.bindTo(route);
        const state: CreatedPaymentState = {
          created: {
            requestId: result.requestId,
            status: result.status,
            deviations: result.deviations,
            tppMessages: result.body.tppMessages ?? [],
          },
          links,
          ...(scaApproach && { scaApproach }),
          ...(psuMessage && { psuMessage }),
        };
        void navigate(route, { state });
      },
      onError: (error) => {
        if (mode === 'form' && error instanceof Xs2aError) {
          setBankFieldErrors(placeBankMessages(error.tppMessages, visible).fieldErrors);
        }
      },
    });
  }

  const bankError = initiate.error ? describeXs2aError(initiate.error) : undefined;

  return (
    <article className="max-w-3xl space-y-6">
      <title>{'New payment · XS2A Console'}</title>
      <div className="space-y-1">
        <p className="text-sm">
          <Link to="/payments" className="text-blue-800 underline">
            Payments
          </Link>
        </p>
        <h1 className="text-2xl font-semibold">New payment</h1>
        <p className="text-sm text-slate-700">
          Initiates a payment at <span className="font-medium text-slate-900">{profile.name}</span> (
          <code className="font-mono text-xs break-all">{profile.baseUrl}</code>). The bank then asks the PSU to
          authorise it.
        </p>
      </div>

      <form noValidate onSubmit={submit} className="space-y-4" aria-label="New payment">
        <div className="grid gap-4 rounded border border-slate-200 bg-white p-4 sm:grid-cols-2">
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">Payment service</legend>
            {formPaymentServices.map((option) => (
              <label key={option} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="service"
                  value={option}
                  checked={service === option}
                  onChange={() => setService(option)}
                  className="h-4 w-4 accent-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
                />
                {paymentServiceLabels[option]}
              </label>
            ))}
          </fieldset>
          <Field label="Payment product" hint={<code className="font-mono">{product}</code>}>
            <Select value={product} onChange={(event) => setProduct(event.target.value as FormPaymentProduct)}>
              {formPaymentProducts.map((option) => (
                <option key={option} value={option}>
                  {paymentProductLabels[option]}
                </option>
              ))}
            </Select>
          </Field>
        </div>

        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-mono text-xs break-all text-slate-600">
            POST /v1/{service}/{product}
          </p>
          <BodyModeSwitch mode={mode} onSwitch={switchMode} />
        </div>

        {mode === 'form' ? (
          <>
            {attempted && shownErrors.length > 0 && (
              <FieldErrorSummary
                ref={summaryRef}
                fields={shownErrors.map((field) => ({ id: fieldId(field), label: fieldLabels[field] }))}
              />
            )}
            {attempted && validation.otherIssues.length > 0 && (
              <ErrorCallout
                title="Members the form does not show are not valid"
                messages={validation.otherIssues.map((issue) => ({ path: issue.path, text: issue.message }))}
              />
            )}
            <PaymentFormFields
              values={values}
              errors={errors}
              visible={visible}
              product={product}
              debtorSuggestions={debtorSuggestions}
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
            findingsTitle={`The body does not match the 1.3.12 schema of ${service}`}
            skipSchemaCheck={skipSchemaCheck}
            onSkipSchemaCheckChange={setSkipSchemaCheck}
          />
        )}

        <details className="rounded border border-slate-200 bg-white p-4 text-sm">
          <summary className="cursor-pointer font-medium focus-visible:outline-2 focus-visible:outline-blue-600">
            Request headers
          </summary>
          <div className="mt-3">
            <Field
              label="PSU-ID for this request"
              hint={
                profile.psuHeaders.psuId
                  ? `Optional: replaces the profile's PSU-ID (${profile.psuHeaders.psuId}).`
                  : 'Optional: the PSU\u2019s login at the bank. Some banks need it, e.g. to start a decoupled SCA at once.'
              }
            >
              <TextInput value={psuId} autoComplete="off" onChange={(event) => setPsuId(event.target.value)} />
            </Field>
          </div>
        </details>

        {bankError && (
          <ErrorCallout
            alert
            title={bankError.title}
            summary={bankError.summary}
            messages={bankError.messages}
            advice={bankError.advice}
            requestId={bankError.requestId}
            status={bankError.status}
          >
            {Object.keys(bankFieldErrors).length > 0 && (
              <p className="text-red-900">The messages that name a field are also shown at that field.</p>
            )}
          </ErrorCallout>
        )}

        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="primary" disabled={initiate.isPending}>
            {initiate.isPending ? 'Sending…' : 'Initiate payment'}
          </Button>
          <Link to="/payments" className="text-sm text-blue-800 underline">
            Cancel
          </Link>
        </div>
      </form>
    </article>
  );
}
