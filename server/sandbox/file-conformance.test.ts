// Every operation of the official 1.3.12 file (spec/psd2-api-1.3.12.json, The Berlin Group, CC BY 4.0), driven on the
// sandbox in-process: a real happy path to each operation's success answer and at least one error answer, each checked
// against what the file says of that operation and status: the status is one the file lists, the body validates
// against the file's own JSON schema for it (ajv on the whole file), the media type is one the file names, and the
// headers the file marks required are there. The table below says how each answer is reached; the last test fails
// when an operation of the file has no success or no error answer among those checked, so none is skipped silently.
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, type OperationSpec, type ResponseHeaderSpec } from '../../src/xs2a';
import { SANDBOX_OTP, SANDBOX_PASSWORD, testCards } from './seed';
import { createTestBank, ORIGIN, type TestBank } from './testing/test-support';
import { accountOf, consentBody, paymentBody, send, type Res } from './testing/test-kit';

// ---------------------------------------------------------------- the official file

type Node = Record<string, unknown>;
const FILE_ID = 'psd2-api-1.3.12.json';
const spec = JSON.parse(readFileSync(new URL('../../spec/psd2-api-1.3.12.json', import.meta.url), 'utf8')) as Node;

interface FileOperation {
  operationId: string;
  method: string;
  template: string;
  pattern: RegExp;
  responses: Node;
  /** The JSON pointer of the operation in the file. */
  pointer: string;
}

const pointerPart = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1');

const fileOperations: FileOperation[] = Object.entries(spec.paths as Record<string, Node>).flatMap(([template, item]) =>
  Object.entries(item)
    .filter(([, operation]) => typeof (operation as Node).operationId === 'string')
    .map(([method, operation]) => ({
      operationId: (operation as Node).operationId as string,
      method: method.toUpperCase(),
      template,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      responses: (operation as Node).responses as Node,
      pointer: `#/paths/${pointerPart(template)}/${method}`,
    })),
);
const byId = new Map(fileOperations.map((op) => [op.operationId, op]));

/** Follows local `$ref`s; returns the node and its JSON pointer in the file. */
function resolve(node: Node, pointer: string): { node: Node; pointer: string } {
  let current = { node, pointer };
  while (typeof current.node.$ref === 'string') {
    const ref = current.node.$ref;
    let target: unknown = spec;
    for (const part of ref.replace(/^#\//, '').split('/')) {
      target = (target as Node)[part.replaceAll('~1', '/').replaceAll('~0', '~')];
    }
    current = { node: target as Node, pointer: ref };
  }
  return current;
}

// ---------------------------------------------------------------- what the check reads differently from the file

/**
 * Where this test reads the file otherwise than a plain JSON-schema validator would, and why. Each is applied where its
 * name appears (`decided`); the last test fails on a decision that no answer needed any more.
 */
const documentedDecisions = {
  oneOfAsAnyOf:
    'The file’s oneOf branches overlap, as its objects are open: a standing order is also a single payment ' +
    '(OK_200_PaymentInitiationInformation), an answer with only scaStatus matches four of OK_200_UpdatePsuData’s ' +
    'five branches. "Exactly one" cannot hold for a correct answer, so oneOf is read as anyOf, and each row that ' +
    'knows its branch (the payment service, the authorisation step) checks that branch by name as well.',
  closedObjects:
    'Stricter than the file: its objects are open (no additionalProperties), but the sandbox is the reference bank ' +
    'of a strict reporter, so every object schema is also read closed and an answer with a member the file does not ' +
    'name fails.',
  formats:
    'ajv-formats is not a dependency: date and date-time are checked as RFC 3339 full-date and date-time; byte, uri ' +
    'and url (the file’s other formats) are taken as any string.',
  headersOfTheConsole:
    'Stricter than the file, as src/xs2a/operations.ts records it (responseHeaders): Location is optional in the ' +
    'file but required on the 201 that creates a payment or consent (stricterBecause there), and ASPSP-SCA-Approach ' +
    '"must be contained, if the SCA Approach is already fixed", which it is on every initiation, consent and ' +
    'authorisation step of the sandbox. Signing baskets, outside that table, follow the consent’s answers.',
  sandboxOwnCodes:
    'The sandbox’s own outage codes (SERVICE_UNAVAILABLE 503, INTERNAL_SERVER_ERROR 500, named as its own in its ' +
    'discovery document and scenario catalogue) answer with a tppMessages body where the file’s 500 and 503 have ' +
    'none: the status and headers are checked, the body is the sandbox’s word on why.',
  bodyLimit413:
    'The file lists no 413. The sandbox refuses a body beyond its limit while reading it, before any route looks ' +
    'at it, with 413 and the FORMAT_ERROR body of a 400 (rules/bank-error.ts bodyTooLarge, body-limits.test.ts): ' +
    'HTTP’s own status for it. That answer is checked as the file’s 400 of the operation.',
  piis400:
    'A slip of the official file: BAD_REQUEST_400_PIIS (the 400 of checkAvailabilityOfFunds) names the AIS error ' +
    'schemas (Error400_NG_AIS, Error400_AIS), which lack the PIIS codes CARD_INVALID and NO_PIIS_ACTIVATION, while ' +
    'the file defines Error400_NG_PIIS and Error400_PIIS beside them. That answer is read with the PIIS schemas.',
} as const;
type Decision = keyof typeof documentedDecisions;
const decisionsApplied = new Set<Decision>();
const decided = (decision: Decision) => {
  decisionsApplied.add(decision);
  return `${decision}: ${documentedDecisions[decision]}`;
};

const FULL_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const DATE_TIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/**
 * The file as JSON Schema: oneOf read as anyOf (documentedDecisions.oneOfAsAnyOf), and OpenAPI 3.0's boolean
 * exclusiveMinimum and exclusiveMaximum (a flag on minimum and maximum) written as JSON Schema's numbers.
 */
function asJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(asJsonSchema);
  if (node === null || typeof node !== 'object') return node;
  const entries: [string, unknown][] = [];
  for (const [key, value] of Object.entries(node as Node)) {
    if (key === 'exclusiveMinimum' || key === 'exclusiveMaximum') {
      const bound = (node as Node)[key === 'exclusiveMinimum' ? 'minimum' : 'maximum'];
      if (typeof value === 'number') entries.push([key, value]);
      else if (value === true && typeof bound === 'number') entries.push([key, bound]);
    } else if (key === 'oneOf') {
      decided('oneOfAsAnyOf');
      entries.push(['anyOf', asJsonSchema(value)]);
    } else entries.push([key, asJsonSchema(value)]);
  }
  return Object.fromEntries(entries);
}

/** The file with every object schema closed: no member beyond those it names. */
function closed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closed);
  if (node === null || typeof node !== 'object') return node;
  const copy = Object.fromEntries(Object.entries(node as Node).map(([key, value]) => [key, closed(value)]));
  const isObjectSchema = copy.type === 'object' && typeof copy.properties === 'object';
  return isObjectSchema && !('additionalProperties' in copy) ? { ...copy, additionalProperties: false } : copy;
}

