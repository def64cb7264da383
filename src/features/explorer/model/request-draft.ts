// The explorer's request as the user edits it, how it is first filled from the active profile, and the exact request
// it becomes when sent.
import {
  addDays,
  bankToday,
  buildUrl,
  psuHeaderNames,
  redirectHeaders,
  scaPreferenceHeaders,
  type BankProfile,
} from '../../../api';
import {
  fillPath,
  operations,
  pathVariables,
  queryParameters,
  requestHeaders,
  type OperationName,
} from '../../../xs2a';
import { bodyExamples, bodyText, type ExampleContext } from './examples';
import type { BasketMemberIds, KnownIds } from './known-ids';

export interface NameValueRow {
  id: string;
  name: string;
  value: string;
}

export interface RequestDraft {
  operation: OperationName;
  pathValues: Record<string, string>;
  query: NameValueRow[];
  headers: NameValueRow[];
  /** The body's text as sent; empty: no body. */
  bodyText: string;
  /** Whether the profile's bearer token is added when sending (it is never shown or kept in the draft). */
  sendProfileToken: boolean;
}

export interface PrefillContext {
  profile: BankProfile;
  activeConsentId: string | undefined;
  known: KnownIds;
  /** This browser's payments and consents that await their authorisation: a new signing basket's example holds them. */
  basketMembers?: BasketMemberIds;
  /** The fresh X-Request-ID. */
  requestId: string;
  /** Whether the profile holds a token to send. */
  hasToken: boolean;
  newRowId: () => string;
}

/** Defaults of the path variables that have a fixed set of values. */
const PATH_DEFAULTS: Record<string, string> = {
  'payment-service': 'payments',
  'payment-product': 'sepa-credit-transfers',
};

/** Defaults of required query parameters. */
const QUERY_DEFAULTS: Record<string, string> = { bookingStatus: 'booked' };

const ninetyDaysBack = ({ profile }: PrefillContext) => addDays(bankToday(profile), -90);

/**
 * Optional parameters 1.3.12 makes conditionally mandatory, with a value to start from: a transaction list (of an account or a card
 * account) needs dateFrom unless it asks for a delta or for bookingStatus "information".
 */
const CONDITIONAL_QUERY: Partial<Record<OperationName, Record<string, (context: PrefillContext) => string>>> = {
  getTransactionList: { dateFrom: ninetyDaysBack },
  getCardAccountTransactionList: { dateFrom: ninetyDaysBack },
};

function pathValuesFor(operation: OperationName, context: PrefillContext): Record<string, string> {
  const values: Record<string, string> = {};
  for (const variable of pathVariables(operations[operation].path)) {
    const fromConsent = variable === 'consentId' ? context.activeConsentId : undefined;
    values[variable] = fromConsent ?? context.known[variable]?.[0]?.value ?? PATH_DEFAULTS[variable] ?? '';
  }
  return values;
}

/** The profile's values of the headers the operation takes in 1.3.12, and X-Request-ID, Accept and Content-Type. */
function headersFor(operation: OperationName, context: PrefillContext): Record<string, string> {
  const { profile } = context;
  const listed = new Map(requestHeaders[operation].map((header) => [header.name.toLowerCase(), header]));
  const candidates: Record<string, string | undefined> = {
    'X-Request-ID': context.requestId,
    Accept: 'application/json',
    ...('requestBody' in operations[operation] && { 'Content-Type': 'application/json' }),
  };
  for (const [key, name] of Object.entries(psuHeaderNames) as [keyof BankProfile['psuHeaders'], string][]) {
    candidates[name] = profile.psuHeaders[key]?.trim();
  }
  Object.assign(candidates, scaPreferenceHeaders(profile, 'initiation'), redirectHeaders(profile, {}));
  if (listed.get('consent-id')?.required) candidates['Consent-ID'] = context.activeConsentId;
  const standard = new Set(['x-request-id', 'accept', 'content-type']);
  return Object.fromEntries(
    Object.entries(candidates).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined &&
        entry[1] !== '' &&
        (standard.has(entry[0].toLowerCase()) || listed.has(entry[0].toLowerCase())),
    ),
  );
}

/** What the example bodies are made from: an IBAN this browser knows, and whether (and as whom) this is the sandbox. */
export function exampleContextFor(
  profile: BankProfile,
  known: KnownIds,
  basketMembers?: BasketMemberIds,
): ExampleContext {
  const iban = known.iban?.[0]?.value;
  const psuId = profile.psuHeaders.psuId?.trim();
  return {
    sandbox: profile.builtIn === true,
    today: bankToday(profile),
    ...(iban && { iban }),
    ...(psuId && { psuId }),
    ...(basketMembers && { basketMembers }),
  };
}

/**
 * A new draft of `operation`: the path variables from the ids this browser knows (the active consent for a consentId),
 * the required query parameters, the profile's headers that the operation takes, a fresh X-Request-ID, and the first
 * example body.
 */
export function prefillDraft(operation: OperationName, context: PrefillContext): RequestDraft {
  const row = (name: string, value: string): NameValueRow => ({ id: context.newRowId(), name, value });
  const spec = operations[operation];
  const query = (queryParameters[operation] ?? [])
    .filter((parameter) => parameter.required)
    .map((parameter) => row(parameter.name, QUERY_DEFAULTS[parameter.name] ?? ''))
    .concat(Object.entries(CONDITIONAL_QUERY[operation] ?? {}).map(([name, value]) => row(name, value(context))));
  const kind = 'requestBody' in spec ? spec.requestBody : undefined;
  const examples = kind
    ? bodyExamples(kind, exampleContextFor(context.profile, context.known, context.basketMembers))
    : [];
  return {
    operation,
    pathValues: pathValuesFor(operation, context),
    query,
    headers: Object.entries(headersFor(operation, context)).map(([name, value]) => row(name, value)),
    bodyText: bodyText(examples[0]?.body),
    sendProfileToken: context.hasToken,
  };
}

/** The body as the exchange log shows it: parsed when it is JSON, otherwise its text. */
export function bodyOf(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The URL of the draft: the profile's base_url, the path with its variables (a missing one stays empty), the query. */
export function draftUrl(draft: RequestDraft, baseUrl: string): string {
  const filled = fillPath(operations[draft.operation].path, {
    ...Object.fromEntries(pathVariables(operations[draft.operation].path).map((name) => [name, ''])),
    ...draft.pathValues,
  });
  const url = new URL(buildUrl(baseUrl, { path: filled }));
  for (const { name, value } of draft.query) if (name.trim()) url.searchParams.append(name.trim(), value);
  return url.toString();
}

/** The draft's headers as sent: rows without a name are left out; a later row of the same name wins. */
export function draftHeaders(draft: Pick<RequestDraft, 'headers'>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { name, value } of draft.headers) {
    const trimmed = name.trim();
    if (!trimmed) continue;
    for (const existing of Object.keys(headers))
      if (existing.toLowerCase() === trimmed.toLowerCase()) delete headers[existing];
    headers[trimmed] = value;
  }
  return headers;
}
