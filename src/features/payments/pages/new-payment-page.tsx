// /payments/new: choose service and product, fill the body as a form or as JSON (a bulk: as a table of payments), and
// initiate the payment.
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  describeXs2aError,
  useActiveProfile,
  useBankToday,
  useInitiatePayment,
  Xs2aError,
  type BankProfile,
  type InitiatePaymentVariables,
} from '../../../api';
import { ErrorCallout, Field, Select } from '../../../components/ui';
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
import { memberPaths } from '../../../flows/form-model';
import { createdState, type CreatedState } from '../../../flows/resource';
import { newScaRedirect } from '../../../flows/sca';
import { accountFor, TestPsuChoice } from '../../../flows/test-psu';
import { BulkPaymentFields } from '../components/bulk-payment-fields';
import { Pain001Section, usePain001Body } from '../components/pain001-section';
import { fieldId, PaymentFormFields } from '../components/payment-form-fields';
import { useBulkPaymentForm } from '../model/use-bulk-payment-form';
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
  isXmlProduct,
  paymentProductLabels,
  paymentServiceLabels,
  placeBankMessages,
  templateProductOf,
  visibleFields,
  type FieldName,
  type FormPaymentProduct,
  type FormPaymentService,
  type PaymentFormValidation,
  type PaymentFormValues,
} from '../model/payment-form';
import { paymentHistory } from '../model/payment-history';
import type { TemplateSource } from '../model/pain001';
import { xmlPaymentProducts } from '../../../xs2a/code-lists';

type XmlPaymentProduct = (typeof xmlPaymentProducts)[number];

/** The products the page offers: the JSON ones (form and JSON view), and the same with a pain.001 document. */
type NewPaymentProduct = FormPaymentProduct | XmlPaymentProduct;
const newPaymentProducts: readonly NewPaymentProduct[] = [...formPaymentProducts, ...xmlPaymentProducts];
const productLabels = Object.fromEntries(
  newPaymentProducts.map((p) => [
    p,
    isXmlProduct(p)
      ? `${paymentProductLabels[templateProductOf(p)]} (pain.001 XML)`
      : paymentProductLabels[templateProductOf(p)],
  ]),
) as Record<NewPaymentProduct, string>;

/** The body's checks (the 1.3.12 schemas), loaded when the form is first used. */
const loadChecks = () => import('../model/payment-form-check');

/** What the payment page shows right after the initiation (also kept in the history). */
export type CreatedPaymentState = CreatedState;

/** The services the page offers: the form's, and bulks with their own table. */
type NewPaymentService = FormPaymentService | 'bulk-payments';
const newPaymentServices: readonly NewPaymentService[] = [...formPaymentServices, 'bulk-payments'];
const serviceLabels: Record<NewPaymentService, string> = {
  ...paymentServiceLabels,
  'bulk-payments': 'Bulk payment (bulk-payments)',
};

function ServiceAndProduct({
  service,
  product,
  onService,
  onProduct,
}: {
  service: NewPaymentService;
  product: NewPaymentProduct;
  onService: (service: NewPaymentService) => void;
  onProduct: (product: NewPaymentProduct) => void;
}) {
  return (
    <div className="grid gap-4 rounded border border-slate-200 bg-white p-4 sm:grid-cols-2">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Payment service</legend>
        {newPaymentServices.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="service"
              value={option}
              checked={service === option}
              onChange={() => onService(option)}
              className="h-4 w-4 accent-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
            />
            {serviceLabels[option]}
          </label>
        ))}
      </fieldset>
      <Field label="Payment product" hint={<code className="font-mono">{product}</code>}>
        <Select
          value={product}
          onChange={(event) => onProduct(event.target.value as NewPaymentProduct)}
          options={newPaymentProducts}
          labels={productLabels}
        />
      </Field>
    </div>
  );
}