function validatorsOf(file: unknown) {
  decided('formats');
  const ajv = new Ajv({
    strict: false,
    allErrors: true,
    // The file's patterns are ECMA-262 without the unicode flag (they escape '-' outside classes, as in \-).
    unicodeRegExp: false,
    formats: { date: FULL_DATE, 'date-time': DATE_TIME, byte: true, uri: true, url: true },
  });
  ajv.addSchema(file as Node, FILE_ID);
  const validators = new Map<string, ValidateFunction>();
  return (pointer: string): ValidateFunction => {
    let validate = validators.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `${FILE_ID}${pointer}` });
      validators.set(pointer, validate);
    }
    return validate;
  };
}

const asWritten = asJsonSchema(spec);
const validatorAt = validatorsOf(asWritten);
const closedValidatorAt = validatorsOf(closed(asWritten));

const errorLines = (validate: ValidateFunction) =>
  (validate.errors ?? []).map((error) =>
    error.keyword === 'additionalProperties'
      ? `${error.instancePath}/${String(error.params.additionalProperty)}: not in the file`
      : `${error.instancePath} ${error.message ?? error.keyword}`,
  );

function expectValid(pointer: string, body: unknown, what: string) {
  const validate = validatorAt(pointer);
  if (!validate(body)) expect.fail(`${what}: ${errorLines(validate).join('\n  ')}\nin ${JSON.stringify(body)}`);
  const strict = closedValidatorAt(pointer);
  if (!strict(body)) expect.fail(`${what}: ${errorLines(strict).join('\n  ')}\n(${decided('closedObjects')})`);
}

// ---------------------------------------------------------------- one answer against the file

/** Signing baskets are not in the console's operation table: their answers carry the consent's headers. */
const basketHeaders: Record<string, readonly ResponseHeaderSpec[]> = {
  createSigningBasket: operations.createConsent.responseHeaders,
  startSigningBasketAuthorisation: operations.startConsentAuthorisation.responseHeaders,
  updateSigningBasketPsuData: operations.updateConsentsPsuData.responseHeaders,
};

/** The headers a success answer must carry beyond the file's (documentedDecisions.headersOfTheConsole). */
function consoleHeaderRules(operationId: string): readonly ResponseHeaderSpec[] {
  const known = (operations as Record<string, OperationSpec | undefined>)[operationId];
  return (known?.responseHeaders ?? basketHeaders[operationId] ?? []).filter((rule) => rule.presence !== 'optional');
}

/** What was checked: per operation, the statuses of its answers. */
const checked = new Map<string, number[]>();
let answersChecked = 0;

interface Expectation {
  /** The file's component schema the body must match too (the branch of a oneOf the row knows). */
  branch?: string;
  /** A body where the file's answer has none: allowed for this documented reason. */
  bodyBeyondTheFile?: Decision;
  /** The file's answer of this status is the one to check against (documentedDecisions.bodyLimit413). */
  readAs?: number;
}

/** Error answers whose schemas the file names by a slip: the schema it meant, by the response and media type. */
const schemaSlips: Record<string, Record<string, string>> = {
  '#/components/responses/BAD_REQUEST_400_PIIS': {
    'application/json': '#/components/schemas/Error400_NG_PIIS',
    'application/problem+json': '#/components/schemas/Error400_PIIS',
  },
};

/** Where the schema of an answer is: as the file writes it, or as it meant it (documentedDecisions.piis400). */
function schemaPointer(responsePointer: string, mediaType: string): string {
  const meant = schemaSlips[responsePointer]?.[mediaType];
  if (meant) decided('piis400');
  return meant ?? `${responsePointer}/content/${pointerPart(mediaType)}/schema`;
}

const stripPrefix = (path: string) => path.replace(/^\/psd2/, '').replace(/\?.*$/, '');

const definedRequired = (header: Node | undefined) =>
  header !== undefined && resolve(header, '').node.required === true;

/** One answer of `operationId` against the file: status listed, media type, body schema, required headers. */
function expectAsFile(operationId: string, method: string, path: string, res: Res, expectation: Expectation = {}) {
  const operation = byId.get(operationId);
  if (!operation) throw new Error(`${operationId} is not an operation of the file`);
  const what = `${operationId} ${res.status}`;
  expect(method, `${operationId}'s method`).toBe(operation.method);
  expect(stripPrefix(path), `${operationId}'s path`).toMatch(operation.pattern);
  if (expectation.readAs !== undefined) decided('bodyLimit413');
  const status = expectation.readAs ?? res.status;
  const listed = operation.responses[String(status)] as Node | undefined;
  if (!listed) expect.fail(`${what}: not among the file's answers (${Object.keys(operation.responses).join(', ')})`);
  const response = resolve(listed, `${operation.pointer}/responses/${status}`);

  const headers = (response.node.headers ?? {}) as Record<string, Node>;
  for (const [name, header] of Object.entries(headers)) {
    const definition = resolve(header, '').node;
    const value = res.headers.get(name);
    if (definition.required === true) expect(value, `${what}: required header ${name}`).toBeTruthy();
    const values = (definition.schema as Node | undefined)?.enum as string[] | undefined;
    if (value !== null && values) expect(values, `${what}: ${name}`).toContain(value);
  }
  const success = res.status < 300;
  for (const rule of success ? consoleHeaderRules(operationId) : []) {
    const value = res.headers.get(rule.name);
    if (rule.name in headers && definedRequired(headers[rule.name])) continue;
    expect(value, `${what}: ${rule.name} (${decided('headersOfTheConsole')})`).toBeTruthy();
    if (rule.values) expect(rule.values, `${what}: ${rule.name}`).toContain(value);
  }

  const content = response.node.content as Record<string, unknown> | undefined;
  if (!content) {
    if (expectation.bodyBeyondTheFile) decided(expectation.bodyBeyondTheFile);
    else expect(res.body, `${what}: the file's answer has no body`).toBeUndefined();
  } else {
    const mediaType = (res.headers.get('Content-Type') ?? '').split(';')[0]?.trim() ?? '';
    expect(Object.keys(content), `${what}: media type`).toContain(mediaType);
    expectValid(schemaPointer(response.pointer, mediaType), res.body, what);
    if (expectation.branch && success)
      expectValid(`#/components/schemas/${expectation.branch}`, res.body, `${what} as ${expectation.branch}`);
  }
}

// ---------------------------------------------------------------- driving the bank

interface Options {
  headers?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  psuPresent?: boolean;
}

/** Sends one request of `operationId` and checks its answer against the file, whatever its status. */
async function call(
  bank: TestBank,
  operationId: string,
  method: string,
  path: string,
  options: Options = {},
  expectation: Expectation = {},
): Promise<Res> {
  const res = await send(bank, method, path, options);
  expectAsFile(operationId, method, path, res, expectation);
  checked.set(operationId, [...(checked.get(operationId) ?? []), res.status]);
  answersChecked += 1;
  return res;
}

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- validated against the file
const bodyOf = (res: Res) => res.body as Body;
const hrefOf = (res: Res, link: string): string => {
  const href = (bodyOf(res)._links as Record<string, { href?: string }> | undefined)?.[link]?.href;
  if (!href) throw new Error(`no ${link} link in ${JSON.stringify(res.body)}`);
  return href;
};

