// What to do about the bank's consent-related refusals: the meaning of each code comes from describeXs2aError, this
// adds the next step in plain words.

const advice: Record<string, string> = {
  CONSENT_UNKNOWN:
    'The bank does not know this consent for this TPP. Check that the active bank profile is the one the consent was created with, or create a new consent.',
  CONSENT_INVALID:
    'The consent does not allow this: it is not (yet) valid, or does not cover this account or service. If it still waits for authorisation, authorise it; otherwise create a new consent with the access you need.',
  CONSENT_EXPIRED: 'The consent has expired and cannot be renewed. Create a new consent.',
  ACCESS_EXCEEDED:
    'Today’s reads without the PSU (frequencyPerDay) are used up. Wait until tomorrow, read with the PSU present (a profile that sends PSU-IP-Address), or create a new consent.',
};

/** One sentence per consent-related code among `codes`, in order, without repeats. */
export function consentAdvice(codes: readonly (string | undefined)[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const code of codes) {
    const text = code ? advice[code] : undefined;
    if (code && text && !seen.has(code)) {
      seen.add(code);
      out.push(text);
    }
  }
  return out;
}
