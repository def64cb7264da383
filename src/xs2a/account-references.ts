// Account references: which member identifies the account, and a key to compare two by. Without zod.
import type { AccountReference } from './common';

/** The identifier members of an account reference; the IG expects exactly one of them. */
export const accountReferenceIdentifierKeys = ['iban', 'bban', 'pan', 'maskedPan', 'msisdn', 'other'] as const;
export type AccountReferenceIdentifierKey = (typeof accountReferenceIdentifierKeys)[number];

/** The identifier value of a reference (IBAN, BBAN, PAN, masked PAN, MSISDN or other.identification). */
export function accountReferenceIdentifier(ref: AccountReference): string | undefined {
  return ref.iban ?? ref.bban ?? ref.pan ?? ref.maskedPan ?? ref.msisdn ?? ref.other?.identification;
}

/** A comparison key such as "iban:DE89…" so that an IBAN and an equal-looking BBAN never match. */
export function accountReferenceKey(ref: AccountReference): string | undefined {
  const kind = accountReferenceIdentifierKeys.find((key) => ref[key] !== undefined);
  const id = accountReferenceIdentifier(ref);
  return kind && id !== undefined ? `${kind}:${id}` : undefined;
}