const ALICE = 'alice';
const EMBEDDED = { 'TPP-Redirect-Preferred': 'false', 'PSU-ID': ALICE };
/** The resource waits for an explicit start of its authorisation, the PSU to be identified in it. */
const EXPLICIT = { 'TPP-Redirect-Preferred': 'false', 'TPP-Explicit-Authorisation-Preferred': 'true' };
const CREDITOR = { iban: 'DE02100100109307118603' };
const aliceMain = accountOf(ALICE, 0);

const single = () => ({ ...paymentBody(), remittanceInformationUnstructured: 'Invoice 4711' });
const periodic = () => ({ ...single(), startDate: '2026-03-18', frequency: 'Monthly', endDate: '2026-12-18' });
const bulk = () => ({
  batchBookingPreferred: false,
  debtorAccount: { iban: aliceMain.iban },
  payments: [
    {
      instructedAmount: { currency: 'EUR', amount: '10.00' },
      creditorName: 'Kaffee Handel GmbH',
      creditorAccount: CREDITOR,
    },
    {
      instructedAmount: { currency: 'EUR', amount: '20.50' },
      creditorName: 'Kaffee Handel GmbH',
      creditorAccount: CREDITOR,
    },
  ],
});
const consent = consentBody;

/** The names of one family of authorisation operations (payment, payment cancellation, consent, basket). */
interface AuthorisationOps {
  start: string;
  list: string;
  status: string;
  update: string;
}
const family = (start: string, list: string, status: string, update: string): AuthorisationOps => ({
  start,
  list,
  status,
  update,
});
const PAYMENT_AUTH = family(
  'startPaymentAuthorisation',
  'getPaymentInitiationAuthorisation',
  'getPaymentInitiationScaStatus',
  'updatePaymentPsuData',
);
const CANCELLATION_AUTH = family(
  'startPaymentInitiationCancellationAuthorisation',
  'getPaymentInitiationCancellationAuthorisationInformation',
  'getPaymentCancellationScaStatus',
  'updatePaymentCancellationPsuData',
);
const CONSENT_AUTH = family(
  'startConsentAuthorisation',
  'getConsentAuthorisation',
  'getConsentScaStatus',
  'updateConsentsPsuData',
);
const BASKET_AUTH = family(
  'startSigningBasketAuthorisation',
  'getSigningBasketAuthorisation',
  'getSigningBasketScaStatus',
  'updateSigningBasketPsuData',
);

/**
 * Embedded SCA on `collection`, each step an answer of the family's operations checked with its branch: the start
 * without PSU-ID (received), the PSU identified (updatePsuIdentificationResponse), the password
 * (updatePsuAuthenticationResponse), the method chosen (selectPsuAuthenticationMethodResponse), the one-time password
 * (scaStatusResponse); then the sub-resource's list and status.
 */
async function authorise(bank: TestBank, collection: string, ops: AuthorisationOps) {
  const started = await call(bank, ops.start, 'POST', collection);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const authPath = `${collection}/${bodyOf(started).authorisationId as string}`;
  const put = async (body: unknown, branch: string, headers: Record<string, string> = {}) => {
    const res = await call(bank, ops.update, 'PUT', authPath, { body, headers }, { branch });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return bodyOf(res);
  };
  if (bodyOf(started).scaStatus === 'received') await put({}, 'updatePsuIdentificationResponse', { 'PSU-ID': ALICE });
  const authenticated = await put({ psuData: { password: SANDBOX_PASSWORD } }, 'updatePsuAuthenticationResponse');
  if (authenticated.scaStatus === 'psuAuthenticated') {
    await put({ authenticationMethodId: 'sms' }, 'selectPsuAuthenticationMethodResponse');
  }
  expect((await put({ scaAuthenticationData: SANDBOX_OTP }, 'scaStatusResponse')).scaStatus).toBe('finalised');
  const list = await call(bank, ops.list, 'GET', collection);
  expect(list.status).toBe(200);
  const status = await call(bank, ops.status, 'GET', authPath, {}, { branch: 'scaStatusResponse' });
  expect(bodyOf(status).scaStatus).toBe('finalised');
  return authPath;
}

/** The error answers of a family of authorisations: an unknown sub-resource of a known parent, malformed steps. */
async function authorisationErrors(bank: TestBank, collection: string, ops: AuthorisationOps) {
  const unknown = `${collection}/auth-unknown`;
  refused(await call(bank, ops.status, 'GET', unknown), 403, 'RESOURCE_UNKNOWN');
  refused(
    await call(bank, ops.update, 'PUT', unknown, { body: { scaAuthenticationData: '1' } }),
    403,
    'RESOURCE_UNKNOWN',
  );
  refused(await call(bank, ops.start, 'POST', collection, { rawBody: '{"psuData":' }), 400, 'FORMAT_ERROR');
}

/** An error answer with the status and code the sandbox is known to give it (the file's check ran in `call`). */
function refused(res: Res, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect((bodyOf(res).tppMessages as { code: string }[] | undefined)?.[0]?.code).toBe(code);
}

// ---------------------------------------------------------------- the check itself

describe('the check against the file', () => {
  const STATUS = '/v1/payments/sepa-credit-transfers/pay-1/status';
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}): Res => ({
    status,
    body,
    headers: new Headers({
      'X-Request-ID': 'r-1',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    }),
    requestId: 'r-1',
  });
  const status = (body: unknown, headers?: Record<string, string>) =>
    expectAsFile('getPaymentInitiationStatus', 'GET', STATUS, answer(200, body, headers));

  it('takes an answer as the file describes it', () => {
    status({ transactionStatus: 'RCVD' });
    expectAsFile('cancelPayment', 'DELETE', '/v1/payments/sepa-credit-transfers/pay-1', answer(204, undefined));
  });

  it('refuses a value, a member, a status, a media type and headers the file does not allow', () => {
    expect(() => status({ transactionStatus: 'DONE' })).toThrow(/allowed values/);
    expect(() => status({})).toThrow(/required property 'transactionStatus'/);
    expect(() => status({ transactionStatus: 'RCVD', colour: 'red' })).toThrow(/\/colour: not in the file/);
    expect(() => status({ transactionStatus: 'RCVD' }, { 'Content-Type': 'text/html' })).toThrow(/media type/);
    expect(() => status({ transactionStatus: 'RCVD' }, { 'X-Request-ID': '' })).toThrow(/X-Request-ID/);
    expect(() => expectAsFile('getConsentStatus', 'GET', '/v1/consents/c-1/status', answer(418, {}))).toThrow(
      /not among the file's answers/,
    );
    expect(() =>
      expectAsFile('cancelPayment', 'DELETE', '/v1/payments/sepa-credit-transfers/p', answer(204, {})),
    ).toThrow(/has no body/);
    expect(() => expectAsFile('getConsentStatus', 'GET', '/v1/accounts', answer(200, {}))).toThrow(/path/);
    const error = { tppMessages: [{ category: 'ERROR', code: 'CONSENT_EXPIRED' }] };
    expect(() => expectAsFile('getPaymentInitiationStatus', 'GET', STATUS, answer(403, error))).toThrow(
      /allowed values/,
    );
  });

  it('asks a creation for Location and the SCA approach, and a step for its branch', () => {
    const created = { transactionStatus: 'RCVD', paymentId: 'p-1', _links: { self: { href: '/v1/payments/x/p-1' } } };
    const initiate = (headers: Record<string, string>) =>
      expectAsFile('initiatePayment', 'POST', '/v1/payments/x', answer(201, created, headers));
    initiate({ Location: 'http://bank.test/v1/payments/x/p-1', 'ASPSP-SCA-Approach': 'EMBEDDED' });
    expect(() => initiate({ 'ASPSP-SCA-Approach': 'EMBEDDED' })).toThrow(/Location/);
    expect(() => initiate({ Location: 'http://bank.test/v1/payments/x/p-1' })).toThrow(/ASPSP-SCA-Approach/);
    expect(() => initiate({ Location: 'http://bank.test/p', 'ASPSP-SCA-Approach': 'OAUTH' })).toThrow(
      /ASPSP-SCA-Approach/,
    );
    const step = answer(200, { scaStatus: 'finalised' }, { 'ASPSP-SCA-Approach': 'EMBEDDED' });
    const path = '/v1/payments/x/p-1/authorisations/a-1';
    expectAsFile('updatePaymentPsuData', 'PUT', path, step, { branch: 'scaStatusResponse' });
    expect(() =>
      expectAsFile('updatePaymentPsuData', 'PUT', path, step, { branch: 'updatePsuIdentificationResponse' }),
    ).toThrow(/_links/);
  });
});

