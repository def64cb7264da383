// Failure injection: what a scenario does to the calls it matches, which operations and error codes it may name (the
// 1.3.12 codes the spec pairs with the operation's service, with their statuses), and the two ways to ask for one
// without the admin API — the sandbox-only request header and the magic PSU-IDs.
import * as z from 'zod';
import {
  httpStatusFor,
  isMessageCode,
  messageCodeInfo,
  messageCodes,
  operationNames,
  operations,
  type MessageCode,
  type MessageCodeArea,
  type OperationName,
} from '../../../src/xs2a';

/**
 * Outages the spec gives statuses but no message code for (500 and 503 carry no code enum in 1.3.12): the sandbox
 * answers them with these codes, as its own failures already do.
 */
export const OUTAGE_CODES = { SERVICE_UNAVAILABLE: 503, INTERNAL_SERVER_ERROR: 500 } as const;
export type OutageCode = keyof typeof OUTAGE_CODES;

/** What the sandbox's own codes mean and what a client does about them; the catalogue offers it to clients. */
export const OUTAGE_ADVICE: Record<OutageCode, { meaning: string; advice: string }> = {
  SERVICE_UNAVAILABLE: {
    meaning:
      "The sandbox's own code, not one of 1.3.12: the bank is unavailable for now (maintenance or overload). 1.3.12 gives 503 no message code.",
    advice:
      "Retry later, not at once: honour Retry-After when the bank sends it, else back off (a few seconds, growing). Read the resource's status before creating it again.",
  },
  INTERNAL_SERVER_ERROR: {
    meaning:
      "The sandbox's own code, not one of 1.3.12: the bank failed while processing the request. 1.3.12 gives 500 no message code.",
    advice:
      "Retry later. The request may or may not have taken effect: read the resource's status before sending a creation or a step again.",
  },
};
export type ScenarioCode = MessageCode | OutageCode;

export type ScenarioEffect =
  /** Answers the error instead of the operation. */
  | { kind: 'error'; code: ScenarioCode; status?: number; text?: string }
  /** Answers normally after a wait (a slow bank). */
  | { kind: 'delay'; ms: number }
  /** Never answers: the call waits until the client gives up (or the bank's hang limit passes). */
  | { kind: 'hang' }
  /** A decoupled authorisation the call starts is aborted by the PSU in the banking app (scaStatus failed). */
  | { kind: 'decoupled-abort' };

/** An operation a scenario names: one of the operation table's (payments, consents, accounts, funds, baskets). */
export type ScenarioOperation = OperationName;

/** Whether a scenario may name this operation. */
export const isScenarioOperation = (operation: string): operation is ScenarioOperation => operation in operations;

const pathOf = (operation: ScenarioOperation) => operations[operation].path;

export interface ScenarioRule {
  /** The 1.3.12 operation (operationId), or `*` for every XS2A call. */
  operation: ScenarioOperation | '*';
  effect: ScenarioEffect;
  /** Only calls for this PSU: the PSU-ID header, else the PSU of the consent or payment the call is about. */
  psuId?: string;
  /** Only calls about this resource: a paymentId, consentId (path or Consent-ID header) or accountId. */
  resourceId?: string;
}

export interface Scenario extends ScenarioRule {
  id: string;
  /** How many more calls it answers; null until removed. */
  remaining: number | null;
}

/** The areas of 1.3.12's message code tables an operation answers from; signing baskets have their own (sbs). */
const areasOf = (operation: ScenarioOperation | '*'): MessageCodeArea[] =>
  operation === '*' ? ['pis', 'ais', 'piis', 'sbs'] : [operations[operation].area];
/** The area whose status rules give an operation's default status: signing baskets follow the payments'. */
const statusArea = (operation: ScenarioOperation): MessageCodeArea => {
  const area = operations[operation].area;
  return area === 'sbs' ? 'pis' : area;
};

/** The error statuses the spec allows for a code in these areas (outage codes: their one status). */
export function errorStatuses(code: ScenarioCode, areas: MessageCodeArea[]): number[] {
  if (code in OUTAGE_CODES) return [OUTAGE_CODES[code as OutageCode]];
  const info = messageCodeInfo[code as MessageCode];
  return [...new Set(areas.flatMap((area) => info[area].filter((s) => s >= 400)))].sort((a, b) => a - b);
}