/** The service and product the page starts with: from `?service=…&product=…` when those name a form's choice. */
function useInitialChoice() {
  const [params] = useSearchParams();
  const service = params.get('service') ?? undefined;
  const product = params.get('product') ?? undefined;
  return {
    service: isFormPaymentService(service) || service === 'bulk-payments' ? service : 'payments',
    product: isFormPaymentProduct(product) || isNewXmlProduct(product) ? product : 'sepa-credit-transfers',
  } as const;
}

function isNewXmlProduct(value: string | undefined): value is XmlPaymentProduct {
  return (xmlPaymentProducts as readonly (string | undefined)[]).includes(value);
}

/** Initiates a payment and opens its page, kept in this browser's history as `historyBody` says. */
function useInitiateAndOpen(profile: BankProfile) {
  const navigate = useNavigate();
  const initiate = useInitiatePayment();
  function send(
    payment: Omit<InitiatePaymentVariables, 'profile' | 'tppRedirectUri' | 'tppNokRedirectUri'>,
    historyBody: Record<string, unknown>,
    onBankMessages: (messages: Xs2aError['tppMessages']) => void,
  ) {
    const redirect = newScaRedirect(profile);
    const { tppRedirectUri, tppNokRedirectUri } = redirect;
    initiate.mutate(
      { profile, ...payment, tppRedirectUri, tppNokRedirectUri },
      {
        onSuccess: (result) => {
          const ref = { service: payment.service, product: payment.product, paymentId: result.body.paymentId };
          const state = createdState(result);
          const { transactionStatus } = result.body;
          paymentHistory.addCreated(profile.id, ref, historyBody, { ...state, status: transactionStatus });
          const route = paymentRoute(ref);
          redirect.bindTo(route);
          void navigate(route, { state });
        },
        onError: (error) => {
          if (error instanceof Xs2aError) onBankMessages(error.tppMessages);
        },
      },
    );
  }
  return { initiate, send };
}

function PaymentIntro({ profile }: { profile: BankProfile }) {
  return (
    <>
      Initiates a payment at <BankName profile={profile} />. The bank then asks the PSU to authorise it.
    </>
  );
}

