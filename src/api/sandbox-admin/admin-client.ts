// The embedded sandbox bank's admin API (`{base_url}/admin`): its discovery document and its controls (clock,
// scenarios, behaviour profiles, data). Every call goes the way the profile's XS2A calls go (directly or through its
// relay) and is recorded in the exchange log, with the admin token redacted as a secret.
import { recordPlainAnswer, relayFailureOf, sendRecorded } from '../send-recorded';
import { describeXs2aError, type Xs2aErrorDescription } from '../errors';
import type { BankProfile } from '../profiles/bank-profile';
import { adminErrorOf, adminUrl, tokenHeader, type AdminControls } from './admin-discovery';
import { adminTokens } from './admin-token';

/** What the inspector lists admin calls under. */
export const ADMIN_FLOW = 'sandbox-admin';

/** An admin call the sandbox refused: its status, its code and its sentence (`{"error": {"code", "message"}}`). */
export class SandboxAdminError extends Error {
  override name = 'SandboxAdminError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly exchangeId: string,
  ) {
    super(message);
  }
}

export interface AdminCall {
  /** What the inspector lists the exchange as, e.g. 'sandboxAdmin.clock.advance'. */
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A path of the admin API's discovery document (e.g. /sandbox/admin/clock), resolved against the base_url. */
  href: string;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * Sends one admin call and returns its JSON body. Rejects with a SandboxAdminError when the sandbox refuses it, and with
 * the client's Xs2aError when no answer came (network, timeout, relay).
 */
export async function adminRequest<T>(profile: BankProfile, call: AdminCall): Promise<T> {
  const token = adminTokens.get(profile);
  const headers: Record<string, string> = { Accept: 'application/json', ...tokenHeader(profile) };
  if (call.body !== undefined) headers['Content-Type'] = 'application/json';
  const bodyText = call.body === undefined ? undefined : JSON.stringify(call.body);
  const url = adminUrl(profile, call.href);
  const { response, text, redirect, exchange } = await sendRecorded({
    profile,
    flow: ADMIN_FLOW,
    operationId: call.operationId,
    requestId: '',
    request: { method: call.method, url, headers, ...(call.body !== undefined && { body: call.body }) },
    bodyText,
    signal: call.signal,
    timeoutMs: call.timeoutMs,
    secrets: token ? [token] : [],
  });
  const { headers: answerHeaders, body: parsed } = recordPlainAnswer(exchange, response, text);
  // The relay's own failure (the bank could not be reached) and a redirect are told like an XS2A call's.
  const relayError = exchange.relayTarget ? relayFailureOf(answerHeaders, parsed) : undefined;
  if (relayError) throw exchange.fail('relay', { status: response.status, relayError });
  if (redirect) throw exchange.fail('redirect', redirect);
  if (!response.ok) {
    const refusal = adminErrorOf(parsed);
    const message = refusal?.message ?? `The sandbox answered ${response.status} ${response.statusText}`.trim();
    throw new SandboxAdminError(response.status, refusal?.code ?? 'http', message, exchange.exchangeId);
  }
  return parsed as T;
}

/** The href of a control's action in the discovery document, its `{id}`/`{name}` filled in (percent-encoded). */
export function actionHref(
  controls: AdminControls,
  control: keyof AdminControls,
  name: string,
  params: Record<string, string> = {},
): string {
  const href = controls[control]?.actions?.[name]?.href;
  if (!href) throw new Error(`The sandbox's admin API names no ${control} action "${name}".`);
  return href.replace(/\{(\w+)[^}]*\}/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}

/** An admin error in plain words, for the page's error callouts. */
export function describeAdminError(error: unknown): Xs2aErrorDescription {
  if (!(error instanceof SandboxAdminError)) return describeXs2aError(error);
  const titles: Record<number, string> = {
    400: 'The sandbox did not accept these values',
    401: 'The sandbox’s admin API wants its token',
    403: 'The sandbox refused the call',
    404: 'The sandbox does not know this',
    409: 'The sandbox cannot do this now',
    415: 'The sandbox wants JSON',
  };
  const advice =
    error.status === 401
      ? 'Enter the admin token the sandbox was started with (SANDBOX_ADMIN_TOKEN) under “Admin token”.'
      : undefined;
  return {
    title: titles[error.status] ?? 'The sandbox could not do this',
    summary: error.message,
    messages: [],
    status: error.status,
    ...(advice && { advice }),
  };
}
