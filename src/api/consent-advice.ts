// What to do about the bank's consent-related refusals, in plain words: the one text the consent pages and the account
// pages show. The meaning of each code comes from describeXs2aError; this adds the next step.
import { Xs2aError } from './errors';

export interface ConsentAdviceOptions {
  /** What the bank refused, as it reads in "The consent does not allow …", e.g. "this read"; "this request" if unset. */
  refused?: string;
  /** The bank's time (bankNow): the day's reads come back at the bank's midnight (UTC), not the browser's. */
  bankNow?: number;
}

const HOUR_MS = 3_600_000;

/** When the bank's next day begins, in words: " The bank's next day begins in about 5 hours (midnight UTC)." */
function nextBankDay(bankNow: number | undefined): string {
  if (bankNow === undefined) return '';
  const left = 86_400_000 - (((bankNow % 86_400_000) + 86_400_000) % 86_400_000);
  const hours = Math.round(left / HOUR_MS);
  const minutes = Math.max(1, Math.ceil(left / 60_000));
  const inWords =
    hours >= 1
      ? `about ${hours} ${hours === 1 ? 'hour' : 'hours'}`
      : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  return ` The bank’s next day begins in ${inWords} (midnight UTC by the bank’s clock).`;
}

function adviceFor(code: string, refused: string, bankNow?: number): string | undefined {
  switch (code) {
    case 'CONSENT_UNKNOWN':
      return 'The bank does not know this consent for this TPP. Check that the active bank profile is the one the consent was created with, or create a new consent.';
    case 'CONSENT_INVALID':
      return `The consent does not allow ${refused}: it is not (yet) valid, or does not cover this account or service (balances, transactions). If it still waits for authorisation, authorise it; otherwise create a new consent with the access you need.`;
    case 'CONSENT_EXPIRED':
      return 'The consent has expired and cannot be renewed. Create a new consent, which the PSU must authorise again.';
    case 'ACCESS_EXCEEDED':
      return `The consent’s daily allowance of reads without the PSU present (its frequencyPerDay) is used up for today. Wait until tomorrow, read with the PSU present (a profile that sends PSU-IP-Address; such reads are not limited), or create a new consent.${nextBankDay(bankNow)}`;
    default:
      return undefined;
  }
}

/** One sentence per consent-related code among `codes`, in order, without repeats. */
export function consentAdvice(codes: readonly (string | undefined)[], options: ConsentAdviceOptions = {}): string[] {
  const refused = options.refused ?? 'this request';
  const seen = new Set<string>();
  const out: string[] = [];
  for (const code of codes) {
    if (code === undefined || seen.has(code)) continue;
    const text = adviceFor(code, refused, options.bankNow);
    if (text) {
      seen.add(code);
      out.push(text);
    }
  }
  return out;
}

/** The advice for the codes an error carries (its tppMessages, or its problem+json body); none for other errors. */
export function consentAdviceForError(error: unknown, options: ConsentAdviceOptions = {}): string[] {
  if (!(error instanceof Xs2aError)) return [];
  const problem = error.problem;
  const codes = [
    ...error.tppMessages.map((message) => message.code),
    ...(problem ? [problem.code, ...(problem.additionalErrors ?? []).map((entry) => entry.code)] : []),
  ];
  return consentAdvice(codes, options);
}