export function NewPaymentPage() {
  const profile = useActiveProfile();
  const initial = useInitialChoice();
  const [chosen, setService] = useState<NewPaymentService>(initial.service);
  const bulkChosen = chosen === 'bulk-payments';
  // The single payment form stays as it was while a bulk is filled in.
  const service: FormPaymentService = bulkChosen ? 'payments' : chosen;
  const [chosenProduct, setProduct] = useState<NewPaymentProduct>(initial.product);
  const xml = isXmlProduct(chosenProduct);
  const product = templateProductOf(chosenProduct);
  const pain001 = usePain001Body();
  const [values, setValues] = useState<PaymentFormValues>(emptyPaymentForm);
  const [psuId, setPsuId] = useState('');
  const bankErrors = useBankFieldErrors<FieldName>();
  const { initiate, send: initiateAndOpen } = useInitiateAndOpen(profile);

  const debtorSuggestions = useMemo(() => paymentHistory.usedDebtorIbans(profile.id), [profile.id]);
  const visible = visibleFields(service, product, values.frequency);
  const today = useBankToday(profile);
  const bulk = useBulkPaymentForm(today);
  const { checks, ...checking } = useChecksOnUse(loadChecks);
  // Until the checks are in, nothing is sent (a send waits for them).
  const validation: PaymentFormValidation = checks
    ? checks.validatePaymentForm(values, service, product, today)
    : { body: buildPaymentBody(values, service, product), errors: {}, otherIssues: [], valid: false };
  const [editor, summaryRef] = useBodyEditor({
    formBody: () => buildPaymentBody(values, service, product),
    readJson: (text) => formValuesFromJson(text, service, product),
    onFormValues: setValues,
    validation,
    checkJson: (body) => checks?.checkPaymentBody(service, body) ?? [],
  });
  const clientErrors = editor.attempted ? validation.errors : {};
  // The summary lists what the form found; the bank's findings come with its own callout below.
  const shownErrors = visible.filter((field) => clientErrors[field]);

  function change(field: FieldName, value: string | string[]) {
    setValues((current) => ({ ...current, [field]: value }));
    bankErrors.clear([field]);
  }

  const templateSource: TemplateSource = bulkChosen ? { service: chosen, bulk: bulk.values } : { service, values };

  function submit(event: FormEvent) {
    if (xml) {
      event.preventDefault();
      if (!initiate.isPending) pain001.send(templateSource, product, (document, kept) => send({ document }, kept));
      return;
    }
    if (!bulkChosen && checking.holdSubmit(event)) return;
    event.preventDefault();
    if (initiate.isPending) return;
    const body = bulkChosen ? bulk.bodyToSend() : editor.bodyToSend();
    if (!body) return;
    // The JSON view may send a body the schema refuses on purpose, to see how the bank answers.
    send({ body: body as InitiatePaymentVariables['body'] }, body);
  }

  /** Initiates the payment with this body; the bank's messages go to the fields that were sent. */
  function send(payload: Pick<InitiatePaymentVariables, 'body' | 'document'>, historyBody: Record<string, unknown>) {
    bankErrors.reset();
    bulk.bankErrors.reset();
    const mode = editor.mode;
    const payment = {
      service: chosen,
      product: chosenProduct,
      ...payload,
      ...(psuId.trim() && { psuId: psuId.trim() }),
    };
    initiateAndOpen(payment, historyBody, (messages) => {
      if (xml) return;
      if (bulkChosen) bulk.placeBankMessages(messages);
      else if (mode === 'form') bankErrors.set(placeBankMessages(messages, visible).fieldErrors);
    });
  }

  const bankError = initiate.error ? describeXs2aError(initiate.error) : undefined;

  return (
    <NewRequestPage
      title="New payment"
      list={{ to: '/payments', label: 'Payments' }}
      wide={bulkChosen}
      intro={<PaymentIntro profile={profile} />}
      onSubmit={submit}
      checks={checking}
    >
      <ServiceAndProduct service={chosen} product={chosenProduct} onService={setService} onProduct={setProduct} />
      <TestPsuChoice
        profile={profile}
        fills="the PSU-ID header and the debtor IBAN"
        onChoose={(psu) => {
          setPsuId(psu.psuId);
          pain001.setDebtorName(psu.name);
          change('debtorIban', accountFor(psu, values.currency)?.iban ?? '');
          bulk.setDebtor(accountFor(psu, 'EUR')?.iban ?? '');
        }}
      />
      {xml ? (
        <Pain001Section
          source={templateSource}
          product={product}
          today={today}
          body={pain001}
          debtorSuggestions={debtorSuggestions}
          onChange={change}
          onBulkChange={bulk.change}
        />
      ) : bulkChosen ? (
        <BulkPaymentFields values={bulk.values} errors={bulk.errors} today={today} onChange={bulk.change} />
      ) : (
        <RequestBody
          editor={editor}
          summaryRef={summaryRef}
          request={`POST /v1/${service}/${product}`}
          findingsTitle={`The body does not match the 1.3.12 schema of ${service}`}
          summary={shownErrors.map((field) => ({ id: fieldId(field), label: fieldLabels[field] }))}
          otherIssues={validation.otherIssues}
          kept={memberPaths(values.extra)}
        >
          <PaymentFormFields
            values={values}
            errors={{ ...bankErrors.errors, ...clientErrors }}
            visible={visible}
            product={product}
            debtorSuggestions={debtorSuggestions}
            onChange={change}
            today={today}
          />
        </RequestBody>
      )}
      <RequestHeaders>
        <PsuIdField profile={profile} value={psuId} onChange={setPsuId} />
      </RequestHeaders>
      {bankError && (
        <ErrorCallout alert {...bankError}>
          <FieldsNamedNote shown={bulkChosen ? bulk.bankErrors.any : bankErrors.any} />
        </ErrorCallout>
      )}
      <SubmitRow
        pending={initiate.isPending || (!bulkChosen && checking.waiting)}
        label={bulkChosen ? 'Initiate bulk payment' : 'Initiate payment'}
        cancelTo="/payments"
      />
    </NewRequestPage>
  );
}
