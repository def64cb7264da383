// The console's sentences as an audience reads them (presenter mode): the spec's codes that the sentences carry for
// developers ("Settled (ACSC)", "refused (CONSENT_INVALID)", "answered 204") left out or said in plain words, so the
// sentence reads on its own. Plain TypeScript without zod, like ./status-names, whose code lists it reads.
import {
  consentStatusCodes,
  consentStatusLabel,
  scaStatusCodes,
  scaStatusLabel,
  transactionStatusCodes,
  transactionStatusLabel,
} from './status-names';

const alternatives = (codes: readonly string[]) => codes.join('|');
const TRANSACTION = alternatives(transactionStatusCodes);
/** consentStatus and scaStatus codes that are not plain words themselves ("valid" reads fine; "psuIdentified" not). */
const camelCaseLabels = new Map<string, string>(
  [
    ...consentStatusCodes.map((code) => [code, consentStatusLabel(code)] as const),
    ...scaStatusCodes.map((code) => [code, scaStatusLabel(code)] as const),
  ].filter(([code]) => /[A-Z]/.test(code)),
);
const CAMEL_CASE = alternatives([...camelCaseLabels.keys()]);
/** A message code of 1.3.12 (CONSENT_INVALID, FORMAT_ERROR …) or any code in its style. */
const MESSAGE_CODE = '[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+';
/** An HTTP status alone or with its reason: 204, 204 No Content. */
const HTTP = '[1-5]\\d\\d(?: [A-Z][A-Za-z-]*(?: [A-Z][A-Za-z-]*)*)?';

/** Every consentStatus and scaStatus code ("valid", "finalised" …): in parentheses after its name, it is a code. */
const LOWER_CASE = alternatives([...new Set([...consentStatusCodes, ...scaStatusCodes])]);
/**
 * "(ACSC)", "(valid)", "(CONSENT_INVALID)", "(204 No Content)", "(401 PSU_CREDENTIALS_INVALID)" and "(scaStatus
 * scaMethodSelected)" after a word: said already, left out.
 */
const STATUS_FIELD = '(?:scaStatus|transactionStatus|consentStatus) [A-Za-z]+';
const PARENTHESISED = new RegExp(
  `\\s*\\((?:${TRANSACTION}|${LOWER_CASE}|${MESSAGE_CODE}|${HTTP}|[1-5]\\d\\d ${MESSAGE_CODE}|${STATUS_FIELD})\\)`,
  'g',
);
/** "ACSC, settled" and "201, received": the code before the plain words, left out. */
const CODE_BEFORE_WORDS = new RegExp(`\\b(?:${TRANSACTION}|[1-5]\\d\\d), (?=[A-Za-z])`, 'g');
/** An HTTP status standing alone after an arrow ("List authorisations → 200"), said in a word. */
const HTTP_ALONE = /→ ([1-5])\d\d\b(?![,.:\d])/g;
const HTTP_WORDS: Record<string, string> = {
  '1': 'continuing',
  '2': 'done',
  '3': 'sent elsewhere',
  '4': 'refused',
  '5': 'failed',
};
/** A code standing alone ("unchanged: ACTC"), said by its plain name. */
const STATUS_ALONE = new RegExp(`\\b(?:${TRANSACTION})\\b`, 'g');
const CAMEL_ALONE = new RegExp(`\\b(?:${CAMEL_CASE})\\b`, 'g');
const MESSAGE_ALONE = new RegExp(`\\b${MESSAGE_CODE}\\b`, 'g');

/** Words of a message code that stay capitals when it is said in words (PSU_CREDENTIALS_INVALID → PSU credentials …). */
const ACRONYMS = new Set(['PSU', 'TPP', 'SCA', 'ID', 'IBAN', 'OTP', 'URI', 'URL', 'PIS', 'AIS', 'PIIS', 'SCT']);

/** A plain name inside a sentence: "Settled" → "settled", but "PSU identified" keeps its capitals. */
export function inSentence(label: string): string {
  return /^[A-Z][A-Z]/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

/**
 * `text` without the spec's codes an audience cannot read: a parenthesised code after words that say it is left out,
 * a status code before its plain name is dropped, and a code standing alone is said in plain words
 * (ACSC → settled, scaMethodSelected → SCA method selected, CONSENT_INVALID → consent invalid).
 */
export function withoutSpecCodes(text: string): string {
  return text
    .replace(PARENTHESISED, '')
    .replace(CODE_BEFORE_WORDS, '')
    .replace(HTTP_ALONE, (_, kind: string) => `→ ${HTTP_WORDS[kind] ?? 'answered'}`)
    .replace(STATUS_ALONE, (code) => inSentence(transactionStatusLabel(code)))
    .replace(CAMEL_ALONE, (code) => inSentence(camelCaseLabels.get(code) ?? code))
    .replace(MESSAGE_ALONE, (code) =>
      code
        .split('_')
        .map((word) => (ACRONYMS.has(word) ? word : word.toLowerCase()))
        .join(' '),
    );
}
