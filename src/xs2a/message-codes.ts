// Every tppMessage code of 1.3.12, the HTTP statuses the spec pairs it with, and what it means for a TPP. Plain data,
// without zod: a page that explains a bank's error loads it without the schemas.

export const messageCodes = [
  // 2xx (informational, request succeeded)
  'WARNING',
  'BENEFICIARY_WHITELISTING_REQUIRED',
  'FUNDS_NOT_AVAILABLE',
  // 400
  'FORMAT_ERROR',
  'PARAMETER_NOT_CONSISTENT',
  'PARAMETER_NOT_SUPPORTED',
  'SERVICE_INVALID',
  'RESOURCE_UNKNOWN',
  'RESOURCE_EXPIRED',
  'RESOURCE_BLOCKED',
  'TIMESTAMP_INVALID',
  'PERIOD_INVALID',
  'SCA_METHOD_UNKNOWN',
  'SCA_INVALID',
  'CONSENT_UNKNOWN',
  'SESSIONS_NOT_SUPPORTED',
  'PAYMENT_FAILED',
  'EXECUTION_DATE_INVALID',
  'CARD_INVALID',
  'NO_PIIS_ACTIVATION',
  'REFERENCE_MIX_INVALID',
  // 401
  'CERTIFICATE_INVALID',
  'ROLE_INVALID',
  'CERTIFICATE_EXPIRED',
  'CERTIFICATE_BLOCKED',
  'CERTIFICATE_REVOKE',
  'CERTIFICATE_MISSING',
  'SIGNATURE_INVALID',
  'SIGNATURE_MISSING',
  'CORPORATE_ID_INVALID',
  'PSU_CREDENTIALS_INVALID',
  'CONSENT_INVALID',
  'CONSENT_EXPIRED',
  'TOKEN_UNKNOWN',
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
  'KID_MISSING',
  // 403 / 404 / 405 / 406 / 409 / 429
  'SERVICE_BLOCKED',
  'PRODUCT_INVALID',
  'PRODUCT_UNKNOWN',
  'CANCELLATION_INVALID',
  'REQUESTED_FORMATS_INVALID',
  'STATUS_INVALID',
  'REFERENCE_STATUS_INVALID',
  'ACCESS_EXCEEDED',
] as const;
export type MessageCode = (typeof messageCodes)[number];

/**
 * The service areas whose operations the console knows: payments, account information, funds confirmation and signing
 * baskets.
 */
export type MessageCodeArea = 'pis' | 'ais' | 'piis' | 'sbs';

/** Statuses per service area, taken from the spec's per-status MessageCode enums (MessageCode400_PIS etc.). */
export interface MessageCodeInfo {
  pis: number[];
  ais: number[];
  piis: number[];
  sbs: number[];
  meaning: string;
}

const S400 = [400];
const S401 = [401];
const ALL4 = (statuses: number[]) => ({ pis: statuses, ais: statuses, piis: statuses, sbs: statuses });
const none: number[] = [];