/** The operations of one resource's life: its creation, read, status read and authorisations. */
interface Lifecycle {
  create: string;
  collection: string;
  read: string;
  /** The branch of the read's oneOf the resource is. */
  readBranch?: string;
  status: string;
  auth: AuthorisationOps;
}

const lifeOf = (create: string, collection: string, read: string, status: string, auth: AuthorisationOps) => ({
  create,
  collection,
  read,
  status,
  auth,
});
const CONSENT_LIFE = lifeOf('createConsent', '/v1/consents', 'getConsentInformation', 'getConsentStatus', CONSENT_AUTH);
const BASKET_LIFE = lifeOf(
  'createSigningBasket',
  '/v1/signing-baskets',
  'getSigningBasket',
  'getSigningBasketStatus',
  BASKET_AUTH,
);

/**
 * Creates a resource waiting for its authorisation (201), reads it and its status (200), authorises it embedded and
 * returns the created answer and the status read last.
 */
async function lifecycle(bank: TestBank, life: Lifecycle, body: unknown) {
  const created = await call(bank, life.create, 'POST', life.collection, { body, headers: EXPLICIT });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const self = hrefOf(created, 'self');
  // Location names the created resource: its self link on the bank's origin.
  expect(created.headers.get('Location')).toBe(`${ORIGIN}${self}`);
  const branch = life.readBranch ? { branch: life.readBranch } : {};
  expect((await call(bank, life.read, 'GET', self, {}, branch)).status).toBe(200);
  expect((await call(bank, life.status, 'GET', `${self}/status`)).status).toBe(200);
  await authorise(bank, `${self}/authorisations`, life.auth);
  return { created, self, status: bodyOf(await call(bank, life.status, 'GET', `${self}/status`)) };
}

// ---------------------------------------------------------------- the table

function bankPerDescribe() {
  const holder = {} as { bank: TestBank };
  beforeAll(async () => {
    holder.bank = await createTestBank();
  });
  afterAll(() => holder.bank.close());
  return holder;
}

const paymentServices = [
  { service: 'payments', body: single, branch: 'paymentInitiationWithStatusResponse' },
  { service: 'periodic-payments', body: periodic, branch: 'periodicPaymentInitiationWithStatusResponse' },
  { service: 'bulk-payments', body: bulk, branch: 'bulkPaymentInitiationWithStatusResponse' },
] as const;

describe('payment initiation, per service: the file’s answers', () => {
  const at = bankPerDescribe();

  describe.each(paymentServices)('$service (sepa-credit-transfers, JSON)', ({ service, body, branch }) => {
    const collection = `/v1/${service}/sepa-credit-transfers`;

    const life: Lifecycle = {
      create: 'initiatePayment',
      collection,
      read: 'getPaymentInformation',
      readBranch: branch,
      status: 'getPaymentInitiationStatus',
      auth: PAYMENT_AUTH,
    };

    it('initiatePayment 201 → getPaymentInformation, getPaymentInitiationStatus → authorisations → ACTC', async () => {
      expect((await lifecycle(at.bank, life, body())).status.transactionStatus).toBe('ACTC');
    });

    it('cancelPayment 204 on a payment not yet authorised', async () => {
      const { bank } = at;
      const created = await call(bank, 'initiatePayment', 'POST', collection, { body: body(), headers: EMBEDDED });
      expect((await call(bank, 'cancelPayment', 'DELETE', hrefOf(created, 'self'))).status).toBe(204);
    });

    it('cancelPayment 202 on an accepted payment → its cancellation authorisation → CANC', async () => {
      const { bank } = at;
      const created = await call(bank, 'initiatePayment', 'POST', collection, { body: body(), headers: EXPLICIT });
      const self = hrefOf(created, 'self');
      await authorise(bank, `${self}/authorisations`, PAYMENT_AUTH);
      const cancel = await call(bank, 'cancelPayment', 'DELETE', self);
      expect(cancel.status).toBe(202);
      await authorise(bank, `${self}/cancellation-authorisations`, CANCELLATION_AUTH);
      expect(bodyOf(await call(bank, 'getPaymentInitiationStatus', 'GET', `${self}/status`)).transactionStatus).toBe(
        'CANC',
      );
    });

    it('errors: a malformed body (400), an unknown product (404), an unknown payment or authorisation (403)', async () => {
      const { bank } = at;
      refused(
        await call(bank, 'initiatePayment', 'POST', collection, { rawBody: '{"instructedAmount":' }),
        400,
        'FORMAT_ERROR',
      );
      refused(
        await call(bank, 'initiatePayment', 'POST', `/v1/${service}/no-such-product`, { body: body() }),
        404,
        'PRODUCT_UNKNOWN',
      );
      const unknown = `${collection}/pay-unknown`;
      refused(await call(bank, 'getPaymentInformation', 'GET', unknown), 403, 'RESOURCE_UNKNOWN');
      refused(await call(bank, 'getPaymentInitiationStatus', 'GET', `${unknown}/status`), 403, 'RESOURCE_UNKNOWN');
      refused(await call(bank, 'cancelPayment', 'DELETE', unknown), 403, 'RESOURCE_UNKNOWN');
      for (const [ops, sub] of [
        [PAYMENT_AUTH, 'authorisations'],
        [CANCELLATION_AUTH, 'cancellation-authorisations'],
      ] as const) {
        refused(await call(bank, ops.list, 'GET', `${unknown}/${sub}`), 403, 'RESOURCE_UNKNOWN');
        refused(await call(bank, ops.start, 'POST', `${unknown}/${sub}`, { body: {} }), 403, 'RESOURCE_UNKNOWN');
      }
      const created = await call(bank, 'initiatePayment', 'POST', collection, { body: body(), headers: EXPLICIT });
      const self = hrefOf(created, 'self');
      await authorisationErrors(bank, `${self}/authorisations`, PAYMENT_AUTH);
      await authorise(bank, `${self}/authorisations`, PAYMENT_AUTH);
      await call(bank, 'cancelPayment', 'DELETE', self);
      await authorisationErrors(bank, `${self}/cancellation-authorisations`, CANCELLATION_AUTH);
    });
  });
});