/** The error codes a scenario may answer an operation with. */
export function codesFor(operation: ScenarioOperation | '*'): ScenarioCode[] {
  const areas = areasOf(operation);
  const codes: ScenarioCode[] = messageCodes.filter((code) => errorStatuses(code, areas).length > 0);
  return [...codes, ...(Object.keys(OUTAGE_CODES) as OutageCode[])];
}

/**
 * Where an operation addresses what a code is about, as 1.3.12's message code table distinguishes it: an account-id in
 * the path, another resource in the path (a payment, consent or authorisation), or neither (the body or a header). A
 * consent is in the path only on the consent's own operations; account reads name it in the Consent-ID header.
 */
export function addressedIn(code: MessageCode, operation: ScenarioOperation): 'account-path' | 'path' | 'payload' {
  const path = pathOf(operation);
  if (code === 'CONSENT_UNKNOWN') return path.includes('{consentId}') ? 'path' : 'payload';
  if (path.includes('{account-id}')) return 'account-path';
  return /\{(paymentId|consentId|basketId|authorisationId)\}/.test(path) ? 'path' : 'payload';
}

/**
 * The status 1.3.12 gives a code on an operation when none is asked for: by where the operation addresses its resource
 * (RESOURCE_UNKNOWN 404 for an account-id in the path, 403 for another resource in the path, 400 in the body;
 * RESOURCE_EXPIRED and CONSENT_UNKNOWN 403 in the path, 400 otherwise), and 405 for SERVICE_INVALID, a service the
 * operation's endpoint does not offer. Codes with one status have that one; the sandbox's own codes theirs.
 */
export function defaultStatus(code: ScenarioCode, operation: ScenarioOperation): number {
  if (code in OUTAGE_CODES) return OUTAGE_CODES[code as OutageCode];
  const messageCode = code as MessageCode;
  const area = statusArea(operation);
  if (messageCode === 'SERVICE_INVALID') return httpStatusFor(messageCode, area, { prefer: 405 });
  const where = addressedIn(messageCode, operation);
  if (where === 'payload') return httpStatusFor(messageCode, area, 'payload');
  if (where === 'account-path' && messageCode === 'RESOURCE_UNKNOWN') {
    return httpStatusFor(messageCode, area, { prefer: 404 });
  }
  return httpStatusFor(messageCode, area, 'path');
}

/** The status an error effect answers with on an operation: the one asked for, else the spec's default there. */
export function statusOf(effect: Extract<ScenarioEffect, { kind: 'error' }>, operation: ScenarioOperation): number {
  return effect.status ?? defaultStatus(effect.code, operation);
}

const OperationField = z.union([z.literal('*'), z.enum(operationNames as [OperationName, ...OperationName[]])]);
const StoredEffect = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('error'),
    code: z.string(),
    status: z.number().int().optional(),
    text: z.string().max(500).optional(),
  }),
  z.object({ kind: z.literal('delay'), ms: z.number().int().min(0) }),
  z.object({ kind: z.literal('hang') }),
  z.object({ kind: z.literal('decoupled-abort') }),
]);
const StoredRule = z.object({
  operation: OperationField,
  effect: StoredEffect,
  psuId: z.string().optional(),
  resourceId: z.string().optional(),
});

/** A stored rule, or undefined when it no longer reads (a rule of a newer version: left alone, not applied). */
export function parseScenarioRule(text: string): ScenarioRule | undefined {
  try {
    const parsed = StoredRule.safeParse(JSON.parse(text));
    if (!parsed.success) return undefined;
    const rule = parsed.data as ScenarioRule;
    return checkEffect(rule.operation, rule.effect) ? undefined : rule;
  } catch {
    return undefined;
  }
}

/** The longest delay a scenario may ask for: ten minutes. */
export const MAX_DELAY_MS = 600_000;