export const messageCodeInfo: Record<MessageCode, MessageCodeInfo> = {
  WARNING: {
    pis: [201],
    ais: none,
    piis: none,
    sbs: [201],
    meaning: 'The request succeeded, but the bank attaches a warning in the text that the TPP should read or show.',
  },
  BENEFICIARY_WHITELISTING_REQUIRED: {
    pis: [201],
    ais: none,
    piis: none,
    sbs: none,
    meaning:
      "The payment was created, but the bank will only execute it once the creditor is on the PSU's list of trusted beneficiaries; the PSU has to add it.",
  },
  FUNDS_NOT_AVAILABLE: {
    pis: [200],
    ais: none,
    piis: none,
    sbs: none,
    meaning:
      "Reported with a payment status: the bank's funds check found too little money on the debtor account. (Defined in 1.3.12 but not wired to any response schema.)",
  },
  FORMAT_ERROR: {
    ...ALL4(S400),
    meaning:
      'A header or body field is malformed (wrong type, pattern or length, e.g. a bad IBAN) or points at data that does not exist. `path` may name the field.',
  },
  PARAMETER_NOT_CONSISTENT: {
    ...ALL4(S400),
    meaning: 'The parameters are each valid, but they contradict each other (e.g. dateFrom after dateTo).',
  },
  PARAMETER_NOT_SUPPORTED: {
    ...ALL4(S400),
    meaning: 'The request uses an optional parameter this bank does not support, such as deltaList.',
  },
  SERVICE_INVALID: {
    pis: [400, 405],
    ais: [400, 405],
    piis: [400, 405],
    sbs: [400, 405],
    meaning:
      'The service is not available for this resource or data (400), or the HTTP method is not allowed on this endpoint (405).',
  },
  RESOURCE_UNKNOWN: {
    pis: [400, 403, 404],
    ais: [400, 403, 404],
    piis: [400, 403, 404],
    sbs: [400, 403, 404],
    meaning:
      'The addressed resource does not exist for this TPP. Banks answer 404 for an unknown account-id in the path, 403 for other unknown IDs in the path and 400 for one in the body.',
  },
  RESOURCE_EXPIRED: {
    pis: [400, 403],
    ais: [400, 403],
    piis: [400, 403],
    sbs: [400, 403],
    meaning: 'The resource existed but can no longer be used by the TPP, e.g. an old authorisation.',
  },
  RESOURCE_BLOCKED: {
    ...ALL4(S400),
    meaning: 'The resource is locked, for example because it has been put into a signing basket.',
  },
  TIMESTAMP_INVALID: {
    ...ALL4(S400),
    meaning: 'A timestamp in the request lies outside the window the bank accepts.',
  },
  PERIOD_INVALID: {
    ...ALL4(S400),
    meaning: 'The requested date range is out of bounds, e.g. further back than the bank keeps transactions.',
  },
  SCA_METHOD_UNKNOWN: {
    ...ALL4(S400),
    meaning: 'The authenticationMethodId sent is not one of the SCA methods this PSU has.',
  },
  SCA_INVALID: {
    ...ALL4(S400),
    meaning: 'The authorisation has already failed (scaStatus "failed"); start a new authorisation instead.',
  },
  CONSENT_UNKNOWN: {
    ...ALL4([400, 403]),
    meaning:
      'The consent ID is not known for this TPP: 400 when it came in the Consent-ID header, 403 when it is part of the path.',
  },
  SESSIONS_NOT_SUPPORTED: {
    pis: none,
    ais: S400,
    piis: none,
    sbs: none,
    meaning: 'combinedServiceIndicator was true, but this bank cannot combine AIS and PIS in one session. Send false.',
  },
  PAYMENT_FAILED: {
    pis: S400,
    ais: none,
    piis: none,
    sbs: none,
    meaning: 'The bank rejected the payment initiation during its first processing step; the text may say why.',
  },
  EXECUTION_DATE_INVALID: {
    pis: S400,
    ais: none,
    piis: none,
    sbs: none,
    meaning: 'The requested execution or start date cannot be used, e.g. it lies in the past or on a closed day.',
  },
  CARD_INVALID: {
    pis: none,
    ais: none,
    piis: S400,
    sbs: none,
    meaning: 'Funds confirmation only: the card number is unknown or does not belong to the addressed account.',
  },
  NO_PIIS_ACTIVATION: {
    pis: none,
    ais: none,
    piis: S400,
    sbs: none,
    meaning: 'Funds confirmation only: the PSU has not enabled funds confirmation for this account.',
  },
  REFERENCE_MIX_INVALID: {
    pis: none,
    ais: none,
    piis: none,
    sbs: S400,
    meaning: 'Signing baskets only: the referenced payments and consents cannot be combined in one basket.',
  },
  CERTIFICATE_INVALID: {
    ...ALL4(S401),
    meaning: "The TPP's certificate (TLS or signing) is not valid for this bank.",
  },
  ROLE_INVALID: {
    ...ALL4(S401),
    meaning: "The TPP's certificate lacks the PSD2 role for this service (e.g. PISP for payments, AISP for accounts).",
  },
  CERTIFICATE_EXPIRED: { ...ALL4(S401), meaning: "The TPP's certificate has expired." },
  CERTIFICATE_BLOCKED: { ...ALL4(S401), meaning: "The bank has blocked the TPP's certificate." },
  CERTIFICATE_REVOKE: {
    ...ALL4(S401),
    meaning: "The TPP's certificate has been revoked by its issuer. (The spec spells the code without a final D.)",
  },
  CERTIFICATE_MISSING: {
    ...ALL4(S401),
    meaning: 'The bank requires a certificate (e.g. TPP-Signature-Certificate) that was not sent.',
  },
  SIGNATURE_INVALID: {
    ...ALL4(S401),
    meaning: 'The request signature (Signature/Digest headers) does not verify.',
  },
  SIGNATURE_MISSING: {
    ...ALL4(S401),
    meaning: 'The bank requires signed requests, but the Signature header is missing.',
  },
  CORPORATE_ID_INVALID: { ...ALL4(S401), meaning: 'The PSU-Corporate-ID is not known to the bank.' },
  PSU_CREDENTIALS_INVALID: {
    ...ALL4(S401),
    meaning: 'The PSU-ID is unknown or blocked, or the password or OTP is wrong.',
  },
  CONSENT_INVALID: {
    ...ALL4(S401),
    meaning: 'The consent exists but does not allow this call: wrong account, service not covered, or not (yet) valid.',
  },
  CONSENT_EXPIRED: {
    ...ALL4(S401),
    meaning: 'The consent has expired; ask the PSU for a new one.',
  },
  TOKEN_UNKNOWN: { ...ALL4(S401), meaning: 'The OAuth access token is not known to the bank.' },
  TOKEN_INVALID: {
    ...ALL4(S401),
    meaning: 'The OAuth access token is known but not valid for this request or resource.',
  },
  TOKEN_EXPIRED: { ...ALL4(S401), meaning: 'The OAuth access token has expired; refresh it or get a new one.' },
  KID_MISSING: {
    pis: S401,
    ais: none,
    piis: none,
    sbs: none,
    meaning:
      'Norwegian payments: the mandatory KID payment reference is missing. It is a creditor reference, not a key ID.',
  },
  SERVICE_BLOCKED: {
    ...ALL4([403]),
    meaning: 'The bank has blocked this service for the PSU in every channel, not just the API.',
  },
  PRODUCT_INVALID: {
    pis: [403],
    ais: none,
    piis: none,
    sbs: none,
    meaning: 'The bank offers this payment product, but not to this PSU or for this account.',
  },
  PRODUCT_UNKNOWN: {
    pis: [404],
    ais: none,
    piis: none,
    sbs: none,
    meaning: 'The bank does not support this payment product at all.',
  },
  CANCELLATION_INVALID: {
    pis: [405],
    ais: none,
    piis: none,
    sbs: none,
    meaning: 'The payment can no longer be cancelled, e.g. the cut-off time has passed. Only on DELETE of a payment.',
  },
  REQUESTED_FORMATS_INVALID: {
    pis: none,
    ais: [406],
    piis: none,
    sbs: none,
    meaning: 'The Accept header asks only for formats the bank does not deliver (e.g. camt.053 or MT940).',
  },
  STATUS_INVALID: {
    ...ALL4([409]),
    meaning: 'The resource is in a status that does not allow this action, e.g. authorising a payment twice.',
  },
  REFERENCE_STATUS_INVALID: {
    pis: none,
    ais: none,
    piis: none,
    sbs: [409],
    meaning: 'Signing baskets only: one of the referenced payments or consents is in a status that blocks signing.',
  },
  ACCESS_EXCEEDED: {
    pis: none,
    ais: [429],
    piis: none,
    sbs: none,
    meaning:
      "The consent's frequencyPerDay limit for reads without the PSU present is used up for today. Reads with the PSU present (PSU-IP-Address sent) are not counted.",
  },
};