describe('consents, accounts and card accounts: the file’s answers', () => {
  const at = bankPerDescribe();
  const consentState = {} as { consentId: string };

  it('createConsent 201 → getConsentInformation, getConsentStatus → authorisations → valid', async () => {
    const { created, status } = await lifecycle(at.bank, CONSENT_LIFE, consent());
    expect(status.consentStatus).toBe('valid');
    consentState.consentId = bodyOf(created).consentId as string;
  });

  it('getAccountList, readAccountDetails, getBalances, getTransactionList, getTransactionDetails: 200', async () => {
    const { bank } = at;
    const headers = { 'Consent-ID': consentState.consentId };
    const list = await call(bank, 'getAccountList', 'GET', '/v1/accounts', { headers });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const accounts = bodyOf(list).accounts as Body[];
    const account = accounts.find((a) => a.iban === aliceMain.iban);
    if (!account) throw new Error('alice’s main account is not listed');
    const self = `/v1/accounts/${account.resourceId as string}`;
    expect((await call(bank, 'readAccountDetails', 'GET', self, { headers })).status).toBe(200);
    expect((await call(bank, 'getBalances', 'GET', `${self}/balances`, { headers })).status).toBe(200);
    const report = await call(
      bank,
      'getTransactionList',
      'GET',
      `${self}/transactions?bookingStatus=both&dateFrom=2026-03-01`,
      { headers },
    );
    expect(report.status).toBe(200);
    const booked = (bodyOf(report).transactions as Body).booked as Body[];
    const entry = booked.find((t) => typeof t.transactionId === 'string');
    if (!entry) throw new Error('no booked entry with a transactionId');
    const details = `${self}/transactions/${entry.transactionId as string}`;
    expect((await call(bank, 'getTransactionDetails', 'GET', details, { headers })).status).toBe(200);
  });

  it('getCardAccountList, readCardAccountDetails, getCardAccountBalances, getCardAccountTransactionList: 200', async () => {
    const { bank } = at;
    const headers = { 'Consent-ID': consentState.consentId };
    const list = await call(bank, 'getCardAccountList', 'GET', '/v1/card-accounts', { headers });
    expect(list.status).toBe(200);
    const card = (bodyOf(list).cardAccounts as Body[]).find(
      (c) => c.maskedPan === testCards.find((t) => t.psuId === ALICE)?.maskedPan,
    );
    if (!card) throw new Error('alice’s card is not listed');
    const self = `/v1/card-accounts/${card.resourceId as string}`;
    expect((await call(bank, 'readCardAccountDetails', 'GET', self, { headers })).status).toBe(200);
    expect((await call(bank, 'getCardAccountBalances', 'GET', `${self}/balances`, { headers })).status).toBe(200);
    const report = `${self}/transactions?bookingStatus=both&dateFrom=2026-02-01`;
    expect((await call(bank, 'getCardAccountTransactionList', 'GET', report, { headers })).status).toBe(200);
  });

  it('deleteConsent 204', async () => {
    const { bank } = at;
    const created = await call(bank, 'createConsent', 'POST', '/v1/consents', { body: consent(), headers: EMBEDDED });
    expect((await call(bank, 'deleteConsent', 'DELETE', hrefOf(created, 'self'))).status).toBe(204);
  });

  it('errors: a malformed consent (400), unknown consents, authorisations and accounts', async () => {
    const { bank } = at;
    refused(await call(bank, 'createConsent', 'POST', '/v1/consents', { rawBody: '{"access":' }), 400, 'FORMAT_ERROR');
    const unknown = '/v1/consents/con-unknown';
    refused(await call(bank, 'getConsentInformation', 'GET', unknown), 403, 'CONSENT_UNKNOWN');
    refused(await call(bank, 'getConsentStatus', 'GET', `${unknown}/status`), 403, 'CONSENT_UNKNOWN');
    refused(await call(bank, 'deleteConsent', 'DELETE', unknown), 403, 'CONSENT_UNKNOWN');
    refused(await call(bank, 'getConsentAuthorisation', 'GET', `${unknown}/authorisations`), 403, 'CONSENT_UNKNOWN');
    const created = await call(bank, 'createConsent', 'POST', '/v1/consents', { body: consent(), headers: EXPLICIT });
    await authorisationErrors(bank, `${hrefOf(created, 'self')}/authorisations`, CONSENT_AUTH);

    const valid = { 'Consent-ID': consentState.consentId };
    const nobody = { 'Consent-ID': 'con-unknown' };
    // CONSENT_UNKNOWN is 400 when the Consent-ID header names it, 403 when the path does (above).
    refused(await call(bank, 'getAccountList', 'GET', '/v1/accounts', { headers: nobody }), 400, 'CONSENT_UNKNOWN');
    refused(
      await call(bank, 'getCardAccountList', 'GET', '/v1/card-accounts', { headers: nobody }),
      400,
      'CONSENT_UNKNOWN',
    );
    for (const [operationId, path] of [
      ['readAccountDetails', '/v1/accounts/acc-unknown'],
      ['getBalances', '/v1/accounts/acc-unknown/balances'],
      ['getTransactionList', '/v1/accounts/acc-unknown/transactions?bookingStatus=booked&dateFrom=2026-03-01'],
      ['getTransactionDetails', '/v1/accounts/acc-unknown/transactions/tx-unknown'],
      ['readCardAccountDetails', '/v1/card-accounts/card-unknown'],
      ['getCardAccountBalances', '/v1/card-accounts/card-unknown/balances'],
      [
        'getCardAccountTransactionList',
        '/v1/card-accounts/card-unknown/transactions?bookingStatus=booked&dateFrom=2026-03-01',
      ],
    ] as const) {
      // RESOURCE_UNKNOWN is 404 for an account-id in the path, 403 for other ids in the path.
      refused(await call(bank, operationId, 'GET', path, { headers: valid }), 404, 'RESOURCE_UNKNOWN');
    }
  });
});

describe('confirmation of funds: the file’s answers', () => {
  const at = bankPerDescribe();

  it('checkAvailabilityOfFunds 200, and 400 FORMAT_ERROR for a malformed body', async () => {
    const { bank } = at;
    const body = { account: { iban: aliceMain.iban }, instructedAmount: { currency: 'EUR', amount: '10.00' } };
    const answer = await call(bank, 'checkAvailabilityOfFunds', 'POST', '/v1/funds-confirmations', {
      body,
      psuPresent: false,
    });
    expect(answer.status).toBe(200);
    const malformed = { rawBody: '{"account":', psuPresent: false };
    refused(
      await call(bank, 'checkAvailabilityOfFunds', 'POST', '/v1/funds-confirmations', malformed),
      400,
      'FORMAT_ERROR',
    );
  });
});

