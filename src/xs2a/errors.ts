// TPP messages and the two error body formats (NextGenPSD2 JSON and RFC 7807 problem+json), plus a builder.
import * as z from 'zod/mini';
import { Links } from './common';
import { TppMessageCategory } from './enums';
import type { MessageCode } from './message-codes';

/**
 * Any code string. Responses are checked against the per-status code sets separately (messageCodesFor), so a
 * bank-specific code does not make the whole body unreadable; the type keeps editor completion for known codes.
 */
export const AnyMessageCode = z.custom<MessageCode | (string & {})>((value) => typeof value === 'string', {
  message: 'code must be a string',
});

export const TppMessageText = z.string().check(z.maxLength(500));

/** A tppMessage as found in error bodies and the generic `tppMessage` arrays of 200 responses. */
export const TppMessage = z.object({
  category: TppMessageCategory,
  code: AnyMessageCode,
  path: z.optional(z.string()),
  text: z.optional(TppMessageText),
});
export type TppMessage = z.infer<typeof TppMessage>;

/** The tppMessages of a 201 payment initiation: the spec allows only these two codes there. */
export const TppMessage201PaymentInitiation = z.extend(TppMessage, {
  code: z.enum(['WARNING', 'BENEFICIARY_WHITELISTING_REQUIRED']),
});
export type TppMessage201PaymentInitiation = z.infer<typeof TppMessage201PaymentInitiation>;

/** `application/json` error body (Error4xx_NG_PIS / _AIS). */
export const ErrorBodyNg = z.object({
  tppMessages: z.optional(z.array(TppMessage)),
  _links: z.optional(Links),
});
export type ErrorBodyNg = z.infer<typeof ErrorBodyNg>;

/** `application/problem+json` error body (RFC 7807 variant, Error4xx_PIS / _AIS). */
export const ProblemJson = z.object({
  type: z.string().check(z.maxLength(70)),
  title: z.optional(z.string().check(z.maxLength(70))),
  detail: z.optional(z.string().check(z.maxLength(500))),
  code: AnyMessageCode,
  additionalErrors: z.optional(
    z.array(
      z.object({
        title: z.optional(z.string().check(z.maxLength(70))),
        detail: z.optional(z.string().check(z.maxLength(500))),
        code: AnyMessageCode,
      }),
    ),
  ),
  _links: z.optional(Links),
});
export type ProblemJson = z.infer<typeof ProblemJson>;

export interface TppErrorMessage {
  category: 'ERROR';
  code: MessageCode;
  text: string;
  path?: string;
}

/** A NextGenPSD2 error body with one message. `text` is cut to the spec's 500 characters. */
export function tppError(code: MessageCode, text: string, path?: string): { tppMessages: [TppErrorMessage] } {
  const message: TppErrorMessage = { category: 'ERROR', code, text: text.slice(0, 500) };
  if (path !== undefined) message.path = path;
  return { tppMessages: [message] };
}
