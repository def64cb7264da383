// Puts a bank's tppMessages at the form fields their `path` names, so an error shows where the input was typed.

export interface BankMessageLike {
  code?: string;
  text?: string;
  path?: string;
}

/**
 * Places each message at the field `fieldFor` finds for its path; messages without a path or a field are returned as
 * unplaced. Several messages on one field are joined.
 */
export function placeMessagesAtFields<F extends string, T extends BankMessageLike>(
  messages: readonly T[],
  fieldFor: (path: string) => F | undefined,
): { fieldErrors: Partial<Record<F, string>>; unplaced: T[] } {
  const fieldErrors: Partial<Record<F, string>> = {};
  const unplaced: T[] = [];
  for (const message of messages) {
    const field = message.path ? fieldFor(message.path) : undefined;
    if (!field) {
      unplaced.push(message);
      continue;
    }
    const text = [message.code, message.text].filter(Boolean).join(': ') || 'The bank refused this value.';
    fieldErrors[field] = fieldErrors[field] ? `${fieldErrors[field]} ${text}` : text;
  }
  return { fieldErrors, unplaced };
}