describe('signing baskets: the file’s answers', () => {
  const at = bankPerDescribe();

  const member = async (bank: TestBank) =>
    bodyOf(
      await call(bank, 'initiatePayment', 'POST', '/v1/payments/sepa-credit-transfers', {
        body: single(),
        headers: EXPLICIT,
      }),
    ).paymentId as string;

  it('createSigningBasket 201 → getSigningBasket, getSigningBasketStatus → authorisations → ACTC', async () => {
    const { status } = await lifecycle(at.bank, BASKET_LIFE, { paymentIds: [await member(at.bank)] });
    expect(status.transactionStatus).toBe('ACTC');
  });

  it('deleteSigningBasket 204', async () => {
    const { bank } = at;
    const body = { paymentIds: [await member(bank)] };
    const created = await call(bank, 'createSigningBasket', 'POST', '/v1/signing-baskets', { body, headers: EMBEDDED });
    expect((await call(bank, 'deleteSigningBasket', 'DELETE', hrefOf(created, 'self'))).status).toBe(204);
  });

  it('errors: a malformed basket (400), an unknown basket or authorisation (403)', async () => {
    const { bank } = at;
    refused(
      await call(bank, 'createSigningBasket', 'POST', '/v1/signing-baskets', { rawBody: '{"paymentIds":' }),
      400,
      'FORMAT_ERROR',
    );
    const unknown = '/v1/signing-baskets/basket-unknown';
    refused(await call(bank, 'getSigningBasket', 'GET', unknown), 403, 'RESOURCE_UNKNOWN');
    refused(await call(bank, 'getSigningBasketStatus', 'GET', `${unknown}/status`), 403, 'RESOURCE_UNKNOWN');
    refused(await call(bank, 'deleteSigningBasket', 'DELETE', unknown), 403, 'RESOURCE_UNKNOWN');
    refused(
      await call(bank, 'getSigningBasketAuthorisation', 'GET', `${unknown}/authorisations`),
      403,
      'RESOURCE_UNKNOWN',
    );
    const body = { paymentIds: [await member(bank)] };
    const created = await call(bank, 'createSigningBasket', 'POST', '/v1/signing-baskets', { body, headers: EXPLICIT });
    await authorisationErrors(bank, `${hrefOf(created, 'self')}/authorisations`, BASKET_AUTH);
  });
});

// ---------------------------------------------------------------- more answers of the same operations

/** A valid allPsd2 consent of alice's, authorised embedded (its steps checked too). */
async function validConsent(bank: TestBank, body: object = consent()): Promise<string> {
  const created = await call(bank, 'createConsent', 'POST', '/v1/consents', { body, headers: EXPLICIT });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await authorise(bank, `${hrefOf(created, 'self')}/authorisations`, CONSENT_AUTH);
  return bodyOf(created).consentId as string;
}

const approachOf = (res: Res) => res.headers.get('ASPSP-SCA-Approach');
const bob = accountOf('bob', 0);
const aliceUsd = accountOf(ALICE, 2);
const aliceCard = testCards.find((c) => c.psuId === ALICE);

/** The payment `created` as getPaymentInformation answers it (200), checked as the file's `branch` too. */
async function paymentAs(bank: TestBank, created: Res, branch: string) {
  const read = await call(bank, 'getPaymentInformation', 'GET', hrefOf(created, 'self'), {}, { branch });
  expect(read.status).toBe(200);
  return read;
}

interface Variation {
  operationIds: string;
  how: string;
  run: (bank: TestBank) => Promise<void>;
}