export function isMessageCode(code: string): code is MessageCode {
  return (messageCodes as readonly string[]).includes(code);
}

/**
 * How to choose when the spec allows several statuses for a code:
 * - 'payload' / 'header' (default): the problem is in the body or a header → 400 where allowed.
 * - 'path': the problem is an ID in the path → the 403/404/405 one (403 first, which is what the IG asks for every
 *   path ID except `account-id`).
 * - `{ prefer: n }`: take status n if the code allows it in this area, e.g. `{ prefer: 404 }` for an unknown
 *   `account-id`; otherwise fall back to the payload rule.
 */
export type StatusHint = 'payload' | 'header' | 'path' | { prefer: number };

/**
 * The HTTP status to send with `code` in `area`. A code the spec defines only for the other area (e.g.
 * ACCESS_EXCEEDED asked for 'pis') falls back to the statuses of the other areas rather than throwing.
 */
export function httpStatusFor(code: MessageCode, area: MessageCodeArea, hint: StatusHint = 'payload'): number {
  const info = messageCodeInfo[code];
  let allowed = info[area];
  if (allowed.length === 0) {
    allowed = [...new Set([...info.pis, ...info.ais, ...info.piis, ...info.sbs])].sort((a, b) => a - b);
  }
  const first = allowed[0];
  if (first === undefined) return 400; // unreachable: every code has a status somewhere
  if (allowed.length === 1) return first;
  if (typeof hint === 'object' && allowed.includes(hint.prefer)) return hint.prefer;
  if (hint === 'path') {
    const pathStatus = [403, 404, 405].find((s) => allowed.includes(s));
    if (pathStatus !== undefined) return pathStatus;
  }
  return allowed.includes(400) ? 400 : first;
}

/** Plain-language meaning of a code, or a generic sentence for codes 1.3.12 does not define. */
export function describeMessageCode(code: string): string {
  if (isMessageCode(code)) return messageCodeInfo[code].meaning;
  return `"${code}" is not a 1.3.12 message code; it may be specific to this bank, so check its documentation.`;
}

/** The codes the spec allows with a given HTTP status in an area (e.g. to check an error body). */
export function messageCodesFor(status: number, area: MessageCodeArea): MessageCode[] {
  return messageCodes.filter((code) => messageCodeInfo[code][area].includes(status));
}
