// "Check connection": reads the status of a consent that cannot exist (any XS2A answer proves the bank speaks XS2A),
// and tells the outcome in plain words.
import { getConsentStatus, redirectTitle, Xs2aError, type BankProfile } from '../../api';

/** The parts of an Xs2aError the verdict needs. */
export interface CheckFailure {
  kind: 'http' | 'network' | 'timeout' | 'aborted' | 'invalid-response' | 'relay' | 'redirect';
  status?: number;
  /** Where a redirect pointed, for kind 'redirect' (never followed). */
  location?: string;
  /** The relay's plain message, for kind 'relay'. */
  relayError?: { message: string };
  tppMessages: { code: string; text?: string }[];
  problem?: unknown;
  /** The code and text of an error body in neither of 1.3.12's forms (e.g. `{ code, message }`). */
  bodyError?: { code?: string; text?: string };
  bodyText?: string;
}

export type CheckVerdict =
  | { outcome: 'answered'; title: string; detail: string }
  | { outcome: 'suspicious' | 'unreachable'; title: string; detail: string };

const ANSWERED = 'The bank answered and speaks XS2A';

/** A code of 1.3.12's form (upper case words joined by underscores, e.g. CONSENT_UNKNOWN), not an OAuth or HTTP one. */
function isXs2aCode(code: string): boolean {
  return /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(code);
}

function looksLikeHtml(text: string | undefined): boolean {
  return !!text && /^\s*<(!doctype|html|head|body)\b/i.test(text);
}

/** A 200 for a consent id that cannot exist is odd, but it is an XS2A answer. */
export function verdictForSuccess(status: number): CheckVerdict {
  return {
    outcome: 'answered',
    title: ANSWERED,
    detail: `It answered HTTP ${status} with a consent status, although the consent id was made up.`,
  };
}

/** No answer to judge: the network, the relay or the clock stopped the request. */
function verdictWithoutAnswer(failure: CheckFailure): CheckVerdict {
  switch (failure.kind) {
    case 'network':
      return {
        outcome: 'unreachable',
        title: 'The bank could not be reached',
        detail:
          'The browser got no answer: the host is unreachable, the address is wrong, or the bank does not allow ' +
          'calls from this origin (CORS). The browser console shows which.',
      };
    case 'relay':
      return {
        outcome: 'unreachable',
        title: 'The console’s relay could not reach the bank',
        detail: failure.relayError?.message ?? 'The relay could not forward the request.',
      };
    case 'timeout':
      return {
        outcome: 'unreachable',
        title: 'The bank did not answer in time',
        detail: 'No answer arrived before the time limit. The host may be down or very slow.',
      };
    default:
      return { outcome: 'unreachable', title: 'The check was cancelled', detail: 'Run it again to see the result.' };
  }
}

/** An error answer that shows an XS2A bank refusing the made-up consent id, if it is one. */
function xs2aRefusal(failure: CheckFailure, status: string): CheckVerdict | undefined {
  if (failure.tppMessages.length > 0) {
    const codes = failure.tppMessages.map((message) => message.code).join(', ');
    return {
      outcome: 'answered',
      title: ANSWERED,
      detail: `It refused the made-up consent id with ${status} ${codes}, as an XS2A bank does.`,
    };
  }
  if (failure.problem !== undefined) {
    return {
      outcome: 'answered',
      title: ANSWERED,
      detail: `It refused the made-up consent id with ${status} and an application/problem+json error body.`,
    };
  }
  const bodyCode = failure.bodyError?.code;
  if (bodyCode !== undefined && isXs2aCode(bodyCode)) {
    // A 1.3.12 code in a body of another form: the bank speaks XS2A, with its own error body.
    return {
      outcome: 'answered',
      title: ANSWERED,
      detail: `It refused the made-up consent id with ${status} ${bodyCode}, as an XS2A bank does, though its error body is not 1.3.12's tppMessages.`,
    };
  }
  return undefined;
}

/** An HTTP error answer: an XS2A refusal, a gateway's page, or something that is not the bank's API. */
function verdictForErrorAnswer(failure: CheckFailure, status: string): CheckVerdict {
  const refusal = xs2aRefusal(failure, status);
  if (refusal) return refusal;
  if (looksLikeHtml(failure.bodyText) && (failure.status ?? 0) >= 500) {
    return {
      outcome: 'unreachable',
      title: `The bank’s gateway answered with an HTML page (${failure.status})`,
      detail:
        'A gateway or proxy in front of the bank answered instead of its XS2A API, which may be down or overloaded. Try again later; the inspector shows the page.',
    };
  }
  if (looksLikeHtml(failure.bodyText)) {
    return {
      outcome: 'suspicious',
      title: 'Something answered, but not as an XS2A bank',
      detail: `It answered ${status} with an HTML page. The base_url is probably wrong (check its path prefix).`,
    };
  }
  return {
    outcome: 'suspicious',
    title: 'The bank answered without an XS2A error body',
    detail:
      failure.status === 401 || failure.status === 403
        ? `It answered ${status} without tppMessages. It may need a bearer token or a client certificate.`
        : `It answered ${status} without tppMessages. The base_url may be wrong, or the bank does not follow XS2A here.`,
  };
}

export function verdictForFailure(failure: CheckFailure): CheckVerdict {
  const status = failure.status !== undefined ? `HTTP ${failure.status}` : 'an answer';
  switch (failure.kind) {
    case 'redirect': {
      const where = failure.location ? ` It pointed to ${failure.location}.` : '';
      return {
        outcome: 'suspicious',
        title: redirectTitle(failure.status),
        detail: `An XS2A bank answers API requests itself, so the base_url is probably wrong (http:// for an https:// bank, or a missing path prefix).${where}`,
      };
    }
    case 'invalid-response':
      return {
        outcome: 'suspicious',
        title: 'Something answered, but not as an XS2A bank',
        detail: looksLikeHtml(failure.bodyText)
          ? `It answered ${status} with an HTML page, not JSON. The base_url is probably wrong (check its path prefix).`
          : `It answered ${status} with a body that is not XS2A JSON. The base_url is probably wrong.`,
      };
    case 'http':
      return verdictForErrorAnswer(failure, status);
    default:
      return verdictWithoutAnswer(failure);
  }
}

export type CheckResult = CheckVerdict & { requestId?: string };

export async function checkConnection(profile: BankProfile): Promise<CheckResult> {
  // Short enough to show in full in the inspector's list.
  const consentId = `connection-check-${Math.random().toString(36).slice(2, 8)}`;
  try {
    const result = await getConsentStatus({ profile, consentId });
    return { ...verdictForSuccess(result.status), requestId: result.requestId };
  } catch (error) {
    if (error instanceof Xs2aError) return { ...verdictForFailure(error), requestId: error.requestId };
    throw error;
  }
}