/** Other approaches, products, bodies and refusals: every answer checked against the file as above. */
const variations: Variation[] = [
  {
    operationIds: 'initiatePayment, getPaymentInitiationScaStatus',
    how: 'redirect (the bank’s default) and decoupled initiations, with their implicit authorisation',
    run: async (bank) => {
      const collection = '/v1/payments/sepa-credit-transfers';
      const redirect = await call(bank, 'initiatePayment', 'POST', collection, {
        body: single(),
        headers: { 'PSU-ID': ALICE },
      });
      expect(approachOf(redirect)).toBe('REDIRECT');
      expect(hrefOf(redirect, 'scaRedirect')).toMatch(/^http/);
      const decoupled = await call(bank, 'initiatePayment', 'POST', collection, {
        body: single(),
        headers: { 'TPP-Decoupled-Preferred': 'true', 'PSU-ID': ALICE },
      });
      expect(approachOf(decoupled)).toBe('DECOUPLED');
      for (const created of [redirect, decoupled]) {
        const status = await call(bank, 'getPaymentInitiationScaStatus', 'GET', hrefOf(created, 'scaStatus'));
        expect(status.status).toBe(200);
      }
    },
  },
  {
    operationIds: 'initiatePayment, getPaymentInformation',
    how: 'every payment product: instant, TARGET2, cross-border (in USD to a GB account)',
    run: async (bank) => {
      const bodies: [string, object][] = [
        ['instant-sepa-credit-transfers', { ...single(), debtorAccount: { iban: bob.iban } }],
        ['target-2-payments', { ...single(), debtorAccount: { iban: bob.iban }, creditorAgent: 'DEUTDEFFXXX' }],
        [
          'cross-border-credit-transfers',
          {
            ...single(),
            debtorAccount: { iban: aliceUsd.iban },
            instructedAmount: { currency: 'USD', amount: '250' },
            creditorAccount: { iban: 'GB29NWBK60161331926819' },
            creditorAgent: 'NWBKGB2L',
            creditorAddress: { streetName: 'Strand', buildingNumber: '1', townName: 'London', country: 'GB' },
          },
        ],
      ];
      for (const [product, body] of bodies) {
        const psuId = product === 'cross-border-credit-transfers' ? ALICE : 'bob';
        const created = await call(bank, 'initiatePayment', 'POST', `/v1/payments/${product}`, {
          body,
          headers: { ...EMBEDDED, 'PSU-ID': psuId },
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        await paymentAs(bank, created, 'paymentInitiationWithStatusResponse');
      }
    },
  },
  {
    operationIds: 'initiatePayment',
    how: 'a bulk with batch booking (its warning), a standing order with its execution rule and day',
    run: async (bank) => {
      const batch = await call(bank, 'initiatePayment', 'POST', '/v1/bulk-payments/sepa-credit-transfers', {
        body: { ...bulk(), batchBookingPreferred: true },
        headers: EMBEDDED,
      });
      expect(batch.status).toBe(201);
      const order = { ...periodic(), executionRule: 'following', dayOfExecution: '18' };
      const standing = await call(bank, 'initiatePayment', 'POST', '/v1/periodic-payments/sepa-credit-transfers', {
        body: order,
        headers: EMBEDDED,
      });
      expect(standing.status, JSON.stringify(standing.body)).toBe(201);
      const read = await paymentAs(bank, standing, 'periodicPaymentInitiationWithStatusResponse');
      expect(bodyOf(read)).toMatchObject({ executionRule: 'following', dayOfExecution: '18' });
    },
  },
  {
    operationIds: 'initiatePayment, updatePaymentPsuData, startPaymentAuthorisation, cancelPayment',
    how: 'refusals: a past execution date, a wrong password, an unknown method, a second SCA, a settled payment',
    run: async (bank) => {
      const collection = '/v1/payments/sepa-credit-transfers';
      // The file's single payment has no requestedExecutionDate; its bulk has.
      const past = { ...bulk(), requestedExecutionDate: '2026-03-01' };
      const bulks = '/v1/bulk-payments/sepa-credit-transfers';
      refused(await call(bank, 'initiatePayment', 'POST', bulks, { body: past }), 400, 'EXECUTION_DATE_INVALID');
      const created = await call(bank, 'initiatePayment', 'POST', collection, { body: single(), headers: EMBEDDED });
      const self = hrefOf(created, 'self');
      const started = await call(bank, 'startPaymentAuthorisation', 'POST', `${self}/authorisations`, {
        headers: { 'PSU-ID': ALICE },
      });
      const authPath = hrefOf(started, 'scaStatus');
      const put = (body: unknown) => call(bank, 'updatePaymentPsuData', 'PUT', authPath, { body });
      refused(await put({ psuData: { password: 'guess' } }), 401, 'PSU_CREDENTIALS_INVALID');
      await put({ psuData: { password: SANDBOX_PASSWORD } });
      refused(await put({ authenticationMethodId: 'carrier-pigeon' }), 400, 'SCA_METHOD_UNKNOWN');
      await put({ authenticationMethodId: 'sms' });
      await put({ scaAuthenticationData: SANDBOX_OTP });
      refused(await put({ scaAuthenticationData: SANDBOX_OTP }), 409, 'STATUS_INVALID');
      refused(
        await call(bank, 'startPaymentAuthorisation', 'POST', `${self}/authorisations`, {
          headers: { 'PSU-ID': ALICE },
        }),
        409,
        'STATUS_INVALID',
      );
      bank.clock.advance(bank.sandbox.config.settlementDelayMs);
      refused(await call(bank, 'cancelPayment', 'DELETE', self), 405, 'CANCELLATION_INVALID');
    },
  },
  {
    operationIds: 'initiatePayment',
    how: 'a body beyond the bank’s limit: 413 FORMAT_ERROR, read as the file’s 400',
    run: async (bank) => {
      const text = 'x'.repeat(bank.sandbox.config.maxBodyBytes + 1);
      const res = await send(bank, 'POST', '/v1/payments/sepa-credit-transfers', { rawBody: JSON.stringify({ text }) });
      expect(res.status).toBe(413);
      expectAsFile('initiatePayment', 'POST', '/v1/payments/sepa-credit-transfers', res, { readAs: 400 });
      answersChecked += 1;
    },
  },
  {
    operationIds: 'createConsent, getConsentInformation',
    how: 'redirect; dedicated accounts with a card; available accounts; bank-offered',
    run: async (bank) => {
      const redirect = await call(bank, 'createConsent', 'POST', '/v1/consents', {
        body: consent(),
        headers: { 'PSU-ID': ALICE },
      });
      expect(approachOf(redirect)).toBe('REDIRECT');
      const iban = { iban: aliceMain.iban };
      const card = { maskedPan: aliceCard?.maskedPan ?? '' };
      const accesses = [
        { accounts: [iban, card], balances: [iban], transactions: [iban, card] },
        { availableAccounts: 'allAccounts' },
        { accounts: [], balances: [], transactions: [] },
      ];
      for (const access of accesses) {
        const oneOff = { recurringIndicator: false, frequencyPerDay: 1 };
        const body = { ...consent(), access, ...('availableAccounts' in access ? oneOff : {}) };
        // Redirect: the bank-offered consent needs it, as the PSU picks the accounts on the bank's page.
        const created = await call(bank, 'createConsent', 'POST', '/v1/consents', {
          body,
          headers: { 'PSU-ID': ALICE },
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        expect((await call(bank, 'getConsentInformation', 'GET', hrefOf(created, 'self'))).status).toBe(200);
      }
    },
  },
  {
    operationIds: 'getAccountList, readAccountDetails, getTransactionList, getCardAccountList, …',
    how: 'with balances, each booking status, and the card’s pending entries',
    run: async (bank) => {
      const headers = { 'Consent-ID': await validConsent(bank) };
      const get = (operationId: string, path: string) => call(bank, operationId, 'GET', path, { headers });
      expect((await get('getAccountList', '/v1/accounts?withBalance=true')).status).toBe(200);
      const self = `/v1/accounts/${aliceMain.resourceId}`;
      expect((await get('readAccountDetails', `${self}?withBalance=true`)).status).toBe(200);
      for (const bookingStatus of ['booked', 'pending', 'both']) {
        const query = `bookingStatus=${bookingStatus}&dateFrom=2026-02-01&withBalance=true`;
        expect((await get('getTransactionList', `${self}/transactions?${query}`)).status).toBe(200);
      }
      expect((await get('getCardAccountList', '/v1/card-accounts?withBalance=true')).status).toBe(200);
      const card = `/v1/card-accounts/${aliceCard?.resourceId ?? ''}`;
      expect((await get('readCardAccountDetails', `${card}?withBalance=true`)).status).toBe(200);
      for (const bookingStatus of ['booked', 'pending']) {
        const query = `bookingStatus=${bookingStatus}&dateFrom=2026-02-01&withBalance=true`;
        expect((await get('getCardAccountTransactionList', `${card}/transactions?${query}`)).status).toBe(200);
      }
    },
  },
  {
    operationIds: 'getAccountList, getBalances, getTransactionList, deleteConsent',
    how: 'refusals: a consent not yet valid, another PSU’s account, bad periods, the day’s reads used up, deleted',
    run: async (bank) => {
      const waiting = await call(bank, 'createConsent', 'POST', '/v1/consents', { body: consent(), headers: EXPLICIT });
      const notYet = { 'Consent-ID': bodyOf(waiting).consentId as string };
      refused(await call(bank, 'getAccountList', 'GET', '/v1/accounts', { headers: notYet }), 401, 'CONSENT_INVALID');
      const consentId = await validConsent(bank, { ...consent(), frequencyPerDay: 1 });
      const headers = { 'Consent-ID': consentId };
      const bobs = `/v1/accounts/${bob.resourceId}/balances`;
      refused(await call(bank, 'getBalances', 'GET', bobs, { headers }), 401, 'CONSENT_INVALID');
      const transactions = `/v1/accounts/${aliceMain.resourceId}/transactions`;
      const backwards = `${transactions}?bookingStatus=booked&dateFrom=2026-03-10&dateTo=2026-03-01`;
      refused(await call(bank, 'getTransactionList', 'GET', backwards, { headers }), 400, 'PERIOD_INVALID');
      const unknownStatus = `${transactions}?bookingStatus=somewhen&dateFrom=2026-03-01`;
      const unknown = await call(bank, 'getTransactionList', 'GET', unknownStatus, { headers });
      expect(unknown.status).toBe(400);
      const background = { headers, psuPresent: false };
      expect((await call(bank, 'getAccountList', 'GET', '/v1/accounts', background)).status).toBe(200);
      refused(await call(bank, 'getAccountList', 'GET', '/v1/accounts', background), 429, 'ACCESS_EXCEEDED');
      expect((await call(bank, 'deleteConsent', 'DELETE', `/v1/consents/${consentId}`)).status).toBe(204);
      refused(await call(bank, 'getAccountList', 'GET', '/v1/accounts', { headers }), 401, 'CONSENT_INVALID');
    },
  },
  {
    operationIds: 'checkAvailabilityOfFunds',
    how: 'funds not available, an account of no PSU (400 in the body)',
    run: async (bank) => {
      const check = (body: object) =>
        call(bank, 'checkAvailabilityOfFunds', 'POST', '/v1/funds-confirmations', { body, psuPresent: false });
      const amount = { currency: 'EUR', amount: '999999999.00' };
      const answer = await check({ account: { iban: aliceMain.iban }, instructedAmount: amount });
      expect(bodyOf(answer).fundsAvailable).toBe(false);
      const nobody = { account: { iban: 'DE02100100109307118603' }, instructedAmount: amount };
      refused(await check(nobody), 400, 'RESOURCE_UNKNOWN');
    },
  },
  {
    operationIds: 'createSigningBasket, deleteSigningBasket',
    how: 'payments and a consent in one basket, redirect; refusals: unknown member, deletion after the start',
    run: async (bank) => {
      const payment = await call(bank, 'initiatePayment', 'POST', '/v1/payments/sepa-credit-transfers', {
        body: single(),
        headers: EXPLICIT,
      });
      const waiting = await call(bank, 'createConsent', 'POST', '/v1/consents', { body: consent(), headers: EXPLICIT });
      const members = {
        paymentIds: [bodyOf(payment).paymentId as string],
        consentIds: [bodyOf(waiting).consentId as string],
      };
      const unknown = { paymentIds: ['pay-unknown'] };
      refused(
        await call(bank, 'createSigningBasket', 'POST', '/v1/signing-baskets', { body: unknown }),
        400,
        'RESOURCE_UNKNOWN',
      );
      const basket = await call(bank, 'createSigningBasket', 'POST', '/v1/signing-baskets', {
        body: members,
        headers: { 'PSU-ID': ALICE },
      });
      expect(approachOf(basket)).toBe('REDIRECT');
      const self = hrefOf(basket, 'self');
      const start = await call(bank, 'startSigningBasketAuthorisation', 'POST', `${self}/authorisations`, {
        headers: { 'PSU-ID': ALICE },
      });
      expect(start.status).toBe(201);
      refused(await call(bank, 'deleteSigningBasket', 'DELETE', self), 409, 'STATUS_INVALID');
    },
  },
];

describe('more answers of the same operations', () => {
  const at = bankPerDescribe();

  it.each(variations)('$operationIds: $how', async ({ run }) => {
    await run(at.bank);
  });
});

// ---------------------------------------------------------------- every error the file lists, asked of the sandbox

/** The message codes the file's error answer for `status` allows on `operation`, by its tppMessages code enum. */
function fileCodes(operation: FileOperation, status: string): string[] {
  const response = resolve(operation.responses[status] as Node, '');
  if (!(response.node.content as Node | undefined)?.['application/json']) return [];
  const schema = resolve({ $ref: schemaPointer(response.pointer, 'application/json') }, '').node;
  const messages = resolve(resolve(schema, '').node.properties as Node, '').node.tppMessages as Node | undefined;
  if (!messages) return [];
  const item = resolve(messages.items as Node, '').node;
  return (resolve((item.properties as Record<string, Node>).code ?? {}, '').node.enum as string[] | undefined) ?? [];
}

/** A request of the operation on made-up resources: the scenario answers before the resource is looked up. */
function sample(operation: FileOperation): { path: string; body?: unknown } {
  const path = operation.template
    .replace('{payment-service}', 'payments')
    .replace('{payment-product}', 'sepa-credit-transfers')
    .replace(/\{[^}]+\}/g, 'res-1');
  return ['POST', 'PUT'].includes(operation.method) ? { path, body: {} } : { path };
}

const SANDBOX_OWN: Record<string, number> = { SERVICE_UNAVAILABLE: 503, INTERNAL_SERVER_ERROR: 500 };

describe('every error code the file lists for an operation, asked of the sandbox with X-Sandbox-Scenario', () => {
  const at = bankPerDescribe();

  it.each(fileOperations.map((op) => [op.operationId, op] as const))('%s', async (operationId, operation) => {
    const { bank } = at;
    const { path, body } = sample(operation);
    const asked = Object.keys(operation.responses)
      .filter((status) => status.startsWith('4'))
      .flatMap((status) => fileCodes(operation, status).map((code) => [code, Number(status)] as const));
    expect(asked.length, 'codes in the file').toBeGreaterThan(0);
    for (const [code, status] of asked) {
      const headers = {
        'PSU-ID': ALICE,
        'Consent-ID': 'con-1',
        'X-Sandbox-Scenario': `error=${code};status=${status}`,
      };
      const res = await call(bank, operationId, operation.method, path, { headers, body });
      refused(res, status, code);
    }
    for (const [code, status] of Object.entries(SANDBOX_OWN)) {
      const headers = { 'X-Request-ID': crypto.randomUUID(), 'PSU-ID': ALICE, 'X-Sandbox-Scenario': `error=${code}` };
      const res = await bank.call(operation.method, path, { headers, body });
      expect(res.status).toBe(status);
      expectAsFile(operationId, operation.method, path, res, { bodyBeyondTheFile: 'sandboxOwnCodes' });
      answersChecked += 1;
    }
  });
});

// ---------------------------------------------------------------- nothing skipped

describe('coverage of the file', () => {
  it('has the 38 operations the file defines', () => {
    expect(fileOperations).toHaveLength(38);
    expect(new Set(fileOperations.map((op) => op.operationId)).size).toBe(38);
  });

  it('checked a success answer and an error answer of every operation of the file', () => {
    const all = fileOperations.map((op) => op.operationId).sort();
    const withStatus = (test: (status: number) => boolean) =>
      [...checked]
        .filter(([, statuses]) => statuses.some(test))
        .map(([id]) => id)
        .sort();
    expect(withStatus((status) => status < 300)).toEqual(all);
    expect(withStatus((status) => status >= 400)).toEqual(all);
    // Every success status the file gives an operation was seen (cancelPayment's 202 and 204 both).
    const successStatuses = fileOperations.flatMap((op) =>
      Object.keys(op.responses)
        .filter((status) => status.startsWith('2'))
        .map((status) => `${op.operationId} ${status}`),
    );
    const seen = [...checked].flatMap(([id, statuses]) => [...new Set(statuses)].map((status) => `${id} ${status}`));
    expect(successStatuses.filter((answer) => !seen.includes(answer))).toEqual([]);
    // A decision no answer needed any more is stale.
    expect([...decisionsApplied].sort()).toEqual(Object.keys(documentedDecisions).sort());
    console.info(`file conformance: ${fileOperations.length} operations, ${answersChecked} answers checked`);
  });
});