/** Why an effect does not fit the operation, if it does not. */
export function checkEffect(operation: ScenarioOperation | '*', effect: ScenarioEffect): string | undefined {
  if (effect.kind === 'delay' && effect.ms > MAX_DELAY_MS) return `A delay may be at most ${MAX_DELAY_MS} ms.`;
  if (effect.kind !== 'error') return undefined;
  const allowed = codesFor(operation);
  if (!allowed.includes(effect.code)) {
    const what = operation === '*' ? 'any operation' : operation;
    return `${effect.code} is not an error code 1.3.12 pairs with ${what}; use one of ${allowed.join(', ')}.`;
  }
  const statuses = errorStatuses(effect.code, areasOf(operation));
  if (effect.status !== undefined && !statuses.includes(effect.status)) {
    return `${effect.code} is answered with ${statuses.join(' or ')}, not ${effect.status}.`;
  }
  return undefined;
}

/** The header a TPP sends to play a scenario on one call: a sandbox-only extension, never sent to a real bank. */
export const SCENARIO_HEADER = 'X-Sandbox-Scenario';

/**
 * Reads a scenario's short form, as the header and the magic PSU-IDs give it: `error=CODE[;status=NNN]`, `delay=MS`,
 * `hang`, `decoupled-abort`, or one of the magic names. A string says what is wrong.
 */
export function parseScenarioText(text: string, slowMs: number): ScenarioEffect | string {
  const magic = MAGIC_PSUS[text.trim().toLowerCase()];
  if (magic) return magic(slowMs);
  const parts = text.split(';').map((p) => p.trim());
  const [head = '', ...rest] = parts;
  const [name = '', value] = head.split('=').map((p) => p.trim());
  const options = new Map(
    rest.map((p): [string, string] => {
      const [key = '', val = ''] = p.split('=').map((q) => q.trim());
      return [key, val];
    }),
  );
  if (name === 'hang' && value === undefined) return { kind: 'hang' };
  if (name === 'decoupled-abort' && value === undefined) return { kind: 'decoupled-abort' };
  if (name === 'delay' && value !== undefined && /^\d+$/.test(value)) return { kind: 'delay', ms: Number(value) };
  if (name === 'error' && value) {
    const code = value.toUpperCase();
    if (!isMessageCode(code) && !(code in OUTAGE_CODES)) return `${value} is not a 1.3.12 error code.`;
    const status = options.get('status');
    if (status !== undefined && !/^\d{3}$/.test(status)) return `status must be an HTTP status, not "${status}".`;
    return { kind: 'error', code: code as ScenarioCode, ...(status ? { status: Number(status) } : {}) };
  }
  return `"${text}" is not a scenario; use error=CODE[;status=NNN], delay=MS, hang, decoupled-abort or one of ${Object.keys(MAGIC_PSUS).join(', ')}.`;
}

/** The magic names, as a PSU-ID (alone, or after a PSU: `alice~slow`) or as the header's value. */
export const MAGIC_PSUS: Record<string, (slowMs: number) => ScenarioEffect> = {
  slow: (slowMs) => ({ kind: 'delay', ms: slowMs }),
  timeout: () => ({ kind: 'hang' }),
  maintenance: () => ({ kind: 'error', code: 'SERVICE_UNAVAILABLE' }),
  'server-error': () => ({ kind: 'error', code: 'INTERNAL_SERVER_ERROR' }),
  blocked: () => ({ kind: 'error', code: 'SERVICE_BLOCKED' }),
  'access-exceeded': () => ({ kind: 'error', code: 'ACCESS_EXCEEDED' }),
  'consent-expired': () => ({ kind: 'error', code: 'CONSENT_EXPIRED' }),
  'payment-failed': () => ({ kind: 'error', code: 'PAYMENT_FAILED' }),
  'sca-abort': () => ({ kind: 'decoupled-abort' }),
};

export const MAGIC_SEPARATOR = '~';

/** A PSU-ID with a magic part: the real PSU (possibly none) and the scenario text; undefined for a plain PSU-ID. */
export function splitMagicPsu(psuId: string): { psuId: string | undefined; scenario: string } | undefined {
  const at = psuId.lastIndexOf(MAGIC_SEPARATOR);
  if (at >= 0) return { psuId: psuId.slice(0, at) || undefined, scenario: psuId.slice(at + 1) };
  return MAGIC_PSUS[psuId.toLowerCase()] ? { psuId: undefined, scenario: psuId } : undefined;
}
