// Errors the sandbox answers with: always a NextGenPSD2 `tppMessages` body and the status the spec pairs with the code.
import { httpStatusFor, type MessageCode, type MessageCodeArea } from '../../../src/xs2a';

export type Area = MessageCodeArea;

export interface TppMessageOut {
  category: 'ERROR';
  code: MessageCode;
  path?: string;
  text: string;
}

export class BankError extends Error {
  readonly status: number;
  readonly messages: TppMessageOut[];

  constructor(code: MessageCode, text: string, options: { status: number; path?: string; more?: TppMessageOut[] }) {
    super(text);
    this.status = options.status;
    const first: TppMessageOut = { category: 'ERROR', code, text: text.slice(0, 500) };
    if (options.path) first.path = options.path;
    this.messages = [first, ...(options.more ?? [])];
  }
}

/** An error whose status follows from its code: `where` says whether the problem is in the payload/headers or the path. */
export function bankError(
  code: MessageCode,
  text: string,
  {
    area = 'pis',
    where = 'payload',
    path,
    prefer,
  }: { area?: Area; where?: 'payload' | 'path'; path?: string; prefer?: number } = {},
): BankError {
  const status = httpStatusFor(code, area, prefer !== undefined ? { prefer } : where);
  return new BankError(code, text, { status, ...(path ? { path } : {}) });
}

export const formatError = (text: string, path?: string, area: Area = 'pis') =>
  bankError('FORMAT_ERROR', text, { area, ...(path ? { path } : {}) });

export const statusInvalid = (text: string, area: Area = 'pis') => bankError('STATUS_INVALID', text, { area });

/**
 * A body beyond the bank's limit: 413 with FORMAT_ERROR. 1.3.12 has no message code for a body that is too large (and
 * pairs FORMAT_ERROR with 400), so the code is the nearest one and the status says what happened.
 */
export const bodyTooLarge = (maxBytes: number) =>
  new BankError('FORMAT_ERROR', `The request body is larger than ${maxBytes} bytes.`, { status: 413 });
